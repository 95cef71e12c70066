"""The learning demo learns: a one-minute, seeded version beats random heroes by a clear margin.

The full demo (``python -m delve.envs.demo``, 12 CPU minutes) is measured in docs/learning.md.
Here 200 training games and 40 held-out games for each side (about 40 CPU seconds in all):
seeded, so the figures are the same on every run; the thresholds leave slack for changes of the
engine that shift single games (measured with seed 0 since Exhaustion and Frenzy work: 25/40
wins, progress 0.85, against random heroes' 0/40, progress 0.08; seed 1 gave 27/40, 0.92
against 0/40, 0.06).
"""

from __future__ import annotations

from pathlib import Path

from delve.envs.demo import plot, run, summary


def test_demo_beats_random_heroes_and_plots_its_curve(tmp_path: Path) -> None:
    curve, _policy = run(0, games=200, eval_games=40, seed=0)
    assert curve.random is not None and curve.learned is not None
    assert curve.random.games == curve.learned.games == 40
    # The dense measure: the share of Captain Vask's wounds dealt (1 for a won game).
    assert curve.learned.progress >= curve.random.progress + 0.3, summary(curve)
    # And the win rate: random heroes (almost) never win the 2e tutorial against a random overlord.
    assert curve.learned.wins >= curve.random.wins + 8, summary(curve)
    plot(curve, tmp_path / "curve.png")
    assert (tmp_path / "curve.png").stat().st_size > 1000


def test_demo_is_seeded() -> None:
    first, _ = run(0, games=3, eval_games=2, seed=1)
    second, _ = run(0, games=3, eval_games=2, seed=1)
    assert first.returns == second.returns and len(first.wins) == 3
    assert first.learned == second.learned and first.random == second.random
