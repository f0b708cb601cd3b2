"""Who left a table keeps the name they sat under: the engine records it when their seat goes to
someone else, the log and the narration read it from there, and a game nobody left is stored
byte for byte as before (the replay check and the golden games compare the JSON)."""
from __future__ import annotations

import json

from engine.core.events import Event
from engine.core.system import Seat
from engine.darkest_talisman.actions import HandOver
from engine.darkest_talisman.game import SYSTEM as CAMPAIGN
from engine.prophecy.actions import TABLE_ACTOR
from engine.prophecy.game import SYSTEM as PROPHECY
from systems.darkest_talisman.describe import describe_event as campaign_event
from systems.prophecy.describe import describe_event as prophecy_event

SEATS = [Seat(player="111", name="Alice"), Seat(player="222", name="Bob")]


def test_prophecy_a_replaced_player_is_named_in_the_log_never_by_id():
    start = PROPHECY.new_game(SEATS, {}, 5)
    state = start.state
    # a line of the log told before she left, about her
    earlier = next(e for e in start.events if e.player == "111" and "Alice" in (prophecy_event(state, e, "en") or ""))
    assert "departed" not in json.loads(PROPHECY.dump_state(state))  # nobody left: the JSON is as it was
    out = PROPHECY.apply(state, TABLE_ACTOR, PROPHECY.hand_over_action("111", "333", "Dee"))
    after = out.state
    assert after.departed == {"111": "Alice"} and after.name_of("111") == "Alice" and after.name_of("333") == "Dee"
    assert PROPHECY.load_state(PROPHECY.dump_state(after)).departed == {"111": "Alice"}
    shown = PROPHECY.view(after, None)
    for locale in ("en", "it"):
        assert "Alice" in (prophecy_event(shown, earlier, locale) or "")
    handed = next(e for e in out.events if e.kind == "seat_handed_over")
    assert prophecy_event(shown, handed, "en") == "Dee takes over Alice's seat."
    assert prophecy_event(shown, handed, "it") == "Dee prende il posto di Alice."
    # a game stored before names were kept: the id is never shown as a bare number
    old_record = PROPHECY.view(after.model_copy(update={"departed": {}}), None)
    line = prophecy_event(old_record, earlier, "en") or ""
    assert "111" not in line and "a former player" in line, line


def test_campaign_a_seat_given_away_or_to_the_ai_keeps_its_person_s_name():
    state = CAMPAIGN.new_game(SEATS, {}, 5).state
    assert "departed" not in json.loads(CAMPAIGN.dump_state(state))
    replaced = CAMPAIGN.apply(state, "gm", HandOver(player="222", to="333", name="Dee"))
    removed = CAMPAIGN.apply(replaced.state, "gm", CAMPAIGN.resign_action("111"))
    after = removed.state
    assert after.departed == {"222": "Bob", "111": "Alice"}
    shown = CAMPAIGN.view(after, None)
    assert shown.name_of("222") == "Bob" and shown.name_of("333") == "Dee"
    lines = [campaign_event(shown, e, "en") for e in replaced.events + removed.events if e.kind == "seat_handed_over"]
    assert lines == ["Bob's characters are now played by Dee.", "Alice's characters are now played by the AI."]
    arrived = Event(kind="talisman.ev.character_arrives", player="222", data={"hero": after.heroes[0].uid, "player": "222"})
    assert "played by Bob" in (campaign_event(shown, arrived, "en") or "")
    # a campaign stored before names were kept: "a former player", never the id nor "someone"
    old_record = CAMPAIGN.view(after.model_copy(update={"departed": {}}), None)
    line = campaign_event(old_record, arrived, "en") or ""
    assert "222" not in line and "someone" not in line and "a former player" in line, line
