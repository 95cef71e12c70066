"""The table's read-mostly extras: the catalogue, the glossary and each person's settings.

Why a router of its own: ``app.py`` holds the game's core requests; these only present data
(docs/client-protocol.md) and are added with one ``include_router`` line, so the two grow apart.
"""

from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from delve.web.chat import MAX_LENGTH
from delve.web.delivery import PublicJSON
from delve.web.hub import Hub, Person, TableError
from delve.web.present.catalog import catalog
from delve.web.present.glossary import glossary
from delve.web.present.lobby import hero_sheets, quest_cards
from delve.web.present.rules_sections import section_for


class Settings(BaseModel):
    """A person's table settings (each field optional in a change; ``ask_max_cost: null`` clears it)."""

    auto_answer: bool | None = None
    pass_traps_this_round: bool | None = None  # standing answer: no traps for the rest of this round
    ask_max_cost: int | None = Field(default=None, ge=0, le=99)  # card windows only for cards up to this cost
    ask_every_window: bool | None = None  # every card window waits for him, playable or not (docs/web.md)


class Reissue(BaseModel):
    """Which person's link the host replaces (their index in ``table.people``)."""

    person: int = Field(ge=0, le=99)


class Spectator(BaseModel):
    """A new spectator link's name."""

    name: str = Field(default="Spectator", min_length=1, max_length=40)


class ChatLine(BaseModel):
    """One chat line (plain text; ``delve.web.chat``)."""

    text: str = Field(min_length=1, max_length=MAX_LENGTH)


@functools.lru_cache(maxsize=16)
def catalog_json(pack: str, quest: str, ruleset: str, heroes: int) -> PublicJSON:
    """A game's catalogue encoded once: it is the same for every seat and never changes."""
    return PublicJSON.of(catalog(pack, quest, ruleset, heroes))


@functools.cache
def glossary_json() -> PublicJSON:
    return PublicJSON.of(glossary())


def link(game_id: str, person: Person) -> dict[str, Any]:
    """A person's invitation link (only for the host or the creator: it carries the token)."""
    return {"name": person.name, "seats": person.seats, "url": f"/play/{game_id}#{person.token}"}


def extras(hub: Hub) -> APIRouter:
    """The catalogue, glossary and settings requests of ``hub``'s games."""
    router = APIRouter()

    @router.get("/api/glossary")
    def glossary_entries(request: Request) -> Response:
        return glossary_json().response(request)

    @router.get("/api/rules")
    def rules_section(ref: str = Query(min_length=1, max_length=200), ruleset: str = "1e") -> dict[str, Any]:
        """What Delve does with the rulebook section a log line cites (delve.web.present.rules_sections)."""
        found = section_for(ref, ruleset)
        if found is None:
            raise TableError(f"no rulebook section is called {ref!r}", 404)
        return found

    @router.get("/api/quests")
    def quests() -> list[dict[str, Any]]:
        return list(quest_cards())

    @router.get("/api/heroes")
    def heroes(ruleset: str = "1e") -> list[dict[str, Any]]:
        """The hero sheets a new game of ``ruleset`` may pick from (its own pack's heroes)."""
        from delve.rulesets import DEFAULT_CONTENT

        if ruleset not in DEFAULT_CONTENT:
            raise TableError(f"unknown ruleset {ruleset!r}; choose one of {', '.join(DEFAULT_CONTENT)}", 404)
        return list(hero_sheets(DEFAULT_CONTENT[ruleset][0]))

    @router.get("/api/games/{game_id}/catalog")
    def game_catalog(game_id: str, request: Request, x_seat_token: str | None = Header(default=None)) -> Response:
        live = hub.get(game_id, x_seat_token or "")
        live.person(x_seat_token or "")
        setup = live.setup
        heroes = len(live.game.state.heroes())
        return catalog_json(setup.pack, live.game.state.quest, setup.ruleset, heroes).response(request)

    @router.get("/api/games/{game_id}/settings")
    def settings(game_id: str, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
        return hub.get(game_id, x_seat_token or "").person(x_seat_token or "").settings()

    @router.post("/api/games/{game_id}/settings")
    def change_settings(game_id: str, body: Settings,
                        x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
        person = hub.get(game_id, x_seat_token or "").person(x_seat_token or "")
        changes = {key: value for key, value in body.model_dump(exclude_unset=True).items()
                   if value is not None or key == "ask_max_cost"}
        if changes:
            hub.change_settings(game_id, x_seat_token or "", changes)
        return person.settings()

    @router.post("/api/games/{game_id}/reissue")
    def reissue(game_id: str, body: Reissue, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
        return link(game_id, hub.reissue(game_id, x_seat_token or "", body.person))

    @router.post("/api/games/{game_id}/spectators")
    def spectators(game_id: str, body: Spectator, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
        return link(game_id, hub.add_spectator(game_id, x_seat_token or "", body.name))

    @router.get("/api/games/{game_id}/people")
    def people(game_id: str, x_seat_token: str | None = Header(default=None)) -> list[dict[str, Any]]:
        """The host's list of the game's links (without tokens), with who is connected."""
        live = hub.get(game_id, x_seat_token or "")
        live.host(x_seat_token or "")
        return [{"index": i, **p.public(), "connected": live.connected(p)} for i, p in enumerate(live.people)]

    @router.get("/api/games/{game_id}/chat")
    def chat(game_id: str, x_seat_token: str | None = Header(default=None)) -> list[dict[str, Any]]:
        live = hub.get(game_id, x_seat_token or "")
        live.person(x_seat_token or "")
        return list(live.chat)

    @router.post("/api/games/{game_id}/chat")
    def say(game_id: str, body: ChatLine, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
        return hub.say(game_id, x_seat_token or "", body.text)

    return router
