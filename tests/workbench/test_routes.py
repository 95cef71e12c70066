"""The /api/workbench requests (docs/workbench.md) on a table in this process."""

from __future__ import annotations

import io
import time
import warnings
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from delve.cli.main import app
from delve.content.loader import check_pack

Rooms = Callable[[], dict[str, Any]]  # the draft JSON maker (the fixture ``rooms``)


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setenv("DELVE_ALLOWED_HOSTS", "testserver")
    monkeypatch.setenv("DELVE_CREATES_PER_MINUTE", "0")
    monkeypatch.setenv("DELVE_WORKBENCH_DIR", str(tmp_path / "bench"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from delve.web.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'table.sqlite3'}")) as test_client:
        yield test_client


def test_palette_and_shipped_quests(client: Any) -> None:
    palette = client.get("/api/workbench/palette").json()
    assert {"floor", "mud", "lava"} <= {t["id"] for t in palette["terrains"]}
    assert {"ogre": "2x2", "goblin": "1x1"}.items() <= {m["id"]: m["size"] for m in palette["monsters"]}.items()
    quests = client.get("/api/workbench/quests").json()
    assert {"pack": "starter", "ruleset": "1e", "id": "first-steps", "name": "First Steps into the Dark"} in quests
    draft = client.get("/api/workbench/quests/starter/first-steps").json()["draft"]
    assert draft["source"] == {"pack": "starter", "quest": "first-steps"}
    assert client.post("/api/workbench/validate", json={"draft": draft}).json()["ok"] is True
    assert client.get("/api/workbench/quests/starter/nothing").status_code == 404
    assert client.get("/api/workbench/quests/elsewhere/first-steps").status_code == 404
    new = client.get("/api/workbench/new", params={"width": 6, "height": 5}).json()["draft"]
    assert new["map"]["width"] == 6 and new["map"]["spaces"] == []


def test_validate_answers_errors_on_elements_and_the_files(client: Any, rooms: Rooms) -> None:
    draft = rooms()
    answer = client.post("/api/workbench/validate", json={"draft": draft}).json()
    assert answer["ok"] and answer["errors"] == []
    assert answer["files"]["map"].startswith("---\nname: Two Rooms\n")
    draft["monsters"][0]["monster"] = "goblinn"
    answer = client.post("/api/workbench/validate", json={"draft": draft}).json()
    assert [e["element"] for e in answer["errors"]] == [{"kind": "monster", "index": 0}]
    draft["map"]["bogus"] = 1  # not the draft's shape: 422, not a validation error
    assert client.post("/api/workbench/validate", json={"draft": draft}).status_code == 422


def test_save_open_list_delete_inside_the_folder_only(client: Any, tmp_path: Path, rooms: Rooms) -> None:
    bench = tmp_path / "bench"
    saved = client.put("/api/workbench/drafts/my-quest", json={"draft": rooms()}).json()
    assert saved["ok"] and saved["files"] == ["pack.yaml", "quests/two-rooms.map", "quests/two-rooms.yaml"]
    assert (bench / "drafts" / "my-quest" / "quests" / "two-rooms.map").is_file()
    assert check_pack(bench / "drafts" / "my-quest") == []
    assert [d["name"] for d in client.get("/api/workbench/drafts").json()] == ["my-quest"]
    opened = client.get("/api/workbench/drafts/my-quest").json()
    assert opened["ok"] and opened["draft"]["source"] == {"draft": "my-quest"}
    assert opened["draft"]["quest"]["id"] == "two-rooms" and len(opened["draft"]["monsters"]) == 1
    for bad in ("..", "../x", "My-Quest", "a" * 41, "-x", "x.y", "%2e%2e"):
        response = client.put(f"/api/workbench/drafts/{bad}", json={"draft": rooms()})
        assert response.status_code in (400, 404, 405), bad
    assert sorted(p.name for p in bench.iterdir()) == ["drafts"]
    assert sorted(p.name for p in (bench / "drafts").iterdir()) == ["my-quest"]
    assert client.delete("/api/workbench/drafts/my-quest").json() == {"deleted": "my-quest"}
    assert client.get("/api/workbench/drafts/my-quest").status_code == 404


def test_a_link_out_of_the_folder_is_refused(client: Any, tmp_path: Path, rooms: Rooms) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (tmp_path / "bench" / "drafts").mkdir(parents=True)
    (tmp_path / "bench" / "drafts" / "evil").symlink_to(outside, target_is_directory=True)
    response = client.put("/api/workbench/drafts/evil", json={"draft": rooms()})
    assert response.status_code == 400 and "outside" in response.json()["error"]
    assert list(outside.iterdir()) == []


def test_export_zip_passes_the_content_check(client: Any, tmp_path: Path, rooms: Rooms) -> None:
    response = client.post("/api/workbench/export", params={"as": "zip"}, json={"draft": rooms()})
    assert response.headers["content-type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        assert sorted(archive.namelist()) == ["two-rooms/pack.yaml", "two-rooms/quests/two-rooms.map",
                                              "two-rooms/quests/two-rooms.yaml"]
        archive.extractall(tmp_path / "unzipped")
    assert check_pack(tmp_path / "unzipped" / "two-rooms") == []
    checked = CliRunner().invoke(app, ["content", "check", str(tmp_path / "unzipped" / "two-rooms")])
    assert checked.exit_code == 0 and checked.output.startswith("OK:"), checked.output
    folder = client.post("/api/workbench/export", params={"as": "folder"}, json={"draft": rooms()}).json()
    assert folder["path"] == "exports/two-rooms"
    assert check_pack(tmp_path / "bench" / "exports" / "two-rooms") == []


def test_play_now_starts_a_game_of_the_draft(client: Any, rooms: Rooms) -> None:
    started = client.post("/api/workbench/play", json={"draft": rooms(), "mode": "hotseat"}).json()
    token = started["invites"][0]["url"].split("#", 1)[1]
    state = client.get(f"/api/games/{started['id']}/state", headers={"X-Seat-Token": token})
    assert state.status_code == 200
    assert "two-rooms" in state.text
    broken = rooms()
    broken["monsters"][0]["monster"] = "goblinn"
    refused = client.post("/api/workbench/play", json={"draft": broken})
    assert refused.status_code == 400 and refused.json()["errors"][0]["element"] == {"kind": "monster", "index": 0}


def wait_for(client: Any, job: str, statuses: tuple[str, ...], seconds: float = 240) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        view: dict[str, Any] = client.get(f"/api/workbench/balance/{job}").json()
        if view["status"] in statuses:
            return view
        time.sleep(0.2)
    raise AssertionError(f"job {job} did not reach {statuses}")


def test_balance_runs_reports_cancels_and_compares(client: Any, rooms: Rooms) -> None:
    body = {"draft": rooms(), "games": 3}
    first = client.post("/api/workbench/balance", json=body).json()
    assert first["status"] in ("queued", "running")
    second = client.post("/api/workbench/balance", json={**body, "games": 200}).json()  # queued behind
    assert client.post("/api/workbench/balance", json=body).status_code == 429  # two per person
    done = wait_for(client, first["job"], ("done",))
    result = done["result"]
    assert done["done"] == 3 and result["games"] == 3 and done["comparison"] is None
    assert 0 <= result["heroes_win_ci95"][0] <= result["heroes_win_rate"] <= result["heroes_win_ci95"][1] <= 1
    assert result["conquest_by_round"][0]["mean"] == 5
    assert set(result["heat"]) == {"hero_deaths", "monster_kills"}
    assert all(isinstance(s["seed"], str) for s in result["lost_seeds"])
    running = wait_for(client, second["job"], ("running",))
    assert running["status"] == "running"
    assert client.delete(f"/api/workbench/balance/{second['job']}").json()["status"] == "cancelled"
    cancelled = client.get(f"/api/workbench/balance/{second['job']}").json()
    assert cancelled["status"] == "cancelled" and cancelled["done"] < 200
    third = client.post("/api/workbench/balance", json={**body, "games": 2}).json()
    compared = wait_for(client, third["job"], ("done",))
    assert compared["comparison"]["previous_job"] == first["job"]
    assert len(compared["comparison"]["difference_ci95"]) == 2
    assert client.get("/api/workbench/balance/0123456789abcdef").status_code == 404
    no_starts = rooms()
    no_starts["hero_starts"] = []
    refused = client.post("/api/workbench/balance", json={"draft": no_starts, "games": 2})
    assert refused.status_code == 400 and "hero start" in refused.json()["error"]


def test_a_balance_job_is_routed_to_its_worker_like_a_game() -> None:
    from delve.web.router import game_in_path

    assert game_in_path("/api/workbench/balance/3f9c0a12e4b7d615") == "3f9c0a12e4b7d615"
    assert game_in_path("/api/workbench/validate") is None


def test_a_game_of_a_balance_job_replays_at_the_table(client: Any, rooms: Rooms) -> None:
    job = client.post("/api/workbench/balance", json={"draft": rooms(), "games": 2}).json()["job"]
    result = wait_for(client, job, ("done",))["result"]
    seed = str((result["seeds"]["overlord"] + result["seeds"]["heroes"] + result["seeds"]["unfinished"])[0]["seed"])
    assert client.post(f"/api/workbench/balance/{job}/replay", json={"seed": "12345"}).status_code == 404
    game = client.post(f"/api/workbench/balance/{job}/replay", json={"seed": seed}).json()
    token = game["url"].split("#", 1)[1]
    state = client.get(f"/api/games/{game['id']}/state", headers={"X-Seat-Token": token})
    assert state.status_code == 200
    replayed = client.get(f"/api/games/{game['id']}/replay", params={"step": 5}, headers={"X-Seat-Token": token})
    assert replayed.status_code == 200
    again = client.post("/api/workbench/replay", json={"job": job, "seed": seed}).json()
    assert again["id"] != game["id"] and again["url"].startswith(f"/play/{again['id']}#")


def test_a_saved_quest_cannot_open_a_map_outside_its_folder(client: Any, tmp_path: Path, rooms: Rooms) -> None:
    client.put("/api/workbench/drafts/my-quest", json={"draft": rooms()})
    quest = tmp_path / "bench" / "drafts" / "my-quest" / "quests" / "two-rooms.yaml"
    secret = tmp_path / "secret.map"
    secret.write_text("---\nname: secret\n---\n+-+\n|.|\n+-+\n")
    quest.write_text(quest.read_text().replace("map: two-rooms.map", f"map: {secret}"))
    opened = client.get("/api/workbench/drafts/my-quest")
    assert opened.status_code == 400 and "secret" not in opened.json().get("draft", {})
