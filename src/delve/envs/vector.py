"""Many Gymnasium environments at once, through Gymnasium's vector API.

Why Gymnasium's own classes: ``SyncVectorEnv`` steps the copies in this process (no start-up
cost, one core) and ``AsyncVectorEnv`` in worker processes (one core each), and both are what
learning libraries expect. Each copy gets its own seed (``seed + i``) so the copies play
different games; the action masks are stacked in ``infos["action_mask"]`` like any info.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv, VectorEnv


def vector_env(num_envs: int, *, asynchronous: bool = False, **options: Any) -> VectorEnv[Any, Any, Any]:
    """``num_envs`` copies of ``gym_env(**options)``; ``asynchronous`` runs each in a process."""
    seed = int(options.pop("seed", 0))

    def factory(index: int) -> Callable[[], gymnasium.Env[Any, Any]]:
        def make() -> gymnasium.Env[Any, Any]:
            from delve.envs import gym_env

            return gym_env(seed=seed + index, **options)

        return make

    makers = [factory(i) for i in range(num_envs)]
    if asynchronous:
        return AsyncVectorEnv(makers, shared_memory=False)
    return SyncVectorEnv(makers)
