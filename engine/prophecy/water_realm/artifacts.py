"""The new Artifacts of the Water Realm expansion ("New Artifacts": Game with the New Artifacts,
Ten Artifacts Variant, Battleground for the Final Battle; Appendix "New Artifacts").

`ExpansionOptions.artifacts`:
* "new": the five new Artifacts in place of the base five;
* "random": five of the ten dealt at random, the rest set aside unseen;
* "ten": two on each plane; whoever beats its Greater Guardian looks at both and keeps one
  (a choice only she sees; the other leaves the game); a Prophetic Dream on the Artifact shows
  the pair.
With no Royal Cape in play, the holder of the new Artifact with the lowest numeral picks the
Final Battle's space. The Ritual Scepter's +2 in a Battle of Wills needs a free hand, and its
holder may strike an Artifact holder she announces an attack on (she loses 1 Health or gives
up an Item, her choice, then the attack follows); the Amulet of Untouchability frees its holder
from the Creatures of her space and, on 4-6, wastes another player's effect aimed at her.
"""
from __future__ import annotations

from typing import Any, Iterator

from engine.core.errors import RuleError
from engine.core.pending import Pending
from engine.prophecy.context import Ctx
from engine.prophecy.effects import distinct_choices, lose_health
from engine.prophecy.standard import artifacts, battle, duel, parts, planes, powers
from engine.prophecy.standard.state import HIDDEN, Decision
from engine.prophecy.state import PlayerState, ProphecyState
from engine.prophecy.water_realm.island.actions import KeepArtifact as Keep
from engine.prophecy.water_realm.island.actions import ScepterStrike
from engine.prophecy.water_realm.island.content import NEW_ORDER, island_content
from engine.prophecy.water_realm.island.maps import ensure, map_battle_actions
from engine.prophecy.water_realm.island.maps import rename as rename_records
from engine.prophecy.water_realm.island.moves import island_targets
from engine.prophecy.water_realm.island.state import IslandState, KeepArtifact, Strike

TYPES = frozenset({"wrart_keep", "wrart_strike"})


def variant(state: ProphecyState) -> str:
    std = state.options.standard
    return std.expansion.artifacts if std is not None and std.expansion is not None else "base"


def holds(state: ProphecyState, pid: str, flag: str) -> bool:
    """She holds a new Artifact with this rule (`strike`, `untouchable`, `needs_free_hand`)."""
    content = island_content()
    return any(getattr(content.new_artifact(a), flag, False) for a in powers.mine(state, pid).artifacts)


def untouchable_resists(ctx: Ctx, target: PlayerState, what: str) -> bool:
    """Amulet of Untouchability: another player's effect aimed at `target` is wasted on 4-6
    (Appendix). For every card that targets a character (the Scepter's strike here; others
    may call it too)."""
    if not holds(ctx.state, target.player, "untouchable"):
        return False
    roll = ctx.state.rng.d6()
    resisted = roll >= 4
    ctx.emit("wrart_untouchable", target.player, reveals=True, roll=roll, resisted=resisted, reason=what)
    return resisted


