"""The Water Realm expansion's content readers (data/prophecy/water_realm/): Treasure Island and
the new Artifacts (island.py), the Water Realm board (water.py), the new cards (cards.py).
`packs.prophecy.install` imports each, which installs it as the engine's source."""
