"""The Magical Orders rank tracker's Discord side: its /orders cog (cog.py), the /table reference tables
(tables.py) and its plug-in record (plugin.py)."""
