"""The solo overlord procedure's rule steps: interrupts, the order roll, end of round, Raise Dead.

Not a Descent rule: a "dice roller" solo variant written for another dungeon game, mapped onto
Descent 1st edition (docs/solo-overlord.md has every mapping decision). It changes the turn
flow, so it is rules, not a player: every die it rolls is a chance node (a ``solo_roll`` step,
asked of the ``table`` seat with physical dice), and the overlord seat's player only answers the
decisions these steps raise. Everything here is inert unless ``game.state.flags["solo"]`` is set
(``GameSetup(solo=True)``).

Flags (``state.flags["solo"]``, a dict; a quest game copies its ``solo`` settings here):

- ``easy``: interrupts trigger on a 1 only (normally on a 1 or 2);
- ``quest_orders``: the scenario's orders added to each overlord turn (default 0);
- ``command_deck`` / ``raise_dead_cards``: the Command deck's size and how many of its cards are
  Raise Dead cards (defaults: the quest format's, 20 and 0);
- ``deck_loss``: the heroes lose at the end of a round with the Command deck empty (default: on,
  as the variant has it; off, the deck simply runs out);
- ``rises``: monster kinds, beside the undead, that may rise from a bone pile;
- written by these rules: ``command`` (the Command deck left: ``orders`` and ``raise_dead``
  card counts), ``command_discard`` (cards discarded), ``set_aside`` (Raise Dead cards set
  aside), ``orders`` / ``orders_roll`` (this overlord turn), ``last_hero``, ``setup_done``.

The Command deck is the variant's clock, not the Descent overlord deck: the solo overlord's
orders come from its dice, and the Descent deck keeps its own rules (docs/rulings.md, "The solo
overlord variant").
"""

from __future__ import annotations

from typing import Any

from delve.board.geometry import Footprint, Pos
from delve.board.movement import walk_distances
from delve.content.quest import DEFAULT_COMMAND_DECK
from delve.engine.decision import OVERLORD, TABLE, Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.engine.wording import a_or_an
from delve.rules import hero_turn, overlord_turn
from delve.rules.equipment import content
from delve.rules.movement import on_board
from delve.rules.round import heroes_yet_to_act
from delve.rules.setup import monster_figure, players_in_game
from delve.rules.spawning import figures_left

D6 = "d6"
D6_FACES = ("1", "2", "3", "4", "5", "6")
REF = "Solo variant (docs/solo-overlord.md)"
UNREACHABLE = 1 << 20  # the walking distance of a space no path reaches


def solo_flags(game: Game) -> dict[str, Any] | None:
    """The solo settings of this game, or None when it is not a solo game."""
    flags = game.state.flags.get("solo")
    return flags if isinstance(flags, dict) else ({} if flags else None)


def _flags(game: Game) -> dict[str, Any]:
    flags = game.state.flags.get("solo")
    if not isinstance(flags, dict):
        flags = {}
        game.state.flags["solo"] = flags
    return flags


def interrupt_threshold(game: Game) -> int:
    """An interrupt triggers on this roll or lower: 2, or 1 in easy mode."""
    return 1 if _flags(game).get("easy") else 2


def orders_for_roll(value: int, quest_orders: int = 0) -> int:
    """Orders of an overlord turn: 1-4 give one, 5 two, 6 three, plus the quest's orders."""
    return (3 if value == 6 else 2 if value == 5 else 1) + quest_orders


def figure_distance(a: FigureState, b: FigureState) -> int:
    """Range between two figures: the fewest king moves between any of their spaces."""
    return min(max(abs(p[0] - q[0]), abs(p[1] - q[1])) for p in a.footprint.cells() for q in b.footprint.cells())


def walk_distance(game: Game, hero: FigureState, fp: Footprint) -> int:
    """How far a figure would walk from ``hero`` to ``fp``: the movement cost over the board
    (walls, closed doors and terrain counted, figures ignored). The variant's "closest" is this,
    not a line through a wall (docs/solo-overlord.md, Geometry)."""
    field = walk_distances(game.board, hero.pos)
    return min((field.get(c, UNREACHABLE) for c in fp.cells()), default=UNREACHABLE)


