"""Player actions. Each is a small pydantic model; `type` tells them apart in JSON."""
from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import Field, SerializerFunctionWrapHandler, TypeAdapter, model_serializer

from engine.core.contract import TABLE_ACTOR as CORE_TABLE_ACTOR
from engine.prophecy.action_base import ActionBase
from engine.prophecy.water_realm.island.actions import ISLAND_ACTIONS
from engine.prophecy.water_realm.water.actions import WATER_ACTIONS


class Move(ActionBase):
    type: Literal["move"] = "move"
    #: "teleport" (to any space) exists only through a Standard Ability or Artifact
    method: Literal["stay", "walk", "horse", "boat", "gate", "teleport"]
    #: destination space id (for "stay", the current space)
    to: str = Field(max_length=64)
    #: Standard: the Ability or Artifact that gives this way of moving (None: the usual one)
    via: str | None = Field(None, max_length=64)

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> Any:  # Any: no return schema, as before
        """A Basic move dumps exactly as before the Standard Version (replayed logs compare)."""
        data = handler(self)
        if self.via is None:
            data.pop("via", None)
        return data


class Fight(ActionBase):
    """Fight the Creature on the space, with the equipment declared for this battle."""

    type: Literal["fight"] = "fight"
    battle: Literal["strength", "wills"]
    weapon: str | None = Field(None, max_length=64)
    #: shield, wand or other hand Items (not weapons)
    hand: tuple[str, ...] = Field((), max_length=2)
    head: str | None = Field(None, max_length=64)
    body: tuple[str, ...] = Field((), max_length=50)
    #: throw the weapon: its thrown bonus is added to the first roll, then it is usually damaged
    #: (in a three-lives battle the player may instead throw it before a later roll: `Roll`)
    throw: bool = False
    #: Standard: a second one-handed weapon (an Ability allows two, facts §11.8)
    second: str | None = Field(None, max_length=64)
    #: Standard: spells cast before the dice (Prayer, Curse, a bonus), paid once for the battle
    spells: tuple[str, ...] = Field((), max_length=10)

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> Any:  # Any: no return schema, as before
        """A Basic fight dumps exactly as before the Standard Version (replayed logs compare)."""
        data = handler(self)
        if self.second is None:
            data.pop("second", None)
        if not self.spells:
            data.pop("spells", None)
        return data


class Roll(ActionBase):
    """The next roll of a three-lives battle; `throw` throws the declared weapon on this roll."""

    type: Literal["roll"] = "roll"
    throw: bool = False


class ChooseItem(ActionBase):
    """The owner's answer to a card that takes or damages one of her Items."""

    type: Literal["choose_item"] = "choose_item"
    item: str = Field(max_length=64)


class Bribe(ActionBase):
    """Invoke a Creature's optional (?) rule to avoid the battle by paying its cost."""

    type: Literal["bribe"] = "bribe"


class UseOpportunity(ActionBase):
    type: Literal["use_opportunity"] = "use_opportunity"
    card: str = Field(max_length=64)
    #: the Items handed over when the card takes some (e.g. sold for Gold); the owner picks them
    give: tuple[str, ...] = Field((), max_length=10)


class Heal(ActionBase):
    type: Literal["heal"] = "heal"
    amount: int = Field(ge=1, le=100)


class Recharge(ActionBase):
    type: Literal["recharge"] = "recharge"
    amount: int = Field(ge=1, le=100)


class Exchange(ActionBase):
    """A space's pay-this-get-that Possibility (Village lodging, City work, Fortress training)."""

    type: Literal["exchange"] = "exchange"
    service: str = Field(max_length=64)


class Buy(ActionBase):
    type: Literal["buy"] = "buy"
    item: str = Field(max_length=64)


class Sell(ActionBase):
    type: Literal["sell"] = "sell"
    item: str = Field(max_length=64)


class Repair(ActionBase):
    type: Literal["repair"] = "repair"
    item: str = Field(max_length=64)


class UseItem(ActionBase):
    type: Literal["use_item"] = "use_item"
    item: str = Field(max_length=64)


class BuyCertificate(ActionBase):
    type: Literal["certificate"] = "certificate"


class EndTurn(ActionBase):
    type: Literal["end_turn"] = "end_turn"


# ---------------------------------------------------------------- Standard Version only


class ChooseCharacter(ActionBase):
    """Keep one of the two characters dealt (ruling character_choice)."""

    type: Literal["choose_character"] = "choose_character"
    character: str = Field(max_length=64)


class ChooseCreature(ActionBase):
    """Of two Creatures on the space, the one fought first (ruling creature_order)."""

    type: Literal["choose_creature"] = "choose_creature"
    card: str = Field(max_length=64)


class Avoid(ActionBase):
    """Slip past the Creature instead of fighting it (Stealth, Beast Speech); it stays."""

    type: Literal["avoid"] = "avoid"


