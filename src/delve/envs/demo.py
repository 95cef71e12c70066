"""A learning demo: a small NumPy policy gradient that learns to play the heroes of the 2e tutorial.

    python -m delve.envs.demo --games 800 --eval-games 100 --eval-every 200 --curve-games 30 \
        --png docs/learning-curve.png

(docs/learning.md: 83/100 held-out games won against random heroes' 0/100.)

Why this agent: it needs nothing beyond NumPy. It scores each legal choice with a linear
function of the choice's features (``legal_choices()``: what the choice does, where, how near
the enemies and the quest's named monster it leads) crossed with the decision's context, one
weight matrix per decision kind, and samples from the softmax of the scores. REINFORCE with
reward-to-go against the batch's mean at the same encounter and round (``advantages``),
normalised, and Adam update the weights after every batch of games.

The reward is shaped from engine quantities (``shaped_reward``), so that a step learns from
what it caused rather than only from the end of the game: wounds dealt to the named monster
(the quest's goal) and to other monsters, wounds the heroes take, conquest changes, reaching the
next encounter, and the win (+1) or loss (-1). The measures are not shaped: the win rate, and
the *progress* (1 for a won game, else the share of the final encounter's named monster's
wounds dealt), of the learned policy and of uniformly random heroes on the same held-out seeds
against the same random overlord, with Wilson 95% intervals.

It plays the heroes of the 2e tutorial (two heroes in one seat: reach the gate, then defeat
Captain Vask within 8 rounds) against a random overlord; random heroes never win it.
``run`` is what the CI test (``tests/envs/test_demo.py``) calls with a short, seeded budget.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from delve.envs.encoding import CHOICE_FEATURES, CONTEXT_FEATURES, DECISION_KINDS
from delve.envs.gym import DelveGymEnv
from delve.sim.report import wilson

KIND_INDEX = {kind: i for i, kind in enumerate(DECISION_KINDS)}
_CONTEXT = [CHOICE_FEATURES.index(name) for name in CONTEXT_FEATURES]
# Weights of the shaped reward's parts (see ``shaped_reward``).
NAMED_DAMAGE = 1.0  # per share of the named monster's wounds dealt
MONSTER_DAMAGE = 0.2  # per share of another monster's wounds dealt
HERO_DAMAGE = 0.1  # per share of a hero's wounds taken (negative)
NEXT_ENCOUNTER = 0.5  # for winning an encounter that is not the last
GAMMA = 0.97  # discount per agent step of the reward-to-go


@dataclass
class Measure:
    """One evaluation: games, wins, mean progress, and the win rate's Wilson 95% interval."""

    games: int
    wins: int
    progress: float
    low: float
    high: float

    @property
    def win_rate(self) -> float:
        return self.wins / max(1, self.games)


@dataclass
class Curve:
    """What training measured: per training game its shaped return, win and progress, and the
    held-out evaluations (after how many training games, the measure)."""

    returns: list[float] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    progress: list[float] = field(default_factory=list)
    evaluations: list[tuple[int, Measure]] = field(default_factory=list)
    random: Measure | None = None
    learned: Measure | None = None
    seconds: float = 0.0


