"""Options shared by every environment: which game to start and how the agent sees it.

Why one pydantic model: ``aec_env(**options)``, ``gym_env(**options)`` and the OpenSpiel game
parameters all accept the same words, checked in one place, and an unknown option is an error
(not a silent default). The game itself is set up by ``delve.api.play_setup``, the setup
``delve simulate`` uses, so a learner and the simulator play the same game.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from delve.api import GameSetup, open_pack, play_setup
from delve.rulesets import fit_content

OverlordKind = Literal["solo", "ai", "random", "agent"]
# Who answers the setup decisions (skill trade-in, starting purchases, placement, treachery):
# "ai": the automated players (the hero AI for hero seats), as in ``delve simulate``;
# "agent": the agents, like any other decision; "quick": no setup decisions (heroes unarmed).
SetupKind = Literal["ai", "agent", "quick"]


class EnvOptions(BaseModel):
    """What an environment plays and how big its spaces are.

    The defaults give the starter pack's tutorial quest with two heroes, who shop before the
    quest as in the simulator, against the solo overlord procedure, so ``aec_env()`` and
    ``gym_env()`` work with no arguments. ``ruleset``, ``pack`` and ``quest`` are fitted to each
    other at construction (``delve.rulesets.fit_content``): no ruleset takes the pack's, and a
    pack of another ruleset is refused with a ``ValueError``.
    """

    model_config = ConfigDict(extra="forbid")

    ruleset: str | None = None  # "1e" or "2e"; default: the pack's (1e without a pack)
    pack: str | None = None  # default: the ruleset's pack
    quest: str | None = None  # default: the ruleset's tutorial
    heroes: list[str] = Field(default_factory=list)  # default: the pack's first two heroes
    seats: list[list[str]] | None = None  # hero ids per hero seat (default: one seat per hero)
    seed: int = 0  # the first episode's game seed when reset() gives none
    chance: Literal["seeded", "manual"] = "seeded"  # "manual": dice are decisions of the table seat
    setup: SetupKind = "ai"
    # Who answers the overlord's decisions: the solo procedure, the overlord AI, a random player,
    # or (AEC env and OpenSpiel only) an agent.
    overlord: OverlordKind = "solo"
    easy: bool = False  # solo overlord easy mode
    max_steps: int = Field(default=2000, ge=1)  # agent steps before an episode is truncated
    board_size: tuple[int, int] | None = None  # (width, height) of the planes; default: largest map
    reward: Literal["win", "conquest"] = "win"  # "conquest": also reward conquest changes (heroes)

    def model_post_init(self, context: Any, /) -> None:
        """Fit ruleset, pack and quest once (a misfit is refused here, not in every game)."""
        self.ruleset, self.pack, self.quest = fit_content(self.ruleset, self.quest, self.pack)

    @property
    def pack_name(self) -> str:
        """The fitted pack (always set after construction)."""
        assert self.pack is not None
        return self.pack

    def game_setup(self, seed: int) -> GameSetup:
        """The ``GameSetup`` of one episode (the simulator's setup path)."""
        return play_setup(ruleset=self.ruleset, pack=self.pack, quest=self.quest, heroes=self.heroes,
                          seats=self.seats, seed=seed, chance=self.chance, solo=self.overlord == "solo",
                          easy=self.easy, quick=self.setup == "quick", check=False)

    def plane_size(self) -> tuple[int, int]:
        """(width, height) of the board planes: the largest map of the pack unless given."""
        if self.board_size is not None:
            return self.board_size
        return largest_map(self.pack_name)


def largest_map(pack_name: str) -> tuple[int, int]:
    """The widest and tallest quest map in a pack, so every quest fits the same planes."""
    from delve.board.mapfile import load_map

    pack = open_pack(pack_name)
    width = height = 1
    for quest_id in pack.quests:
        board = load_map(pack.quest_map_path(quest_id)).board
        width, height = max(width, board.width), max(height, board.height)
    return width, height
