"""Ruleset 2e: familiars (descent-2e excerpt A, Familiars; Familiars Treated as Figures).

The 1st-edition familiar rules (``delve.rules.familiars``: records in ``flags["familiars"]``,
granting, Aura, spotting, attacks) stay; what the 2nd edition changes:

- **When it acts.** Once in its owner's turn, before or after all his actions, never in the
  middle of one. At the start of the owner's turn (after upkeep, before he picks his action) a
  ``familiar_first`` decision offers each familiar that can move: activate it now, or later.
  "Later" is the 1st-edition moment, once his turn is over. A familiar activated first does
  not activate again that turn.
- **How it moves.** Like a hero: it may not pass an enemy (the 1st edition lets familiars
  pass them), though it may end its move on any figure, an enemy's space included, and figures
  may end on it. Every special terrain other than an
  obstacle counts as water for it: our reading of 2e water is two movement points to enter and
  nothing else (``data/familiars-2e.yaml``). Flying familiars keep Fly.
- **Familiars treated as figures** (``figure: true`` in the pack): the familiar is also a
  figure on the heroes' side, kind ``monster`` (the engine's kind for a non-hero figure a
  hero controls), with its ``health`` and ``defense_dice``. As a figure it blocks line of
  sight and enemy movement, lets heroes pass, can be attacked, suffers terrain when it moves
  (it moves as a figure) and takes condition tokens; it has no attributes, so it fails every
  attribute test (``delve.rules2e.attributes``); when defeated it is removed from the map and
  does not come back in that encounter. Overlord cards that target a hero may target it
  (``overlord_cards.HERO_LIKE_RULES``): an ``each_hero`` effect affects it, and its step into a
  space springs a "hero moves into a space" trap on it.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any

import yaml

from delve.board.geometry import Footprint, Pos
from delve.engine.decision import Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register_in
from delve.rules import familiars as fam1e
from delve.rules.hero_turn import TURN_START_HOOKS
from delve.rules.movement import enemy_spaces, move_choices, on_board, start_move
from delve.rules.overlord_cards import HERO_LIKE_RULES
from delve.rules.wounds import KILL_HOOKS
from delve.rules2e import active

REF = "Familiars"
FIRST = "familiar_first"


@cache
def movement_data() -> dict[str, Any]:
    """The familiar movement reading (``data/familiars-2e.yaml``)."""
    data: dict[str, Any] = yaml.safe_load((files("delve") / "data" / "familiars-2e.yaml").read_text())
    return data


def activation_mark(game: Game) -> str:
    """Names the current owner turn: the encounter and round (each hero has one turn a round)."""
    number = game.state.flags.get("encounters", {}).get("number", 1)
    return f"{number}:{game.state.round}"


# -- moving like a hero, special terrain as water ---------------------------------------------
def entry_cost(game: Game, pos: Pos) -> int | None:
    """What entering ``pos`` costs a walking familiar, or None for an obstacle."""
    data = movement_data()
    terrain = game.board.terrain_at(pos)
    if terrain.id in data["plain"]:
        return int(terrain.move_cost)
    if terrain.blocks_movement and terrain.id not in data["entered_as_water"]:
        return None
    return int(data["water_cost"])


def destinations(game: Game, rec: dict[str, Any], budget: int) -> dict[Pos, int]:
    """Spaces a (token) familiar may end on with ``budget`` points, and their cost."""
    start = fam1e.position(rec)
    owner = fam1e.owner_of(game, rec)
    if start is None or owner is None or budget <= 0:
        return {}
    fam = fam1e.definition(game, rec)
    fly = any(a.name == "Fly" for a in fam.abilities)
    enemies = enemy_spaces(game, owner)
    # Every neighbour is looked at as a flier would (entry_cost turns obstacles away for walkers);
    # it may end on an enemy but not pass one.
    best = fam1e.cheapest_spaces(game, start, budget, fly=True,
                                 price=lambda _src, dst, fly_cost: fly_cost if fly else entry_cost(game, dst),
                                 onward=lambda pos: fly or pos not in enemies)
    return {p: c for p, c in best.items() if p != start and _may_end(game, p, fly)}


def _may_end(game: Game, pos: Pos, fly: bool) -> bool:
    terrain = game.board.terrain_at(pos)
    if terrain.blocks_movement and (fly or terrain.id not in movement_data()["entered_as_water"]):
        return False
    return fam1e._revealed(game, pos)


# -- familiars that are figures ---------------------------------------------------------------
def figure_of(game: Game, rec: dict[str, Any]) -> FigureState | None:
    """The figure of a familiar treated as a figure (None for a token familiar)."""
    figure = game.state.figures.get(rec["id"])
    return figure if figure is not None and figure.content_id == rec["kind"] else None


def _make_figures(game: Game, hero: FigureState) -> None:
    """Give each newly placed figure-familiar of ``hero`` its figure (once per encounter)."""
    for rec, fam, pos in fam1e.on_the_board(game):
        if rec["owner"] != hero.id or not fam.figure or rec.get("figure_made"):
            continue
        health = fam.health or 1
        attack = fam.attack
        figure = FigureState(
            id=rec["id"], kind="monster", side=hero.side, name=fam.name, content_id=fam.id, seat=hero.seat,
            footprint=Footprint.single(pos), speed=fam.speed, max_wounds=health, wounds=health,
            dice=list(attack.dice) if attack else [], attack_type=attack.attack_type if attack else "melee")
        if "defense_dice" in FigureState.__dataclass_fields__:  # the 2e defense rules read them from the figure
            setattr(figure, "defense_dice", list(fam.defense_dice))  # noqa: B010
        game.state.figures[rec["id"]] = figure
        rec["figure_made"] = True
        game.emit("familiar_figure", f"{fam.name} stands beside {hero.name} as a figure.",
                  ref="Familiars Treated as Figures",
                  familiar=rec["id"], owner=hero.id)


def _familiar_defeated(game: Game, figure: FigureState, _killer: FigureState | None, _overkill: int) -> None:
    """Excerpt A, Familiars Treated as Figures: a defeated familiar is removed from the map."""
    if not active(game):
        return
    rec = fam1e.record(game, figure.id)
    if rec is None or rec["kind"] != figure.content_id:
        return
    game.state.figures.pop(figure.id, None)
    rec["x"] = rec["y"] = None  # its record stays, so granting does not bring it back
    game.emit("familiar_removed", f"{figure.name} is defeated and removed from the map.",
              ref="Familiars Treated as Figures", familiar=rec["id"])


KILL_HOOKS.append(_familiar_defeated)


def figures_on_the_board(game: Game) -> list[FigureState]:
    """Every familiar figure on the map, in the order the familiars were granted."""
    found = []
    for rec in game.state.flags.get("familiars", []):
        figure = figure_of(game, rec)
        if figure is not None and on_board(figure):
            found.append(figure)
    return found


def _targeted_as_heroes(game: Game) -> list[FigureState]:
    """``overlord_cards.HERO_LIKE_RULES``: overlord cards that target a hero may target a
    familiar figure (an ``each_hero`` effect affects it; moving into a space springs hero traps)."""
    return figures_on_the_board(game) if active(game) else []


HERO_LIKE_RULES.append(_targeted_as_heroes)


# -- when it acts -----------------------------------------------------------------------------
def _movers(game: Game, hero: FigureState) -> list[dict[str, Any]]:
    return [rec for rec, fam, _ in fam1e.on_the_board(game) if rec["owner"] == hero.id and fam.speed > 0]


def _offer_first(game: Game, hero: FigureState) -> None:
    """At the start of the owner's turn: activate a familiar now, or after his actions."""
    if not active(game) or not on_board(hero):
        return
    _make_figures(game, hero)
    if _movers(game, hero):
        game.push(FIRST, hero=hero.id)