class LinearSoftmax:
    """Scores of the legal choices: ``features @ weights[kind] @ context``; a softmax over them.

    ``context`` is 1 followed by the decision's context columns (``CONTEXT_FEATURES``, the same
    in every row), so a choice's score can depend on the situation: battling is good when an
    enemy stands next to the hero, advancing when one is a few spaces away."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.weights = np.zeros((len(DECISION_KINDS), len(CHOICE_FEATURES), 1 + len(CONTEXT_FEATURES)))
        self.rng = rng

    @staticmethod
    def context(features: np.ndarray) -> np.ndarray:
        return np.concatenate(([1.0], features[0, _CONTEXT]))

    def probabilities(self, kind: int, features: np.ndarray) -> np.ndarray:
        scores = features @ (self.weights[kind] @ self.context(features))
        scores -= scores.max()
        exp = np.exp(scores)
        return exp / exp.sum()

    def act(self, kind: int, features: np.ndarray) -> tuple[int, np.ndarray]:
        """(row of the sampled choice, the gradient of its log-probability by ``weights[kind]``)."""
        probs = self.probabilities(kind, features)
        row = int(self.rng.choice(len(probs), p=probs))
        return row, np.outer(features[row] - probs @ features, self.context(features))


class Adam:
    """The Adam step rule on one array of weights (ascent)."""

    def __init__(self, shape: tuple[int, ...], lr: float) -> None:
        self.lr, self.t = lr, 0
        self.m, self.v = np.zeros(shape), np.zeros(shape)

    def step(self, weights: np.ndarray, grad: np.ndarray) -> None:
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * grad
        self.v = 0.999 * self.v + 0.001 * grad**2
        m_hat, v_hat = self.m / (1 - 0.9**self.t), self.v / (1 - 0.999**self.t)
        weights += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


# (quest, figure id -> (wounds left, max wounds, is a hero, is named)) of a game at one moment.
Snapshot = tuple[str, dict[str, tuple[int, int, bool, bool]]]


def _snapshot(env: DelveGymEnv) -> Snapshot:
    """The figures on the board now (what ``shaped_reward`` compares)."""
    assert env.episode is not None
    state = env.episode.game.state
    return state.quest, {fid: (f.wounds, f.max_wounds, f.kind == "hero", f.named or bool(f.attributes))
                         for fid, f in state.figures.items() if not f.in_town}


def shaped_reward(before: Snapshot, after: Snapshot) -> float:
    """The shaping part of a step's reward, from two snapshots: wounds dealt to the named monster
    and to other monsters (a figure gone counts as all its wounds dealt), wounds the heroes
    took, and a bonus when the heroes moved on to the next encounter (figures are then new)."""
    if before[0] != after[0]:
        return NEXT_ENCOUNTER
    reward = 0.0
    for fid, (wounds, max_wounds, hero, named) in before[1].items():
        now = after[1].get(fid, (0, max_wounds, hero, named))[0]
        lost = max(0, wounds - now) / max(1, max_wounds)
        if hero:
            reward -= HERO_DAMAGE * lost
        else:
            reward += (NAMED_DAMAGE if named else MONSTER_DAMAGE) * lost
    return reward


def _kind(env: DelveGymEnv) -> int:
    assert env.episode is not None
    decision = env.episode.game.pending
    assert decision is not None
    return KIND_INDEX.get(decision.kind, KIND_INDEX["other"])


def _progress(env: DelveGymEnv, first_quest: str, winner: str | None) -> float:
    """1 for a won game; else, once the heroes reached a later encounter, the share of its named
    monster's wounds dealt; else 0."""
    assert env.episode is not None
    state = env.episode.game.state
    if winner == "heroes":
        return 1.0
    if state.quest == first_quest:
        return 0.0
    bosses = [f for f in state.figures.values() if f.kind == "monster" and (f.named or f.attributes)]
    return max((1 - f.wounds / max(1, f.max_wounds) for f in bosses), default=1.0)


@dataclass
class Episode:
    """One played game: per policy step its decision kind, gradient and reward; the outcome."""

    kinds: list[int] = field(default_factory=list)
    grads: list[np.ndarray] = field(default_factory=list)
    rewards: list[float] = field(default_factory=list)
    phases: list[tuple[str, int]] = field(default_factory=list)  # (encounter, round) of each policy step
    won: bool = False
    progress: float = 0.0


def play(env: DelveGymEnv, seed: int, policy: LinearSoftmax | None,
         rng: np.random.Generator | None = None) -> Episode:
    """One game of ``seed``. ``policy=None`` plays uniformly at random among the legal choices."""
    env.reset(seed=seed)
    assert env.episode is not None
    first_quest = env.episode.game.state.quest
    rng = rng or np.random.default_rng(seed)
    episode = Episode()
    info: dict[str, Any] = {"winner": None}
    terminated = truncated = False
    while not (terminated or truncated):
        indices, features = env.legal_choices()
        if policy is None:
            row = int(rng.integers(len(indices)))
        else:
            kind = _kind(env)
            row, grad = policy.act(kind, features)
            episode.kinds.append(kind)
            episode.grads.append(grad)
            episode.phases.append((env.episode.game.state.quest, env.episode.game.state.round))
        before = _snapshot(env)
        _obs, reward, terminated, truncated, info = env.step(int(indices[row]))
        episode.rewards.append(float(reward) + shaped_reward(before, _snapshot(env)))
    episode.won = info["winner"] == "heroes"
    episode.progress = _progress(env, first_quest, info["winner"])
    return episode


