"""The Water Realm board (Water Realm expansion, "WATER REALM", "Lord of the Sea"): `part`
registers it; `core` (Bubbles, geometry), `board` (the board), `gate` (the Gate, the end of the
game) and `palace` (the Undersea Palace) hold the rules; `content` builds its cards. Nothing is
imported here (see `engine.prophecy.water_realm`)."""
