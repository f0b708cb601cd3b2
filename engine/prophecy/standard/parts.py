"""Where the Water Realm expansion's parts plug into a Standard game.

Each part (Treasure Island, the Water Realm, the new cards and Artifacts) is a module of rules
of its own that registers one `Part` here when `engine.prophecy.standard.rules` is imported. The
Standard rules call the registered parts at a few fixed points (preparing the game, checking,
listing and applying an action, the start of a turn, a battle's figures, the end of a battle,
the view) and a part that is not in play (`active` False) is never asked. So adding a part adds
its own modules and one `register` call, and a game without the expansion plays exactly as before.

Every hook has a do-nothing default in `Part`; a part overrides only what it changes.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:
    from engine.core.pending import Pending
    from engine.prophecy.content_standard import StandardPack
    from engine.prophecy.context import Ctx
    from engine.prophecy.standard.state import StdBattle
    from engine.prophecy.state import PlayerState, ProphecyState


class Part:
    """One part of the expansion. Subclass it and override the hooks the part needs."""

    #: a short name for logs and tests ("island", "water", "cards")
    id: str = ""
    #: the action types (`Action.type`) this part alone checks and applies
    action_types: frozenset[str] = frozenset()

    def active(self, state: "ProphecyState") -> bool:
        """Whether this game plays the part (from `state.options.standard.expansion`)."""
        return False

    def prepare(self, ctx: "Ctx") -> None:
        """Set-up, after the Standard set-up and before the first turn."""

    def characters_chosen(self, ctx: "Ctx") -> None:
        """Set-up that waits until every character is chosen, just before the first turn."""

    def pending(self, state: "ProphecyState") -> "Pending | None":
        """A question of this part the game waits on, ahead of the Standard ones; else None."""
        return None

    def takes_over(self, state: "ProphecyState", player: str) -> bool:
        """True while this part alone says what `player` may do on her turn (a character in
        the Water Realm): the Standard phase actions are then neither listed nor allowed."""
        return False

    def check(self, state: "ProphecyState", actor: str, action_type: str) -> bool:
        """Asked for every action once no Standard decision is pending: raise RuleError to
        refuse it, return True when the part allows it, False to leave it to the Standard
        checks. True skips every later check (whose turn it is, a running battle...), so a
        part returning True checks those itself. An action of the part's `action_types` is
        refused unless its check returns True."""
        return False

    def legal(self, ctx: "Ctx", p: "PlayerState") -> Iterator[Any]:
        """The part's own actions open to the active player `p` now (her turn, no decision pending)."""
        return iter(())

    def dispatch(self, ctx: "Ctx", p: "PlayerState", action: Any) -> bool:
        """Apply `action` if it is this part's to apply (True), else leave it (False)."""
        return False

    def turn_begins(self, ctx: "Ctx", p: "PlayerState", extra: bool) -> bool:
        """Called as a Standard turn begins; True when the part plays this turn itself (the
        Standard start of turn, Chance card included, is then skipped)."""
        return False

    def figure_bonus(self, ctx: "Ctx", who: "PlayerState", battle: str, opponent: str,
                     item_cards: list[Any], against: "PlayerState | None") -> int:
        """What the part adds to `who`'s figure in a battle of `battle` ("strength"/"wills")
        against an `opponent` ("creature", "guardian", "character"; `against` is the other
        character then), holding `item_cards`."""
        return 0

    def battle_over(self, ctx: "Ctx", p: "PlayerState", b: "StdBattle", result: str) -> bool:
        """A battle of the active player ended with `result`; True when the part settled what
        follows itself (the Standard settlement is then skipped)."""
        return False

    def redact(self, data: dict[str, Any], viewer: str | None) -> None:
        """Hide in the dumped state `data` what `viewer` may not see of this part."""

    def rename(self, state: "ProphecyState", old: str, new: str) -> None:
        """A seat changed hands: the part's records follow it."""

    # -- hooks added by the expansion's parts (append only) -------------------------------
    def pack_cards(self, expansion: Any) -> "PackCards | None":
        """The cards this part adds to a game's packs for the table's `expansion` choices
        (`game_pack`); None when it adds none. Asked whether or not the part is active."""
        return None

    def held_cards(self, state: "ProphecyState", pid: str) -> list[Any]:
        """Ability- or Artifact-shaped cards whose effects `pid` also has (a Treasure's powers,
        a copied spell): `powers.held` adds them to her Abilities and Artifacts."""
        return []

    def chance_card(self, ctx: "Ctx", card_id: str) -> bool:
        """A Chance card this part added is turned up: resolve it and return True."""
        return False

    def battle_dice(self, ctx: "Ctx", p: "PlayerState", b: "StdBattle") -> tuple[int, int] | None:
        """The dice (light, dark) a battle's first roll starts from instead of fresh ones
        (the Crystal Ball of Fate), else None. Prayer and Curse still roll their extra dice."""
        return None

    def battleground_chooser(self, ctx: "Ctx") -> str | None:
        """Who picks the Final Battle's space when nobody holds the Royal Cape."""
        return None

    def answers(self, ctx: "Ctx", actor: str) -> list[Any] | None:
        """While the part waits on a question of its own (`pending`), possibly asked of a
        player whose turn it is not: the answers `actor` may give ([] for anyone else); None
        when the part asks nothing now."""
        return None

    def location(self, state: "ProphecyState", p: "PlayerState") -> str | None:
        """Where `p` stands when the part has taken her off the ring (an id no ring space
        has, e.g. "treasure_island"), for what lies where she is (Artifacts of the dead)."""
        return None

    def attackable(self, state: "ProphecyState", plane_id: str) -> bool:
        """Whether a character beside the plane may attack it (False: the part holds it, as
        the Gate to the Water Realm holds its plane once turned up)."""
        return True

    def plane_card_looked(self, ctx: "Ctx", p: "PlayerState", plane_id: str, slot: str) -> bool:
        """A hidden card of a plane is about to be looked at (Prophetic Dream, Astral Sight):
        True when the part dealt with it itself (the Gate to the Water Realm is turned up)."""
        return False

    def win_blocked(self, ctx: "Ctx", p: "PlayerState") -> bool:
        """True when `p`'s Artifacts may not win at once (one still in the Water Realm, or
        held by a character with a Pearl of the Abyss)."""
        return False

    def final_battle_called(self, ctx: "Ctx") -> None:
        """The Final Battle is being called: bring back whoever the part holds elsewhere."""

    def battle_begins(self, ctx: "Ctx", p: "PlayerState", foe: Any, battle: str, defender: "PlayerState | None") -> None:
        """A battle is declared, before anything is paid (the Coral Tiara's Magic)."""

    def battle_total(self, ctx: "Ctx", p: "PlayerState", b: "StdBattle", total: int) -> int:
        """`p`'s total on this roll, as the part changes it (the Skeletal Shark's cap)."""
        return total

    def away(self, state: "ProphecyState", pid: str) -> bool:
        """True while `pid` is out of the main board's reach (in the Water Realm): Chance
        cards do not touch her."""
        return False

    def skipped_in_final_battle(self, state: "ProphecyState", card_id: str) -> bool:
        """A Chance card of the part passed over during the Final Battle (Apocalypse)."""
        return False

    def after_action(self, ctx: "Ctx") -> None:
        """Once an action of the Standard game has been applied (its events in `ctx`)."""

    def turn_ends(self, ctx: "Ctx", p: "PlayerState") -> None:
        """`p`'s turn is ending (before the limits are checked)."""

    def character_tags(self, state: "ProphecyState", pid: str) -> list[str]:
        """Creature types `pid`'s character has besides humanoid (the Beast, the Path of the
        Dead): bonuses against those types count against her ("Characters with Creature Types")."""
        return []

    def foe_bonus(self, ctx: "Ctx", who: "PlayerState", battle: str, foe: Any, item_cards: list[Any]) -> int:
        """What the part adds to `who`'s figure against this `foe` (a `battle.Foe`: its kind,
        types and lives), holding `item_cards` (an Astral Stone's bonus against some types)."""
        return 0

    def after_roll(self, ctx: "Ctx", p: "PlayerState", b: "StdBattle") -> list[Any]:
        """Actions of the part that change a roll not won, once the dice have fallen (the
        Scroll of Exchanging Fates): the battle pauses for them like an after-roll Ability."""
        return []

    def on_death(self, ctx: "Ctx", p: "PlayerState") -> None:
        """`p` died or left the game: nobody may wait on her any more (a judge of a description,
        the copied player of a Doppelganger), and what she kept of the part goes back."""


