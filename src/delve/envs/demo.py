"""A learning demo: a small NumPy policy gradient that learns to play the heroes.

    python -m delve.envs.demo --minutes 12 --png learning-curve.png

Why this agent: it needs nothing beyond NumPy. It scores each legal choice with a linear
function of the choice's features (``legal_choices()``: what the choice does, where, how near
the enemies it leads), one weight vector per decision kind, and samples from the softmax of
the scores; REINFORCE with a running baseline updates the weights after each game. The return
of a game is the win (+1) or loss (-1) plus the conquest it gained or lost / 10.

It plays the heroes of the tutorial quest (two heroes in one seat) against a random overlord,
and measures the win rate of the learned policy against that of uniformly random heroes on the
same held-out seeds: the margin is the demo's result. ``run`` is what the CI test calls with a
one-minute budget.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from delve.envs.encoding import CHOICE_FEATURES, DECISION_KINDS
from delve.envs.gym import DelveGymEnv

KIND_INDEX = {kind: i for i, kind in enumerate(DECISION_KINDS)}
ENCOUNTER_BONUS = 1.0  # weight of the progress (wounds dealt to the last encounter's boss) in a return


@dataclass
class Curve:
    """What training measured: per training game its return and winner, and the evaluations."""

    returns: list[float] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    evaluations: list[dict[str, float]] = field(default_factory=list)
    random_win_rate: float = 0.0
    final_win_rate: float = 0.0
    seconds: float = 0.0


class LinearSoftmax:
    """Scores of the legal choices: ``weights[kind] . features``; a softmax over them."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.weights = np.zeros((len(DECISION_KINDS), len(CHOICE_FEATURES)))
        self.rng = rng

    def probabilities(self, kind: int, features: np.ndarray) -> np.ndarray:
        scores = features @ self.weights[kind]
        scores -= scores.max()
        exp = np.exp(scores)
        return exp / exp.sum()

    def act(self, kind: int, features: np.ndarray, greedy: bool = False) -> tuple[int, np.ndarray]:
        """(row of the chosen choice, the gradient of its log-probability)."""
        probs = self.probabilities(kind, features)
        row = int(np.argmax(probs)) if greedy else int(self.rng.choice(len(probs), p=probs))
        return row, features[row] - probs @ features


def _kind(env: DelveGymEnv) -> int:
    assert env.episode is not None
    decision = env.episode.game.pending
    assert decision is not None
    return KIND_INDEX.get(decision.kind, KIND_INDEX["other"])


def play(env: DelveGymEnv, seed: int, policy: LinearSoftmax | None, greedy: bool = False,
         rng: np.random.Generator | None = None) -> tuple[float, float, list[tuple[int, np.ndarray]]]:
    """One game: (return, progress: 1 for a won game, else the share of the final encounter's
    boss's wounds dealt, the (kind, gradient) of every policy step).
    ``policy=None`` plays uniformly at random among the legal choices."""
    _obs, info = env.reset(seed=seed)
    assert env.episode is not None
    first_quest = env.episode.game.state.quest
    total, steps = 0.0, []
    rng = rng or np.random.default_rng(seed)
    terminated = truncated = False
    while not (terminated or truncated):
        indices, features = env.legal_choices()
        if policy is None:
            row = int(rng.integers(len(indices)))
        else:
            kind = _kind(env)
            row, grad = policy.act(kind, features, greedy)
            steps.append((kind, grad))
        _obs, reward, terminated, truncated, info = env.step(int(indices[row]))
        total += float(reward)
    # Progress, for the learner and the measure: a quest of encounters (2e) moves on to its
    # next encounter when the heroes win one; then the wounds dealt to its named boss count.
    state = env.episode.game.state
    progress = float(info["winner"] == "heroes")
    if state.quest != first_quest and info["winner"] != "heroes":
        bosses = [f for f in state.figures.values() if f.kind == "monster" and (f.named or f.attributes)]
        progress = max((1 - f.wounds / max(1, f.max_wounds) for f in bosses), default=0.0)
    total += ENCOUNTER_BONUS * progress
    return total, progress, steps


