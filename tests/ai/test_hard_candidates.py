"""The hard overlord's activation candidates: one per outcome of the monster's activation (the
twins, options after which the activation ends the same way, are left out), the AI's choice
first; and a 1st-edition hard game that replays choice for choice from its seed."""

from __future__ import annotations

from collections.abc import Callable

from delve.ai.bots import make_bot
from delve.ai.search import Budget, SearchPlayer, _seed
from delve.api import GameSetup, new_game
from delve.engine.decision import OVERLORD, TABLE
from delve.engine.determinize import determinized_clone
from delve.engine.game import Game

BUDGET = Budget(worlds=1, candidates=3, max_rollout_choices=80, verify_worlds=1)


def _activations(seed: int, count: int) -> list[tuple[Game, SearchPlayer, str, list[str]]]:
    """The first ``count`` activation steps of a first-steps game (normal AIs on both sides), each
    with a search player's pick and the options it ranks, on a copy of the game."""
    game = new_game(GameSetup(quest="first-steps", seed=seed, choices=True), transactional=False)
    hero, overlord = make_bot("hero", seed), make_bot("ai", seed)
    found = []
    while game.pending is not None and game.state.winner is None and len(found) < count:
        decision = game.pending
        if decision.kind == "monster_activation" and len(decision.choices) > 2:
            player = SearchPlayer(seed, side="overlord", budget=BUDGET)
            pick = player.base.choose(decision, game)
            found.append((game.clone(), player, pick, [c.id for c in decision.choices]))
        player_of = overlord if decision.seat in (OVERLORD, TABLE) else hero
        assert game.apply(player_of.choose(decision, game), decision.seat).accepted
    return found


def test_activation_candidates_lead_to_different_outcomes() -> None:
    twins = 0
    for game, player, pick, _options in _activations(5, 12):
        decision = game.pending
        assert decision is not None
        before = game.state_hash()
        candidates = player.candidates(decision, game, pick)
        assert game.state_hash() == before  # probes play on copies only
        assert candidates[0] == pick and len(candidates) <= BUDGET.candidates
        # the probe world of the search: every candidate ends the activation otherwise
        probe = _seed("delve-probe", player.seed, game.state.serial)
        world = determinized_clone(game, OVERLORD, probe)
        heroes = make_bot("hero", 5)
        outcomes = [player.activation_outcome(world, decision, c, probe, heroes) for c in candidates]
        assert None not in outcomes and len(set(outcomes)) == len(candidates)
        # the old candidates (the AI's ranking, no probe) include twins somewhere in the game
        plain = SearchPlayer(player.seed, side="overlord", budget=Budget(worlds=1, candidates=3, pool=0))
        old = plain.candidates(decision, game, pick)
        old_outcomes = [player.activation_outcome(world, decision, c, probe, heroes) for c in old]
        twins += len(old_outcomes) - len(set(old_outcomes))
    assert twins > 0


def test_an_activation_with_one_outcome_is_not_searched() -> None:
    class Counting(SearchPlayer):
        def __init__(self) -> None:
            super().__init__(5, side="overlord", budget=BUDGET)
            self.played: list[int] = []

        def play_out(self, decision, game, candidates):  # type: ignore[no-untyped-def]
            self.played.append(len(candidates))
            return super().play_out(decision, game, candidates)

    singles = 0
    for game, _player, pick, _options in _activations(5, 12):
        decision = game.pending
        assert decision is not None
        player = Counting()
        if len(player.candidates(decision, game, pick)) == 1:
            singles += 1
            assert player.choose(decision, game) == pick and player.played == []
    assert singles > 0


def test_a_hard_1e_game_replays_from_its_seed(reading_play: Callable[..., list[str]]) -> None:
    def play() -> tuple[list[str], int]:
        game = new_game(GameSetup(quest="first-steps", seed=8, choices=True), transactional=False)
        search = SearchPlayer(8, side="overlord", budget=BUDGET)
        return reading_play(game, search, make_bot("hero", 8), 300), search.searched

    first, searched = play()
    assert searched > 0 and play() == (first, searched)
