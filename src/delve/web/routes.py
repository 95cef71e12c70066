"""The table's read-mostly extras: the catalogue, the glossary and each person's settings.

Why a router of its own: ``app.py`` holds the game's core requests; these only present data
(docs/client-protocol.md) and are added with one ``include_router`` line, so the two grow apart.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Header
from pydantic import BaseModel, Field

from delve.web.hub import Hub
from delve.web.present.catalog import catalog, quest_list
from delve.web.present.glossary import glossary


class Settings(BaseModel):
    """A person's table settings (each field optional in a change; ``ask_max_cost: null`` clears it)."""

    auto_answer: bool | None = None
    pass_traps_this_round: bool | None = None  # standing answer: no traps for the rest of this round
    ask_max_cost: int | None = Field(default=None, ge=0, le=99)  # card windows only for cards up to this cost


def extras(hub: Hub) -> APIRouter:
    """The catalogue, glossary and settings requests of ``hub``'s games."""
    router = APIRouter()

    @router.get("/api/glossary")
    def glossary_entries() -> dict[str, Any]:
        return glossary()

    @router.get("/api/quests")
    def quests() -> list[dict[str, Any]]:
        return list(quest_list())

    @router.get("/api/games/{game_id}/catalog")
    def game_catalog(game_id: str, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
        live = hub.get(game_id)
        live.person(x_seat_token or "")
        setup = live.setup
        heroes = len(live.game.state.heroes())
        return catalog(setup.pack, live.game.state.quest, setup.ruleset, heroes)

    @router.get("/api/games/{game_id}/settings")
    def settings(game_id: str, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
        return hub.get(game_id).person(x_seat_token or "").settings()

    @router.post("/api/games/{game_id}/settings")
    def change_settings(game_id: str, body: Settings,
                        x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
        person = hub.get(game_id).person(x_seat_token or "")
        changes = {key: value for key, value in body.model_dump(exclude_unset=True).items()
                   if value is not None or key == "ask_max_cost"}
        if changes:
            hub.change_settings(game_id, x_seat_token or "", changes)
        return person.settings()

    return router