def revealed_this_round(game: Game) -> set[str]:
    """Monsters placed by revealing an area since the current round began (Rulebook: Revealing
    New Areas: they do not activate before the overlord's next turn, so no interrupt wakes them)."""
    found: set[str] = set()
    for event in reversed(game.state.log):
        if event.kind == "round_started":
            break
        if event.kind == "monster_placed":
            found.add(str(event.data.get("figure", "")))
    return found


def closest_monsters(game: Game, hero_id: str) -> list[FigureState]:
    """The overlord's monsters able to activate that are nearest to ``hero_id`` by walking
    distance, range breaking ties (all of them still tied). Monsters revealed this round may not
    activate, so they are never among them."""
    waiting = revealed_this_round(game)
    monsters = [m for m in game.state.monsters() if on_board(m) and m.side == "overlord" and m.id not in waiting]
    hero = game.state.figures.get(hero_id)
    anchors = [hero] if hero is not None and on_board(hero) else [h for h in game.state.heroes() if on_board(h)]
    if not monsters or not anchors:
        return monsters
    dist = {m.id: min((walk_distance(game, h, m.footprint), figure_distance(m, h)) for h in anchors)
            for m in monsters}
    best = min(dist.values())
    return [m for m in monsters if dist[m.id] == best]


def in_revealed_area(game: Game, pos: Pos) -> bool:
    """Whether a space lies in a revealed area (or in none)."""
    area = game.board.area_of(pos)
    return area is None or game.board.area(area).revealed


# -- the d6 roll step -------------------------------------------------------------------------
def request_d6(game: Game, requester: Step, count: int, key: str, reason: str) -> None:
    """Push a roll of ``count`` six-sided dice; the values land in ``requester.data[key]``."""
    index = next(i for i, s in enumerate(game.state.stack) if s is requester)
    game.push("solo_roll", count=count, faces=[], target=index, key=key, reason=reason)


