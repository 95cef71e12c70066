"""The pending decision as its person reads it: prompt and labels with names, and each choice's
``target`` (the space, figure, item, card, skill, door or familiar it points at).

Why targets: the page highlights what a choice acts on (a space on the board, a card in the
hand) without parsing ids; every target is read from the choice's own data or from a figure
the seat sees, so a target never points at anything hidden.
"""

from __future__ import annotations

from typing import Any

from delve.engine.decision import Choice, Decision, dump_choice
from delve.engine.game import Game
from delve.web.present.names import Namer

TARGET_KEYS = {"item": "item", "weapon": "item", "goods": "item", "card": "card", "skill": "skill", "door": "door",
               "familiar": "familiar", "figure": "figure", "hero": "figure", "to": "figure"}


def occupants(game: Game, visible: set[str]) -> dict[tuple[int, int], str]:
    """The visible figure on each space (built once per decision: choices often name spaces)."""
    return {cell: f.id for f in game.state.figures.values() if f.id in visible and f.alive and not f.in_town
            for cell in f.footprint.cells()}


def target_of(choice: Choice, visible: set[str], on_space: dict[tuple[int, int], str]) -> dict[str, Any]:
    """What ``choice`` points at, from its data (and the visible figure on its space)."""
    data = choice.data
    out: dict[str, Any] = {}
    if isinstance(data.get("x"), int) and isinstance(data.get("y"), int):
        pos = (int(data["x"]), int(data["y"]))
        out["space"] = list(pos)
        figure = on_space.get(pos)
        if figure is not None and (choice.id.startswith(("attack:", "skill_target:", "activate:"))
                                   or "figure" in data or "hero" in data):
            out["figure"] = figure
    if data.keys().isdisjoint(TARGET_KEYS):  # most choices: a space or nothing
        return out
    for key, kind in TARGET_KEYS.items():
        value = data.get(key)
        if not isinstance(value, str) or kind in out:
            continue
        if kind == "figure" and value not in visible:
            continue
        out[kind] = value
    return out


def present_pending(game: Game, decision: Decision, namer: Namer, visible: set[str]) -> dict[str, Any]:
    """``prompt`` and ``choices`` of the deciding person's pending decision, with names and targets."""
    choices = []
    on_space = occupants(game, visible)
    for choice in decision.choices:
        item = dump_choice(choice)
        item["label"] = namer.rewrite(choice.label, choice.data)
        target = target_of(choice, visible, on_space)
        if target:
            item["target"] = target
        choices.append(item)
    return {"prompt": namer.rewrite(decision.prompt, {}), "choices": choices}