def win_rate(env: DelveGymEnv, seeds: list[int], policy: LinearSoftmax | None) -> float:
    """The heroes' mean progress over ``seeds`` (policy sampling, or random with ``policy=None``)."""
    return float(np.mean([play(env, s, policy, rng=np.random.default_rng(s))[1] for s in seeds]))


def run(seconds: float, *, games: int | None = None, eval_games: int = 20, seed: int = 0, lr: float = 0.5,
        overlord: str = "random", ruleset: str = "2e", max_steps: int = 600) -> tuple[Curve, LinearSoftmax]:
    """Train for about ``seconds`` of CPU time (or exactly ``games`` games), then measure the
    learned and the random heroes on the same ``eval_games`` held-out seeds. Seeded: with
    ``games`` the result is the same on every machine (a time budget is not)."""
    env = DelveGymEnv(ruleset=ruleset, overlord=overlord, reward="conquest", max_steps=max_steps)
    rng = np.random.default_rng(seed)
    policy = LinearSoftmax(rng)
    curve = Curve()
    eval_seeds = [10_000 + seed * 1000 + i for i in range(eval_games)]
    curve.random_win_rate = win_rate(env, eval_seeds, None)
    baseline = 0.0
    start = time.process_time()
    game = 0
    while (game < games) if games is not None else (time.process_time() - start < seconds):
        total, won, steps = play(env, seed * 100_000 + game, policy)
        advantage = total - baseline
        baseline += 0.1 * (total - baseline)
        grad = np.zeros_like(policy.weights)
        for kind, g in steps:
            grad[kind] += g
        policy.weights += lr * advantage * grad / max(1, len(steps)) ** 0.5
        curve.returns.append(total)
        curve.wins.append(won)
        game += 1
    curve.final_win_rate = win_rate(env, eval_seeds, policy)
    curve.evaluations.append({"games": game, "win_rate": curve.final_win_rate})
    curve.seconds = time.process_time() - start
    return curve, policy


def plot(curve: Curve, path: Path) -> None:
    """The learning curve: the training games' win rate (moving average) against the random
    heroes' and the learned policy's held-out win rates."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    wins = np.asarray(curve.wins, dtype=float)
    window = max(1, min(25, len(wins) // 5 or 1))
    smooth = np.convolve(wins, np.ones(window) / window, mode="valid") if len(wins) else wins
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(np.arange(window, len(wins) + 1), smooth, label=f"training games (moving mean of {window})")
    ax.axhline(curve.random_win_rate, color="grey", linestyle="--", label=f"random heroes: {curve.random_win_rate:.2f}")
    ax.axhline(curve.final_win_rate, color="green", linestyle=":", label=f"learned policy: {curve.final_win_rate:.2f}")
    ax.set_xlabel("training game")
    ax.set_ylabel("heroes' progress (1: won)")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title("Delve 2e tutorial: linear policy gradient heroes vs a random overlord")
    ax.legend(loc="upper right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    """Train, print the measured margin as JSON, and write the curve as a PNG."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=12.0, help="CPU minutes of training")
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--games", type=int, default=None, help="train exactly this many games instead")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--overlord", default="random")
    parser.add_argument("--png", type=Path, default=Path("learning-curve.png"))
    parser.add_argument("--json", type=Path, default=None, help="also write the curve as JSON")
    args = parser.parse_args(argv)
    curve, _policy = run(args.minutes * 60, games=args.games, eval_games=args.eval_games, seed=args.seed,
                         overlord=args.overlord)
    plot(curve, args.png)
    result: dict[str, Any] = {"training_games": len(curve.wins), "random_win_rate": curve.random_win_rate,
                              "learned_win_rate": curve.final_win_rate, "cpu_seconds": round(curve.seconds, 1),
                              "png": str(args.png)}
    if args.json:
        args.json.write_text(json.dumps(asdict(curve)))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
