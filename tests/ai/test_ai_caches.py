"""The AIs' remembered values (issue "A lean engine"): each equals what recomputing gives.

The hero AI keeps its walk (step tables, frontiers, distance fields) per process under value
keys, the overlord AI keeps sight answers on the board's view; a lookup must return exactly
what a fresh computation would, at every state of a game, or games would depend on the games
played before them in the process."""

from __future__ import annotations

from delve.ai import hero_common as hc
from delve.ai import overlord_common as oc
from delve.ai.hero_ai import HeroAI
from delve.ai.overlord_ai import OverlordAI
from delve.api import GameSetup, new_game
from delve.board.los import footprint_line_of_sight
from delve.engine.decision import OVERLORD, TABLE


def _forget() -> None:
    for table in (hc._STEP_TABLES, hc._FRONTIERS, hc._FIELDS):
        table.clear()


def test_remembered_walks_and_sight_equal_fresh_ones() -> None:
    game = new_game(GameSetup(seed=5, choices=True), transactional=False)
    heroes, overlord = HeroAI(5), OverlordAI(6)
    checked = 0
    for _ in range(400):
        decision = game.pending
        if decision is None:
            break
        if decision.kind == "hero_turn":
            hero = game.figure(game.state.stack[-1].data["hero"])
            remembered = (list(heroes._objective_field(game, hero)), hc.frontier_spaces(game))
            _forget()
            assert remembered == (heroes._objective_field(game, hero), hc.frontier_spaces(game))
            checked += 1
        if decision.kind == "monster_activation":
            monster = oc.monster_of_activation(game)
            if monster is not None:
                block = frozenset(oc.blockers(game, monster.id))
                for hero in oc.heroes(game):
                    cells = hero.footprint.cells()
                    fresh = next((c for c in cells if footprint_line_of_sight(game.board, monster.footprint, c,
                                                                              block - set(cells))), None)
                    asked = oc.first_in_sight(game, monster.footprint, cells, block - set(cells))
                    assert asked == fresh
                    assert oc.first_in_sight(game, monster.footprint, cells, block - set(cells)) == fresh
        player = overlord if decision.seat in (OVERLORD, TABLE) else heroes
        assert game.apply(player.choose(decision, game), decision.seat).accepted
    assert checked > 10


def _moves(decision) -> list:  # type: ignore[no-untyped-def]
    return [oc.footprint_of(c) for c in decision.choices if c.id.startswith("move:") and "w" in c.data]


def test_targets_from_a_footprint_equal_the_rules() -> None:
    """``hero_common.target_spaces_from`` (blockers built once per decision) gives the rules'
    ``target_spaces`` of the figure moved to every footprint it could move to, for heroes and
    (large) monsters, for every kind of attack; and a hero's attack context depends on where he
    stands only through its range, which ``value_attack`` relies on."""
    from dataclasses import replace

    rules = hc.rules()
    checked = targeted = 0
    for quest, seed in (("first-steps", 5), ("the-sunken-forge", 7), ("bridge-of-teeth", 3)):
        game = new_game(GameSetup(quest=quest, seed=seed, choices=True), transactional=False)
        heroes, overlord = HeroAI(seed), OverlordAI(seed + 1)
        for _ in range(500):
            decision = game.pending
            if decision is None:
                break
            figure = None
            if decision.kind == "hero_turn":
                figure = game.figure(game.state.stack[-1].data["hero"])
            elif decision.kind == "monster_activation":
                figure = oc.monster_of_activation(game)
            if figure is not None and hc.on_board(figure):
                for fp in [figure.footprint, *_moves(decision)][:12]:
                    moved = replace(figure, footprint=fp)
                    for kind, reach in (("melee", False), ("melee", True), ("ranged", False), ("magic", False)):
                        found = hc.target_spaces_from(game, figure, fp, kind, reach)
                        assert found == rules.target_spaces(game, moved, kind, reach), (quest, figure.id, fp, kind)
                        seen = hc.visible_enemies(game, figure)
                        on_seen = {c for f in seen for c in f.footprint.cells()}
                        assert hc.target_spaces_from(game, figure, fp, kind, reach, seen) == [
                            p for p in found if p in on_seen]
                        checked += 1
                        targeted += bool(found)
                    if figure.kind == "hero":
                        for weapon, _kind, _reach, _blast in hc.attack_options(game, figure):
                            for pos in rules.target_spaces(game, moved, _kind, _reach):
                                here = rules.hero_attack_context(game, figure, weapon, pos).to_data()
                                there = rules.hero_attack_context(game, moved, weapon, pos).to_data()
                                here["range_needed"] = there["range_needed"]
                                assert here == there
            player = overlord if decision.seat in (OVERLORD, TABLE) else heroes
            assert game.apply(player.choose(decision, game), decision.seat).accepted
    assert checked > 1000 and targeted > 200, (checked, targeted)
