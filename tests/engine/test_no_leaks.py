"""Hero seats receive nothing hidden (issue 21, finding 1): a few seeded games of every quest and
mode through the audit of ``delve.sim.leaks``, the concrete leaks the review found, and views
that do not move when only hidden state changes. ``bench/leak_audit.py`` runs many more games."""

from __future__ import annotations

import numpy as np
import pytest

from delve.ai.bots import make_bot
from delve.api import GameSetup, new_game
from delve.engine.decision import OVERLORD, Event
from delve.engine.game import Game
from delve.engine.redaction import names_hidden
from delve.engine.views import view
from delve.sim import leaks

MODES = list(leaks.modes())


@pytest.mark.parametrize(("setup", "players"), MODES,
                         ids=[f"{s.quest}-{p[OVERLORD]}-{'choices' if s.choices else 'quick'}-{s.chance}"
                              for s, p in MODES])
def test_a_hero_seat_receives_nothing_hidden(setup: GameSetup, players: dict[str, str]) -> None:
    audit = leaks.Audit()
    leaks.audit_game(setup.model_copy(update={"seed": 11}), players, 11, audit, max_choices=120)
    assert audit.views_checked > 0
    assert not audit.leaks, "\n".join(audit.leaks[:10])


def _hidden_board_game() -> Game:
    game = new_game(GameSetup(quest="the-sunken-forge", seed=3))
    assert any(not a.revealed for a in game.board.areas)
    return game


def test_an_event_naming_a_hidden_space_or_figure_is_sealed_to_the_overlord() -> None:
    game = _hidden_board_game()
    board = game.board
    hidden = next(p for p in board.spaces() if (a := board.area_of(p)) and not board.area(a).revealed)
    sealed = game.emit("probe", f"Something moves to ({hidden[0]},{hidden[1]}).")
    assert sealed.visible_to == [OVERLORD]
    by_data = game.emit("probe", "Something moves.", x=hidden[0], y=hidden[1])
    assert by_data.visible_to == [OVERLORD]
    hidden_marker = next(m for m in board.markers
                         if (a := board.area_of(m.pos)) is not None and not board.area(a).revealed)
    assert names_hidden(game.state, Event(kind="probe", text="", data={"marker": hidden_marker.id}))
    public = game.emit("probe", "The overlord thinks.", cost=2)
    assert public.visible_to is None
    kinds = [e["kind"] for e in view(game, "h1")["log"]]
    assert kinds.count("probe") == 1


def test_dark_glyph_and_treachery_purchases_show_no_colour_to_heroes() -> None:
    audit = leaks.Audit()
    for seed in range(4):
        setup = GameSetup(quest="bridge-of-teeth", seed=seed, choices=True)
        game = leaks.audit_game(setup, {OVERLORD: "random"}, seed, audit, max_choices=60)
        spent = [e for e in game.state.log if e.kind == "treachery_spent"]
        assert all("colour" not in e.data and e.visible_to is None for e in spent)
    assert not audit.leaks, audit.leaks[:5]


def _vary_hidden(game: Game, rng: np.random.Generator) -> Game:
    """A copy of ``game`` that differs only in what hero seats may not know: other cards in the
    overlord's hand and deck, the monsters and chest contents of unrevealed areas, the dice."""
    other = game.clone()
    state = other.state
    pool = sorted(set(state.overlord.hand) | set(state.overlord.deck) | set(state.overlord.discard))
    if pool:
        state.overlord.hand = [str(rng.choice(pool)) for _ in state.overlord.hand]
        state.overlord.deck = sorted(str(rng.choice(pool)) for _ in state.overlord.deck)
    hidden = leaks.secrets(other, set())
    for figure_id in hidden.figures:
        figure = state.figures[figure_id]
        if figure.kind == "monster":
            figure.wounds = max(1, figure.wounds - 1)
            figure.tokens["stun"] = 1
    for marker in state.board.markers:
        if marker.kind == "chest" or marker.id in hidden.markers:
            marker.data["secret_probe"] = int(rng.integers(100))
    state.chance.seed = int(rng.integers(1 << 30))
    return other


def test_views_do_not_move_when_only_hidden_state_varies() -> None:
    rng = np.random.default_rng(5)
    compared = 0
    for setup, players in MODES[::5]:
        game = new_game(setup.model_copy(update={"seed": 5}), transactional=False)
        bots = {seat: make_bot(players.get(seat, "random"), 5) for seat in [*game.state.seats, "table"]}
        for number in range(80):
            decision = game.pending
            if decision is None:
                break
            if number % 10 == 0:
                other = _vary_hidden(game, rng)
                for seat in game.state.seats:
                    if seat != OVERLORD:
                        assert view(other, seat) == view(game, seat)
                        compared += 1
            game.apply(bots[decision.seat].choose(decision, game), decision.seat)
    assert compared > 20
