"""Prompts the table answers for a person: those whose answer cannot change the game.

Why on the server, as ordinary recorded choices: the answer goes through ``Game.apply`` like any
other and is stored with the game (marked as not made by the person, so undo goes back past it
to the person's own last decision), so history, replays and saves stay exact whoever answered.

What counts as boilerplate (each person may turn this off, ``Person.auto_answer``):

- a prompt with one legal choice;
- "Done equipping" when nothing in the pack can be equipped (the other choices would only put
  equipped items away, which a re-equip may still do later in the turn);
- "No more power dice" when a die bought cannot change the attack: none can be bought (the
  engine then skips the prompt, ``rules.attack``), or the roll already shows the miss face, and
  a miss stands whatever is added (Rulebook: Dice); buying would only spend fatigue (and on
  corrupted terrain feed the overlord threat) for nothing.

- an overlord's trap or event window (``delve.rules.card_triggers.window_plays``) when he could
  play nothing in it (no card for the trigger in hand, not the threat for it even after
  discarding the rest, or no legal target for it), or only cards his standing answers rule out:
  "no traps this round" (``Person.pass_traps_round``) or "ask me only for cards costing up to N"
  (``Person.ask_max_cost``);
  unless he chose to be asked at every window (``Person.ask_every_window``: then a wait tells the
  heroes nothing, and he pays for it in clicks);
- an overlord's prompt with one legal choice whose having one choice follows from what the heroes
  see too (``PUBLIC_SINGLE``): his turn's "activate a monster or end the turn" when no monster
  may activate, a monster's activation with no movement left and nothing to attack, and his card
  phases when his hand is empty (its size is public). In hot-seat these no longer pass the screen to him.

Why answering those windows hides his hand (docs/web.md, "Reaction windows"): every window
still opens on public facts and is answered by a recorded "pass", so the game, its log, its
decision numbers and every later message are the same whether he passed himself or the
server did; a hero-side message names any pending decision of his only as "the overlord decides"
(``delve.web.messages``), and the wait itself is the one signal left (docs/web.md, "Timing").

Why not the overlord's other one-choice prompts while someone else plays: their having one
choice may come from what only he knows (which glyph he lays, when the dark glyphs he bought in
secret are all laid; his card phase when he holds cards but can play none), and a prompt
answered at once -- or, in hot-seat, the screen not passed -- would tell the heroes so. Hero
prompts are built from what every player sees, so answering them at once tells nobody anything.
A person alone at the table against automated heroes (``overlord`` mode) has nobody to tell, so
all their one-choice prompts are answered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from delve.engine.decision import OVERLORD, TABLE, Decision
from delve.engine.game import Game
from delve.rules.card_triggers import window_plays
from delve.rules.movement import on_board

if TYPE_CHECKING:
    from delve.web.hub import LiveGame, Person

EQUIP_PREFIXES = ("equip:", "swap:")
MISS = "X"  # the miss face of the blue die (data/dice.yaml)
ALONE_AS_OVERLORD = ("overlord",)  # modes in which the overlord's person has no human opponent
CARD_WINDOWS = ("trap_window", "event_window")
PASS = "pass"


def boilerplate(live: LiveGame, decision: Decision) -> str | None:
    """The choice id to answer ``decision`` with for its person, or None to ask them."""
    if decision.seat == TABLE or decision.seat in live.ai:
        return None
    person = next((p for p in live.people if decision.seat in p.seats), None)
    if person is None or not person.auto_answer:
        return None
    if decision.seat == OVERLORD and decision.kind in CARD_WINDOWS:
        return window_answer(live, person, decision)
    if decision.seat == OVERLORD and live.mode not in ALONE_AS_OVERLORD:
        return public_single(live.game, decision)
    if len(decision.choices) == 1:
        return decision.choices[0].id
    if decision.kind == "equip_items" and not any(c.id.startswith(EQUIP_PREFIXES) for c in decision.choices):
        done = decision.find("end_equip")
        return done.id if done is not None else None
    if decision.kind == "attack_fatigue" and missed(live, decision):
        done = decision.find("fatigue:done")
        return done.id if done is not None else None
    return None


def _no_hidden_monster(game: Game) -> bool:
    """Every overlord figure on the board stands where the heroes see it (the choices of his
    turn list the monsters that may activate: a hidden one would make their count secret)."""
    board = game.state.board
    hidden = {a.id for a in board.areas if not a.revealed}
    return not any(all(board.area_of(cell) in hidden for cell in m.footprint.cells())
                   for m in game.state.monsters() if m.side == OVERLORD and on_board(m))


def _activation_spent(game: Game) -> bool:
    """A monster whose activation offers only "end" with no movement points left: the heroes see
    why (no hero in reach of its attack). With points left, its being boxed in may come from
    spaces of unrevealed areas next to it, which only the overlord sees."""
    step = game.state.stack[-1] if game.state.stack else None
    return (step is not None and step.kind == "monster_activation" and not step.data.get("mp")
            and _no_hidden_monster(game))


def _empty_hand(game: Game) -> bool:
    """His card phases offer only "go on" when his hand is empty; its size is public."""
    return not game.state.overlord.hand


PUBLIC_SINGLE: dict[str, Callable[[Game], bool]] = {
    "overlord_turn": _no_hidden_monster,  # monsters that may activate (public), and "end the turn"
    "monster_activation": _activation_spent,  # no movement left, and no target for its attack
    "overlord_discard": _empty_hand,
    "overlord_cards": _empty_hand,
}
"""Overlord decision kinds whose one choice, when it is the only one, the heroes could tell from
what they see: the test that says so for this moment of the game (``place_glyph`` is not here:
its one choice means his secretly bought dark glyphs are all laid)."""


def public_single(game: Game, decision: Decision) -> str | None:
    """The one choice of an overlord prompt whose having one choice is public, else None."""
    public = PUBLIC_SINGLE.get(decision.kind)
    if len(decision.choices) != 1 or public is None or not public(game):
        return None
    return decision.choices[0].id


def window_answer(live: LiveGame, person: Person, decision: Decision) -> str | None:
    """"pass" for a card window in which the overlord's person could play nothing they want to be
    asked about; None to ask them."""
    plays = window_plays(live.game)
    if plays is None or decision.find(PASS) is None:
        return None
    if decision.kind == "trap_window" and person.pass_traps_round == live.game.state.round:
        return PASS
    if person.ask_every_window:  # he asked to be made to wait at each window: a wait then tells nothing
        return None
    if person.ask_max_cost is not None:
        plays = {card: cost for card, cost in plays.items() if cost <= person.ask_max_cost}
    return None if plays else PASS


def missed(live: LiveGame, decision: Decision) -> bool:
    """True when the attack asking ``decision`` rolled the miss face (read from the attack the
    engine is resolving: its faces are public, the prompt shows them)."""
    for step in reversed(live.game.state.stack):
        if step.kind == "attack":
            return MISS in step.data.get("ctx", {}).get("faces", [])
    return False
