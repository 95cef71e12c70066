"""Why an automated player did what a log entry shows: its explanation, filtered for the asker.

A person points at an entry of their log (its ``n``); the server finds the recorded choice that
produced the entry, rebuilds the game just before it (the replay cursor, ``delve.web.replays``:
chance is an input, so the rebuilt game is the one the player saw) and asks that seat's
automated player to explain the decision (``delve.ai.explain``). Recomputing costs nothing
while the game runs and needs nothing stored; the player's choice on record is sent beside the
explanation's winner.

The server is the only judge of what the asker may learn (docs/web.md, "Why did the overlord
do that"). A person whose screen is the overlord's sees the whole explanation. Anyone else:

- decisions built from public facts (``PUBLIC_KINDS``: the order of activations, a monster's
  moves and attacks, where a spawned monster stands) are explained on a copy of the game for a
  hero seat (``determinized_clone``: the overlord's hand, his deck and unrevealed areas drawn
  anew), so the values cannot rest on anything only he knows; options naming a hidden space
  (``engine.redaction.names_hidden``) are dropped;
- decisions about his cards (``CARD_KINDS``) show the card he played, once it is revealed, and
  nothing else: not the other cards he held, not their values, not how many there were;
- any other decision (discards, the solo procedure's private rolls...) is refused;
- and whatever is sent is checked last: an option naming a card still in his hand or deck is
  dropped, and a winner naming one is withheld (``scrub``).
"""

from __future__ import annotations

import copy
import json
from typing import TYPE_CHECKING, Any

from delve.ai.explain import explain
from delve.engine.decision import OVERLORD, TABLE, Decision, Event
from delve.engine.determinize import determinized_clone, world_seed
from delve.engine.game import Game
from delve.engine.redaction import dump_event, events_for, names_hidden
from delve.web.advice import goal_of, namer_of, present, who_of, with_attack_odds, with_nearest
from delve.web.hub import LiveGame, Person, TableError
from delve.web.replays import Replayer

if TYPE_CHECKING:
    from delve.engine.state import GameState

PUBLIC_KINDS = frozenset({"overlord_turn", "monster_activation", "spawn_place"})
CARD_KINDS = frozenset({"overlord_cards", "trap_window", "event_window"})
KEEP = frozenset({"pass", "continue", "done", "end_turn"})  # card decisions answered without a card
HIDDEN = "hidden"


def raw_index(game: Game, seats: tuple[str, ...], n: int) -> int:
    """The position in the game's log of the ``n``-th event ``seats`` may see (their log's ``n``)."""
    seen = -1
    for index, event in enumerate(game.state.log):
        if events_for([event], seats):
            seen += 1
            if seen == n:
                return index
    raise TableError(f"your log has no entry {n}", 404)


def record_of(replayer: Replayer, records: list[tuple[str, str, bool]], raw: int) -> int:
    """The number of recorded choices before the one whose answer wrote log event ``raw``
    (binary search over the replay cursor: the log only grows)."""
    if len(replayer.at(records, 0).state.log) > raw:
        raise TableError("that entry belongs to the setup: no player decided it", 409)
    lo, hi = 1, len(records)  # the smallest step whose log reaches past ``raw``
    while lo < hi:
        mid = (lo + hi) // 2
        if len(replayer.at(records, mid).state.log) > raw:
            hi = mid
        else:
            lo = mid + 1
    return lo - 1


def why(live: LiveGame, person: Person, seats: tuple[str, ...], n: int) -> dict[str, Any]:
    """The explanation of the automated decision behind log entry ``n`` of ``person``, as the
    person may see it. Takes the game's lock, then the replay cursor's."""
    with live.lock:
        records = list(live.records)
        raw = raw_index(live.game, seats, n)
        if live.replayer is None:
            live.replayer = Replayer(live.setup)
        replayer = live.replayer
        # copies, taken under the game's lock: the live players may be choosing in another thread
        players = {seat: copy.deepcopy(live.bot(seat)) for seat in live.ai}
        kinds = dict(live.ai)
    with replayer.lock:
        step = record_of(replayer, records, raw)
        seat, chosen, by_person = records[step]
        if by_person or seat not in kinds:
            raise TableError("That entry follows a person's decision, not an automated player's.", 409)
        player, kind = players[seat], kinds[seat]
        before = replayer.at(records, step)
        decision = before.pending
        if decision is None or decision.seat != seat:
            raise TableError("that entry's decision could not be rebuilt", 409)
        secret = _secret_cards(before)
        log_start = len(before.state.log)
        if OVERLORD in seats:
            out = explain(player, decision, before.clone()).to_dict()
            out["filtered"] = False
        else:
            out = _for_heroes(player, decision, before, chosen, step, live.ai_seed)
        name = namer_of(before, seats)
        goal = goal_of(before, name)
        # read now: ``before`` is the replay cursor, which the next call moves on
        out = with_nearest(before, with_attack_odds(before, out), name)
        after = replayer.at(records, step + 1)
        revealed = json.dumps([dump_event(e) for e in events_for(after.state.log[log_start:], seats)])
    labels = {c.id: c.label for c in decision.choices}
    out.update(event=n, step=step, chosen=chosen, chosen_label=labels.get(chosen, chosen))
    if OVERLORD not in seats:
        out = scrub(out, {token for token in secret if token not in revealed})
    out["player"] = who_of(kind, seat)
    return present(out, goal, name, out["player"], chosen=out.get("chosen"))


