"""Does the hard overlord's 2e end-state value predict the encounter's winner?

Why: more search (more worlds, the event windows searched) did not make the hard overlord
stronger than the normal one on the 2e quests, which pointed at what its rollouts are judged
by. This plays normal-overlord games against the hero AI (the game seeds of
``bench/levels_matrix.py``: ``game_seed(ROOT, i)``) and, at each monster activation the search
would search (two or more distinct candidates), plays every candidate in ``--worlds`` honest
worlds as the search does, to its horizon (the heroes' next turns), records the state's terms
there, then plays on with the same players to the end of the game and records the winner.

``--analyse`` reads the rows back: for the candidates of one world (the same dice up to the
decision) it sets each term's difference against the difference of the final winner
(correlation, and a least-squares fit over rounds 1-3), and counts, over the pairs of candidates
whose winners differ, how often each value ranks the winner higher: the judge before session 11
(``old``: heroes' health 2, wounds lost 1, named foe 2, the 2e guard 1) and now (``new``:
``overlord_search.value_2e``'s weights). It also compares the AI's own choice with the others by
their final win rate (by the kind of candidate where the search player names it: session 11's
tries, commit ``c1a47a0``), and asks out of sample whether there is a better candidate to find:
the choice of the search's rule on the values of worlds 0-1, and an oracle's (the candidate that
won most in worlds 0-1), each judged by the final winners of the other worlds (judged on the same
worlds, the choice would be flattered: a rollout's winner follows its own value).

Run:     nice -n 10 .venv/bin/python bench/judge_2e_check.py first-steps-2e-2 --games 40 --out rows.jsonl
Analyse: .venv/bin/python bench/judge_2e_check.py --analyse rows.jsonl
"""

from __future__ import annotations

import argparse
import collections
import functools
import itertools
import json
from pathlib import Path
from typing import Any

ROOT = 9100


def _terms(game: Any, judge: Any) -> dict[str, Any]:
    """The terms of the 2e value at a horizon state (relative to the decision where it says)."""
    from delve.ai import overlord_2e
    from delve.ai import overlord_common as oc
    from delve.ai.hero_common import on_board
    from delve.ai.hero_search import health_lost
    from delve.ai.overlord_search import encounters_decided

    state = game.state
    guard = overlord_2e.guard_value(game) if oc.heroes(game) and overlord_2e.guarding(game) else None
    return {"round": state.round, "winner": state.winner, "decided": len(encounters_decided(game)) - judge.decided,
            "hero_health": sum(h.wounds / max(1, h.max_wounds) for h in state.heroes() if on_board(h)),
            "lost": health_lost(game, judge.monsters),
            "named": sum(m.wounds / max(1, m.max_wounds) for m in overlord_2e.protected(game)),
            "standing": sum(1 for m in state.monsters() if m.id in judge.monsters and on_board(m)),
            "guard": guard, "value": judge.value(game)}


def _play_on(game: Any, overlord: Any, heroes: Any, stop: Any, cap: int) -> None:
    from delve.ai.search import _applied
    from delve.engine.decision import OVERLORD, TABLE

    for _ in range(cap):
        decision = game.pending
        if decision is None or stop(game):
            return
        player = overlord if decision.seat in (OVERLORD, TABLE) else heroes
        if not _applied(game, player.choose(decision, game), decision.seat):
            return


def collect(quest: str, games: int, worlds: int, out: Path) -> None:
    """Append one row per (decision, world, candidate) of ``games`` games to ``out``."""
    from delve.ai.overlord_ai import OverlordAI
    from delve.ai.overlord_search import OverlordJudge, encounters_decided
    from delve.ai.search import SearchPlayer, _applied, _seed
    from delve.api import new_game
    from delve.engine.decision import OVERLORD, TABLE
    from delve.engine.determinize import determinized_clone
    from delve.rulesets import default_content
    from delve.sim.runner import SimConfig, game_seed, game_setup, make_player

    pack, quest_id = default_content("2e", quest)
    config = SimConfig(quest=quest_id, pack=pack, ruleset="2e", games=1, seed=ROOT)
    for index in range(games):
        seed = game_seed(ROOT, index)
        game = new_game(game_setup(config, seed), transactional=False)
        heroes = make_player("hero", "ai", seed + 1)
        search = SearchPlayer(seed + 2)  # its normal AI plays the game: the normal overlord's game
        rows: list[dict[str, Any]] = []
        while game.pending is not None:
            decision = game.pending
            if decision.seat not in (OVERLORD, TABLE):
                game.apply(heroes.choose(decision, game), decision.seat)
                continue
            pick = search.base.choose(decision, game)
            search.watch.watch(game)
            candidates = search.candidates(decision, game, pick) if decision.kind == "monster_activation" else []
            if len(candidates) >= 2:
                judge = OverlordJudge.at(game)
                for world_index in range(worlds):
                    world_seed = _seed("judge-check", seed, game.state.serial, world_index)
                    world = determinized_clone(game, OVERLORD, world_seed)
                    for candidate in candidates:
                        branch = world.clone()
                        if not _applied(branch, candidate, decision.seat):
                            continue
                        start, decided = branch.state.round, len(encounters_decided(branch))
                        overlord, model = OverlordAI(world_seed), search.watch.player()
                        horizon = functools.partial(search._horizon_reached, start_round=start, decided=decided)
                        _play_on(branch, overlord, model, horizon, search.budget.max_rollout_choices)
                        terms = _terms(branch, judge)
                        _play_on(branch, overlord, model, lambda g: g.state.winner is not None, 20_000)
                        rows.append({"quest": quest, "game": index, "serial": game.state.serial,
                                     "round": game.state.round, "world": world_index, "candidate": candidate,
                                     "pick": candidate == pick, "final": branch.state.winner,
                                     "kind": getattr(search, "kinds", {}).get(candidate, ""),
                                     **{f"h_{k}": v for k, v in terms.items()}})
            game.apply(pick, decision.seat)
        with out.open("a") as f:
            for row in rows:
                f.write(json.dumps({**row, "game_winner": game.state.winner}) + "\n")
        print(f"{quest} game {index}: {game.state.winner}, {len(rows)} rows", flush=True)


