"""New Cards for the Standard Game (Water Realm expansion): `part` registers them; `smith`,
`talk`, `adventures` and `fates` hold the rules of the cards they are named for, `common` what
they share; `content` builds the cards. Nothing is imported here (see
`engine.prophecy.water_realm`)."""
