"""Skill cards: the starting deal, the one trade-in, and what a held skill does.

Rulebook: 3. Deal Starting Skill Cards (each skill deck shuffled on its own; each hero draws the
number per deck his sheet gives; then, one player at a time from the first hero, each may trade
in exactly one card for a new one from the same deck, the traded card going back and that deck
being reshuffled); Skill Cards (Fighting, Subterfuge, Wizardry; never discarded or exhausted);
Replacement Skill Cards (a pack simply lists the revised card, so nothing is replaced at run time).

State: ``flags["skills"][hero]`` the skill ids a hero holds, ``flags["skill_decks"][deck]`` the
undealt cards, top first (hidden from hero seats: views never show flags). A deck that runs out
deals fewer cards. Held skills (and a hero sheet's ability) whose effect is a lasting change of
the hero himself (``modify_stat`` on ``self``, ``permanent``; an always-on ``grant_ability``)
change the figure when he gains the skill (``apply_lasting``); every other effect is run at its
trigger by ``delve.rules.skill_effects``.
"""

from __future__ import annotations

from collections.abc import Sequence

from delve.content.effects import Effect
from delve.content.schema import Skill
from delve.engine.decision import Choice, Decision
from delve.engine.game import Game
from delve.engine.state import AbilityRef, FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules.equipment import content

SKILL_DECKS = ("fighting", "subterfuge", "wizardry")
SKILL_TRADE = "skill_trade"
STAT_FIELDS = ("speed", "armor", "max_wounds", "max_fatigue")


def hero_skills(game: Game, hero_id: str) -> list[str]:
    """The skill ids a hero holds."""
    held: list[str] = game.state.flags.get("skills", {}).get(hero_id, [])
    return held


def skill(game: Game, skill_id: str) -> Skill:
    """A skill card of this game's pack."""
    return content(game).skills[skill_id]


def shuffle_decks(game: Game) -> None:
    """Each skill deck of the pack, shuffled on its own."""
    decks: dict[str, list[str]] = {}
    for deck in SKILL_DECKS:
        cards = sorted(s.id for s in content(game).skills.values() if s.deck == deck)
        decks[deck] = game.chance.shuffle(cards, f"{deck} skill deck")
    game.state.flags["skill_decks"] = decks


def gain_skill(game: Game, hero: FigureState, skill_id: str) -> None:
    """The hero holds the skill from now on; a lasting change of his own values applies at once."""
    game.state.flags.setdefault("skills", {}).setdefault(hero.id, []).append(skill_id)
    card = skill(game, skill_id)
    game.emit("skill_gained", f"{hero.name} gains the skill {card.name}.", ref="Skill Cards", hero=hero.id,
              skill=skill_id, deck=card.deck)
    _apply_lasting(game, hero, card, sign=1)
    from delve.rules.skill_effects import runs  # late: skill_effects builds on this module

    for item in card.effects:
        if not runs(card.when, item):  # a user pack may promise more than the engine does: say so
            game.emit("effect_not_implemented", f"{card.name}: the effect {item.effect} is not implemented "
                      f"for {card.when or 'an always-on skill'}.", ref="Skill Cards", skill=skill_id,
                      effect=item.effect)


def _apply_lasting(game: Game, hero: FigureState, card: Skill, sign: int) -> None:
    apply_lasting(hero, card.effects, sign, always_on=card.when is None)


