"""Where the triggers of overlord event and trap cards happen in play.

Rulebook: Event Cards and Trap Cards (played whenever the card's triggering condition is met,
one card of each type per triggering condition); Event Card Timing. ``trap_cards`` and
``event_cards`` hold the windows; this module opens them at the moments the closed trigger
list of ``delve.content.effects`` names and the other modules do not already cover:

- ``start_of_hero_turn`` (beside ``before_hero_turn``): after the hero's upkeep, before his action;
- ``end_of_hero_turn``: once a hero's turn is over (also when it ended because he died);
- ``hero_opens_door``: a hero has opened a door (the area behind it is revealed first);
- ``hero_reveals_area``: a hero's line of sight revealed one or more areas during play;
- ``hero_attacks`` / ``hero_attacked``: an attack by a hero, or on a hero, is declared;
- ``monster_attacks`` / ``monster_attacked``: trap cards too (event cards open in ``event_cards``);
- ``hero_killed`` / ``monster_killed``: a figure died (``attacker`` is the killer, if any);
- ``hero_rests``: a hero uses his rest order at the start of his turn;
- ``end_of_overlord_turn``: the overlord's turn is over, before the next round begins.

Each window opens on public facts only (``overlord_cards.card_window_opens``): the pack has a
card of that type for that trigger and the overlord holds any card.
"""

from __future__ import annotations

from typing import Any

from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.rules import hero_turn, orders, overlord_turn, revealing
from delve.rules.attack import DECLARE_HOOKS
from delve.rules.attack_context import AttackContext
from delve.rules.event_cards import EVENT_WINDOW, open_event_window, playable_events
from delve.rules.trap_cards import TRAP_WINDOW, open_trap_window, playable_traps
from delve.rules.wounds import KILL_HOOKS


def open_card_windows(game: Game, trigger: str, *, events: bool = True, traps: bool = True,
                      **context: Any) -> None:
    """Offer the overlord an event card and a trap card for ``trigger`` (each window opens only
    when such cards exist). The trap window is pushed last, so it is answered first."""
    if game.state.winner is not None:
        return
    if events:
        open_event_window(game, trigger, **context)
    if traps:
        open_trap_window(game, trigger, **context)


def window_plays(game: Game) -> dict[str, int] | None:
    """For an open trap or event window (the step on top), the cards the overlord could play in
    it with their threat costs; None when no such window is open. Read from his private hand:
    only his own seat's standing answers use it (``delve.web.autoanswer``)."""
    step = game.state.stack[-1] if game.state.stack else None
    if step is None or step.kind not in (TRAP_WINDOW, EVENT_WINDOW):
        return None
    return playable_traps(game, step) if step.kind == TRAP_WINDOW else playable_events(game, step)


def _hero_turn_starts(game: Game, hero: FigureState) -> None:
    open_card_windows(game, "start_of_hero_turn", triggering_hero=hero.id, self=hero.id)


def _hero_turn_ends(game: Game, hero: FigureState) -> None:
    open_card_windows(game, "end_of_hero_turn", triggering_hero=hero.id, self=hero.id)


def door_opened(game: Game, figure: FigureState, door_id: str) -> None:
    """Rulebook: Trap Cards. Called by the turn code once a figure opened a door."""
    if figure.kind == "hero":
        open_card_windows(game, "hero_opens_door", triggering_hero=figure.id, door=door_id)


def _areas_revealed(game: Game, hero: FigureState, areas: list[str]) -> None:
    if areas and game.state.round >= 1:  # not while the game is being set up
        open_card_windows(game, "hero_reveals_area", triggering_hero=hero.id, areas=list(areas))


def _attack_declared(game: Game, ctx: AttackContext) -> None:
    attacker = game.state.figures.get(ctx.attacker)
    if attacker is None:
        return
    hit = [f for f in (game.state.figures.get(fid) for fid in ctx.affected) if f is not None]
    if attacker.kind == "hero":
        open_card_windows(game, "hero_attacks", triggering_hero=attacker.id, attacker=attacker.id)
        monsters = [f for f in hit if f.kind == "monster" and f.side == "overlord"]
        if monsters:  # the event window for this trigger opens in ``event_cards``
            open_card_windows(game, "monster_attacked", events=False, triggering_monster=monsters[0].id,
                              attacker=attacker.id, defender=monsters[0].id)
    elif attacker.side == "overlord":
        open_card_windows(game, "monster_attacks", events=False, triggering_monster=attacker.id,
                          attacker=attacker.id)
        heroes = [f for f in hit if f.kind == "hero"]
        if heroes:
            open_card_windows(game, "hero_attacked", triggering_hero=heroes[0].id, attacker=attacker.id,
                              defender=heroes[0].id)


def _figure_killed(game: Game, figure: FigureState, killer: FigureState | None, _overkill: int) -> None:
    context: dict[str, Any] = {"attacker": killer.id} if killer is not None else {}
    if figure.kind == "hero":
        open_card_windows(game, "hero_killed", triggering_hero=figure.id, **context)
    else:
        open_card_windows(game, "monster_killed", triggering_monster=figure.id, **context)


def _hero_rests(game: Game, hero: FigureState) -> None:
    open_card_windows(game, "hero_rests", triggering_hero=hero.id, self=hero.id)


def _overlord_turn_ends(game: Game, _step: Step) -> None:
    open_card_windows(game, "end_of_overlord_turn")


hero_turn.TURN_START_HOOKS.append(_hero_turn_starts)
hero_turn.TURN_END_HOOKS.append(_hero_turn_ends)
hero_turn.DOOR_OPENED_HOOKS.append(door_opened)
revealing.REVEAL_HOOKS.append(_areas_revealed)
DECLARE_HOOKS.append(_attack_declared)
KILL_HOOKS.append(_figure_killed)
orders.REST_HOOKS.append(_hero_rests)
overlord_turn.TURN_END_HOOKS.append(_overlord_turn_ends)

__all__ = ["door_opened", "open_card_windows", "window_plays"]
