"""One Italian word for each game term: the Astral Planes are "Portali Astrali", as the Italian
Basic rulebook prints them (and the glossary says), never "Piani Astrali" beside them."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_italian_texts_call_the_astral_planes_portali_astrali() -> None:
    texts = sorted((ROOT / "data" / "locales" / "it").glob("*.yaml")) + [ROOT / "data" / "locales" / "it.yaml",
                                                                         ROOT / "data" / "prophecy" / "base" / "board.yaml"]
    found = [f"{p.name}:{n}" for p in texts for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if "Piano Astrale" in line or "Piani Astrali" in line]
    assert not found
