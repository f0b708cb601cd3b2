"""What a choice does, what it costs and its odds, in words: the destinations, a visit with a
die table (the Mystic, the Chapel's and the Graveyard's prayer, the Temple, the Enchantress),
and the Spells usable in Guardian Combat.

Every figure is read from the pack (the service's die table, the region's trove, the
Sentinel's Strength, the Portal's dice) and every chance computed exactly (odds.dice_sum), so a
label can never promise what the rules do not give. Labels stay short; the longer text goes in
the prompt (`destination_detail`, `visit_detail`).
"""
from __future__ import annotations

from engine.darkest_talisman.content import Effect, Service, display_text
from engine.darkest_talisman.state import card_id
from engine.darkest_talisman.tower import at_most
from gm.i18n import t
from systems.darkest_talisman import odds
from systems.darkest_talisman.names import Names

D = "talisman.does."


def effect_words(n: Names, effect: Effect) -> str:
    """One row of a die table (or any effect) in a few words: "+1 Craft", "lose a turn"."""
    loc = n.locale
    parts: list[str] = []
    if effect.alignment:
        parts.append(t(loc, D + "alignment", alignment=t(loc, f"talisman.alignment.{effect.alignment}")))
    if effect.life:
        parts.append(t(loc, D + ("life_up" if effect.life > 0 else "life_down"), n=abs(effect.life)))
    if effect.heal:
        parts.append(t(loc, D + "heal", n=effect.heal))
    for attr in ("strength", "craft", "fate", "gold"):
        value = getattr(effect, attr)
        if value:
            parts.append(t(loc, D + ("up" if value > 0 else "down"), n=abs(value), attribute=n.attr(attr)))
    if effect.spells:
        parts.append(t(loc, D + "spells", n=effect.spells))
    if effect.talisman:
        parts.append(t(loc, D + "talisman"))
    if effect.lose_followers:
        parts.append(t(loc, D + "lose_followers", n=effect.lose_followers))
    if effect.lose_turn:
        parts.append(t(loc, D + "lose_turn"))
    if effect.lock_order:
        parts.append(t(loc, D + "lock_order"))
    if effect.fight:
        foe = n.pack.foe(effect.fight)
        parts.append(t(loc, D + "fight", foe=n.thing(effect.fight),
                       figure=t(loc, f"talisman.fig.{'craft' if foe.kind == 'spirit' else 'strength'}",
                                n=foe.craft if foe.kind == "spirit" else foe.strength)))
    if effect.quest:
        parts.append(t(loc, D + "quest"))
    if effect.offer is not None and effect.offer.effect.teleport:
        parts.append(t(loc, D + "teleport"))
    return ", ".join(parts) if parts else t(loc, D + "nothing")


def table_odds(n: Names, effect: Effect) -> list[tuple[str, str, float]]:
    """A die table's rows: (the faces, what they do, the exact chance)."""
    dist = odds.dice_sum(effect.dice)
    rows = []
    for row in effect.roll:
        faces = str(row.low) if row.low == row.high else f"{row.low}-{row.high}"
        chance = sum(p for total, p in dist.items() if row.low <= total <= row.high)
        rows.append((faces, effect_words(n, row.effect), chance))
    return rows


def _percent(p: float) -> str:
    return f"{p * 100:.0f}%"


def table_short(n: Names, effect: Effect) -> str:
    """For a label: what each row does and its chance ("evil 17%, nothing 33%, ...")."""
    return ", ".join(f"{what} {_percent(p)}" for _, what, p in table_odds(n, effect))


def table_long(n: Names, effect: Effect) -> str:
    """For a prompt: the dice, then each row with its faces and its chance."""
    rows = " · ".join(t(n.locale, D + "row", faces=faces, what=what, chance=_percent(p))
                      for faces, what, p in table_odds(n, effect))
    return t(n.locale, D + "table", dice=effect.dice, rows=rows)


def visit_short(n: Names, service: Service | None) -> str:
    """A visit's label suffix: its die table's chances (empty when it rolls nothing)."""
    if service is None or service.effect is None or not service.effect.roll:
        return ""
    return table_short(n, service.effect)


