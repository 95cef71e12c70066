"""The shape of every kind of content entry: heroes, monsters, items, skills, familiars,
overlord cards and (re-exported from ``delve.content.quest``) quests.

Why pydantic models: a pack is written by hand, so every value is checked when it is
loaded, and the error names the field and what was expected. Rules that tie fields
together (a rune is a magic weapon, a trap needs a trigger) are checked here too, each
citing the rulebook section it comes from. Checks that look across entries (does this
monster exist?) live in ``delve.content.crossref``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from delve.content.effects import Effect, Limits, Trigger
from delve.content.quest import Quest
from delve.content.refs import (
    AbilityRef,
    ContentId,
    DieColour,
    HeroAttackType,
    Model,
    MonsterAttackType,
    NonNegative,
    Positive,
    SkillDeck,
    Text,
    check_problems,
)

__all__ = [
    "Attributes",
    "DefenseDie",
    "Familiar",
    "FamiliarAttack",
    "GroupSize",
    "Hero",
    "HeroAbility",
    "Item",
    "MonsterStats",
    "MonsterType",
    "OffHandBonus",
    "OverlordCard",
    "Quest",
    "Size",
    "Skill",
    "SkillDraws",
    "SpawnEntry",
    "StatsPair",
    "SurgeAbility",
    "SurgeEffect",
    "Traits",
    "Treachery",
]

# Rulebook: Training Tokens: no trait may be raised above five.
Trait = Annotated[int, Field(ge=0, le=5)]


# --- 2nd-edition stats (ruleset 2e) -------------------------------------------------------
# Optional everywhere: 1st-edition content leaves them out and loads unchanged. Our reading of
# the 2e dice and attribute tests is in docs/rulesets.md ("Ruleset 2e").

# A 2e attribute value (the number a die roll must not exceed to pass a test).
Attribute = Annotated[int, Field(ge=0, le=9)]

# The 2e defense dice (src/delve/data/dice-2e.yaml): brown, gray and black, in shields.
DefenseDie = Literal["brown", "gray", "black"]


class Attributes(Model):
    """The four attributes a 2e hero or lieutenant tests against (ruleset 2e: Attribute Tests).

    Monsters have none: they fail every attribute test (descent-2e excerpt, Familiars Treated
    as Figures: "similar to monsters").
    """

    might: Attribute
    knowledge: Attribute
    willpower: Attribute
    awareness: Attribute


# --- heroes -------------------------------------------------------------------------------


class Traits(Model):
    """Power dice a hero adds to attacks of each type (Rulebook: Types of Attacks)."""

    melee: Trait
    ranged: Trait
    magic: Trait


class SkillDraws(Model):
    """How many cards the hero draws from each skill deck at setup.

    Rulebook: Heroes Setup, Deal Starting Skill Cards.
    """

    fighting: NonNegative = 0
    subterfuge: NonNegative = 0
    wizardry: NonNegative = 0

    @model_validator(mode="after")
    def _draws_something(self) -> SkillDraws:
        """Every hero starts with at least one skill card."""
        if self.fighting + self.subterfuge + self.wizardry == 0:
            raise ValueError("expected at least one skill draw (heroes usually draw 3 in all)")
        return self


class HeroAbility(Model):
    """The hero's own ability: prose for people, ``effects`` for the engine.

    ``when`` is the trigger that fires the effects; leave it out for an always-on ability.
    """

    name: Text
    text: Text
    when: Trigger | None = None
    limits: Limits = Field(default_factory=Limits)
    effects: tuple[Effect, ...] = ()
    familiar: ContentId | None = Field(default=None, description="id of a familiar this ability grants")


class Hero(Model):
    """A hero sheet (Rulebook: Game Setup, Heroes Setup)."""

    id: ContentId
    name: Text
    speed: Positive
    wounds: Positive
    fatigue: Positive
    armor: NonNegative
    traits: Traits
    conquest_value: Positive = Field(description="conquest the heroes lose when this hero dies")
    skills: SkillDraws
    ability: HeroAbility
    flavour: Text
    # Ruleset 2e only (ignored by 1st-edition games): attribute tests and defense dice.
    attributes: Attributes | None = None
    defense_dice: tuple[DefenseDie, ...] = ()


# --- familiars ----------------------------------------------------------------------------


class FamiliarAttack(Model):
    """A familiar's own attack, if it has one (once per turn, during its move)."""

    attack_type: HeroAttackType = "melee"
    dice: tuple[DieColour, ...] = Field(min_length=1)
    ignores_armor: bool = False
    # Only while the owner sees the familiar within this many spaces (Rulebook: Furr the Spirit Wolf).
    owner_sight_within: Positive | None = None


