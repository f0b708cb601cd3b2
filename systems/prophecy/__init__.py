"""Prophecy's Discord side: its cog (commands and their autocomplete), the turn message and
prompt texts, embeds, the board picture, and the plug-in record that registers them (plugin.py)."""
