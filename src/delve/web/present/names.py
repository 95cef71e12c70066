"""Display names for the ids a person meets, seen from one seat, and texts rewritten with them.

Why a rewrite and not new engine texts: the engine's event and choice texts are already
sentences, but some name a thing by its id (``opens door door-1``, ``draws loose-flagstone``,
``The quest first-steps begins``). The ids such a text may contain are the ones in its own
data, so only those are replaced, each by the name the seat may know: an unrevealed area keeps
no name for a hero seat, a dark glyph is a plain glyph until it is active (``views.public_marker``).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from delve.api import open_pack
from delve.board.grid import Door
from delve.board.terrain import load_marker_kinds
from delve.engine.decision import OVERLORD
from delve.engine.game import Game
from delve.engine.views import public_marker
from delve.rules.equipment import UNARMED
from delve.web.present.wording import readable_plurals

# Data keys whose one-word values are content ids (a one-word value under another key, such as
# an area id "hall", may be an ordinary word of the text and is left alone).
ID_KEYS = frozenset({"item", "weapon", "goods", "card", "skill", "familiar", "monster", "figure", "hero",
                     "attacker", "target", "killer", "owner", "to", "door", "doors", "marker", "markers"})


class Namer:
    """Names of figures, cards, items, doors, areas, markers and the quest for one seat."""

    def __init__(self, game: Game, seat: str) -> None:
        self.state = game.state
        self.board = game.board
        self.hero_seat = seat != OVERLORD
        self.pack = open_pack(game.state.pack)
        self.quest = self.pack.quests.get(game.state.quest)
        self._revealed: dict[str, int] | None = None

    def known_area(self, area_id: str | None) -> str | None:
        """An area's name when the seat may know it (a hero seat: revealed areas only)."""
        if area_id is None:
            return None
        try:
            area = self.board.area(area_id)
        except KeyError:
            return None
        return area.name if area.revealed or not self.hero_seat else None

    def door(self, door: Door) -> str:
        """``the red rune door``; for the overlord ``the door between the Hall and the Crypt``; for a
        hero seat ``the door of the Hall``, the side revealed first, so the name never changes
        and never names an area the heroes have not seen."""
        if door.rune:
            return f"the {door.rune} rune door"
        areas = sorted({a for p in door.spaces() if (a := self.board.area_of(p)) is not None})
        names = [n for a in areas if (n := self.known_area(a)) is not None]
        if not self.hero_seat and len(names) >= 2:
            return f"the door between {names[0]} and {names[1]}"
        known = [a for a in areas if self.known_area(a) is not None]
        if not known:
            return "a door"
        first = min(known, key=lambda a: (self.reveal_order().get(a, -1), a))
        return f"the door of {self.known_area(first)}"

    def reveal_order(self) -> dict[str, int]:
        """Position in the log at which each area was revealed (read once per namer)."""
        if self._revealed is None:
            self._revealed = {str(e.data.get("area")): i for i, e in enumerate(self.state.log)
                              if e.kind == "area_revealed"}
        return self._revealed

    def marker(self, kind: str, data: dict[str, Any]) -> str:
        """A marker as the seat sees it: ``copper chest``, ``Glyph of transport``, ``red rune key``."""
        shown, public = public_marker(kind, data, self.hero_seat)
        kinds = load_marker_kinds()
        base = kinds[shown].name if shown in kinds else shown.replace("_", " ")
        if shown == "chest" and public.get("colour"):
            return f"{public['colour']} chest"
        if shown == "rune_key" and public.get("colour"):
            return f"{public['colour']} rune key"
        return base

    def of(self, ident: str) -> str | None:
        """The name of ``ident`` for this seat, or None when it names nothing the seat may know."""
        state, pack = self.state, self.pack
        figure = state.figures.get(ident)
        if figure is not None:
            return figure.name
        for entries in (pack.items, pack.skills, pack.overlord, pack.monsters, pack.familiars, pack.heroes):
            entry = entries.get(ident)
            if entry is not None:
                return str(entry.name)
        if self.quest is not None:
            if ident == self.quest.id:
                return self.quest.name
            named = next((m for m in self.quest.named_monsters if m.id == ident), None)
            if named is not None:
                return named.name
        door = next((d for d in self.board.doors if d.id == ident), None)
        if door is not None:
            return self.door(door)
        if any(a.id == ident for a in self.board.areas):
            return self.known_area(ident)
        marker = next((m for m in self.board.markers if m.id == ident), None)
        if marker is not None:
            return self.marker(marker.kind, marker.data)
        if ident in state.seats:
            return state.seats[ident].name
        if ident.startswith("2e-"):  # a 2e die colour (data/dice-2e.yaml): "2e-red" reads "red"
            return ident[3:]
        if ident == UNARMED:  # the weapon id of an attack without one
            return "bare hands"
        return None

    def rewrite(self, text: str, data: dict[str, Any]) -> str:
        """``text`` with every id found in ``data`` replaced by its name (only whole ids), its
        counted words in their number (``readable_plurals``) and its first letter upper case."""
        found: set[str] = set()
        if data:
            _ids_in(data, "", found)
        if not found:  # most labels (a space, a number): nothing to name
            return readable(text)
        for ident in sorted(found, key=len, reverse=True) if len(found) > 1 else found:
            if ident not in text:
                continue
            name = self.of(ident)
            if name is None:
                continue
            whole, door_word = _patterns(ident)
            if name.startswith("the ") or name.startswith("a "):  # a door: drop the engine's "door" before it
                text = door_word.sub("", text)
            text = whole.sub(name, text)
        return readable(text)

    def board_names(self, board: dict[str, Any]) -> dict[str, str]:
        """Names of the doors, areas and markers in a board view (and adds ``name`` to each)."""
        out: dict[str, str] = {}
        doors = {d.id: d for d in self.board.doors}
        for door in board["doors"]:
            if door["id"] in doors:
                door["name"] = out[door["id"]] = self.door(doors[door["id"]])
        for marker in board["markers"]:
            marker["name"] = out[marker["id"]] = self.marker(marker["kind"], marker["data"])
        for area in board["areas"]:
            out[area["id"]] = area["name"]
        return out


