"""The pending decision as its person reads it: prompt and labels with names, and each choice's
``target`` (the space, figure, item, card, skill, door or familiar it points at).

Why targets: the page highlights what a choice acts on (a space on the board, a card in the
hand) without parsing ids; every target is read from the choice's own data or from a figure
the seat sees, so a target never points at anything hidden.
"""

from __future__ import annotations

import marshal
from typing import Any

from delve.engine.decision import Choice, Decision, dump_choice
from delve.engine.game import Game
from delve.web.present.names import Namer, names_nothing, readable

TARGET_KEYS = {"item": "item", "weapon": "item", "goods": "item", "card": "card", "skill": "skill", "door": "door",
               "familiar": "familiar", "figure": "figure", "hero": "figure", "to": "figure"}
_TARGET_KEY_SET = frozenset(TARGET_KEYS)
FIGURE_CHOICES = ("attack:", "skill_target:", "activate:")  # choices whose space's figure is their target


def occupants(game: Game, visible: set[str]) -> dict[tuple[int, int], str]:
    """The visible figure on each space (built once per decision: choices often name spaces)."""
    return {cell: f.id for f in game.state.figures.values() if f.id in visible and f.alive and not f.in_town
            for cell in f.footprint.cells()}


def target_of(choice: Choice, visible: set[str], on_space: dict[tuple[int, int], str]) -> dict[str, Any]:
    """What ``choice`` points at, from its data (and the visible figure on its space)."""
    data = choice.data
    out: dict[str, Any] = {}
    x, y = data.get("x"), data.get("y")
    if isinstance(x, int) and isinstance(y, int):
        pos = (int(x), int(y))
        out["space"] = list(pos)
        figure = on_space.get(pos)
        if figure is not None and (choice.id.startswith(FIGURE_CHOICES) or "figure" in data or "hero" in data):
            out["figure"] = figure
    if _TARGET_KEY_SET.isdisjoint(data):  # most choices: a space or nothing (the set walks data's few keys)
        return out
    for key, kind in TARGET_KEYS.items():
        value = data.get(key)
        if not isinstance(value, str) or kind in out:
            continue
        if kind == "figure" and value not in visible:
            continue
        out[kind] = value
    return out


def _target_moves(choice: Choice) -> bool:
    """True when the choice's target depends on where visible figures stand (``target_of``)."""
    data = choice.data
    return choice.id.startswith(FIGURE_CHOICES) or "figure" in data or "hero" in data or "to" in data


# (id, label) -> the choice's data as ``marshal`` writes it, and the choice dumped with its
# presented label and (when it depends on nothing but the choice) its target: built once and
# copied for every later decision offering the same choice (the same move, the same action).
# Only labels naming no id are kept: such a label reads the same for every seat, and the dump
# is the choice's own data.
_PRESENTED: dict[tuple[str, str], tuple[bytes, dict[str, Any]]] = {}
MAX_PRESENTED = 50_000  # emptied when full (a long server life meets ever new spaces and costs)
_NO_FIGURES: dict[tuple[int, int], str] = {}


def _data_bytes(data: dict[str, Any]) -> bytes | None:
    """``data`` written by ``marshal`` (types and key order included: ``1`` and ``True``, or the
    same keys in another order, dump differently), or None for data marshal cannot write."""
    try:
        return marshal.dumps(data, 2)  # version 2: no back-references, so equal data writes equal bytes
    except ValueError:
        return None


def _presented(choice: Choice, namer: Namer, visible: set[str], on_space: dict[tuple[int, int], str]) -> dict[str, Any]:
    """``choice`` dumped (``dump_choice``) with its label as the seat reads it, and its target.

    Why kept: a turn offers mostly the same moves and actions decision after decision, and
    dumping, naming and targeting them was most of a state message. A kept entry is used only
    for a choice of the same id and label whose data is written byte for byte as the data it
    was built from."""
    key = (choice.id, choice.label)
    written = _data_bytes(choice.data)
    kept = _PRESENTED.get(key)
    if kept is not None and written is not None and kept[0] == written:
        return dict(kept[1])
    item = dump_choice(choice)
    moves = _target_moves(choice)
    if names_nothing(choice.data):
        item["label"] = readable(choice.label)
        if not moves:
            target = target_of(choice, visible, _NO_FIGURES)
            if target:
                item["target"] = target
            if written is not None:
                if len(_PRESENTED) >= MAX_PRESENTED:
                    _PRESENTED.clear()
                _PRESENTED[key] = (written, dict(item))
            return item
    else:
        item["label"] = namer.rewrite(choice.label, choice.data)
    target = target_of(choice, visible, on_space)
    if target:
        item["target"] = target
    return item


def present_pending(game: Game, decision: Decision, namer: Namer, visible: set[str]) -> dict[str, Any]:
    """``prompt`` and ``choices`` of the deciding person's pending decision, with names and targets.

    Why the kept entries are looked up in this loop rather than in ``_presented``: most choices of
    a decision are kept (five in six on the tutorial), and two calls per choice were a third of
    their cost; where the visible figures stand is read only when a choice needs it."""
    choices: list[dict[str, Any]] = []
    on_space: dict[tuple[int, int], str] | None = None
    presented = _PRESENTED
    for choice in decision.choices:
        kept = presented.get((choice.id, choice.label))
        if kept is not None:
            try:
                written: bytes | None = marshal.dumps(choice.data, 2)  # as ``_data_bytes``
            except ValueError:
                written = None
            if written == kept[0]:
                choices.append(dict(kept[1]))
                continue
        if on_space is None:
            on_space = occupants(game, visible)
        choices.append(_presented(choice, namer, visible, on_space))
    return {"prompt": namer.rewrite(decision.prompt, {}), "choices": choices}
