"""One spelling for words English writes two ways, so /card finds a card however it is spelt.

The rulebooks and packs mix British and American English ("Armour" in one game, "Ritual
Scepter" in another, the Standard "Artifacts" and Darkest Talisman's "Hungering Artefact"),
and players type either. /rules meets them through the synonym groups (data/rules/synonyms.yaml);
card names are matched as whole strings, so both the name and what was typed are put in one
spelling first: the British one, word by word (a plural too).
"""
from __future__ import annotations

#: American (or variant) spelling -> the one both sides are compared in
_ONE_SPELLING: dict[str, str] = {
    "armor": "armour", "armored": "armoured", "scepter": "sceptre", "specter": "spectre", "artifact": "artefact",
    "valor": "valour", "color": "colour", "honor": "honour", "gray": "grey", "center": "centre",
    "defense": "defence", "ax": "axe", "jewelry": "jewellery", "theater": "theatre",
}


def one_spelling(folded: str) -> str:
    """A folded name or query with each word in its one spelling ("ritual scepter" -> "ritual sceptre")."""
    out = []
    for word in folded.split(" "):
        if word in _ONE_SPELLING:
            word = _ONE_SPELLING[word]
        elif word.endswith("s") and word[:-1] in _ONE_SPELLING:
            word = _ONE_SPELLING[word[:-1]] + "s"
        out.append(word)
    return " ".join(out)
