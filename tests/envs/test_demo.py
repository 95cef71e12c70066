"""The learning demo runs, is seeded, and writes its learning curve."""

from __future__ import annotations

from pathlib import Path

from delve.envs.demo import plot, run


def test_demo_is_seeded_and_plots_its_curve(tmp_path: Path) -> None:
    first, _ = run(0, games=6, eval_games=2, seed=1)
    second, _ = run(0, games=6, eval_games=2, seed=1)
    assert first.returns == second.returns and len(first.wins) == 6
    assert first.final_win_rate == second.final_win_rate
    plot(first, tmp_path / "curve.png")
    assert (tmp_path / "curve.png").stat().st_size > 1000
