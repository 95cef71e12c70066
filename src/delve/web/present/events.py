"""Log events as a person reads them: texts with names, the round and turn they belong to, and
what the board can play back (``show``: a move, dice faces, wounds, a kill, a trap).

Why a running ``Tracker``: an event holds only what changed, so its round, its turn and where a
moving figure came from are read from the events before it. The tracker reads only events the
person may see (plus the public round and turn markers), so it knows no more than their log.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from delve.board.terrain import load_marker_kinds
from delve.engine.decision import Event
from delve.engine.redaction import dump_event, events_for
from delve.web.present.glossary import glossary_for_ref
from delve.web.present.names import Namer
from delve.web.present.stats import QuestStats

PLACE_KINDS = frozenset({"hero_placed", "monster_placed", "monster_spawned", "monster_raised", "monster_animated",
                         "left_town", "hero_stood_up", "familiar_placed", "familiar_called"})
MOVE_KINDS = frozenset({"figure_moved", "took_stairs", "knocked_back", "figure_pushed", "jumped", "figure_leapt",
                        "familiar_moved", "large_monster_expands"})
TRAP_KINDS = frozenset({"trap_hit", "trap_avoided", "fell_into_pit", "boulder_rolls", "crushing_wall_moved"})
PROSE_KINDS = frozenset({"area_description", "area_notes", "encounter"})  # read-aloud texts: left as written
MARKERS_APPEAR = "Markers appear: "
CAUSE = re.compile(r"\(([^()]*)\)\.?$")


@dataclass
class Tracker:
    """Round, turn, last attacker and known positions, carried from one event to the next."""

    round: int = 0
    turn: str | None = None
    turn_name: str = "Setup"
    attacker: str | None = None
    mover: str | None = None  # the figure that moved last (a trap springs on it)
    rolls: list[list[str]] = field(default_factory=list)  # the faces of each roll since the attack was declared
    stats: QuestStats = field(default_factory=QuestStats)
    positions: dict[str, list[int]] = field(default_factory=dict)

    def step(self, event: Event, namer: Namer) -> None:
        """Advance on a round or turn marker (public events, read whoever may see the rest)."""
        data = event.data
        if event.kind == "round_started":
            self.round = int(data.get("round", self.round + 1))
            self.turn, self.turn_name = None, f"Round {self.round}"
        elif event.kind == "hero_turn_started":
            hero = str(data.get("hero", ""))
            self.turn, self.turn_name = hero, namer.of(hero) or "A hero"
        elif event.kind == "overlord_turn_started":
            self.turn, self.turn_name = "overlord", "Overlord"


def cause_of(text: str) -> str:
    """The reason an engine text gives in its closing brackets (``... (a glyph was activated).``)."""
    found = CAUSE.search(text)
    return found.group(1) if found else text.rstrip(".")


def _figure(data: dict[str, Any]) -> str | None:
    for key in ("figure", "hero", "target", "familiar"):
        if isinstance(data.get(key), str):
            return str(data[key])
    return None


def show_of(event: Event, tracker: Tracker, text: str) -> dict[str, Any] | None:
    """What the board can play back for this event, or None."""
    kind, data = event.kind, event.data
    who = _figure(data)
    if "x" in data and "y" in data and who is not None and (kind in PLACE_KINDS or kind in MOVE_KINDS):
        to = [int(data["x"]), int(data["y"])]
        before = tracker.positions.get(who)
        tracker.positions[who] = to
        tracker.mover = who
        if kind in PLACE_KINDS:
            return {"type": "place", "figure": who, "to": to}
        return {"type": "move", "figure": who, "from": before, "to": to}
    if kind == "attack_declared":
        tracker.attacker = str(data.get("attacker")) if data.get("attacker") else None
        tracker.rolls = []
        return {"type": "attack", "figure": tracker.attacker,
                "at": [data["x"], data["y"]] if "x" in data and "y" in data else None}
    if "faces" in data:
        if kind == "dice_rolled" and tracker.attacker is not None:
            tracker.rolls.append(list(data["faces"]))
        figure = tracker.attacker if kind == "attack_rolled" else who
        return {"type": "dice", "figure": figure, "faces": list(data["faces"]), "dice": list(data.get("dice", []))}
    if kind == "wounds_suffered":
        return {"type": "wounds", "figure": who, "wounds": data.get("wounds"), "left": data.get("left")}
    if kind == "figure_killed":
        tracker.positions.pop(str(who), None)
        return {"type": "kill", "figure": who, "by": data.get("killer")}
    if kind == "hero_died":
        tracker.positions.pop(str(who), None)
        return {"type": "kill", "figure": who, "by": None}
    if (kind == "card_played" and data.get("type") == "trap") or kind in TRAP_KINDS:
        return {"type": "trap", "card": data.get("card"), "figure": who or tracker.mover}
    if kind == "condition_placed":
        return {"type": "condition", "figure": who, "condition": data.get("condition"), "count": data.get("count")}
    if kind == "conquest_changed":
        return {"type": "conquest", "amount": data.get("amount"), "total": data.get("total"), "cause": cause_of(text)}
    if kind in ("threat_gained", "curse_threat"):
        return {"type": "threat", "amount": data.get("amount"), "cause": cause_of(text)}
    if kind == "guard_used" or (kind == "solo_interrupt_roll" and data.get("triggered")):
        return {"type": "interrupt", "figure": who}
    if kind == "area_revealed":
        return {"type": "reveal", "area": data.get("area")}
    if kind in ("hero_turn_started", "overlord_turn_started"):
        return {"type": "turn", "turn": tracker.turn, "turn_name": tracker.turn_name}
    if kind == "round_started":
        return {"type": "round", "round": tracker.round}
    if kind == "game_over":
        return {"type": "end", "winner": data.get("winner")}
    return None


def dice_words(dice: list[str], namer: Namer) -> str:
    """Dice by colour in words: ``a black die``, ``a yellow die and a green die``, ``no dice``."""
    if not dice:
        return "no dice"
    return " and ".join(f"a {namer.of(d) or d} die" for d in dice)


def text_of(event: Event, namer: Namer) -> str:
    """The event's text with names instead of ids (a few kinds are written anew from their data)."""
    data = event.data
    if event.kind in PROSE_KINDS:
        return event.text
    if event.kind == "game_started" and namer.quest is not None:
        return f"The quest {namer.quest.name} begins."
    if event.kind == "markers_placed" and event.text.startswith(MARKERS_APPEAR):
        # the text lists marker kinds (the markers themselves may be picked up later: names must not change)
        kinds = load_marker_kinds()
        listed = event.text.removeprefix(MARKERS_APPEAR).rstrip(".").split(", ")
        return MARKERS_APPEAR + ", ".join(kinds[k].name.lower() if k in kinds else k.replace("_", " ")
                                          for k in listed) + "."
    if event.kind == "daze_dice_lost" and isinstance(data.get("dice"), list):
        # the engine lists die ids ("loses black"); a player reads which dice went
        who = namer.of(str(data.get("figure", ""))) or event.text.split(" is dazed", 1)[0]
        return f"{who} is dazed and loses {dice_words([str(d) for d in data['dice']], namer)}."
    if event.kind == "doors_placed" and isinstance(data.get("doors"), list):
        names = [n for d in data["doors"] if (n := namer.of(str(d))) is not None]
        return ("Doors appear: " + ", ".join(names) + ".") if names else event.text
    return namer.rewrite(event.text, data)