@functools.lru_cache(maxsize=4096)
def _patterns(ident: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The whole id ``ident`` in a text, and the engine's word "door" before it (compiled once)."""
    escaped = re.escape(ident)
    return re.compile(rf"(?<![\w-]){escaped}(?![\w-])"), re.compile(rf"\b[Dd]oor (?={escaped}(?![\w-]))")


def capitalized(text: str) -> str:
    """``text`` with its first letter upper case (as every presented text starts)."""
    return text[:1].upper() + text[1:] if text else text


def readable(text: str) -> str:
    """An engine text as every presented text reads: counted words in their number ("1 wound",
    not "1 wound(s)") and the first letter upper case."""
    return capitalized(readable_plurals(text))


def names_nothing(data: dict[str, Any]) -> bool:
    """True when ``data`` holds no value ``Namer.rewrite`` would look up: a text with this data
    reads the same for every seat, whatever the game."""
    found: set[str] = set()
    if data:
        _ids_in(data, "", found)
    return not found


def _ids_in(value: Any, key: str, found: set[str]) -> None:
    """Add to ``found`` the strings inside ``value`` (nested) that may be ids: those with a dash or
    an underscore, and any under a key of ``ID_KEYS`` (a list's items sit under the list's key).

    Why a plain loop testing exact types first: this runs for every choice label and log event
    of every message, and most of their data is a few numbers (``x``, ``y``, ``cost``) and ids;
    a number is passed over with one type test."""
    kind = type(value)
    pairs = value.items() if kind is dict or isinstance(value, dict) else ((key, inner) for inner in value) \
        if isinstance(value, list | tuple) else ()
    for inner_key, inner in pairs:
        kind = type(inner)
        if kind is int or inner is None or kind is bool or kind is float:
            continue
        if kind is str or isinstance(inner, str):
            if "-" in inner or "_" in inner or inner_key in ID_KEYS:
                found.add(inner)
        elif isinstance(inner, dict | list | tuple):
            _ids_in(inner, str(inner_key), found)