class NewArtifacts(parts.Part):
    id = "new_artifacts"
    action_types = TYPES

    def active(self, state: ProphecyState) -> bool:
        return variant(state) != "base"

    def pack_cards(self, expansion: Any) -> parts.PackCards | None:
        if expansion.artifacts == "base":
            return None
        cards = tuple(island_content().artifact_cards())
        return parts.PackCards(artifacts=cards, artifacts_only=expansion.artifacts == "new")

    def prepare(self, ctx: Ctx) -> None:
        """"new" and "random" are dealt by the Standard set-up from the game's pack (the five
        new ones; the ten, of which the first five after the shuffle); "ten" adds the second
        Artifact of each plane from the five left."""
        i = ensure(ctx)
        if variant(ctx.state) != "ten":
            return
        sst = powers.sstate(ctx)
        dealt = {pl.artifact for pl in sst.planes}
        rest = [a.id for a in powers.spack(ctx.state).artifacts if a.id not in dealt]
        ctx.state.rng.shuffle(rest)
        for plane, card in zip(sst.planes, rest, strict=False):
            i.pairs[plane.id] = card
        ctx.emit("wrart_pairs_dealt", None, planes=[pl.id for pl in sst.planes])

    # -- questions -------------------------------------------------------------------------
    def pending(self, state: ProphecyState) -> Pending | None:
        i = _island(state)
        if i is None or not _free(state):
            return None
        if i.keep is not None:
            return Pending(player=i.keep.player, kind="wrart_keep", data={"round": state.round, "plane": i.keep.plane})
        s = _strike(state)
        if s is not None:
            return Pending(player=s.player, kind="wrart_strike_attack", data={"round": state.round, "other": s.target})
        return None

    def answers(self, ctx: Ctx, actor: str) -> list[Any] | None:
        i = _island(ctx.state)
        if i is None or not _free(ctx.state):
            return None
        if i.keep is not None:
            return [Keep(artifact=a) for a in i.keep.options] if actor == i.keep.player else []
        s = _strike(ctx.state)
        if s is not None:
            if actor != s.player:
                return []
            p = ctx.state.player(actor)
            q = ctx.state.player(s.target)
            out: list[Any] = list(battle.loadout_actions(ctx, p, battle.character_foe(ctx, q), q.player))
            out += list(map_battle_actions(ctx, p, [q]))
            return out
        return None

    def check(self, state: ProphecyState, actor: str, action_type: str) -> bool:
        i = _island(state)
        t = state.turn
        if i is None or t is None or t.item_choices:
            return False
        if i.keep is not None:
            if actor != i.keep.player:
                raise RuleError("error.not_your_turn", active=i.keep.player)
            if action_type != "wrart_keep":
                raise RuleError("error.island_answer_first")
            return True
        s = _strike(state)
        if s is not None:
            if actor != s.player:
                raise RuleError("error.not_your_turn", active=s.player)
            if action_type not in ("attack", "island_map_battle"):
                raise RuleError("error.wrart_attack_follows")
            return True
        if action_type in TYPES:
            if t.player != actor:
                raise RuleError("error.not_your_turn", active=t.player)
            return True
        return False

    def legal(self, ctx: Ctx, p: PlayerState) -> Iterator[Any]:
        yield from strike_actions(ctx, p)

    def dispatch(self, ctx: Ctx, p: PlayerState, action: Any) -> bool:
        i = ensure(ctx)
        t = action.type
        if t == "wrart_keep":
            keep(ctx, p, action)
            return True
        if t == "wrart_strike":
            strike(ctx, p, action)
            return True
        s = _strike(ctx.state)
        if s is not None and t in ("attack", "island_map_battle"):
            if action.target != s.target:
                raise RuleError("error.wrart_attack_follows")
            i.strike = None  # the announced attack follows; the Standard rules (or the island's) play it
        elif s is None and i.strike is not None:
            i.strike = None  # the struck character is gone: nothing follows
        return False

    def turn_begins(self, ctx: Ctx, p: PlayerState, extra: bool) -> bool:
        ensure(ctx).strike = None
        return False

    def battle_over(self, ctx: Ctx, p: PlayerState, b: Any, result: str) -> bool:
        """Ten Artifacts Variant: beating the Greater Guardian of a plane with two Artifacts
        asks which one she keeps."""
        if b.opponent != "guardian" or result != "win":
            return False
        return won_pair(ctx, p, b.target, b.card)

    def battleground_chooser(self, ctx: Ctx) -> str | None:
        """No Royal Cape: the holder of the new Artifact with the lowest numeral."""
        best: tuple[int, str] | None = None
        sp = powers.spack(ctx.state)
        for pid, me in powers.sstate(ctx).players.items():
            if not ctx.state.player(pid).alive:
                continue
            for a in me.artifacts:
                order = sp.artifact(a).order
                if order >= NEW_ORDER and (best is None or order < best[0]):
                    best = (order, pid)
        return best[1] if best else None

    def figure_bonus(self, ctx: Ctx, who: PlayerState, battle: str, opponent: str, item_cards: list[Any],
                     against: PlayerState | None) -> int:
        """Ritual Scepter: its +2 in a Battle of Wills counts only with a hand free to hold it."""
        if battle != "wills" or not holds(ctx.state, who.player, "needs_free_hand"):
            return 0
        hands = sum(c.hands for c in item_cards if c.slot in ("weapon", "hand"))
        return -2 if hands >= 2 else 0

    def rename(self, state: ProphecyState, old: str, new: str) -> None:
        i = _island(state)
        if i is not None:
            rename_records(i, old, new)  # (idempotent: the island's part may have done it)

    def redact(self, data: dict[str, Any], viewer: str | None) -> None:
        sd = data.get("standard") or {}
        i = sd.get("island")
        if i is None:
            return
        keep_ = i.get("keep")
        if keep_ is not None and keep_["player"] != viewer:
            keep_["options"] = [HIDDEN] * len(keep_["options"])
        pairs = i.get("pairs") or {}
        for plane in sd.get("planes", []):
            if plane["id"] in pairs and "artifact" not in plane["up"] \
                    and viewer not in plane["seen"].get("artifact", []):
                pairs[plane["id"]] = HIDDEN
        if "removed" in i:
            i["removed"] = [HIDDEN] * len(i["removed"])


