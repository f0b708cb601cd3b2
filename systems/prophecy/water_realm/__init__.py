"""The Water Realm expansion's words and pictures (rules: engine/prophecy/water_realm/):
Treasure Island and the new Artifacts (describe_island.py), the Water Realm (describe_water.py
and its picture, board.py), the new cards (describe_cards.py). Their keys are in
data/locales/<lang>/treasure_island.yaml, water_realm.yaml and wr_cards.yaml."""
