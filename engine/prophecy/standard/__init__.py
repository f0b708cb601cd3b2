"""The Standard Version of Prophecy, played as `ProphecyOptions.version = "standard"`.

The Basic rules (engine/prophecy/*.py) stay the core; this package adds what the Standard game
has on top of them: two Adventure slots with face-down cards, the Astral Planes and their
Guardians, Artifacts and the Final Battle, guild Abilities and training, fights between
characters, the Standard Chance cards and the decisions they ask of players who are not the
active one. Each rule says which ruling (data/prophecy/standard/rulings.yaml) or research fact
(shared/research/prophecy-standard-facts.md, §n) it implements.

Nothing is imported here on purpose: `engine.prophecy.state` imports `standard.state`, and an
import of this package must not pull the rules modules in before the state exists. The Basic
modules reach the Standard rules through `standard.hooks`, which `standard.rules` fills in.
"""