# What a familiar does beyond moving (``delve.rules.familiars``): ``carries_item`` holds one
# item and hands it on for a movement point; ``swaps_with_owner`` offers its owner a swap or a
# call at the start of his turn; ``mends_where_it_stops`` heals a friend and cleanses a dark
# glyph where its move ends; ``harries_enemies`` hampers enemies next to it; ``carried`` is an
# animal companion that never moves on its own but rides with a hero (Rulebook: Familiars &
# Companions and its named entries).
FamiliarBehaviour = Literal[
    "carries_item", "swaps_with_owner", "mends_where_it_stops", "harries_enemies", "carried"
]


class Familiar(Model):
    """A marker that follows a hero (Rulebook: Familiars & Companions).

    Familiars are granted by skills, items or hero abilities, which name them by id; ``twin``
    names a second familiar granted with this one.
    """

    id: ContentId
    name: Text
    speed: NonNegative
    abilities: tuple[AbilityRef, ...] = ()
    counts_as_hero_for_spawning: bool = False
    attack: FamiliarAttack | None = None
    behaviours: tuple[FamiliarBehaviour, ...] = ()
    shares_spaces: bool = Field(default=True, description="may end on figures and be ended on")
    twin: ContentId | None = None
    text: Text
    effects: tuple[Effect, ...] = ()
    flavour: Text
    # Ruleset 2e (descent-2e excerpt A, Familiars Treated as Figures): a familiar that is a
    # figure, with the health and defense dice it is attacked with.
    figure: bool = False
    health: Positive | None = None
    defense_dice: tuple[Literal["brown", "gray", "black"], ...] = ()

    @model_validator(mode="after")
    def _figure_has_health(self) -> Familiar:
        """A familiar treated as a figure can be attacked and defeated: it needs health."""
        if self.figure and self.health is None:
            raise ValueError("a familiar treated as a figure ('figure: true') needs 'health'")
        if not self.figure and (self.health is not None or self.defense_dice):
            raise ValueError("'health' and 'defense_dice' are for familiars treated as figures ('figure: true')")
        return self


# --- monsters -----------------------------------------------------------------------------

# Rulebook: Plastic figures: a figure covers one, two, four or six spaces.
_FOOTPRINT_SPACES = (1, 2, 4, 6)


class Size(Model):
    """The spaces a figure covers, as width by height."""

    w: Annotated[int, Field(ge=1, le=3)]
    h: Annotated[int, Field(ge=1, le=3)]

    @model_validator(mode="after")
    def _known_footprint(self) -> Size:
        """Only footprints of 1, 2, 4 or 6 spaces exist (1x1, 1x2, 2x2, 2x3 and turned)."""
        if self.w * self.h not in _FOOTPRINT_SPACES:
            raise ValueError(
                f"a {self.w}x{self.h} footprint covers {self.w * self.h} spaces; "
                "expected 1x1, 1x2, 2x1, 2x2, 2x3 or 3x2"
            )
        return self

    @property
    def spaces(self) -> int:
        """How many spaces the figure covers."""
        return self.w * self.h


class MonsterStats(Model):
    """One stat block of a monster reference card (Rulebook: Monster Reference Cards, Attributes).

    ``dice`` lists combat dice for melee, ranged and magic monsters; ``morph_dice`` counts
    the dice of a morph attacker (Rulebook: Morph Attacks). The monster type checks that the
    right one is used.
    """

    speed: NonNegative
    armor: NonNegative
    wounds: Positive
    dice: tuple[DieColour, ...] = ()
    morph_dice: NonNegative = 0
    abilities: tuple[AbilityRef, ...] = ()
    # Ruleset 2e only (ignored by 1st-edition games): the defense dice it rolls when attacked.
    defense_dice: tuple[DefenseDie, ...] = ()


class StatsPair(Model):
    """The normal (tan) and master (red) halves of a reference card side."""

    normal: MonsterStats
    master: MonsterStats