_PARTS: list[Part] = []


def register(part: Part) -> None:
    """Add a part once (re-importing a module must not add it twice)."""
    if all(p.id != part.id for p in _PARTS):
        _PARTS.append(part)


def all_parts() -> list[Part]:
    return list(_PARTS)


#: id of a game's (frozen) expansion choices -> (those choices, whether the state had its Standard
#: part yet, the parts registered then, the parts in play): `Part.active` reads only these, and
#: every action asks several times (issue #30); entries keep their choices alive
_ACTIVE: dict[int, tuple[Any, bool, int, tuple[Part, ...]]] = {}
ACTIVE_LIMIT = 1024


def active_parts(state: "ProphecyState") -> list[Part]:
    """The parts this game plays, in registration order; none at all without the expansion."""
    std = state.options.standard
    if std is None or std.expansion is None:
        return []
    expansion, started = std.expansion, state.standard is not None
    hit = _ACTIVE.get(id(expansion))
    if hit is None or hit[0] is not expansion or hit[1] is not started or hit[2] != len(_PARTS):
        if len(_ACTIVE) >= ACTIVE_LIMIT:
            _ACTIVE.clear()
        hit = _ACTIVE[id(expansion)] = (expansion, started, len(_PARTS), tuple(p for p in _PARTS if p.active(state)))
    return list(hit[3])