def measure(env: DelveGymEnv, seeds: list[int], policy: LinearSoftmax | None) -> Measure:
    """Wins and mean progress over ``seeds`` (the policy sampling, or random with ``None``);
    the policy samples from its own generator, reseeded so a measure is reproducible."""
    if policy is not None:
        saved, policy.rng = policy.rng, np.random.default_rng(seeds[0] if seeds else 0)
    episodes = [play(env, s, policy, rng=np.random.default_rng(s)) for s in seeds]
    if policy is not None:
        policy.rng = saved
    wins = sum(e.won for e in episodes)
    low, high = wilson(wins, len(seeds))
    return Measure(len(seeds), wins, float(np.mean([e.progress for e in episodes])) if episodes else 0.0,
                   low, high)


def returns_to_go(rewards: list[float], gamma: float = GAMMA) -> np.ndarray:
    """Discounted sum of the rewards from each step on."""
    out = np.zeros(len(rewards))
    running = 0.0
    for t in range(len(rewards) - 1, -1, -1):
        running = rewards[t] + gamma * running
        out[t] = running
    return out


def advantages(batch: list[Episode]) -> list[np.ndarray]:
    """Per game and policy step: its reward-to-go minus the batch's mean reward-to-go at the same
    (encounter, round), scaled by the batch's standard deviation of these differences.

    Why by round: the loss (-1) at the end of the last round weighs on every step taken near it,
    whatever the step did. Against one mean over the whole batch, the steps of the last rounds
    (the heroes' attacks on the named monster) looked bad for being late, and a policy that left
    the named monster alone was learned (0 of 40 won after 400 games); compared with the other
    steps of the same round, a step is judged by what it changed. The baseline depends on the
    moment, never on the choice made."""
    returns = [returns_to_go(e.rewards) for e in batch]
    by_phase: dict[tuple[str, int], list[float]] = {}
    for episode, ret in zip(batch, returns, strict=True):
        for phase, value in zip(episode.phases, ret, strict=True):
            by_phase.setdefault(phase, []).append(float(value))
    baseline = {phase: float(np.mean(values)) for phase, values in by_phase.items()}
    out = [ret - np.array([baseline[p] for p in e.phases]) for e, ret in zip(batch, returns, strict=True)]
    flat = np.concatenate(out) if out else np.zeros(0)
    std = float(flat.std()) if len(flat) > 1 else 0.0
    return [a / std for a in out] if std > 1e-9 else [np.zeros_like(a) for a in out]


def update(policy: LinearSoftmax, optimiser: Adam, batch: list[Episode]) -> None:
    """One REINFORCE step on a batch of games, weighted by ``advantages``."""
    per_game = advantages(batch)
    steps = sum(len(a) for a in per_game)
    if not any(a.any() for a in per_game):
        return
    grad = np.zeros_like(policy.weights)
    for episode, advantage in zip(batch, per_game, strict=True):
        for kind, g, value in zip(episode.kinds, episode.grads, advantage, strict=True):
            grad[kind] += value * g
    optimiser.step(policy.weights, grad / steps)


def run(seconds: float, *, games: int | None = None, eval_games: int = 100, eval_every: int = 0,
        curve_games: int = 30, seed: int = 0, lr: float = 0.6, batch: int = 8,
        overlord: str = "random", ruleset: str = "2e", max_steps: int = 600) -> tuple[Curve, LinearSoftmax]:
    """Train for about ``seconds`` of CPU time (or exactly ``games`` games), then measure the
    learned and the random heroes on the same ``eval_games`` held-out seeds. Every
    ``eval_every`` training games (0: never) the policy is also measured on ``curve_games``
    held-out seeds, for the curve. Seeded: with ``games`` the result is the same on every run
    (a time budget is not)."""
    env = DelveGymEnv(ruleset=ruleset, overlord=overlord, reward="conquest", max_steps=max_steps)
    policy = LinearSoftmax(np.random.default_rng(seed))
    optimiser = Adam(policy.weights.shape, lr)
    curve = Curve()
    eval_seeds = [10_000 + seed * 1000 + i for i in range(eval_games)]
    curve_seeds = eval_seeds[:curve_games]
    start = time.process_time()
    game = 0
    pending: list[Episode] = []

    def checkpoint() -> None:
        if eval_every and curve_seeds:
            curve.evaluations.append((game, measure(env, curve_seeds, policy)))

    checkpoint()
    while (game < games) if games is not None else (time.process_time() - start < seconds):
        episode = play(env, seed * 100_000 + game, policy)
        pending.append(episode)
        curve.returns.append(float(sum(episode.rewards)))
        curve.wins.append(float(episode.won))
        curve.progress.append(episode.progress)
        game += 1
        if len(pending) == batch:
            update(policy, optimiser, pending)
            pending = []
        if eval_every and game % eval_every == 0:
            checkpoint()
    curve.seconds = time.process_time() - start
    curve.random = measure(env, eval_seeds, None)
    curve.learned = measure(env, eval_seeds, policy)
    return curve, policy


