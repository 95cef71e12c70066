"""The closed lists of triggers, targets and effects that content may use.

Why closed lists: card and quest texts are prose for people, but the engine acts on the
structured ``effects`` beside them. Every effect name, trigger and target is listed here,
so a pack that names something the engine cannot do is refused when it is loaded
(Rulebook: Overlord Cards, Card Type; Skill Cards). Adding a new effect means adding a
model here and a handler in the engine, in the same change.

An effect is written in YAML as a mapping whose ``effect`` key names it, with that
effect's own parameters beside it, e.g. ``{effect: deal_wounds, target: triggering_hero,
amount: 3}``.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import Field, field_validator, model_validator

from delve.content.refs import AbilityRef, DieColour, Model, NonNegative, Positive

# When a card, skill or ability may be used. Rulebook: Event Card Timing, Trap Cards,
# Power Cards, The Round Sequence.
Trigger = Literal[
    "start_of_overlord_turn",
    "end_of_overlord_turn",
    "before_hero_turn",
    "start_of_hero_turn",
    "end_of_hero_turn",
    "hero_moves_into_space",
    "hero_opens_chest",
    "hero_opens_door",
    "hero_reveals_area",
    "hero_attacks",
    "hero_attacked",
    "hero_killed",
    "monster_attacks",
    "monster_attacked",
    "monster_killed",
    "hero_rests",
    "hero_trapped",
]
TRIGGERS: tuple[str, ...] = get_args(Trigger)

# Who an effect applies to, seen from the card's owner. "triggering_*" is the figure that
# met the trigger; "chosen_*" is picked by the player who plays the card.
Target = Literal[
    "self",
    "triggering_hero",
    "triggering_monster",
    "attacker",
    "defender",
    "chosen_hero",
    "chosen_monster",
    "triggering_monster_group",  # each monster of the triggering monster's group (2e: Monsters)
    "each_hero",
    "each_monster",
    "each_hero_in_area",
    "each_adjacent_enemy",
]
TARGETS: tuple[str, ...] = get_args(Target)

# How long a change lasts.
Duration = Literal["this_attack", "this_turn", "until_your_next_turn", "permanent"]

# Figure values an effect may raise or lower.
Stat = Literal[
    "speed",
    "armor",
    "max_wounds",
    "max_fatigue",
    "melee",
    "ranged",
    "magic",
    "damage",
    "range",
]

# Lasting conditions, each named after the special ability that causes it
# (Rulebook: Special Abilities: Bleed, Burn, Daze, Poison, Stun, Web).
Condition = Literal["Bleed", "Burn", "Daze", "Poison", "Stun", "Web"]


class DealWounds(Model):
    """Wound a figure directly (traps and some events), optionally ignoring armour."""

    effect: Literal["deal_wounds"]
    target: Target
    amount: Positive
    ignore_armor: bool = False


class DrainFatigue(Model):
    """Take fatigue from a hero (or wounds, if the hero has no fatigue left)."""

    effect: Literal["drain_fatigue"]
    target: Target
    amount: Positive


class HealWounds(Model):
    """Restore wounds, never above the figure's maximum."""

    effect: Literal["heal_wounds"]
    target: Target
    amount: Positive


class RecoverFatigue(Model):
    """Restore fatigue, never above the hero's maximum."""

    effect: Literal["recover_fatigue"]
    target: Target
    amount: Positive


class GainThreat(Model):
    """The overlord gains threat tokens (Rulebook: Threat Tokens)."""

    effect: Literal["gain_threat"]
    amount: Positive
    per_hero: bool = False


class DrawOverlordCards(Model):
    """The overlord draws extra cards (Rulebook: Overlord Cards)."""

    effect: Literal["draw_overlord_cards"]
    amount: Positive


class ChangeConquest(Model):
    """The heroes gain (positive) or lose (negative) conquest (Rulebook: Conquest Tokens)."""

    effect: Literal["change_conquest"]
    amount: int = Field(description="non-zero; negative means the heroes lose conquest")

    @field_validator("amount")
    @classmethod
    def _non_zero(cls, value: int) -> int:
        """A change of zero does nothing and is surely a slip."""
        if value == 0:
            raise ValueError("expected a non-zero amount (negative to take conquest away)")
        return value


class GainCoins(Model):
    """Each hero gains coins (Rulebook: Coins)."""

    effect: Literal["gain_coins"]
    amount: Annotated[int, Field(ge=25, multiple_of=25)]


class ModifyStat(Model):
    """Raise or lower a figure's value for a while."""

    effect: Literal["modify_stat"]
    target: Target
    stat: Stat
    amount: int
    duration: Duration = "permanent"

    @field_validator("amount")
    @classmethod
    def _non_zero(cls, value: int) -> int:
        """A change of zero does nothing and is surely a slip."""
        if value == 0:
            raise ValueError("expected a non-zero amount")
        return value