def visit_detail(n: Names, service: Service) -> str:
    """A visit for the prompt or the village embed: its name and its die table in full."""
    if service.effect is not None and service.effect.roll:
        return t(n.locale, D + "visit", service=n.service(service.id), what=table_long(n, service.effect))
    return n.service(service.id)


# ----------------------------------------------------------------------------- destinations
def destination_short(n: Names, option: str) -> str:
    """A departure's label suffix: what waits there, its price and its odds where known."""
    loc = n.locale
    target = option.split(":", 1)[1] if ":" in option else ""
    village = n.data.get("village", "village")
    here = next((r for r in n.pack.regions if r.village == village), None)
    if target == "back" or here is None:
        return ""
    if target == "trove":
        return t(loc, D + "trove", items=here.trove_items, n=len(here.trove))
    if target == "sentinel":
        foe = n.pack.foe("sentinel")
        return t(loc, D + "sentinel", strength=foe.strength or 0)
    if target == "portal_of_power":
        dice = odds.portal_dice(n)
        best = max(("strength", "craft"), key=lambda a: odds.party_total(n, a))
        total = odds.party_total(n, best)
        return t(loc, D + "portal", dice=dice, attribute=n.attr(best), total=total,
                 chance=_percent(at_most(total, dice)))
    place = n.pack.location(target)
    words: list[str] = []
    for service in place.services:
        word = _service_word(n, service)
        if word not in words:
            words.append(word)
    if place.effect is not None and place.effect.roll:
        words.append(t(loc, D + "on_arrival", dice=place.effect.dice))
    return ", ".join(words)


def _service_word(n: Names, s: Service) -> str:
    """A service in a word or two for a label ("healing", "a die roll", "a quest")."""
    if s.kind == "visit" and s.effect is not None:
        if s.effect.roll:
            return t(n.locale, D + "svc_roll", dice=s.effect.dice)
        if s.effect.quest:
            return t(n.locale, D + "quest")
    return t(n.locale, D + "svc_" + s.kind)


def destination_detail(n: Names, option: str) -> str:
    """A departure in full for the prompt: the place's own text (its rule: who it heals, what
    its die does), a trove's contents and guardians, the Sentinel, the Portal's odds."""
    loc = n.locale
    target = option.split(":", 1)[1] if ":" in option else ""
    village = n.data.get("village", "village")
    here = next((r for r in n.pack.regions if r.village == village), None)
    if here is None or target == "back":
        return ""
    if target == "trove":
        places = [n.location(x) for x in here.trove]
        return t(loc, D + "trove_detail", items=here.trove_items, places=", ".join(places),
                 dice=n.pack.rules.guardian_dice.value)
    place = n.pack.location(target)
    text = display_text(place, loc)
    extra = [t(loc, D + "visit", service=n.service(s.id), what=table_compact(n, s.effect))
             for s in place.services if s.effect is not None and s.effect.roll]
    if place.effect is not None and place.effect.roll:
        extra.append(t(loc, D + "odds", what=table_compact(n, place.effect)))
    if target == "portal_of_power":
        extra.append(destination_short(n, option))
    return " ".join([text, *extra]).strip()


def table_compact(n: Names, effect: Effect) -> str:
    """A die table's odds for a prompt already telling its rows: one die's faces are all
    alike (1 in 6 each); two dice's rows get their exact chances."""
    if effect.dice == 1:
        return t(n.locale, D + "each_face", chance=_percent(1 / 6))
    return " · ".join(f"{faces}: {_percent(p)}" for faces, _, p in table_odds(n, effect))


# ----------------------------------------------------------------------------- Spells in Guardian Combat
def spell_short(n: Names, spell_uid: str) -> str:
    """What a Spell does in Guardian Combat (C8e-c, D3a), from its kind and amount."""
    spell = n.pack.spell(card_id(spell_uid))
    return t(n.locale, f"{D}spell_{spell.kind}", n=spell.amount, attribute=n.attr(spell.attribute))
