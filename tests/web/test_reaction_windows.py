"""Trap and event windows ask a person playing the overlord only when he could play something
there, and the heroes' pages cannot tell a window he passed from one the server passed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from delve.ai.bots import make_bot
from delve.engine.decision import OVERLORD
from delve.web.autoanswer import CARD_WINDOWS
from delve.web.hub import Hub, LiveGame, replay
from delve.web.messages import message
from delve.web.store import Store

TRAP = "tripwire"  # a trap for hero_moves_into_space (4 threat)
NOT_A_REACTION = "goblin-warband"  # a spawn card: never playable in a window


def _network_game(tmp_path: Path, name: str, hand: list[str]) -> LiveGame:
    """A network game with a person as overlord whose hand is ``hand`` and who has 10 threat."""
    hub = Hub(Store(f"sqlite:///{tmp_path / name}.sqlite3"))
    live = hub.create(mode="network", overlord="human", seed=4, game_id="samegame", quick=True)
    live.game.state.overlord.hand = list(hand)
    live.game.state.overlord.threat = 10
    live.hub = hub  # type: ignore[attr-defined]  # kept beside the game for the driver below
    return live


def _owner(live: LiveGame, seat: str) -> Any:
    return next(p for p in live.people if seat in p.seats)


def _play_heroes(lives: list[LiveGame], hero_decisions: int, while_asked: bool = False) -> list[list[dict[str, Any]]]:
    """The same hero choices in each game (taken by a bot in the first); the overlord passes every
    window he is asked; stops when his own turn begins. Returns, per game, the first hero
    person's messages at each hero decision (``while_asked``: also while a window waits for him)."""
    bot = make_bot("hero", 5)
    seen: list[list[dict[str, Any]]] = [[] for _ in lives]
    watcher = [next(p for p in live.people if OVERLORD not in p.seats) for live in lives]
    for _ in range(hero_decisions):
        for index, live in enumerate(lives):
            while (pending := live.game.pending) is not None and pending.kind in CARD_WINDOWS:
                if while_asked:
                    seen[index].append(message(live, watcher[index]))
                live.hub.choose(live.id, _owner(live, OVERLORD).token, "pass", pending.serial)  # type: ignore[attr-defined]
            seen[index].append(message(live, watcher[index]))
        first = lives[0].game.pending
        if first is None or first.seat == OVERLORD:
            break
        choice = bot.choose(first, lives[0].game)
        for live in lives:
            pending = live.game.pending
            assert pending is not None and pending.seat == first.seat
            live.hub.choose(live.id, _owner(live, pending.seat).token, choice, pending.serial)  # type: ignore[attr-defined]
    return seen


def test_windows_without_a_playable_card_are_passed_by_the_server(tmp_path: Path) -> None:
    holding, empty = _network_game(tmp_path, "a", [TRAP]), _network_game(tmp_path, "b", [NOT_A_REACTION])
    _play_heroes([holding, empty], 60)
    asked = [r for r in holding.records if r[0] == OVERLORD and r[2] and r[1] == "pass"]
    assert asked  # holding a trap he can pay for, he was asked (and passed himself)
    assert not [r for r in empty.records if r[0] == OVERLORD and r[2]]  # never asked for a window
    assert [r for r in empty.records if r[0] == OVERLORD and not r[2] and r[1] == "pass"]  # passed for him
    for live in (holding, empty):
        assert replay(live.setup, live.records).state.history == live.game.state.history


def test_hero_messages_are_the_same_whether_the_overlord_held_a_card_or_not(tmp_path: Path) -> None:
    holding, empty = _network_game(tmp_path, "a", [TRAP]), _network_game(tmp_path, "b", [NOT_A_REACTION])
    seen_holding, seen_empty = _play_heroes([holding, empty], 60)
    assert len(seen_holding) > 10
    assert seen_holding == seen_empty


def test_asked_at_every_window_the_wait_tells_the_heroes_nothing(tmp_path: Path) -> None:
    """With "ask me at every window" a window waits for him whether he could play a card there or
    not, and a hero's page shows only that the overlord decides (never the kind of decision)."""
    holding, empty = _network_game(tmp_path, "e", [TRAP]), _network_game(tmp_path, "f", [NOT_A_REACTION])
    for live in (holding, empty):
        live.hub.change_settings(live.id, _owner(live, OVERLORD).token, {"ask_every_window": True})  # type: ignore[attr-defined]
    seen_holding, seen_empty = _play_heroes([holding, empty], 60, while_asked=True)
    waiting = [m for m in seen_empty if m["pending"] is not None and m["pending"]["seat"] == OVERLORD]
    assert waiting and all(m["pending"]["kind"] == OVERLORD and not m["pending"]["yours"] for m in waiting)
    assert [r for r in empty.records if r[0] == OVERLORD and r[2] and r[1] == "pass"]  # asked with nothing to play
    assert seen_holding == seen_empty


@pytest.mark.parametrize("setting", [{"pass_traps_this_round": True}, {"ask_max_cost": 3}])
def test_standing_answers_pass_windows_as_recorded_choices(tmp_path: Path, setting: dict[str, Any]) -> None:
    live = _network_game(tmp_path, "c", [TRAP])
    hub: Hub = live.hub  # type: ignore[attr-defined]
    overlord = _owner(live, OVERLORD)
    hub.change_settings(live.id, overlord.token, dict(setting))
    _play_heroes([live], 60)
    assert not [r for r in live.records if r[0] == OVERLORD and r[2]]  # the trap (4 threat) never asked
    assert [r for r in live.records if r[0] == OVERLORD and not r[2] and r[1] == "pass"]
    kept = Hub(Store(hub.store.url)).get(live.id).people[live.people.index(overlord)]
    assert kept.settings() == overlord.settings()


def test_a_trap_with_no_target_does_not_ask(tmp_path: Path) -> None:
    """Rulebook: The Town -- a hero in town cannot be targeted: a trap on him asks nothing."""
    from delve.engine.state import Step
    from delve.rules.overlord_cards import card
    from delve.rules.trap_cards import TRAP_WINDOW, playable_traps

    live = _network_game(tmp_path, "d", [TRAP])
    hero = live.game.state.heroes()[0]
    step = Step(kind=TRAP_WINDOW, data={"trigger": "hero_moves_into_space", "context": {"triggering_hero": hero.id}})
    assert playable_traps(live.game, step) == {TRAP: 4}
    hero.in_town = True
    assert playable_traps(live.game, step) == {}
    live.game.state.overlord.threat = 0  # 4 threat short, and nothing else to discard
    hero.in_town = False
    assert playable_traps(live.game, step) == {}
    value = card(live.game, NOT_A_REACTION).threat_value
    live.game.state.overlord.hand = [TRAP] + [NOT_A_REACTION] * 4  # discarding them pays for it?
    assert (playable_traps(live.game, step) == {TRAP: 4}) == (4 * value >= 4)