def apply_lasting(hero: FigureState, effects: Sequence[Effect], sign: int = 1, *, always_on: bool = True) -> None:
    """Change the hero himself for good: his values (``modify_stat`` on ``self``, ``permanent``)
    and, for an always-on card or ability, the special abilities it grants. ``sign`` -1 undoes it
    (the starting trade-in). Pure: also used when a hero figure is made (``delve.rules.setup``)."""
    for item in effects:
        if item.effect == "grant_ability" and always_on and item.target == "self" and item.duration == "permanent":
            ref = AbilityRef(name=item.ability.name, rank=item.ability.rank or 0)
            if sign > 0:
                hero.abilities.append(ref)
            elif ref in hero.abilities:
                hero.abilities.remove(ref)
            continue
        if item.effect != "modify_stat" or item.target != "self" or item.duration != "permanent":
            continue
        amount = sign * item.amount
        if item.stat in STAT_FIELDS:
            setattr(hero, item.stat, getattr(hero, item.stat) + amount)
            if item.stat == "max_wounds":
                hero.wounds = max(1, hero.wounds + amount)
            if item.stat == "max_fatigue":
                hero.fatigue = max(0, hero.fatigue + amount)
        elif item.stat in ("melee", "ranged", "magic"):
            hero.traits[item.stat] = hero.traits.get(item.stat, 0) + amount


def lose_skill(game: Game, hero: FigureState, skill_id: str) -> None:
    """Only the starting trade-in gives a skill back (skills are never discarded in play)."""
    hero_skills(game, hero.id).remove(skill_id)
    _apply_lasting(game, hero, skill(game, skill_id), sign=-1)


def draw_skill(game: Game, deck: str) -> str | None:
    """The top card of a skill deck, or None when the deck is empty."""
    cards = game.state.flags.get("skill_decks", {}).get(deck, [])
    return cards.pop(0) if cards else None


def deal_starting_skills(game: Game, hero_order: list[str]) -> None:
    """Rulebook: 3. Deal Starting Skill Cards. Every hero draws from each deck as his sheet says."""
    shuffle_decks(game)
    pack = content(game)
    for hero_id in hero_order:
        hero = game.figure(hero_id)
        sheet = pack.heroes.get(hero.content_id)
        if sheet is None:
            continue
        for deck in SKILL_DECKS:
            for _ in range(getattr(sheet.skills, deck)):
                drawn = draw_skill(game, deck)
                if drawn is None:
                    game.emit("skill_deck_empty", f"The {deck} deck is empty: {hero.name} draws one card fewer.",
                              ref="3. Deal Starting Skill Cards", hero=hero.id, deck=deck)
                    break
                gain_skill(game, hero, drawn)


@register
class SkillTrade(StepHandler):
    """Each hero in turn may trade in one starting skill for a new card from the same deck."""

    kind = SKILL_TRADE

    def decide(self, game: Game, step: Step) -> Decision | None:
        if not step.data["heroes"]:
            return None
        hero = game.figure(step.data["heroes"][0])
        decks = game.state.flags.get("skill_decks", {})
        choices = [Choice(id=f"trade:{sid}", label=f"Trade in {skill(game, sid).name} for a new "
                          f"{skill(game, sid).deck} card", data={"skill": sid})
                   for sid in sorted(set(hero_skills(game, hero.id))) if decks.get(skill(game, sid).deck)]
        if not choices:
            return None
        choices.append(Choice(id="keep", label="Keep these skills"))
        held = ", ".join(skill(game, s).name for s in hero_skills(game, hero.id))
        return Decision(seat=hero.seat, kind="skill_trade", prompt=f"{hero.name} holds {held}: trade one in?",
                        choices=choices)

    def run(self, game: Game, step: Step) -> None:
        if not step.data["heroes"]:
            game.pop(step)
            return
        step.data["heroes"] = step.data["heroes"][1:]  # nothing to trade: this hero keeps his cards

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        hero = game.figure(step.data["heroes"][0])
        step.data["heroes"] = step.data["heroes"][1:]
        if choice.id == "keep":
            return
        old = choice.data["skill"]
        deck = skill(game, old).deck
        new = draw_skill(game, deck)
        if new is None:
            return
        lose_skill(game, hero, old)
        game.emit("skill_traded", f"{hero.name} trades in {skill(game, old).name}.",
                  ref="3. Deal Starting Skill Cards", hero=hero.id, skill=old)
        gain_skill(game, hero, new)
        decks = game.state.flags["skill_decks"]
        decks[deck] = game.chance.shuffle(sorted([*decks[deck], old]), f"{deck} skill deck")