def _island(state: ProphecyState) -> IslandState | None:
    sst = state.standard
    return sst.island if sst is not None else None


def _free(state: ProphecyState) -> bool:
    sst = state.standard
    t = state.turn
    return sst is not None and state.status == "active" and t is not None and not sst.decisions and not t.item_choices


def _strike(state: ProphecyState) -> Strike | None:
    """The strike waiting for its attack, while the attack can still follow."""
    i = _island(state)
    s = i.strike if i is not None else None
    if s is None or state.turn is None or state.turn.player != s.player:
        return None
    if not state.player(s.player).alive or not state.player(s.target).alive:
        return None
    return s


def targets(ctx: Ctx, p: PlayerState) -> list[PlayerState]:
    """Whom she may attack now, on the ring or on the island."""
    return island_targets(ctx, p) if p.board == "island" else duel.targets(ctx, p)


def strike_actions(ctx: Ctx, p: PlayerState) -> Iterator[ScepterStrike]:
    turn = ctx.state.turn
    if turn is None or turn.phase != "act" or not holds(ctx.state, p.player, "strike") \
            or powers.sstate(ctx).turn.battle is not None:
        return
    for q in targets(ctx, p):
        if powers.mine(ctx.state, q.player).artifacts:
            yield ScepterStrike(target=q.player)


def strike(ctx: Ctx, p: PlayerState, action: ScepterStrike) -> None:
    if action not in list(strike_actions(ctx, p)):
        raise RuleError("error.wrart_cannot_strike", target=action.target)
    q = ctx.state.player(action.target)
    i = ensure(ctx)
    i.strike = Strike(player=p.player, target=q.player)
    ctx.emit("wrart_strike", p.player, defender=q.player)
    if untouchable_resists(ctx, q, "ritual_scepter"):
        return
    if q.items:
        powers.sstate(ctx).decisions.append(Decision(player=q.player, kind="loss", other=p.player, reason="ritual_scepter",
                                                     options=[x.uid for x in distinct_choices(q.items)]))
    else:
        lose_health(ctx, q, 1, "ritual_scepter")


def won_pair(ctx: Ctx, p: PlayerState, plane_id: str, guardian: str) -> bool:
    """`p` beat the Greater Guardian `guardian` of a plane holding two Artifacts (Ten Artifacts
    Variant): the Guardian is beaten as usual, and she is asked which Artifact she keeps. False
    when the plane holds no pair. Also called for the Palace's Guardian in the Water Realm,
    which guards the pair of the Gate's plane."""
    i = _island(ctx.state)
    if i is None or plane_id not in i.pairs:
        return False
    plane = powers.sstate(ctx).plane(plane_id)
    if plane.greater != guardian or plane.artifact is None:
        return False
    first, second = plane.artifact, i.pairs.pop(plane_id)
    plane.artifact = None
    planes.guardian_done(ctx, p, plane_id, guardian, "win")  # Experience; no Artifact to hand out
    plane.seen.pop("artifact", None)
    if "artifact" in plane.up:
        plane.up.remove("artifact")
    if p.alive and ctx.state.status == "active":
        i.keep = KeepArtifact(player=p.player, plane=plane_id, options=[first, second])
        ctx.emit("wrart_pair_won", p.player, plane=plane_id)
    return True


def keep(ctx: Ctx, p: PlayerState, action: Keep) -> None:
    i = ensure(ctx)
    k = i.keep
    if k is None or k.player != p.player or action.artifact not in k.options:
        raise RuleError("error.wrart_cannot_keep", artifact=action.artifact)
    other = next(a for a in k.options if a != action.artifact)
    i.keep = None
    i.removed.append(other)
    ctx.emit("wrart_other_removed", p.player, plane=k.plane)
    artifacts.gain(ctx, p, action.artifact, k.plane)


parts.register(NewArtifacts())

__all__ = ["NewArtifacts", "holds", "untouchable_resists", "variant"]