def owner_of(state: "ProphecyState", action_type: str) -> Part | None:
    return next((p for p in active_parts(state) if action_type in p.action_types), None)


# ------------------------------------------------------------- what the parts add to a game's packs


@dataclass(frozen=True)
class PackCards:
    """What one part adds to a game's packs (`Part.pack_cards`): Items and Adventures and
    Chance cards join the base pack's lists (a Chance card's behaviour is the part's own:
    `Part.chance_card`), Artifacts join the Standard pack's, or replace them (`artifacts_only`:
    the Artifacts a game deals, e.g. the five new ones); `rules` and `figures` set Basic
    (`RulesConfig`) and Standard (`StandardRules`) figures, e.g. the raised Item limit."""

    items: tuple[Any, ...] = ()
    adventures: tuple[Any, ...] = ()
    chance: tuple[Any, ...] = ()
    artifacts: tuple[Any, ...] = ()
    artifacts_only: bool = False
    abilities: tuple[Any, ...] = ()
    rules: tuple[tuple[str, Any], ...] = ()
    figures: tuple[tuple[str, Any], ...] = ()
    #: Guardians joining the Standard pack's (the Gate to the Water Realm, a Lesser Guardian's card)
    guardians: tuple[Any, ...] = ()


#: (id of the table's pack, the expansion's choices) -> (that pack, the game's pack)
_GAME_PACKS: dict[tuple[Any, ...], tuple[StandardPack, StandardPack]] = {}


def game_pack(sp: "StandardPack", expansion: Any) -> "StandardPack":
    """The Standard pack a game with the expansion plays with: the table's pack plus what the
    parts add for these choices (the same pack when they add nothing). Built once per process
    and registered under its own id (`<pack>+<digest>`), so whoever looks a card up by the
    pack's id (`standard_pack_by_id`, the AI's memos) finds the added cards too."""
    if expansion is None:
        return sp
    key = (sp.id, tuple(expansion.__dict__.items()))
    hit = _GAME_PACKS.get(key)
    if hit is not None and hit[0] is sp:
        return hit[1]
    from engine.prophecy import content_standard
    from engine.prophecy.content import Pack

    adds = [c for part in _PARTS if (c := part.pack_cards(expansion)) is not None]
    if not adds:
        _GAME_PACKS[key] = (sp, sp)
        return sp
    base = sp.base
    rules = {k: v for c in adds for k, v in c.rules}
    manifest = base.manifest.model_copy(update={"rules": base.rules.model_copy(update=rules)}) if rules else base.manifest
    new_base = Pack(manifest=manifest, board=base.board, characters=base.characters,
                    adventures=[*base.adventures, *(a for c in adds for a in c.adventures)],
                    items=[*base.items, *(i for c in adds for i in c.items)],
                    chance=[*base.chance, *(x for c in adds for x in c.chance)],
                    guilds=base.guilds, guild_names=base.guild_names, guild_articles=base.guild_articles)
    only = [a for c in adds if c.artifacts_only for a in c.artifacts]
    artifacts = only or [*sp.artifacts, *(a for c in adds if not c.artifacts_only for a in c.artifacts)]
    digest = hashlib.sha1(repr(key).encode()).hexdigest()[:10]
    figures = {k: v for c in adds for k, v in c.figures}
    std_rules = sp.manifest.rules.model_copy(update=rules) if rules else sp.manifest.rules
    manifest_std = sp.manifest.model_copy(update={
        "id": f"{sp.id}+{digest}", "rules": std_rules,
        "standard": sp.manifest.standard.model_copy(update=figures) if figures else sp.manifest.standard})
    out = content_standard.StandardPack(
        manifest=manifest_std, base=new_base, abilities=[*sp.abilities, *(a for c in adds for a in c.abilities)],
        artifacts=artifacts, guardians=[*sp.guardians, *(g for c in adds for g in c.guardians)], chance=sp.chance,
        adventures=sp.adventures, rulings=sp.rulings)
    content_standard._SHELF.register(out.id, out)  # noqa: SLF001  (the game's pack, found by its id)
    _GAME_PACKS[key] = (sp, out)
    return out


def held_cards(state: "ProphecyState", pid: str) -> list[Any]:
    """Every card the active parts lend `pid` (`Part.held_cards`)."""
    return [card for part in active_parts(state) for card in part.held_cards(state, pid)]
