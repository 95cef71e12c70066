"""The quest workbench's requests (``/api/workbench/...``, docs/workbench.md) and its page.

Why a router of its own: the workbench only reads drafts, writes quest files into its own folder
and starts games and balance jobs; ``app.py`` adds it with one ``include_router`` line. Every
check of a quest is ``delve.workbench.check`` (the content loader's), every game the hub's.
"""

from __future__ import annotations

import hashlib
import logging
import os
from importlib.resources import files
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Query, Request, Response
from fastapi.responses import FileResponse, JSONResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from delve.web.hub import Hub, TableError
from delve.web.security import CreationLimiter, TableSettings, router_peer
from delve.workbench.check import check_draft
from delve.workbench.folder import BadName, Workbench
from delve.workbench.importer import PACK_RULESETS, ImportProblem, import_shipped, shipped_pack_path
from delve.workbench.jobs import BalanceJobs, JobLimit
from delve.workbench.model import MAX_SIZE, Draft
from delve.workbench.packs import pack_zip
from delve.workbench.writer import write_files

log = logging.getLogger("delve.web")
RULESET_PACKS = {ruleset: pack for pack, ruleset in PACK_RULESETS.items()}
DOOR_COLOURS = ["red", "blue", "yellow", "green"]
TREASURE_COLOURS = ["copper", "silver", "gold"]
REPLAY_TIMEOUT_S = 300.0


class DraftBody(BaseModel):
    draft: Draft


class PlayBody(BaseModel):
    draft: Draft
    mode: Literal["solo", "hotseat"] = "solo"
    seed: int = Field(default=1, ge=0, le=2**31)
    level: str | None = Field(default=None, max_length=20)
    heroes: list[str] = Field(default_factory=list, max_length=4)


class BalanceBody(BaseModel):
    draft: Draft
    games: int = Field(default=50, ge=1, le=500)
    heroes: str = Field(default="ai", max_length=20)
    overlord: str = Field(default="ai", max_length=20)
    seed: int = Field(default=0, ge=0, le=2**31)


class ReplayBody(BaseModel):
    seed: str = Field(pattern=r"^[0-9]{1,20}$")  # a 63-bit seed, as a string (docs/workbench.md)


class JobReplayBody(ReplayBody):
    job: str = Field(max_length=40)


def palette(ruleset: str) -> dict[str, Any]:
    """What the editor offers to paint with (docs/workbench.md, ``GET /api/workbench/palette``)."""
    from delve.board.terrain import load_marker_kinds, load_terrain
    from delve.content.loader import open_pack

    pack = RULESET_PACKS.get(ruleset, "starter")
    colours = {"chest": TREASURE_COLOURS, "staircase": DOOR_COLOURS, "rune_key": DOOR_COLOURS}
    monsters = open_pack(pack).monsters.values()
    return {
        "ruleset": PACK_RULESETS[pack], "pack": pack,
        "terrains": [{"id": t.id, "symbol": t.symbol, "name": t.name} for t in load_terrain().values()],
        "markers": [{"kind": m.id, "name": m.name, "colours": colours.get(m.id, []),
                     "blocks_movement": m.blocks_movement} for m in load_marker_kinds().values()],
        "door_colours": DOOR_COLOURS,
        "monsters": [{"id": m.id, "name": m.name, "size": f"{m.size.w}x{m.size.h}"} for m in monsters],
        "max_heroes": 4,
        "max_size": MAX_SIZE,
    }


def shipped_quests() -> list[dict[str, str]]:
    """Every quest of the shipped packs."""
    from delve.content.loader import open_pack

    return [{"pack": pack, "ruleset": ruleset, "id": quest.id, "name": quest.name}
            for pack, ruleset in PACK_RULESETS.items() for quest in open_pack(pack).quests.values()]


def new_draft(ruleset: str, width: int, height: int) -> Draft:
    """An empty draft: no spaces yet, the quest's required fields holding placeholders."""
    return Draft.model_validate({
        "ruleset": ruleset, "pack": RULESET_PACKS.get(ruleset, "starter"),
        "map": {"name": "New Quest", "width": width, "height": height},
        "quest": {"id": "new-quest", "name": "New Quest", "starting_conquest": 5,
                  "goals": {"heroes": {"text": "Defeat the overlord's champion.", "win_when": []},
                            "overlord": {"text": "Drain the heroes of all their conquest.",
                                         "win_when": [{"heroes_out_of_conquest": True}]}},
                  "flavour": "A quest made in the workbench."},
    })


