"""Defeated and Knocked Out (ruleset 2e), with the Errata and FAQ answers.

descent-2e excerpt a/b: "Defeated", "Knocked Out", "Errata and FAQ Version 1.0".

- A figure whose wounds reach zero (and that no ability saves) is defeated: the 1st edition's
  ``wounds.kill`` runs as usual up to the point of death, then :func:`_defeat` (a
  ``wounds.DEFEAT_RULES`` entry) replaces monster death and hero death.
- A defeated monster is removed from the map, and nothing more: no bounty, no conquest (a named
  monster's defeat still counts for the quest's goals).
- A defeated hero is knocked out: his damage and fatigue go to their maximum (wounds and fatigue
  left: 0), he stays where he fell as a hero token (listed in ``state.flags["knocked_out"]``), his
  Condition cards (the tokens of ``rules2e.yaml`` ``conditions``) and his order are discarded, the
  overlord may draw one overlord card, and his turn ends at once if it was his (FAQ).
- While knocked out he has no wounds left, so the 1st-edition engine already treats him as off
  the board: he blocks neither movement nor line of sight, no attack may target him, he receives
  no condition (``conditions.place_condition`` needs a figure on the board), he suffers no more
  damage, and his abilities (which act for figures on the board) are silent.
- On his next turn he may only stand up (``delve.rules2e.stand_up``) or stay down (FAQ): his
  whole turn is replaced (``hero_turn.TURN_REPLACEMENTS``).
- Recovering at least one damage (revived, a skill, a potion) puts his figure back at once
  (``wounds.HEAL_HOOKS``); he acts normally on his next turn. Other heroes' healing skills may
  pick him (``skill_effects.HEALABLE_RULES``).
"""

from __future__ import annotations

from delve.board.geometry import Footprint, Pos, distance
from delve.engine.decision import OVERLORD, Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules import hero_turn, skill_effects, wounds
from delve.rules.movement import on_board
from delve.rules2e import RULESET, active
from delve.rules2e.rules_data import rules

KNOCKED_OUT = "knocked_out"  # state.flags key: ids of knocked-out heroes
KNOCKED_OUT_TURN = "knocked_out_turn"
KO_DRAW = "knocked_out_draw"
REF = "Knocked Out"


def knocked_out(game: Game) -> list[str]:
    """Ids of the heroes lying knocked out."""
    return list(game.state.flags.get(KNOCKED_OUT, []))


def is_knocked_out(game: Game, figure: FigureState) -> bool:
    """True for a hero lying knocked out (a hero token on the map)."""
    return figure.id in game.state.flags.get(KNOCKED_OUT, [])


# -- Defeated -------------------------------------------------------------------------------
def _defeat(game: Game, figure: FigureState, killer: FigureState | None) -> bool:
    """``wounds.DEFEAT_RULES``: in a 2e game, heroes are knocked out and monsters removed."""
    if not active(game):
        return False
    if figure.kind == "hero":
        knock_out(game, figure)
        return True
    defeat_monster(game, figure)
    return True


def defeat_monster(game: Game, monster: FigureState) -> None:
    """descent-2e: Defeated. The monster is removed from the map and is no longer in play."""
    game.state.figures.pop(monster.id, None)
    game.emit("monster_defeated", f"{monster.name} is removed from the map.", ref="Defeated",
              figure=monster.id)
    if monster.named:
        from delve.rules.quest_goals import check_goals  # the quest may be won by this defeat

        game.state.flags.setdefault("slain_named", []).append(monster.content_id or monster.id)
        check_goals(game)


# -- Knocked Out ----------------------------------------------------------------------------
def discard_conditions(game: Game, hero: FigureState) -> list[str]:
    """Discard every Condition card (the tokens standing for them); returns what was discarded."""
    names = rules().conditions
    gone = sorted(token for token in hero.tokens if token in names and hero.tokens[token] > 0)
    for token in gone:
        hero.tokens.pop(token, None)
    if gone:
        game.emit("conditions_discarded", f"{hero.name} discards {', '.join(names[t] for t in gone)}.",
                  ref=REF, figure=hero.id, conditions=gone)
    return gone


def knock_out(game: Game, hero: FigureState) -> None:
    """descent-2e: Knocked Out. Damage and fatigue to the maximum, a hero token where he fell,
    conditions discarded, the overlord may draw a card, and his turn ends if it was his (FAQ)."""
    hero.wounds, hero.fatigue = 0, 0
    hero.order = None
    listed = game.state.flags.setdefault(KNOCKED_OUT, [])
    if hero.id not in listed:
        listed.append(hero.id)
    game.emit("hero_knocked_out", f"{hero.name} is knocked out; a hero token marks where he fell.", ref=REF,
              hero=hero.id, x=hero.pos[0], y=hero.pos[1])
    discard_conditions(game, hero)
    for step in game.state.stack:
        if step.kind == "hero_turn" and step.data.get("hero") == hero.id:
            step.data["phase"] = "done"  # FAQ: defeated during his own turn, the turn ends at once
    draws = rules().overlord_deck.draw_when_hero_knocked_out
    overlord = game.state.overlord
    if draws and (overlord.deck or overlord.discard):
        game.push(KO_DRAW, hero=hero.id, draws=draws)


