"""Options shared by every environment: which game to start and how the agent sees it.

Why one pydantic model: ``aec_env(**options)``, ``gym_env(**options)`` and the OpenSpiel game
parameters all accept the same words, checked in one place, and an unknown option is an error
(not a silent default).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from delve.api import GameSetup, open_pack

OverlordKind = Literal["solo", "ai", "random", "agent"]


class EnvOptions(BaseModel):
    """What an environment plays and how big its spaces are.

    The defaults give the starter pack's tutorial quest with two heroes against the solo
    overlord procedure, so ``aec_env()`` and ``gym_env()`` work with no arguments.
    """

    model_config = ConfigDict(extra="forbid")

    pack: str = "starter"
    quest: str = "first-steps"
    heroes: list[str] = Field(default_factory=list)  # default: the pack's first two heroes
    seats: list[list[str]] | None = None  # hero ids per hero seat (default: one seat per hero)
    seed: int = 0  # the first episode's game seed when reset() gives none
    chance: Literal["seeded", "manual"] = "seeded"  # "manual": dice are decisions of the table seat
    choices: bool = False  # play the setup as decisions (skills, shopping, placement)
    # Who answers the overlord's decisions: the solo procedure, the overlord AI, a random player,
    # or (AEC env only) an agent.
    overlord: OverlordKind = "solo"
    easy: bool = False  # solo overlord easy mode
    max_choices: int = Field(default=256, ge=2)  # K: the size of the Discrete action space
    max_steps: int = Field(default=2000, ge=1)  # agent steps before an episode is truncated
    board_size: tuple[int, int] | None = None  # (width, height) of the planes; default: largest map
    reward: Literal["win", "conquest"] = "win"  # "conquest": also reward conquest changes (heroes)

    def setup(self, seed: int) -> GameSetup:
        """The ``GameSetup`` of one episode."""
        return GameSetup(pack=self.pack, quest=self.quest, heroes=list(self.heroes), seats=self.seats, seed=seed,
                         chance=self.chance, solo=self.overlord == "solo", easy=self.easy, choices=self.choices)

    def plane_size(self) -> tuple[int, int]:
        """(width, height) of the board planes: the largest map of the pack unless given."""
        if self.board_size is not None:
            return self.board_size
        return largest_map(self.pack)


def largest_map(pack_name: str) -> tuple[int, int]:
    """The widest and tallest quest map in a pack, so every quest fits the same planes."""
    from delve.board.mapfile import load_map

    pack = open_pack(pack_name)
    width = height = 1
    for quest_id in pack.quests:
        board = load_map(pack.quest_map_path(quest_id)).board
        width, height = max(width, board.width), max(height, board.height)
    return width, height