def present(event: Event, n: int, tracker: Tracker, namer: Namer) -> dict[str, Any]:
    """One visible event as the log sends it (docs/client-protocol.md, "Log events")."""
    out = dump_event(event)
    out["n"] = n
    out["text"] = text_of(event, namer)
    out["round"], out["turn"], out["turn_name"] = tracker.round, tracker.turn, tracker.turn_name
    entry = glossary_for_ref(event.ref)
    if entry is not None:
        out["glossary"] = entry
    show = show_of(event, tracker, event.text)
    if event.kind == "attack_rolled" and show is not None and show["faces"] in tracker.rolls:
        # the attack's dice as they were rolled, no re-roll or extra die since: the roll's own line
        # showed them (and the board played them); the page leaves this one out. (Compared with
        # every roll since the declaration: in 2e the defence dice are rolled first.)
        out["repeat"] = True
        show = None
    if show is not None:
        out["show"] = show
    for key in ("figure", "hero", "killer", "attacker", "target"):
        figure = namer.state.figures.get(str(event.data.get(key, "")))
        if figure is not None:
            tracker.stats.know(figure.id, figure.name, figure.side)
    tracker.stats.add(out, tracker.attacker)
    if event.kind in ("hero_turn_ended", "overlord_turn_ended"):
        tracker.turn, tracker.turn_name = None, f"Round {tracker.round}"
    return out


def present_more(events: list[Event], seats: tuple[str, ...], tracker: Tracker, namer: Namer,
                 out: list[dict[str, Any]]) -> None:
    """Append to ``out`` the events of ``events`` any of ``seats`` may see, presented; the tracker
    reads every event (round and turn markers are public) and carries on to the next call."""
    for event in events:
        tracker.step(event, namer)
        if events_for([event], seats):  # the engine's one way out for events (engine.redaction)
            out.append(present(event, len(out), tracker, namer))


def namer_for(game: Any, seats: tuple[str, ...]) -> Namer:
    """The namer of a person holding ``seats``: the overlord's if they hold it (they see all)."""
    from delve.engine.decision import OVERLORD

    return Namer(game, OVERLORD if OVERLORD in seats else seats[0])