def workbench_routes(hub: Hub, settings: TableSettings, root: Path, jobs: BalanceJobs) -> APIRouter:
    """The workbench requests over the folder ``root``; games go to ``hub``, runs to ``jobs``."""
    router = APIRouter()
    bench = Workbench(root)
    limiter = CreationLimiter(settings.creates_per_minute)

    def person(request: Request) -> str:
        """Who asks: the client address (the one the worker router saw, behind it)."""
        if settings.peer_secret:
            return router_peer(request.headers.get("x-delve-peer", ""), settings.peer_secret)
        return request.client.host if request.client else ""

    def checked(draft: Draft) -> dict[str, Any]:
        result = check_draft(draft)
        return {"ok": result.ok, "errors": [e.to_json() for e in result.errors]}

    @router.get("/workbench", include_in_schema=False)
    def page() -> FileResponse:
        page_file = files("delve.web") / "static" / "app" / "workbench.html"
        if not page_file.is_file():
            raise TableError("the workbench page is not built (client/, npm run build)", 404)
        return FileResponse(str(page_file))

    @router.get("/api/workbench/palette")
    def get_palette(ruleset: Literal["1e", "2e"] = "1e") -> dict[str, Any]:
        return palette(ruleset)

    @router.get("/api/workbench/quests")
    def list_shipped() -> list[dict[str, str]]:
        return shipped_quests()

    @router.get("/api/workbench/quests/{pack}/{quest_id}")
    def get_shipped(pack: str, quest_id: str) -> dict[str, Any]:
        try:
            shipped_pack_path(pack)
            return {"draft": import_shipped(pack, quest_id).model_dump(mode="json")}
        except KeyError:
            raise TableError(f"no shipped quest {pack}/{quest_id}", 404) from None

    @router.get("/api/workbench/new")
    def get_new(ruleset: Literal["1e", "2e"] = "1e", width: int = 12, height: int = 10) -> dict[str, Any]:
        if not (1 <= width <= MAX_SIZE and 1 <= height <= MAX_SIZE):
            raise TableError(f"a map is 1 to {MAX_SIZE} spaces wide and high")
        return {"draft": new_draft(ruleset, width, height).model_dump(mode="json")}

    @router.post("/api/workbench/validate")
    def validate(body: DraftBody) -> dict[str, Any]:
        result = check_draft(body.draft)
        return {"ok": result.ok, "errors": [e.to_json() for e in result.errors],
                "files": {"map": result.files.map_text, "quest": result.files.quest_text}}

    @router.get("/api/workbench/drafts")
    def list_drafts() -> list[dict[str, Any]]:
        return bench.listing()

    @router.put("/api/workbench/drafts/{name}")
    def save(name: str, body: DraftBody) -> dict[str, Any]:
        try:
            files = bench.save(name, body.draft)
        except BadName as exc:
            raise TableError(str(exc)) from None
        log.info("workbench quest saved", extra={"draft": name})
        return {"name": name, "files": files, **checked(body.draft)}

    @router.get("/api/workbench/drafts/{name}")
    def open_saved(name: str) -> Any:
        try:
            draft = bench.open(name)
        except BadName as exc:
            raise TableError(str(exc)) from None
        except FileNotFoundError:
            raise TableError(f"no saved quest {name!r}", 404) from None
        except ImportProblem as exc:
            return JSONResponse({"error": str(exc), "errors": [{"message": str(exc), "file": "draft", "entry": name,
                                                                 "field": "", "line": None, "element": None}]},
                                status_code=400)
        return {"draft": draft.model_dump(mode="json"), **checked(draft)}

    @router.delete("/api/workbench/drafts/{name}")
    def delete_saved(name: str) -> dict[str, str]:
        try:
            bench.delete(name)
        except BadName as exc:
            raise TableError(str(exc)) from None
        except FileNotFoundError:
            raise TableError(f"no saved quest {name!r}", 404) from None
        return {"deleted": name}

    @router.post("/api/workbench/export", response_model=None)
    def export(body: DraftBody, as_: Literal["zip", "folder"] = Query("zip", alias="as")) -> Response | dict[str, Any]:
        stem = write_files(body.draft).stem
        if as_ == "folder":
            try:
                path, files = bench.export(body.draft)
            except BadName as exc:
                raise TableError(str(exc)) from None
            return {"path": path, "files": files}
        return Response(pack_zip(body.draft, stem), media_type="application/zip",
                        headers={"Content-Disposition": f'attachment; filename="{stem}.zip"'})

    @router.post("/api/workbench/play")
    def play(body: PlayBody, request: Request) -> Any:
        result = check_draft(body.draft)
        if not result.ok:
            return JSONResponse({"error": "the quest has problems; fix them before playing it",
                                 "errors": [e.to_json() for e in result.errors]}, status_code=400)
        wait = limiter.allow(person(request))
        if wait:
            raise HTTPException(429, "too many new games from your address; try again later",
                                headers={"Retry-After": str(int(wait) + 1)})
        folder = str(bench.play_pack(body.draft))
        hub.extra_packs.add(folder)
        live = hub.create(mode=body.mode, quest=result.files.quest_id, heroes=body.heroes, seed=body.seed,
                          ruleset=body.draft.ruleset, pack=folder, level=body.level)
        log.info("workbench game created", extra={"game": live.id, "quest": result.files.quest_id})
        return {"id": live.id, "host": {"url": f"/play/{live.id}#{live.host_token}", "token": live.host_token},
                "invites": [{"name": p.name, "seats": p.seats, "url": f"/play/{live.id}#{p.token}"}
                            for p in live.people]}

    @router.post("/api/workbench/balance")
    def balance(body: BalanceBody, request: Request) -> Any:
        from delve.ai.bots import HERO_LEVELS, OVERLORD_LEVELS
        from delve.api import new_game, play_setup
        from delve.sim.runner import HERO_KINDS, OVERLORD_KINDS, SimConfig

        if body.heroes not in (*HERO_KINDS, *HERO_LEVELS) or body.overlord not in (*OVERLORD_KINDS, *OVERLORD_LEVELS):
            raise TableError(f"heroes: one of {', '.join((*HERO_KINDS, *HERO_LEVELS))}; overlord: one of "
                             f"{', '.join((*OVERLORD_KINDS, *OVERLORD_LEVELS))}")
        result = check_draft(body.draft)
        if not result.ok:
            return JSONResponse({"error": "the quest has problems; fix them before balancing it",
                                 "errors": [e.to_json() for e in result.errors]}, status_code=400)
        content = hashlib.sha256(body.draft.model_dump_json(exclude={"source"}).encode()).hexdigest()[:12]
        config = SimConfig(quest=result.files.quest_id, games=body.games, heroes=body.heroes,
                           overlord=body.overlord, seed=body.seed, ruleset=body.draft.ruleset,
                           pack=str(bench.play_pack(body.draft)))
        try:  # one setup here: a quest no game can start (too few hero starts) is one clear refusal
            new_game(play_setup(ruleset=config.ruleset, quest=config.quest, pack=config.pack, seed=config.seed,
                                solo=config.overlord == "solo", check=False), transactional=False)
        except (KeyError, ValueError) as exc:
            raise TableError(f"cannot set up a game of this quest: {exc}") from None
        try:
            job = jobs.submit(person(request), result.files.quest_id, config)
        except JobLimit as exc:
            raise TableError(str(exc), 429) from None
        log.info("balance job queued", extra={"job": job.id, "quest": job.quest, "games": body.games,
                                              "draft": content})
        view = jobs.view(job)
        return {"job": job.id, "status": view["status"], "position": view["position"]}

    def job_or_404(job_id: str) -> Any:
        job = jobs.get(job_id)
        if job is None:
            raise TableError("no such balance job", 404)
        return job

    @router.get("/api/workbench/balance/{job_id}")
    async def poll(job_id: str) -> dict[str, Any]:
        job = job_or_404(job_id)
        return await run_in_threadpool(jobs.view, job)

    @router.delete("/api/workbench/balance/{job_id}")
    def cancel(job_id: str) -> dict[str, Any]:
        job = job_or_404(job_id)
        jobs.cancel(job_id)
        return {"job": job.id, "status": job.status}

    @router.post("/api/workbench/replay")
    def replay_named(body: JobReplayBody) -> dict[str, Any]:
        """The same with the job in the body (a server of one process; behind the worker router
        only ``/balance/{job}/replay`` is sure to reach the job's worker)."""
        return replay_game(body.job, ReplayBody(seed=body.seed))

    @router.post("/api/workbench/balance/{job_id}/replay")
    def replay_game(job_id: str, body: ReplayBody) -> dict[str, Any]:
        """A game of the job played again by the workers and stored at the table to watch."""
        from delve.api import play_setup

        job = job_or_404(job_id)
        seed = int(body.seed)
        if seed not in {s["seed"] for s in list(job.summaries)}:
            raise TableError("no game of this balance job has that seed", 404)
        try:
            choices = jobs.replay(job, seed).result(timeout=REPLAY_TIMEOUT_S)
        except TimeoutError:
            raise TableError("the replay did not finish in time; try again later", 503) from None
        config = job.config
        setup = play_setup(ruleset=config.ruleset, quest=config.quest, pack=config.pack, seed=seed,
                           heroes=config.hero_ids, quick=not config.setup_choices, solo=config.overlord == "solo",
                           check=False)
        live = hub.watch(setup, choices, every_seat=True)
        log.info("balance game replayed", extra={"job": job.id, "game": live.id})
        return {"id": live.id, "url": f"/play/{live.id}#{live.people[0].token}"}

    return router


def balance_ray() -> str:
    """``DELVE_BALANCE_RAY``: the address of a Ray cluster that plays balance games (empty: the
    server's own niced worker processes)."""
    return os.environ.get("DELVE_BALANCE_RAY", "")


def balance_workers() -> int:
    """``DELVE_BALANCE_WORKERS`` worker processes for balance jobs (default 1)."""
    try:
        return max(1, int(os.environ.get("DELVE_BALANCE_WORKERS", "1")))
    except ValueError:
        return 1