def _old(r: dict[str, Any]) -> float:
    return -(2.0 * r["h_hero_health"] + r["h_lost"]) + 2.0 * r["h_named"] + (r["h_guard"] or 0.0)


def _new(r: dict[str, Any]) -> float:
    from delve.ai.overlord_search import HEALTH_2E, LOST_2E, NAMED_2E, STANDING_2E

    return (NAMED_2E * r["h_named"] - HEALTH_2E * r["h_hero_health"] - LOST_2E * r["h_lost"]
            + STANDING_2E * r["h_standing"])


def analyse(paths: list[Path]) -> str:
    """The figures of the module's notes, per quest."""
    import numpy as np

    rows = [json.loads(line) for p in paths for line in p.open() if line.strip()]
    lines = []
    for quest in sorted({r["quest"] for r in rows}):
        mine = [r for r in rows if r["quest"] == quest]
        groups: dict[tuple[int, int, int], list[dict[str, Any]]] = collections.defaultdict(list)
        for r in mine:
            groups[(r["game"], r["serial"], r["world"])].append(r)
        lines.append(f"{quest}: {len(mine)} rollouts, {len({k[:2] for k in groups})} decisions, "
                     f"{len(groups)} worlds")
        terms = ("hero_health", "lost", "named", "standing", "guard")
        x, y = [], []
        early_x, early_y = [], []
        for group in groups.values():  # rollouts still in play at the horizon, within one world
            if any(r["h_winner"] is not None or r["h_decided"] or r["h_guard"] is None for r in group):
                continue
            m = np.array([[r[f"h_{t}"] for t in terms] + [_old(r), _new(r)] for r in group], float)
            w = np.array([r["final"] == "overlord" for r in group], float)
            x.append(m - m.mean(0))
            y.append(w - w.mean())
            if group[0]["round"] <= 3:
                early_x.append(x[-1][:, :4])
                early_y.append(y[-1])
        if not x:
            continue
        xs, ys = np.vstack(x), np.concatenate(y)
        for i, name in enumerate((*terms, "old value", "new value")):
            col = xs[:, i]
            corr = float(np.corrcoef(col, ys)[0, 1]) if col.std() > 0 else float("nan")
            lines.append(f"  {name:12} within a world: sd {col.std():.3f}, correlation with the winner {corr:+.3f}")
        if early_x:
            beta = np.linalg.lstsq(np.vstack(early_x), np.concatenate(early_y), rcond=None)[0]
            lines.append("  least squares, rounds 1-3 (win probability per unit): "
                         + ", ".join(f"{t} {b:+.3f}" for t, b in zip(terms[:4], beta, strict=True)))
        for name, value in (("old", _old), ("new", _new)):
            agree = disagree = tied = 0
            for group in groups.values():
                for a, b in itertools.combinations(group, 2):
                    wa, wb = a["final"] == "overlord", b["final"] == "overlord"
                    if wa == wb:
                        continue
                    va, vb = (_terminal(a) if _terminal(a) is not None else value(a),
                              _terminal(b) if _terminal(b) is not None else value(b))
                    if abs(va - vb) < 1e-9:
                        tied += 1
                    elif (va > vb) == wa:
                        agree += 1
                    else:
                        disagree += 1
            lines.append(f"  {name} value ranks the winner higher in {agree} pairs, lower in {disagree}, "
                         f"ties {tied} ({agree / max(1, agree + disagree):.1%} of those ranked)")
        decisions: dict[tuple[int, int], dict[str, list[bool]]] = collections.defaultdict(
            lambda: collections.defaultdict(list))
        picks: dict[tuple[int, int], str] = {}
        for r in mine:
            decisions[(r["game"], r["serial"])][r["candidate"]].append(r["final"] == "overlord")
            if r["pick"]:
                picks[(r["game"], r["serial"])] = r["candidate"]
        pick_rate, other_rate = [], []
        for key, cands in decisions.items():
            for c, wins in cands.items():
                (pick_rate if picks.get(key) == c else other_rate).append(float(np.mean(wins)))
        lines.append(f"  final win rate: the AI's choice {np.mean(pick_rate):.3f}, the other candidates "
                     f"{np.mean(other_rate):.3f}")
        by_kind: dict[str, list[float]] = collections.defaultdict(list)
        for r in mine:
            by_kind[r.get("kind", "")].append(float(r["final"] == "overlord"))
        if len(by_kind) > 1:
            lines.append("  final win rate by kind of candidate: " + ", ".join(
                f"{k or '-'} {np.mean(v):.3f} ({len(v)})" for k, v in sorted(by_kind.items())))
        # per decision: each kind against the AI's choice in the same worlds
        paired: dict[str, list[float]] = collections.defaultdict(list)
        for key, cands in decisions.items():
            pick = picks.get(key)
            if pick is None:
                continue
            base = float(np.mean(cands[pick]))
            for r_kind, c in {(r["kind"], r["candidate"]) for r in mine
                              if (r["game"], r["serial"]) == key and not r["pick"] and r.get("kind")}:
                paired[r_kind].append(float(np.mean(cands[c])) - base)
        if paired:
            lines.append("  kind minus the AI's choice, same decisions: " + ", ".join(
                f"{k} {np.mean(v):+.3f} ({len(v)})" for k, v in sorted(paired.items())))
        # the search's rule on these rollouts (mean value ahead by 0.3 and ahead in every world):
        # where it would switch, the final win rate of its choice against the AI's
        values: dict[tuple[int, int], dict[str, dict[int, float]]] = collections.defaultdict(
            lambda: collections.defaultdict(dict))
        for r in mine:
            v = _terminal(r)
            values[(r["game"], r["serial"])][r["candidate"]][r["world"]] = _new(r) if v is None else v
        # chosen by the values of worlds 0-1 (as the search's first worlds), judged by the final
        # winners of the other worlds (out of sample: the same rollouts' winners follow their
        # values, so judging the choice on them would flatter it)
        finals: dict[tuple[int, int], dict[str, dict[int, bool]]] = collections.defaultdict(
            lambda: collections.defaultdict(dict))
        for r in mine:
            finals[(r["game"], r["serial"])][r["candidate"]][r["world"]] = r["final"] == "overlord"
        gains: list[float] = []
        for key, cands in values.items():
            pick = picks.get(key)
            if pick is None or pick not in cands or not {0, 1} <= set(cands[pick]):
                continue
            full = {c: w for c, w in cands.items() if {0, 1} <= set(w)}
            mean = {c: (w[0] + w[1]) / 2 for c, w in full.items()}
            best = max(full, key=lambda c: (mean[c], c == pick))
            if best == pick or not mean[best] > mean[pick] + 0.3 or not all(full[best][w] > full[pick][w]
                                                                              for w in (0, 1)):
                continue
            rest = [w for w in finals[key][pick] if w > 1 and w in finals[key][best]]
            if rest:
                gains.append(float(np.mean([finals[key][best][w] for w in rest]))
                             - float(np.mean([finals[key][pick][w] for w in rest])))
        # an oracle: the candidate that won most in worlds 0-1 (by the final winners themselves),
        # judged in the other worlds: is there a difference between candidates to find at all?
        oracle: list[float] = []
        for key, cands in finals.items():
            pick = picks.get(key)
            full = {c: w for c, w in cands.items() if {0, 1} <= set(w)}
            if pick not in full:
                continue
            won = {c: w[0] + w[1] for c, w in full.items()}
            best = max(full, key=lambda c: (won[c], c == pick))
            rest = [w for w in full[pick] if w > 1 and w in full[best]]
            if best != pick and won[best] > won[pick] and rest:
                oracle.append(float(np.mean([full[best][w] for w in rest]))
                              - float(np.mean([full[pick][w] for w in rest])))
        if oracle:
            lines.append(f"  the most winning candidate of worlds 0-1 ({len(oracle)} decisions) minus the AI's choice, "
                         f"final win rate in the other worlds: {np.mean(oracle):+.3f} "
                         f"(se {np.std(oracle) / max(1, len(oracle) - 1) ** 0.5:.3f})")
        if gains:
            lines.append(f"  the search's rule on worlds 0-1 switches on {len(gains)} of {len(values)} decisions; "
                         f"there its choice minus the AI's, final win rate in the other worlds: "
                         f"{np.mean(gains):+.3f} (se {np.std(gains) / max(1, len(gains) - 1) ** 0.5:.3f})")
    return "\n".join(lines)


def _terminal(r: dict[str, Any]) -> float | None:
    if r["h_winner"] is not None:
        return 50.0 if r["h_winner"] == "overlord" else -50.0
    if r["h_decided"]:
        return float(r["h_value"])
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("quest", nargs="?", default="first-steps-2e-2")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=4)
    parser.add_argument("--out", type=Path, default=Path("judge-2e.jsonl"))
    parser.add_argument("--analyse", type=Path, nargs="*", default=None)
    args = parser.parse_args()
    if args.analyse is not None:
        print(analyse(args.analyse or [args.out]))
        return
    collect(args.quest, args.games, args.worlds, args.out)


if __name__ == "__main__":
    main()
