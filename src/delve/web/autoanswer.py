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
  discarding the rest, or no legal target for it), or only cards his standing answers rule out: "no traps this round"
  (``Person.pass_traps_round``) or "ask me only for cards costing up to N" (``Person.ask_max_cost``).

Why answering those windows hides his hand (docs/web.md, "Reaction windows"): every window
still opens on public facts and is answered by a recorded "pass", so the game, its log, its
decision numbers and every later message are the same whether he passed himself or the
server did; the heroes' pages are never shown that a window is waiting (``delve.web.messages``).

Why never the overlord's other prompts while someone else plays: whether the overlord has a card to
play decides how many choices his windows offer, and a window answered at once would tell the
heroes his hand holds nothing for it. Hero prompts are built from what every player sees, so
answering them at once tells nobody anything. A person alone at the table against automated
heroes (``overlord`` mode) has nobody to tell, so their one-choice prompts are answered too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from delve.engine.decision import OVERLORD, TABLE, Decision
from delve.rules.card_triggers import window_plays

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
        return None
    if len(decision.choices) == 1:
        return decision.choices[0].id
    if decision.kind == "equip_items" and not any(c.id.startswith(EQUIP_PREFIXES) for c in decision.choices):
        done = decision.find("end_equip")
        return done.id if done is not None else None
    if decision.kind == "attack_fatigue" and missed(live, decision):
        done = decision.find("fatigue:done")
        return done.id if done is not None else None
    return None


def window_answer(live: LiveGame, person: Person, decision: Decision) -> str | None:
    """"pass" for a card window in which the overlord's person could play nothing they want to be
    asked about; None to ask them."""
    plays = window_plays(live.game)
    if plays is None or decision.find(PASS) is None:
        return None
    if decision.kind == "trap_window" and person.pass_traps_round == live.game.state.round:
        return PASS
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
