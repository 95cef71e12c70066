"""Altars: good altars heroes pay to use, evil altars the overlord feeds with a monster.

Rulebook: Altars (they block neither movement nor sight); Good Altars (a hero standing on it
spends 2 movement points as a movement action and 250 coins); Evil Altars (a monster standing
on it spends 2 movement points and is killed). Either way the quest says what happens.

The marker is ``altar`` with ``data.side`` ``good`` or ``evil``. What happens is quest data on the
marker: ``data.effects``, a list of content effects (``delve.content.effects``, e.g.
``{effect: gain_threat, amount: 3}``), run through the overlord-card effect registry with the
user as ``triggering_hero`` / ``triggering_monster``; ``data.text`` is told to everyone; with
``data.once: true`` the altar works a single time. An altar without effects only reports that it
was used (``altar_used``), so a quest can react to that event.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from delve.board.grid import Marker
from delve.content.effects import Effect
from delve.engine.decision import Choice
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState, Step
from delve.rules.board_traps import instant_death
from delve.rules.hero_turn import turn_choice_provider
from delve.rules.movement import movement_locked, on_board
from delve.rules.overlord_cards import EFFECTS
from delve.rules.overlord_turn import ACTIVATION_CHOICE_PROVIDERS

ALTAR_MP = 2  # Rulebook: Good Altars; Evil Altars
GOOD_ALTAR_COINS = 250  # Rulebook: Good Altars
_EFFECTS = TypeAdapter(list[Effect])


def altars_under(game: Game, figure: FigureState, side: str) -> list[Marker]:
    """Usable altars of ``side`` under the figure."""
    cells = set(figure.footprint.cells())
    return [m for m in game.board.markers
            if m.kind == "altar" and m.pos in cells and str(m.data.get("side", "good")) == side
            and not m.data.get("used")]


def run_altar(game: Game, altar: Marker, context: dict[str, Any]) -> None:
    """The quest's effect of an altar: its text, then its effects (if the quest gives any)."""
    if altar.data.get("once"):
        altar.data["used"] = True
    text = str(altar.data.get("text", ""))
    game.emit("altar_used", text or "The altar's power is called upon.", ref="Altars", marker=altar.id,
              side=str(altar.data.get("side", "good")), **context)
    for item in _EFFECTS.validate_python(altar.data.get("effects", [])):
        fn = EFFECTS.get(item.effect)
        if fn is None:
            game.emit("effect_not_implemented", f"The altar effect {item.effect} is not implemented yet.",
                      ref="Altars", effect=item.effect)
            continue
        fn(game, item, dict(context))


def _good_choices(game: Game, step: Step, hero: FigureState) -> list[Choice]:
    if step.data.get("mp", 0) < ALTAR_MP or hero.coins < GOOD_ALTAR_COINS or movement_locked(game, hero):
        return []
    return [Choice(id=f"altar:{m.id}", label=f"Use the good altar ({ALTAR_MP} movement, {GOOD_ALTAR_COINS} coins)",
                   data={"marker": m.id}) for m in altars_under(game, hero, "good")]


def _use_good(game: Game, step: Step, hero: FigureState, choice: Choice) -> bool:
    if not choice.id.startswith("altar:"):
        return False
    if choice.id not in {c.id for c in _good_choices(game, step, hero)}:
        raise EngineError(f"{hero.name} cannot use that altar now")
    altar = game.board.marker(choice.data["marker"])
    step.data["mp"] -= ALTAR_MP
    hero.coins -= GOOD_ALTAR_COINS
    game.emit("altar_activated", f"{hero.name} pays {GOOD_ALTAR_COINS} coins at the good altar.", ref="Good Altars",
              hero=hero.id, marker=altar.id, coins=GOOD_ALTAR_COINS)
    run_altar(game, altar, {"triggering_hero": hero.id})
    return True


def _evil_choices(game: Game, step: Step, monster: FigureState) -> list[Choice]:
    if (step.data.get("mp", 0) < ALTAR_MP or monster.side != "overlord" or not on_board(monster)
            or movement_locked(game, monster)):
        return []
    return [Choice(id=f"altar:{m.id}", label=f"Sacrifice {monster.name} at the evil altar ({ALTAR_MP} movement)",
                   data={"marker": m.id}) for m in altars_under(game, monster, "evil")]


def _use_evil(game: Game, step: Step, monster: FigureState, choice: Choice) -> bool:
    if not choice.id.startswith("altar:"):
        return False
    if choice.id not in {c.id for c in _evil_choices(game, step, monster)}:
        raise EngineError(f"{monster.name} cannot use that altar now")
    altar = game.board.marker(choice.data["marker"])
    step.data["mp"] -= ALTAR_MP
    game.emit("altar_activated", f"{monster.name} is sacrificed at the evil altar.", ref="Evil Altars",
              figure=monster.id, marker=altar.id)
    instant_death(game, monster, cause="the evil altar", ref="Evil Altars")
    step.data["done"] = True
    run_altar(game, altar, {"triggering_monster": monster.id})
    return True


turn_choice_provider(_good_choices, _use_good)
ACTIVATION_CHOICE_PROVIDERS.append((_evil_choices, _use_evil))