class Attack(ActionBase):
    """Attack an Astral Plane (`target` = the plane's id) or a character on the space
    (`target` = her player id), with the equipment and spells declared for the battle."""

    type: Literal["attack"] = "attack"
    target: str = Field(max_length=64)
    battle: Literal["strength", "wills"]
    weapon: str | None = Field(None, max_length=64)
    hand: tuple[str, ...] = Field((), max_length=2)
    head: str | None = Field(None, max_length=64)
    body: tuple[str, ...] = Field((), max_length=50)
    throw: bool = False
    second: str | None = Field(None, max_length=64)
    spells: tuple[str, ...] = Field((), max_length=10)


class StopAttack(ActionBase):
    """Stop after beating a Lesser Guardian instead of going on (ruling astral_both_guardians)."""

    type: Literal["stop_attack"] = "stop_attack"


class AfterRoll(ActionBase):
    """Once the dice have fallen: use an Ability that rolls again or fights again, or (ability
    None) let the roll stand (ruling battle_abilities)."""

    type: Literal["after_roll"] = "after_roll"
    ability: str | None = Field(None, max_length=64)
    #: which die a reroll throws again
    dice: Literal["own", "opponent", "both"] | None = None


class ChooseLoss(ActionBase):
    """The loser of a fight between characters: give up this Item, or (None) lose 1 Health."""

    type: Literal["choose_loss"] = "choose_loss"
    item: str | None = Field(None, max_length=64)


class TakeItem(ActionBase):
    """The winner takes this Item of the loser (Thievery)."""

    type: Literal["take_item"] = "take_item"
    item: str = Field(max_length=64)


class TakeArtifact(ActionBase):
    """In the Final Battle, the winner takes this Artifact of the loser."""

    type: Literal["take_artifact"] = "take_artifact"
    artifact: str = Field(max_length=64)


class Discard(ActionBase):
    """Over the limit at the end of the round: discard this Item (uid) or Ability (id)."""

    type: Literal["discard"] = "discard"
    card: str = Field(max_length=64)


class ChooseSpace(ActionBase):
    """The Royal Cape's holder picks the Final Battle's space."""

    type: Literal["choose_space"] = "choose_space"
    space: str = Field(max_length=64)


class Dream(ActionBase):
    """Look at one hidden card of an Astral Plane (Prophetic Dream, Astral Sight)."""

    type: Literal["dream"] = "dream"
    plane: str = Field(max_length=64)
    slot: Literal["lesser", "greater", "artifact"]


class Study(ActionBase):
    """The Lost Library: the guild deck to study."""

    type: Literal["study"] = "study"
    guild: str = Field(max_length=64)


class StudyPick(ActionBase):
    """The Lost Library: learn this one of the Abilities looked at, or (None) none."""

    type: Literal["study_pick"] = "study_pick"
    ability: str | None = Field(None, max_length=64)


class Learn(ActionBase):
    """Learn the Ability a guild offers, on its space."""

    type: Literal["learn"] = "learn"
    ability: str = Field(max_length=64)


class Train(ActionBase):
    """Train Strength or Willpower on a guild space (Training Offer, Open Training)."""

    type: Literal["train"] = "train"
    figure: Literal["strength", "willpower"]


class UseAbility(ActionBase):
    """Use an Ability outside battle: instead of movement (training with `figure`), to look
    at a plane's card (`plane`, `slot`), or to take another turn (Time Loop)."""

    type: Literal["use_ability"] = "use_ability"
    ability: str = Field(max_length=64)
    figure: Literal["strength", "willpower"] | None = None
    plane: str | None = Field(None, max_length=64)
    slot: Literal["lesser", "greater", "artifact"] | None = None


class Resign(ActionBase):
    """Table action (only the game master applies it): a player leaves; her character is out."""

    type: Literal["resign"] = "resign"
    player: str = Field(max_length=64)


class HandOver(ActionBase):
    """Table action: a seat changes hands (a new person, or an AI seat for an absent player)."""

    type: Literal["hand_over"] = "hand_over"
    player: str = Field(max_length=64)
    to: str = Field(max_length=64)
    name: str = Field(max_length=64)
    ai: str | None = Field(None, max_length=32)


TABLE_ACTIONS = ("resign", "hand_over")
#: the only actor allowed to apply table actions (engine.core.contract.TABLE_ACTOR)
TABLE_ACTOR = CORE_TABLE_ACTOR

if TYPE_CHECKING:
    #: to a type checker every action is an ActionBase: the union below is built from the
    #: expansions' tuples at run time, which a static union cannot spell
    Action = ActionBase
else:
    Action = Annotated[
        Union[
            Move,
            Fight,
            Roll,
            ChooseItem,
            Bribe,
            UseOpportunity,
            Heal,
            Recharge,
            Exchange,
            Buy,
            Sell,
            Repair,
            UseItem,
            BuyCertificate,
            EndTurn,
            Resign,
            HandOver,
            ChooseCharacter,
            ChooseCreature,
            Avoid,
            Attack,
            StopAttack,
            AfterRoll,
            ChooseLoss,
            TakeItem,
            TakeArtifact,
            Discard,
            ChooseSpace,
            Dream,
            Study,
            StudyPick,
            Learn,
            Train,
            UseAbility,
            # the Water Realm expansion's own actions (Treasure Island, the Water Realm)
            *ISLAND_ACTIONS,
            *WATER_ACTIONS,
        ],
        Field(discriminator="type"),
    ]


ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