def _for_heroes(player: Any, decision: Decision, before: Game, chosen: str, step: int, seed: int) -> dict[str, Any]:
    """The explanation a person who may not know the overlord's secrets may read (module doc)."""
    if decision.kind in PUBLIC_KINDS:
        world = determinized_clone(before, _hero_seat(before), world_seed(seed, "why", str(step)))
        if world.pending is None or world.pending.kind != decision.kind:
            raise TableError("that entry's decision could not be rebuilt", 409)
        out = explain(player, world.pending, world).to_dict()
        hidden = {o["choice"] for o in out["options"] if _names_hidden(before.state, o)}
        out["options"] = [o for o in out["options"] if o["choice"] not in hidden]
        out["ties"] = [t for t in out["ties"] if t not in hidden]
        if out["winner"] in hidden:
            out["winner"] = HIDDEN
        out["filtered"] = True
        out["note"] = ("Worked out again on a copy of the game in which what only the overlord knows (his "
                       "cards, unrevealed areas, future dice) is drawn anew: the values rest on public facts.")
        return out
    if decision.kind in CARD_KINDS:
        if chosen in KEEP:  # no card was played: the entry follows from something else
            raise TableError("no decision of the overlord's shows in that entry", 409)
        label = {c.id: c.label for c in decision.choices}.get(chosen, chosen)
        options: list[dict[str, Any]] = [{"choice": chosen, "label": label, "value": None, "details": {}}]
        return {"seat": decision.seat, "kind": decision.kind, "player": "", "winner": chosen,
                "measure": "not shown: the other options were cards in the overlord's hand",
                "options": options, "ties": [], "margin": 0.0, "filtered": True,
                "note": "Only the card he played is shown; what else he held stays his secret."}
    raise TableError("that decision rests on what only the overlord knows; its reasons stay hidden", 403)


def _hero_seat(game: Game) -> str:
    return next((s for s in game.state.seats if s not in (OVERLORD, TABLE)), "hero")


def _names_hidden(state: GameState, option: dict[str, Any]) -> bool:
    """True if an option names a space, figure or marker hero seats cannot see (the engine's test)."""
    event = Event(kind="why_option", text=f"{option.get('label', '')} {option.get('choice', '')}",
                  data={"choice": option.get("choice"), "details": option.get("details", {})})
    return names_hidden(state, event)


def _secret_cards(game: Game) -> set[str]:
    """Ids and names of the cards in the overlord's hand and deck (what only he may know of)."""
    from delve.ai.overlord_common import pack

    cards = {*game.state.overlord.hand, *game.state.overlord.deck}
    try:
        known = pack(game).overlord
    except Exception:  # a pack that cannot be opened: the ids alone
        known = {}
    names = {known[c].name for c in cards if c in known}
    return {token for token in cards | names if token}


def scrub(out: dict[str, Any], secret: set[str]) -> dict[str, Any]:
    """``out`` without an option naming a secret card; a winner naming one is withheld. The
    last check before an explanation leaves for a person who may not know those cards."""
    def names_secret(value: Any) -> bool:
        text = json.dumps(value).lower()
        return any(token.lower() in text for token in secret)

    out = dict(out)
    out["options"] = [o for o in out.get("options", []) if not names_secret(o)]
    kept = {o["choice"] for o in out["options"]}
    out["ties"] = [t for t in out.get("ties", []) if t in kept]
    for key in ("winner", "chosen", "chosen_label"):
        if key in out and names_secret(out[key]):
            out[key] = HIDDEN
    if names_secret({k: v for k, v in out.items() if k not in ("options", "ties")}):
        raise TableError("that decision's reasons would tell what only the overlord knows", 403)
    return out