TURN_START_HOOKS.append(_offer_first)


@register_in("2e")
class FamiliarFirst(StepHandler):
    """Excerpt A, Familiars: the owner picks whether a familiar acts before his actions."""

    kind = FIRST

    def decide(self, game: Game, step: Step) -> Decision | None:
        hero = game.state.figures.get(step.data["hero"])
        if hero is None or not on_board(hero):
            return None
        mark = activation_mark(game)
        waiting = [rec for rec in _movers(game, hero) if rec.get("activated") != mark]
        if not waiting:
            return None
        choices = [Choice(id=f"familiar:first:{rec['id']}",
                          label=f"Activate {fam1e.definition(game, rec).name} now, before {hero.name}'s actions",
                          data={"familiar": rec["id"]}) for rec in waiting]
        choices.append(Choice(id="familiar:later", label=f"Act with {hero.name} first"))
        return Decision(seat=hero.seat, kind=FIRST, prompt=f"{hero.name}: activate a familiar first?", choices=choices)

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        if choice.id == "familiar:later":
            game.pop(step)
            return
        rec = fam1e.record(game, choice.data["familiar"])
        if rec is None:
            return
        # The step stays: after this familiar, another may be activated first too.
        game.push(fam1e.FAMILIAR_TURN, familiar=rec["id"], mp=fam1e.definition(game, rec).speed, attacked=False,
                  first=True)


@register_in("2e")
class FamiliarTurn2e(fam1e.FamiliarTurn):
    """A familiar's activation in a 2e game: once a turn, moving like a hero (module docstring)."""

    kind = fam1e.FAMILIAR_TURN

    def _choices(self, game: Game, step: Step, rec: dict[str, Any]) -> list[Choice]:
        choices = [c for c in super()._choices(game, step, rec) if not c.id.startswith("familiar:move:")]
        figure = figure_of(game, rec)
        if figure is not None:
            moves = [Choice(id=f"familiar:{c.id}", label=c.label, data=c.data)
                     for c in move_choices(game, figure, step.data["mp"])]
        else:
            name = fam1e.definition(game, rec).name
            moves = [Choice(id=f"familiar:move:{x},{y}", label=f"Move {name} to ({x},{y}) for {cost}",
                            data={"x": x, "y": y, "cost": cost})
                     for (x, y), cost in sorted(destinations(game, rec, step.data["mp"]).items(),
                                                key=lambda i: (i[1], i[0][1], i[0][0]))]
        return moves + choices

    def decide(self, game: Game, step: Step) -> Decision | None:
        rec = fam1e.record(game, step.data["familiar"])
        if rec is None:
            return None
        figure = figure_of(game, rec)
        if figure is not None:
            rec["x"], rec["y"] = figure.pos  # it may have been moved as a figure
        mark = activation_mark(game)
        if not step.data.get("started"):
            if rec.get("activated") == mark:
                step.data["done"] = True  # it was activated first this turn
                return None
            step.data["started"] = True
            rec["activated"] = mark
        return super().decide(game, step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        rec = fam1e.record(game, step.data["familiar"])
        figure = figure_of(game, rec) if rec is not None else None
        if figure is not None and choice.id.startswith("familiar:move:"):
            plain = Choice(id=choice.id.removeprefix("familiar:"), label=choice.label, data=choice.data)
            step.data["moved"] = True
            start_move(game, figure, plain, step)
            return
        super().choose(game, step, choice)
