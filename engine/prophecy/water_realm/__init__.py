"""The Water Realm expansion of Prophecy, played on top of the Standard game (rulebook
"prophecy-water-realm-expansion"), all its rules in one package so a newcomer finds them here.

Each part of the expansion is a `standard.parts.Part` that `standard.rules` registers:

* `island/` - Treasure Island (the overlay, Map Fragments, digging, the Treasures);
* `water/` - the Water Realm board, its Gate and the Undersea Palace (and "Lord of the Sea");
* `cards/` - the New Cards for the Standard Game (Items and Adventures, the Mad Riddler...);
* `artifacts.py` - the New Artifacts (and the Ten Artifacts Variant);
* `options.py` - what a table chose of the expansion (`StandardOptions.expansion`).

In each subpackage `part.py` wires the part to the Standard hooks, `state.py` holds its pydantic
state (imported by `standard.state`), `actions.py` its actions and `content.py` the pure builder
of its content. The rest of the expansion lives by layer:

* content: data/prophecy/water_realm/ (read by packs/prophecy/water_realm/);
* words and pictures: systems/prophecy/water_realm/ and data/locales/<lang>/treasure_island.yaml,
  water_realm.yaml, wr_cards.yaml;
* the bots' play: engine/ai/std_island.py, std_water.py, std_cards.py;
* tests: tests/prophecy_water/.

Nothing is imported here on purpose, as in `engine.prophecy.standard`: `standard.state` imports
the parts' `state` modules while `engine.prophecy.state` is still being built.
"""
