"""The hard overlord's 2e activation candidates: one per kind of outcome across all the options
(``SearchPlayer.kinds_candidates``), the AI's choice first, never two with the same outcome; and
a 1st-edition game untouched by them."""

from __future__ import annotations

from delve.ai.bots import make_bot
from delve.ai.search import Budget, SearchPlayer, _seed
from delve.api import GameSetup, new_game
from delve.engine.decision import OVERLORD, TABLE
from delve.engine.determinize import determinized_clone
from delve.engine.game import Game
from delve.rulesets import default_content

BUDGET = Budget(worlds=1, candidates=3, max_rollout_choices=80, verify_worlds=1)


def _activations(setup: GameSetup, seed: int, count: int) -> list[tuple[Game, str]]:
    """The first ``count`` activation steps with a choice (normal AIs on both sides), each on a
    copy of the game with the normal AI's pick."""
    game = new_game(setup, transactional=False)
    hero, overlord = make_bot("hero", seed), make_bot("ai", seed)
    found = []
    while game.pending is not None and game.state.winner is None and len(found) < count:
        decision = game.pending
        player = overlord if decision.seat in (OVERLORD, TABLE) else hero
        choice = player.choose(decision, game)
        if decision.kind == "monster_activation" and len(decision.choices) > 2:
            found.append((game.clone(), choice))
        assert game.apply(choice, decision.seat).accepted
    return found


def _2e(seed: int) -> GameSetup:
    pack, quest = default_content("2e", "first-steps-2e-2")
    return GameSetup(ruleset="2e", pack=pack, quest=quest, seed=seed, choices=True)


def test_2e_candidates_differ_in_outcome_and_reach_beyond_the_ai_ranking() -> None:
    beyond = 0
    for game, pick in _activations(_2e(5), 5, 12):
        decision = game.pending
        assert decision is not None
        player = SearchPlayer(5, side="overlord", budget=BUDGET)
        assert player.base.choose(decision, game) == pick
        before = game.state_hash()
        candidates = player.candidates(decision, game, pick)
        assert game.state_hash() == before  # probes play on copies only
        assert candidates[0] == pick and len(candidates) <= BUDGET.kinds_2e
        assert set(player.kinds) == set(candidates) and player.kinds[pick] == "ai"
        probe = _seed("delve-probe", player.seed, game.state.serial)
        world = determinized_clone(game, OVERLORD, probe)
        heroes = player.watch.player() if player.watch is not None else make_bot("hero", 5)
        outcomes = [player.activation_outcome(world, decision, c, probe, heroes) for c in candidates]
        assert None not in outcomes and len(set(outcomes)) == len(candidates)
        # the candidates of before: the AI's choice and its next options by its own ranking
        top = SearchPlayer(5, side="overlord", budget=Budget(worlds=1, candidates=3, kinds_2e=0))
        beyond += bool(set(candidates) - set(top.candidates(decision, game, pick)))
    assert beyond > 0


def test_1e_activations_keep_the_distinct_candidates_of_the_ai_ranking() -> None:
    for game, pick in _activations(GameSetup(quest="first-steps", seed=5, choices=True), 5, 6):
        decision = game.pending
        assert decision is not None
        kinds = SearchPlayer(5, side="overlord", budget=BUDGET).candidates(decision, game, pick)
        plain = SearchPlayer(5, side="overlord", budget=Budget(worlds=1, candidates=3, max_rollout_choices=80,
                                                              verify_worlds=1, kinds_2e=0))
        assert kinds == plain.candidates(decision, game, pick)
