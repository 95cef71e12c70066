"""Delve for programs: PettingZoo, Gymnasium and OpenSpiel environments (``pip install delve[rl]``).

Why lazy imports: the learning libraries are an optional extra, so importing ``delve.envs``
must not need them; each entry point imports its library only when called.

    from delve.envs import aec_env, gym_env
    env = aec_env()          # the tutorial quest, heroes as agents, the solo overlord automated
    genv = gym_env()         # one agent plays every hero seat against the automated overlord

Options (``delve.envs.options.EnvOptions``) are the same keywords for both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from delve.envs.aec import DelveAECEnv
    from delve.envs.gym import DelveGymEnv

__all__ = ["aec_env", "gym_env", "register_openspiel", "vector_env"]


def aec_env(render_mode: str | None = None, **options: Any) -> DelveAECEnv:
    """A PettingZoo AEC environment (one agent per seat; see ``delve.envs.aec``)."""
    from delve.envs.aec import DelveAECEnv

    return DelveAECEnv(render_mode=render_mode, **options)


def gym_env(render_mode: str | None = None, **options: Any) -> DelveGymEnv:
    """A Gymnasium environment: the agent plays the heroes (see ``delve.envs.gym``)."""
    from delve.envs.gym import DelveGymEnv

    return DelveGymEnv(render_mode=render_mode, **options)


def vector_env(num_envs: int, *, asynchronous: bool = False, **options: Any) -> Any:
    """``num_envs`` Gymnasium environments behind Gymnasium's vector API (``delve.envs.vector``)."""
    from delve.envs.vector import vector_env as make

    return make(num_envs, asynchronous=asynchronous, **options)


def register_openspiel() -> str:
    """Register the ``python_delve`` OpenSpiel game (idempotent) and return its short name."""
    from delve.envs.openspiel import register

    return register()