class FigureCounts(Model):
    """How many figures of each rank the pack provides: the spawn limit."""

    normal: NonNegative
    master: NonNegative

    @model_validator(mode="after")
    def _some_figure(self) -> FigureCounts:
        """A monster with no figures could never be placed."""
        if self.normal + self.master == 0:
            raise ValueError("expected at least one normal or master figure")
        return self


PLAYER_COUNTS = (2, 3, 4, 5)
# Ruleset 2e: a monster card sizes its group by the number of heroes (descent-2e excerpt A, Monsters).
HERO_COUNTS = (1, 2, 3, 4)


class GroupSize(Model):
    """Ruleset 2e: how many minions (tan, ``normal`` stats) and masters (red) a group has."""

    minions: NonNegative
    masters: NonNegative


class MonsterType(Model):
    """A monster reference card with one side per number of players.

    Rulebook: Monster Reference Cards, Number of Players (counting the overlord).
    """

    id: ContentId
    name: Text
    size: Size
    attack_type: MonsterAttackType
    named: bool = False
    # The solo overlord variant raises only the dead from bone piles (docs/solo-overlord.md).
    undead: bool = False
    stats: dict[int, StatsPair]
    figures: FigureCounts
    flavour: Text
    # Ruleset 2e only (descent-2e excerpt A, Monsters; Lieutenants): the group size by number of
    # heroes; a lieutenant (a group of one, with attributes it tests like a hero) instead.
    group: dict[int, GroupSize] = {}
    lieutenant: bool = False
    attributes: dict[Literal["might", "knowledge", "willpower", "awareness"], Annotated[int, Field(ge=0, le=9)]] = {}

    @model_validator(mode="after")
    def _group_fits(self) -> MonsterType:
        """Group sizes use hero counts 1 to 4 and the figures the pack has; lieutenants have
        attributes and no group."""
        problems: list[tuple[str, str]] = []
        for heroes, size in sorted(self.group.items()):
            if heroes not in HERO_COUNTS:
                problems.append((f"group.{heroes}", "expected a number of heroes from 1 to 4"))
            if size.minions > self.figures.normal or size.masters > self.figures.master:
                problems.append((f"group.{heroes}", "the group needs more figures than 'figures' provides"))
            if size.minions + size.masters == 0:
                problems.append((f"group.{heroes}", "expected at least one minion or master"))
        if self.lieutenant:
            if len(self.attributes) != 4:
                problems.append(("attributes", "a lieutenant tests its attributes like a hero: list might, "
                                 "knowledge, willpower and awareness"))
            if self.group:
                problems.append(("group", "a lieutenant is its own group of one: remove 'group'"))
        elif self.attributes:
            problems.append(("attributes", "only a lieutenant has attributes (monsters fail attribute tests)"))
        check_problems(problems)
        return self

    @field_validator("stats")
    @classmethod
    def _every_player_count(cls, value: dict[int, StatsPair]) -> dict[int, StatsPair]:
        """Each of 2, 3, 4 and 5 players needs its own stats, and nothing else."""
        missing = [n for n in PLAYER_COUNTS if n not in value]
        extra = sorted(n for n in value if n not in PLAYER_COUNTS)
        if missing or extra:
            parts = []
            if missing:
                parts.append(f"missing player counts {missing}")
            if extra:
                parts.append(f"unexpected player counts {extra}")
            raise ValueError("; ".join(parts) + "; expected exactly the keys 2, 3, 4 and 5")
        return value

    @model_validator(mode="after")
    def _dice_fit_attack_type(self) -> MonsterType:
        """Morph attackers roll morph dice only; every other monster rolls combat dice only."""
        problems: list[tuple[str, str]] = []
        for players, pair in sorted(self.stats.items()):
            for rank in ("normal", "master"):
                block: MonsterStats = getattr(pair, rank)
                where = f"stats.{players}.{rank}"
                if self.attack_type == "morph":
                    if block.dice or block.morph_dice == 0:
                        problems.append(
                            (where, "a morph attacker lists 'morph_dice: N' (N >= 1) and no 'dice'")
                        )
                elif not block.dice or block.morph_dice:
                    problems.append(
                        (where, f"a {self.attack_type} attacker lists at least one die in 'dice' "
                         "and no 'morph_dice'")
                    )
        check_problems(problems)
        return self

    def stats_for(self, players: int, master: bool = False) -> MonsterStats:
        """The stat block in use for a game of ``players`` players (overlord included)."""
        pair = self.stats[players]
        return pair.master if master else pair.normal