@register
class KnockedOutDraw(StepHandler):
    """The overlord may draw one overlord card when a hero is knocked out ("may": his choice)."""

    kind = KO_DRAW

    def decide(self, game: Game, step: Step) -> Decision | None:
        overlord = game.state.overlord
        if game.state.winner is not None or not (overlord.deck or overlord.discard):
            return None
        hero = game.figure(step.data["hero"])
        return Decision(seat=OVERLORD, kind="knocked_out_draw",
                        prompt=f"{hero.name} is knocked out: draw an overlord card?",
                        choices=[Choice(id="draw", label="Draw one overlord card"),
                                 Choice(id="no_draw", label="Do not draw")])

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        game.pop(step)
        if choice.id == "draw":
            from delve.rules2e.overlord_deck import draw_card

            for _ in range(step.data["draws"]):
                draw_card(game)


# -- his next turn: stand up or stay down -----------------------------------------------------
def _replace_turn(game: Game, hero: FigureState) -> str | None:
    """``hero_turn.TURN_REPLACEMENTS``: a knocked-out hero's turn offers only the stand-up action."""
    if active(game) and is_knocked_out(game, hero):
        return KNOCKED_OUT_TURN
    return None


@register
class KnockedOutTurn(StepHandler):
    """descent-2e: Knocked Out; FAQ. His only action may be to stand up; he may also take none."""

    kind = KNOCKED_OUT_TURN

    def decide(self, game: Game, step: Step) -> Decision | None:
        hero = game.figure(step.data["hero"])
        if not is_knocked_out(game, hero) or step.data.get("done"):
            return None
        return Decision(seat=hero.seat, kind="knocked_out_turn",
                        prompt=f"{hero.name} is knocked out: stand up, or stay down and end the turn",
                        choices=[Choice(id="stand_up", label=f"{hero.name} stands up (the turn then ends)"),
                                 Choice(id="stay_down", label=f"{hero.name} stays knocked out (no action)")])

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        hero = game.figure(step.data["hero"])
        step.data["done"] = True
        if choice.id == "stand_up":
            from delve.rules2e.stand_up import start_stand_up

            start_stand_up(game, hero)
        else:
            game.emit("stays_knocked_out", f"{hero.name} stays knocked out.", ref="Errata and FAQ Version 1.0",
                      hero=hero.id)


# -- back on his feet -----------------------------------------------------------------------------
def empty_space_near(game: Game, hero: FigureState) -> Pos:
    """Where the figure comes back: its own space if empty, else the nearest empty space (our
    reading: counted as for range, ties to the top-most then left-most space)."""
    taken = {cell for other in game.state.figures.values() if other.id != hero.id and on_board(other)
             for cell in other.footprint.cells()}
    here = hero.pos

    def free(pos: Pos) -> bool:
        return game.board.is_space(pos) and not game.board.blocks_movement_at(pos) and pos not in taken

    if free(here):
        return here
    candidates = [pos for pos in game.board.spaces() if free(pos)]
    if not candidates:
        return here
    return min(candidates, key=lambda pos: (distance(here, pos), pos[1], pos[0]))


def stand_figure_up(game: Game, hero: FigureState, *, why: str) -> None:
    """Replace the hero token with the figure (it has recovered damage already)."""
    listed = game.state.flags.get(KNOCKED_OUT, [])
    if hero.id in listed:
        listed.remove(hero.id)
    pos = empty_space_near(game, hero)
    if pos != hero.pos:
        hero.footprint = Footprint(x=pos[0], y=pos[1], w=hero.footprint.w, h=hero.footprint.h)
    game.emit("hero_stood_up", f"{hero.name} is back on his feet at ({pos[0]},{pos[1]}) ({why}).", ref=REF,
              hero=hero.id, x=pos[0], y=pos[1], why=why)


def _healed(game: Game, figure: FigureState, amount: int) -> None:
    """``wounds.HEAL_HOOKS``: a knocked-out hero who recovers damage replaces his token at once."""
    if amount > 0 and active(game) and is_knocked_out(game, figure):
        stand_figure_up(game, figure, why="recovered damage")


def _healable(game: Game, figure: FigureState) -> bool:
    """``skill_effects.HEALABLE_RULES``: another hero's healing skill may pick a knocked-out hero."""
    return active(game) and is_knocked_out(game, figure)


wounds.DEFEAT_RULES.append(_defeat)
wounds.DEFEAT_WORDS[RULESET] = ("{name} is defeated.", "Defeated")  # not "killed": a hero is knocked out
skill_effects.HEALABLE_RULES.append(_healable)
wounds.HEAL_HOOKS.append(_healed)
hero_turn.TURN_REPLACEMENTS.append(_replace_turn)
