"""Environment benchmark: agent steps per second of the PettingZoo, Gymnasium and OpenSpiel
environments, with uniformly random legal actions (so the figure is the environment's cost:
the engine, the automated players and the observation encoder).

Run: .venv/bin/python bench/env_bench.py [--quick]
Prints wall-clock steps per second and steps per CPU second (fair on a busy machine), and the
CPU cost of one observation (the view, the board planes and features, the action mask, the
per-choice features). The count of decisions cut is ``bench/env_cuts.py``.
Figures are recorded in docs/performance.md ("Environments").
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import numpy as np

from delve.envs import aec_env, gym_env, register_openspiel


def aec_steps(steps: int, **options: object) -> tuple[float, float, int]:
    """(agent steps per second, episodes) of the AEC env with random masked actions."""
    env = aec_env(**options)
    rng = np.random.default_rng(0)
    done = episodes = 0
    start, cpu = time.perf_counter(), time.process_time()
    while done < steps:
        env.reset(seed=episodes)
        episodes += 1
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done += 1
            if done >= steps:
                break
    return done / (time.perf_counter() - start), done / (time.process_time() - cpu), episodes


def gym_steps(steps: int, **options: object) -> tuple[float, float, int]:
    """(agent steps per second, episodes) of the Gymnasium env with random masked actions."""
    env = gym_env(**options)
    rng = np.random.default_rng(0)
    done = episodes = 0
    start, cpu = time.perf_counter(), time.process_time()
    while done < steps:
        obs, _ = env.reset(seed=episodes)
        episodes += 1
        terminated = truncated = False
        while not (terminated or truncated) and done < steps:
            obs, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done += 1
    return done / (time.perf_counter() - start), done / (time.process_time() - cpu), episodes


def openspiel_steps(steps: int, with_info_states: bool) -> tuple[float, float, int]:
    """(moves per second incl. chance, episodes) of python_delve, optionally reading every
    player's information state string at each move (what tabular algorithms do)."""
    import pyspiel

    game = pyspiel.load_game(register_openspiel())
    rng = np.random.default_rng(0)
    done = episodes = 0
    start, cpu = time.perf_counter(), time.process_time()
    while done < steps:
        state = game.new_initial_state()
        episodes += 1
        while not state.is_terminal() and done < steps:
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                if with_info_states:
                    for player in range(game.num_players()):
                        state.information_state_string(player)
                state.apply_action(int(rng.choice(state.legal_actions())))
            done += 1
    return done / (time.perf_counter() - start), done / (time.process_time() - cpu), episodes


def observation_costs(samples: int) -> list[tuple[str, float]]:
    """CPU microseconds per call of each part of an observation, on hero decisions of a game."""
    env = gym_env()
    env.reset(seed=5)
    assert env.episode is not None
    episode, encoder = env.episode, env.encoder
    seat = episode.hero_seats[0]
    view = episode.view(seat)
    legal = encoder.codec.encode(view)
    parts: list[tuple[str, Callable[[], object]]] = [
        ("view (log set aside)", lambda: episode.view(seat)),
        ("action map (codec.encode)", lambda: encoder.codec.encode(view)),
        ("board planes", lambda: encoder.board(view)),
        ("features", lambda: encoder.features(view)),
        ("action mask", lambda: encoder.mask(legal)),
        ("per-choice features", lambda: encoder.choice_features(view, legal)),
        ("whole observation (env.episode.observe)", lambda: episode.observe(encoder, seat)),
    ]
    out = []
    for label, call in parts:
        cpu = time.process_time()
        for _ in range(samples):
            call()
        out.append((label, (time.process_time() - cpu) / samples * 1e6))
    return out


def main() -> None:
    """Print one row per environment."""
    steps = 300 if "--quick" in sys.argv else 3000
    rows: list[tuple[str, Callable[[], tuple[float, float, int]]]] = [
        ("AEC, heroes as agents, solo overlord automated (defaults)", lambda: aec_steps(steps)),
        ("AEC, every seat an agent (overlord=agent)", lambda: aec_steps(steps, overlord="agent", max_steps=400)),
        ("Gymnasium, heroes vs random overlord", lambda: gym_steps(steps, overlord="random")),
        ("Gymnasium, heroes vs solo overlord (defaults)", lambda: gym_steps(steps)),
        ("Gymnasium, heroes vs overlord AI", lambda: gym_steps(steps // 3, overlord="ai")),
        ("OpenSpiel python_delve, moves only", lambda: openspiel_steps(steps, False)),
        ("OpenSpiel python_delve, + information state strings", lambda: openspiel_steps(steps // 3, True)),
    ]
    # Wall-clock and CPU-time rates: on a shared machine the CPU-time rate is the fair figure.
    print(f"{'environment':<60} {'steps/s':>9} {'per CPU s':>9} {'episodes':>9}")
    for label, run in rows:
        rate, cpu_rate, episodes = run()
        print(f"{label:<60} {rate:>9.0f} {cpu_rate:>9.0f} {episodes:>9}", flush=True)
    print(f"\n{'observation part':<60} {'CPU us/call':>11}")
    for label, micros in observation_costs(30 if "--quick" in sys.argv else 200):
        print(f"{label:<60} {micros:>11.0f}", flush=True)


if __name__ == "__main__":
    main()