# --- items --------------------------------------------------------------------------------


class SurgeEffect(Model):
    """What one use of a surge ability adds to the attack (Rulebook: Item Cards, Special Abilities)."""

    damage: NonNegative = 0
    range: NonNegative = 0
    pierce: NonNegative = 0
    ability: AbilityRef | None = None

    @model_validator(mode="after")
    def _adds_something(self) -> SurgeEffect:
        """A surge that buys nothing is surely a slip."""
        if not (self.damage or self.range or self.pierce or self.ability):
            raise ValueError("expected at least one of damage, range, pierce (above 0) or ability")
        return self


class SurgeAbility(Model):
    """Spend ``surges`` surges to add ``effect`` to the attack; usable again while surges last.

    Rulebook: Item Cards, Special Abilities; Using Power Surges.
    """

    surges: Positive
    effect: SurgeEffect


class OffHandBonus(Model):
    """What a one-handed melee weapon adds when the other weapon attacks.

    Rulebook: Off-hand Bonus.
    """

    free_surges: NonNegative = 0
    damage: NonNegative = 0
    pierce: NonNegative = 0
    abilities: tuple[AbilityRef, ...] = ()

    @model_validator(mode="after")
    def _adds_something(self) -> OffHandBonus:
        """A bonus that adds nothing is surely a slip."""
        if not (self.free_surges or self.damage or self.pierce or self.abilities):
            raise ValueError("expected at least one of free_surges, damage, pierce or abilities")
        return self


# "dark_relic": the overlord's deck of dark relics, handed out only by a dark relic card
# (Rulebook: Dark Relics); never bought, sold or drawn as treasure.
ItemDeck = Literal["shop", "copper", "silver", "gold", "relic", "dark_relic"]
ItemKind = Literal["weapon", "armor", "shield", "rune", "other", "potion"]


class Item(Model):
    """An item card (Rulebook: Item Cards, Equipping Items, Treasures, Cursed items)."""

    id: ContentId
    name: Text
    deck: ItemDeck
    kind: ItemKind
    attack_type: HeroAttackType | None = None
    hands: Annotated[int, Field(ge=0, le=2)] = 0
    dice: tuple[DieColour, ...] = ()
    surges: tuple[SurgeAbility, ...] = ()
    abilities: tuple[AbilityRef, ...] = ()
    off_hand: OffHandBonus | None = None
    armor: NonNegative = 0
    shield_absorb: NonNegative = 0
    speed_cap: Positive | None = None
    forbids_runes: bool = False
    cursed: bool = False
    familiar: ContentId | None = None
    cost: Annotated[int, Field(ge=0, multiple_of=25)] | None = None
    text: str = ""
    effects: tuple[Effect, ...] = ()
    flavour: Text

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> Item:
        """Each kind of item uses its own fields; stray ones are refused so nothing is ignored."""
        problems: list[tuple[str, str]] = []
        if self.kind in ("weapon", "rune"):
            if self.attack_type is None:
                problems.append(("attack_type", f"a {self.kind} needs one: melee, ranged or magic"))
            if not self.dice:
                problems.append(("dice", f"a {self.kind} needs at least one die"))
            if self.hands == 0:
                problems.append(("hands", f"a {self.kind} is held: expected 1 or 2"))
        else:
            for field in ("attack_type", "dice", "surges"):
                if getattr(self, field):
                    problems.append((field, f"only weapons and runes have this, not a {self.kind}"))
        # Rulebook: Item Restrictions: runes are magic weapons.
        if self.kind == "rune" and self.attack_type not in (None, "magic"):
            problems.append(("attack_type", "a rune makes magic attacks: expected 'magic'"))
        # Rulebook: Off-hand Bonus: only one-handed melee weapons have one.
        if self.off_hand and not (self.kind == "weapon" and self.attack_type == "melee" and self.hands == 1):
            problems.append(("off_hand", "only one-handed melee weapons have an off-hand bonus"))
        if self.kind == "armor":
            if self.hands:
                problems.append(("hands", "armor is worn, not held: expected 0"))
        else:
            for field in ("armor", "speed_cap", "forbids_runes"):
                if getattr(self, field):
                    problems.append((field, f"only armor has this, not a {self.kind}"))
        if self.kind == "shield":
            if self.shield_absorb == 0:
                problems.append(("shield_absorb", "a shield needs a value of at least 1"))
            if self.hands == 0:
                problems.append(("hands", "a shield is held: expected 1 or 2"))
        elif self.shield_absorb:
            problems.append(("shield_absorb", f"only shields have this, not a {self.kind}"))
        # Rulebook: Item Cost; Relic Markers; The Town, Shopping: shop cards print a cost,
        # treasure cards are valued by their deck, relics are never sold.
        if self.deck == "shop" and self.cost is None:
            problems.append(("cost", "a shop item needs a cost (a multiple of 25)"))
        if self.deck != "shop" and self.cost is not None:
            problems.append(
                ("cost", f"only shop items have a cost; a {self.deck} item's value comes from its deck")
            )
        check_problems(problems)
        return self