@register
class SoloRoll(StepHandler):
    """Roll (or ask the table for) six-sided dice: the variant's dice are ordinary d6s."""

    kind = "solo_roll"

    def decide(self, game: Game, step: Step) -> Decision | None:
        if not game.chance.manual:
            return None
        done = len(step.data["faces"])
        return Decision(seat=TABLE, kind="enter_die",
                        prompt=f"{step.data['reason']}: which number did the six-sided die show "
                               f"({done + 1} of {step.data['count']})?",
                        choices=[Choice(id=f"face:{face}", label=face) for face in D6_FACES])

    def run(self, game: Game, step: Step) -> None:
        chance = game.chance
        while len(step.data["faces"]) < step.data["count"]:
            step.data["faces"].append(D6_FACES[chance.roll(D6, D6_FACES)])
        self._finish(game, step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        step.data["faces"].append(choice.id.removeprefix("face:"))
        if len(step.data["faces"]) == step.data["count"]:
            self._finish(game, step)

    @staticmethod
    def _finish(game: Game, step: Step) -> None:
        values = [int(face) for face in step.data["faces"]]
        game.emit("dice_rolled", f"{step.data['reason']}: rolled {', '.join(map(str, values))}.", ref=REF,
                  dice=[D6] * len(values), faces=list(step.data["faces"]))
        game.state.stack[step.data["target"]].data[step.data["key"]] = values
        game.pop(step)


# -- the Command deck: setup and draws ------------------------------------------------------
RAISE_DEAD_CARD = "raise-dead"
ORDER_CARD = "order"
SETUP_DRAWS = 3


def draw_command_card(game: Game) -> str | None:
    """Draw one card of the Command deck: ``raise-dead`` or ``order``, or None when it is empty.
    The deck holds only two kinds of card, so a draw is a chance pick only when both are left."""
    deck = _flags(game)["command"]
    total = deck["orders"] + deck["raise_dead"]
    if total == 0:
        return None
    if deck["orders"] and deck["raise_dead"]:
        cards = [RAISE_DEAD_CARD] * deck["raise_dead"] + [ORDER_CARD] * deck["orders"]
        raise_dead = game.chance.pick(total, "command draw", cards) < deck["raise_dead"]
    else:
        raise_dead = deck["raise_dead"] > 0
    drawn = RAISE_DEAD_CARD if raise_dead else ORDER_CARD
    deck["raise_dead" if raise_dead else "orders"] -= 1
    return drawn


def _keep_or_discard(game: Game, drawn: str) -> str:
    """A drawn Raise Dead card is set aside, any other card discarded; says which."""
    flags = _flags(game)
    if drawn == RAISE_DEAD_CARD:
        flags["set_aside"] = int(flags.get("set_aside", 0)) + 1
        return "is set aside"
    flags["command_discard"] = int(flags.get("command_discard", 0)) + 1
    return "is discarded"


def command_cards_left(game: Game) -> int:
    """Cards left in the Command deck (the rounds left on the clock)."""
    deck = _flags(game).get("command") or {}
    return int(deck.get("orders", 0)) + int(deck.get("raise_dead", 0))


def solo_setup(game: Game) -> None:
    """Setup, run once before the first solo step: the Command deck is made as the scenario says
    and three cards are drawn; Raise Dead cards among them are set aside, the rest discarded
    (docs/solo-overlord.md, Setup). The Descent overlord's own hand is untouched."""
    flags = _flags(game)
    if flags.get("setup_done"):
        return
    flags["setup_done"] = True
    size = int(flags.get("command_deck", DEFAULT_COMMAND_DECK))
    raise_dead = min(size, int(flags.get("raise_dead_cards", 0)))
    flags["command"] = {"orders": size - raise_dead, "raise_dead": raise_dead}
    flags.setdefault("set_aside", 0)
    drawn = [card for card in (draw_command_card(game) for _ in range(SETUP_DRAWS)) if card is not None]
    aside = sum(1 for card in drawn if _keep_or_discard(game, card) == "is set aside")
    game.emit("solo_setup", f"The Command deck has {size} cards; {len(drawn)} are drawn at setup and "
              f"{aside} Raise Dead card(s) set aside. {command_cards_left(game)} cards are left.", ref=REF,
              deck=size, drawn=len(drawn), set_aside=aside, left=command_cards_left(game))


# -- interrupts between hero turns ------------------------------------------------------------
def _after_hero_turn(game: Game, hero: FigureState) -> None:
    if solo_flags(game) is None or game.state.winner is not None:
        return
    solo_setup(game)
    _flags(game)["last_hero"] = hero.id
    turns = next((s for s in reversed(game.state.stack) if s.kind == "hero_turns"), None)
    if turns is None or not heroes_yet_to_act(game, turns):
        return  # interrupts come between two heroes' turns only
    game.push("solo_interrupt", hero=hero.id, phase="roll")


@register
class SoloInterrupt(StepHandler):
    """Between two hero turns a d6 is rolled: on 1-2 (easy: 1) the monster closest to the hero
    who just acted activates; when no monster can, Raise Dead is cast on a bone pile."""

    kind = "solo_interrupt"

    def decide(self, game: Game, step: Step) -> Decision | None:
        if step.data["phase"] != "choose":
            return None
        closest = closest_monsters(game, step.data["hero"])
        if not closest:
            return None
        choices = [Choice(id=f"activate:{m.id}", label=f"Interrupt: activate {m.name} at ({m.pos[0]},{m.pos[1]})",
                          data={"figure": m.id}) for m in closest]
        return Decision(seat=OVERLORD, kind="solo_interrupt", prompt="Interrupt: activate the closest monster",
                        choices=choices)

    def run(self, game: Game, step: Step) -> None:
        phase = step.data["phase"]
        if phase == "roll":
            step.data["phase"] = "rolled"
            request_d6(game, step, 1, "roll", "Solo interrupt roll")
            return
        if phase == "rolled":
            value = step.data["roll"][0]
            triggered = value <= interrupt_threshold(game)
            outcome = "an interrupt" if triggered else "no interrupt"
            game.emit("solo_interrupt_roll", f"Interrupt roll {value}: {outcome}.", ref=REF, roll=value,
                      triggered=triggered)
            if triggered:
                step.data["phase"] = "choose"
                return
        elif phase == "choose":
            # no monster can activate: Raise Dead instead
            game.pop(step)
            start_raise_dead(game, step.data["hero"], "interrupt")
            return
        game.pop(step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        monster = game.figure(choice.data["figure"])
        game.pop(step)
        game.emit("monster_activated", f"{monster.name} activates (interrupt).", ref=REF, figure=monster.id,
                  interrupt=True)
        overlord_turn.start_activation(game, monster)


# -- the overlord's turn: the number of orders ------------------------------------------------
def _overlord_turn_start(game: Game, turn: Step) -> None:
    if solo_flags(game) is None or game.state.winner is not None:
        return
    solo_setup(game)
    game.push("solo_orders", phase="roll")


@register
class SoloOrders(StepHandler):
    """At the start of the overlord's turn a d6 sets how many orders (activations or Raise Dead
    casts) the solo overlord gives: 1-4 one, 5 two, 6 three, plus the quest's orders."""

    kind = "solo_orders"

    def run(self, game: Game, step: Step) -> None:
        if step.data["phase"] == "roll":
            step.data["phase"] = "rolled"
            request_d6(game, step, 1, "roll", "Solo orders roll")
            return
        flags = _flags(game)
        value = step.data["roll"][0]
        orders = orders_for_roll(value, int(flags.get("quest_orders", 0)))
        flags.update(orders=orders, orders_roll=value, round=game.state.round)
        game.emit("solo_orders", f"The solo overlord gives {orders} order(s) this turn (rolled {value}).", ref=REF,
                  roll=value, orders=orders)
        game.pop(step)


# -- Raise Dead -----------------------------------------------------------------------------
def _raise_types(game: Game, marker_data: dict[str, Any]) -> list[str]:
    """Monster kinds a bone pile may raise: the pile's own ``monsters`` list when the quest map
    names one; otherwise the pack's undead kinds (named monsters excepted) and the kinds the
    quest names (``solo.rises``). A living kind never climbs out of a bone pile."""
    pack = content(game)
    listed = marker_data.get("monsters")
    if isinstance(listed, list):
        kinds = [str(k) for k in listed]
    else:
        named = {str(k) for k in _flags(game).get("rises", [])}
        kinds = sorted({k for k, m in pack.monsters.items() if m.undead and not m.named} | named)
    return [k for k in kinds if k in pack.monsters]


def _fits(game: Game, fp: Footprint, occupied: set[Pos]) -> bool:
    board = game.board
    return all(board.is_space(c) and c not in occupied and not board.blocks_movement_at(c) for c in fp.cells())


def raisable(game: Game, marker_id: str) -> list[str]:
    """Monster kinds that could replace this bone pile now (a figure left and room to stand)."""
    marker = game.board.marker(marker_id)
    occupied = {c for f in game.state.figures.values() if on_board(f) for c in f.footprint.cells()}
    pack = content(game)
    found = []
    for kind in _raise_types(game, marker.data):
        size = pack.monsters[kind].size
        if figures_left(game, kind, False) > 0 and _fits(game, Footprint(x=marker.pos[0], y=marker.pos[1],
                                                                          w=size.w, h=size.h), occupied):
            found.append(kind)
    return found


def bone_piles(game: Game) -> list[str]:
    """Bone piles that Raise Dead could use now: in a revealed area (a pile the heroes have not
    found is not on the table yet), with a kind that can rise and room for it."""
    return [m.id for m in game.board.markers
            if m.kind == "bone_pile" and in_revealed_area(game, m.pos) and raisable(game, m.id)]


def start_raise_dead(game: Game, hero_id: str, why: str) -> bool:
    """Push a Raise Dead cast (the overlord picks the bone pile); False when no pile can be used."""
    if not bone_piles(game):
        game.emit("solo_raise_dead_none", "Raise Dead: no bone pile can be used.", ref=REF, why=why)
        return False
    game.push("solo_raise_dead", hero=hero_id, why=why, phase="choose")
    return True


@register
class SoloRaiseDead(StepHandler):
    """Raise Dead: a bone pile is replaced by a monster. When several kinds could rise, a d6 is
    rolled for each and the figures of that kind still in the box are added; the highest rises."""

    kind = "solo_raise_dead"

    def decide(self, game: Game, step: Step) -> Decision | None:
        if step.data["phase"] != "choose":
            return None
        piles = bone_piles(game)
        if not piles:
            return None
        choices = []
        for marker_id in piles:
            x, y = game.board.marker(marker_id).pos
            choices.append(Choice(id=f"raise:{marker_id}", label=f"Raise Dead on the bone pile at ({x},{y})",
                                  data={"marker": marker_id, "x": x, "y": y}))
        return Decision(seat=OVERLORD, kind="solo_raise_dead", prompt="Raise Dead: choose a bone pile",
                        choices=choices)

    def run(self, game: Game, step: Step) -> None:
        phase = step.data["phase"]
        if phase == "rolled":
            kinds = step.data["kinds"]
            scores = [roll + figures_left(game, kind, False) for roll, kind in zip(step.data["rolls"], kinds,
                                                                                     strict=True)]
            self._raise(game, step, kinds[scores.index(max(scores))])
            return
        game.pop(step)  # no pile left to choose

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        marker_id = choice.data["marker"]
        kinds = raisable(game, marker_id)
        step.data.update(marker=marker_id, kinds=kinds)
        if len(kinds) == 1:
            self._raise(game, step, kinds[0])
            return
        step.data["phase"] = "rolled"
        request_d6(game, step, len(kinds), "rolls", "Raise Dead: which kind rises")

    @staticmethod
    def _raise(game: Game, step: Step, kind: str) -> None:
        marker = game.board.remove_marker(step.data["marker"])
        size = content(game).monsters[kind].size
        fp = Footprint(x=marker.pos[0], y=marker.pos[1], w=size.w, h=size.h)
        figure = monster_figure(content(game).monsters[kind], game.state.new_id("m"), fp, master=False,
                                players=players_in_game(game.state))
        game.state.figures[figure.id] = figure
        game.emit("monster_raised", f"Raise Dead: a {figure.name} rises from the bone pile at ({fp.x},{fp.y}).",
                  ref=REF, figure=figure.id, monster=kind, x=fp.x, y=fp.y)
        game.pop(step)


def _raise_dead_order(game: Game, turn: Step) -> list[Choice]:
    if solo_flags(game) is None or not bone_piles(game):
        return []
    return [Choice(id="raise_dead", label="Order: cast Raise Dead on a bone pile")]


def _apply_raise_dead_order(game: Game, turn: Step, choice: Choice) -> bool:
    if choice.id != "raise_dead":
        return False
    turn.data["raised"] = turn.data.get("raised", 0) + 1
    start_raise_dead(game, str(_flags(game).get("last_hero", "")), "order")
    return True


# -- end of round ---------------------------------------------------------------------------
def _overlord_turn_end(game: Game, turn: Step) -> None:
    if solo_flags(game) is None or game.state.winner is not None:
        return
    game.push("solo_end_of_round", phase="raise")


@register
class SoloEndOfRound(StepHandler):
    """End of round: play a set-aside Raise Dead card, then the Command deck is the clock: with
    it empty the heroes lose (``deck_loss``, on by default as in the variant); otherwise one card
    is drawn, a Raise Dead card set aside and any other discarded."""

    kind = "solo_end_of_round"

    def run(self, game: Game, step: Step) -> None:
        flags = _flags(game)
        if step.data["phase"] == "raise":
            step.data["phase"] = "draw"
            if int(flags.get("set_aside", 0)) > 0:
                flags["set_aside"] = int(flags["set_aside"]) - 1
                flags["command_discard"] = int(flags.get("command_discard", 0)) + 1
                game.emit("solo_raise_dead_card", "The solo overlord plays a set-aside Raise Dead card.", ref=REF,
                          card=RAISE_DEAD_CARD)
                start_raise_dead(game, str(flags.get("last_hero", "")), "card")
            return
        game.pop(step)
        if command_cards_left(game) == 0:
            if flags.get("deck_loss", True):
                game.state.winner = "overlord"
                game.emit("game_over", "The Command deck is empty at the end of the round: the heroes lose.",
                          ref=REF, winner="overlord", goal={"command_deck_empty": True})
            return
        drawn = draw_command_card(game)
        if drawn is None:
            return
        where = _keep_or_discard(game, drawn)
        game.emit("solo_timer_card", f"End of round: the solo overlord draws {a_or_an(drawn)} card, which {where}; "
                  f"{command_cards_left(game)} left in the Command deck.", ref=REF, card=drawn,
                  left=command_cards_left(game))


hero_turn.TURN_END_HOOKS.append(_after_hero_turn)
overlord_turn.TURN_START_HOOKS.append(_overlord_turn_start)
overlord_turn.TURN_END_HOOKS.append(_overlord_turn_end)
overlord_turn.TURN_CHOICE_PROVIDERS.append((_raise_dead_order, _apply_raise_dead_order))
