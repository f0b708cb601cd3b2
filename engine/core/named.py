"""A display name that knows its article: shared by every game system's names."""
from __future__ import annotations


class Named(str):
    """A display name that knows the definite article it takes in its language ("" for none).

    It is an ordinary string everywhere; the locale filters (`{guild|di}`, `{guild|of}`) read
    `article` to write "della Fortezza", "dell'Accampamento nella Foresta", "of the Fortress"."""

    article: str

    def __new__(cls, text: str, article: str = "") -> "Named":
        obj = super().__new__(cls, text)
        obj.article = article
        return obj