# --- skills -------------------------------------------------------------------------------


class Skill(Model):
    """A skill card (Rulebook: Skill Cards). Skills are never discarded or exhausted: each is used as
    often as its trigger comes, within its ``limits``."""

    id: ContentId
    name: Text
    deck: SkillDeck
    text: Text
    when: Trigger | None = None
    limits: Limits = Field(default_factory=Limits)
    effects: tuple[Effect, ...] = ()
    familiar: ContentId | None = Field(default=None, description="id of a familiar this skill grants")
    flavour: Text


# --- overlord cards -----------------------------------------------------------------------

TreacheryColour = Literal["green", "purple", "red"]
OverlordCardType = Literal["event", "trap", "spawn", "power"]

# Rulebook: Treachery Cards: events cost green, traps purple, spawns red; powers any colour.
_TREACHERY_FOR_TYPE: dict[str, tuple[str, ...]] = {
    "event": ("green",),
    "trap": ("purple",),
    "spawn": ("red",),
    "power": ("green", "purple", "red"),
}


class Treachery(Model):
    """The treachery a card costs to swap into the deck (Rulebook: Treachery Cards)."""

    colour: TreacheryColour
    cost: Positive


class SpawnEntry(Model):
    """One line of a spawn card: which monster, which rank, how many."""

    monster: ContentId
    master: bool = False
    count: Positive = 1


class OverlordCard(Model):
    """An overlord card (Rulebook: Overlord Cards, Threat Cost, Threat Value, Card Type)."""

    id: ContentId
    name: Text
    type: OverlordCardType
    threat_cost: NonNegative
    threat_value: NonNegative
    treachery: Treachery | None = None
    trigger: Trigger | None = None
    text: Text
    effects: tuple[Effect, ...] = ()
    spawn: tuple[SpawnEntry, ...] = ()
    copies: Positive = 1
    flavour: Text

    @model_validator(mode="after")
    def _fields_fit_type(self) -> OverlordCard:
        """Timing and content depend on the card type (Rulebook: Card Type)."""
        problems: list[tuple[str, str]] = []
        # Event and trap cards are played when their condition is met: they need a trigger.
        if self.type in ("event", "trap") and self.trigger is None:
            problems.append(("trigger", f"a {self.type} card needs a trigger"))
        # Spawn cards are played in step 2 of the overlord's turn only.
        if self.type == "spawn":
            if self.trigger is not None:
                problems.append(("trigger", "a spawn card is played in the spawn step: remove the trigger"))
            if not self.spawn:
                problems.append(("spawn", "a spawn card needs at least one entry"))
        elif self.spawn:
            problems.append(("spawn", f"only spawn cards have a spawn list, not a {self.type} card"))
        if self.type != "spawn" and not self.effects:
            problems.append(("effects", f"a {self.type} card needs at least one effect"))
        if self.treachery and self.treachery.colour not in _TREACHERY_FOR_TYPE[self.type]:
            expected = " or ".join(_TREACHERY_FOR_TYPE[self.type])
            problems.append(("treachery.colour", f"a {self.type} card's treachery must be {expected}"))
        check_problems(problems)
        return self