class BonusDice(Model):
    """Add dice to attacks, optionally only attacks of one type."""

    effect: Literal["bonus_dice"]
    target: Target
    dice: tuple[DieColour, ...] = ()
    power_dice: NonNegative = 0
    attack_type: Literal["melee", "ranged", "magic", "any"] = "any"
    duration: Duration = "permanent"

    @model_validator(mode="after")
    def _adds_something(self) -> BonusDice:
        """An effect that adds no dice is surely a slip."""
        if not self.dice and self.power_dice == 0:
            raise ValueError("expected at least one die in 'dice' or a 'power_dice' count above 0")
        return self


class ExtraSurges(Model):
    """Add surges to an attack without rolling them (Rulebook: Power Surge)."""

    effect: Literal["extra_surges"]
    target: Target
    amount: Positive
    duration: Duration = "this_attack"


class ReduceDamage(Model):
    """Cancel some damage of one attack."""

    effect: Literal["reduce_damage"]
    target: Target
    amount: Positive


class GrantAbility(Model):
    """Give a figure a special ability for a while."""

    effect: Literal["grant_ability"]
    target: Target
    ability: AbilityRef
    duration: Duration = "permanent"


class ApplyCondition(Model):
    """Put a lasting condition on a figure (its ability text says how it works)."""

    effect: Literal["apply_condition"]
    target: Target
    condition: Condition


class RerollAttack(Model):
    """Force an attack to be rolled again; the new result stands (Rulebook: Attack Re-rolls)."""

    effect: Literal["reroll_attack"]
    target: Target


class ExtraAction(Model):
    """Let a figure move or attack once more this turn."""

    effect: Literal["extra_action"]
    target: Target
    action: Literal["move", "attack"]


class MoveFigure(Model):
    """Move a figure some spaces, e.g. a pit that drags a hero or a push."""

    effect: Literal["move_figure"]
    target: Target
    spaces: Positive
    direction: Literal["any", "toward_overlord_choice", "away_from_source"] = "any"


class Transform(Model):
    """Turn a hero into a small beast for a while (Rulebook: Transformed): a power die is rolled
    and a blank saves him; otherwise his turn ends, he moves up to ``speed`` spaces a turn with
    no attacks, items or movement actions, has armor 0, and changes back after ``turns`` of his
    own turns have ended."""

    effect: Literal["transform"]
    target: Target
    turns: Positive = 2
    speed: Positive = 5


class DarkRelic(Model):
    """A trap for a chest: the overlord swaps one treasure card the heroes are about to receive
    for a dark relic of his choice, which its bearer must equip and cannot give up (Rulebook:
    Dark Relics)."""

    effect: Literal["dark_relic"]


Effect = Annotated[
    DealWounds
    | DrainFatigue
    | HealWounds
    | RecoverFatigue
    | GainThreat
    | DrawOverlordCards
    | ChangeConquest
    | GainCoins
    | ModifyStat
    | BonusDice
    | ExtraSurges
    | ReduceDamage
    | GrantAbility
    | ApplyCondition
    | RerollAttack
    | ExtraAction
    | MoveFigure
    | Transform
    | DarkRelic,
    Field(discriminator="effect"),
]

EFFECT_MODELS: tuple[type[Model], ...] = (
    DealWounds,
    DrainFatigue,
    HealWounds,
    RecoverFatigue,
    GainThreat,
    DrawOverlordCards,
    ChangeConquest,
    GainCoins,
    ModifyStat,
    BonusDice,
    ExtraSurges,
    ReduceDamage,
    GrantAbility,
    ApplyCondition,
    RerollAttack,
    ExtraAction,
    MoveFigure,
    Transform,
    DarkRelic,
)


class Limits(Model):
    """When a skill's or hero ability's effects apply, beyond its trigger (``limits:``).

    Why on the card and not on each effect: "your melee attacks..." or "once each turn..." limit
    the whole card, and one small record lets every effect kind reuse the same checks
    (``delve.rules.skill_effects``)."""

    attack_type: Literal["melee", "ranged", "magic", "any"] = Field(
        default="any", description="only attacks of this type (for attack triggers)")
    once_per_turn: bool = Field(default=False, description="at most once in each turn (any player's)")
    wounded_half: bool = Field(default=False, description="only while the hero has lost at least half his wounds")
    choose: Literal["self_or_adjacent", "adjacent", "in_sight"] = Field(
        default="in_sight", description="which heroes a chosen_hero effect may pick")


def effect_names() -> tuple[str, ...]:
    """Every effect name content may use, in the order they are documented."""
    names: list[str] = []
    for model in EFFECT_MODELS:
        names.extend(get_args(model.model_fields["effect"].annotation))
    return tuple(names)
