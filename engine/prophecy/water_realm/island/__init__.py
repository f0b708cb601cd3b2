"""Treasure Island (Water Realm expansion): `part` registers it and routes the Standard hooks to
`moves` (the island as a place), `maps` (fragments and battles for them), `dig` (digging) and
`treasures` (what Treasures do); `content` builds its cards and the new Artifacts'. Nothing is
imported here (see `engine.prophecy.water_realm`)."""