def plot(curve: Curve, path: Path) -> None:
    """The learning curve: the training games' win rate and progress (moving means), the
    held-out win rates of the policy during training, and the final learned and random ones."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    for values, label, colour in ((curve.wins, "training games: win rate", "tab:blue"),
                                  (curve.progress, "training games: progress", "tab:cyan")):
        series = np.asarray(values, dtype=float)
        window = max(1, min(100, len(series) // 10 or 1))
        if len(series):
            smooth = np.convolve(series, np.ones(window) / window, mode="valid")
            ax.plot(np.arange(window, len(series) + 1), smooth, color=colour, alpha=0.7,
                    label=f"{label} (moving mean of {window})")
    if curve.evaluations:
        xs = [g for g, _ in curve.evaluations]
        ax.errorbar(xs, [m.win_rate for _, m in curve.evaluations],
                    yerr=[[m.win_rate - m.low for _, m in curve.evaluations],
                          [m.high - m.win_rate for _, m in curve.evaluations]],
                    color="tab:green", marker="o", capsize=3,
                    label=f"held-out win rate ({curve.evaluations[0][1].games} games, 95% CI)")
    if curve.random is not None:
        ax.axhline(curve.random.win_rate, color="grey", linestyle="--",
                   label=f"random heroes: {curve.random.wins}/{curve.random.games} won, "
                         f"progress {curve.random.progress:.2f}")
    if curve.learned is not None:
        ax.axhline(curve.learned.win_rate, color="green", linestyle=":",
                   label=f"learned heroes: {curve.learned.wins}/{curve.learned.games} won, "
                         f"progress {curve.learned.progress:.2f}")
    ax.set_xlabel("training game")
    ax.set_ylabel("heroes' win rate / progress")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title("Delve 2e tutorial: linear policy-gradient heroes vs a random overlord")
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def summary(curve: Curve) -> dict[str, Any]:
    """The measured result, as printed by ``main``."""
    assert curve.random is not None and curve.learned is not None
    out: dict[str, Any] = {"training_games": len(curve.wins), "cpu_seconds": round(curve.seconds, 1)}
    for name, m in (("random", curve.random), ("learned", curve.learned)):
        out[name] = {"games": m.games, "wins": m.wins, "win_rate": round(m.win_rate, 3),
                     "win_rate_95ci": [round(m.low, 3), round(m.high, 3)], "progress": round(m.progress, 3)}
    return out


def main(argv: list[str] | None = None) -> None:
    """Train, print the measured margin as JSON, and write the curve as a PNG."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="CPU minutes of training")
    parser.add_argument("--games", type=int, default=None, help="train exactly this many games instead")
    parser.add_argument("--eval-games", type=int, default=200, help="held-out games of the final measure")
    parser.add_argument("--eval-every", type=int, default=250, help="training games between curve points")
    parser.add_argument("--curve-games", type=int, default=40, help="held-out games per curve point")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lr", type=float, default=0.6, help="Adam's learning rate")
    parser.add_argument("--batch", type=int, default=8, help="games per update")
    parser.add_argument("--overlord", default="random")
    parser.add_argument("--png", type=Path, default=Path("learning-curve.png"))
    parser.add_argument("--json", type=Path, default=None, help="also write the curve as JSON")
    args = parser.parse_args(argv)
    curve, _policy = run(args.minutes * 60, games=args.games, eval_games=args.eval_games,
                         eval_every=args.eval_every, curve_games=args.curve_games, seed=args.seed,
                         lr=args.lr, batch=args.batch, overlord=args.overlord)
    plot(curve, args.png)
    result = summary(curve) | {"png": str(args.png)}
    if args.json:
        args.json.write_text(json.dumps(asdict(curve) | {"summary": result}))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
