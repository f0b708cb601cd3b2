"""Every event the engine emits in real games reads as a sentence in English and Italian."""
from __future__ import annotations

from engine.ai.simulate import play
from engine.prophecy.game import SYSTEM
from gm.i18n import catalogue
from systems.prophecy.describe import describe_event


def test_every_emitted_event_has_narration_in_both_languages():
    seen = {}
    for seed in range(6):
        rec = play(["heuristic", "random", "heuristic"], seed, {"round_limit": 40})
        state = SYSTEM.new_game(rec.seats, rec.options, rec.seed)
        events = list(state.events)
        st = state.state
        for actor, payload in rec.actions:
            out = SYSTEM.apply(st, actor, payload)
            events.extend(out.events)
            st = out.state
        for e in events:
            seen.setdefault(e.kind, (e, st))
    assert len(seen) > 30
    for locale in ("en", "it"):
        for kind, (event, state) in seen.items():
            line = describe_event(state, event, locale)
            if line is None:
                continue  # deliberately silent events (deck_empty, turn_ended...)
            assert f"event.{kind}" in catalogue(locale), (locale, kind)
            assert "{" not in line and not line.startswith("event."), (locale, kind, line)
