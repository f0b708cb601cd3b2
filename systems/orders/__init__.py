"""The Magical Orders rank tracker's Discord side: its /orders cog (cog.py) and plug-in record (plugin.py)."""
