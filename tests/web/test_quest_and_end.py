"""The quest explained (briefing in the catalogue, the objective tracker in every message, conquest
and threat with their last changes and causes) and its end (the summary, no undo, `delve play`
starting a new game instead of reopening a finished one)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from delve.ai.bots import make_bot
from delve.engine.decision import OVERLORD
from delve.web.hub import Hub, LiveGame, TableError
from delve.web.messages import message
from delve.web.store import Store


def _finish(hub: Hub, live: LiveGame, limit: int = 5000) -> None:
    """Play every seat with the automated players until the quest ends."""
    bots: dict[str, Any] = {}
    for _ in range(limit):
        decision = live.game.pending
        if decision is None:
            return
        owner = next(p for p in live.people if decision.seat in p.seats)
        bot = bots.setdefault(decision.seat, make_bot("ai" if decision.seat == OVERLORD else "hero", 7))
        hub.choose(live.id, owner.token, bot.choose(decision, live.game), decision.serial)
    raise AssertionError("the quest did not end")


@pytest.fixture
def hub(tmp_path: Path) -> Hub:
    return Hub(Store(f"sqlite:///{tmp_path / 'quest.sqlite3'}"))


def test_tracker_shows_goals_and_the_causes_of_conquest_and_threat(table) -> None:  # type: ignore[no-untyped-def]
    gid, (token,) = table.new(mode="hotseat", seed=3)
    state = table.get(gid, token)
    tracker = state["quest_state"]
    assert tracker["name"] == "First Steps into the Dark" and state["names"]["first-steps"] == tracker["name"]
    kinds = {(o["side"], o["kind"]) for o in tracker["objectives"]}
    assert kinds == {("heroes", "kill_named"), ("overlord", "heroes_out_of_conquest")}
    kill = next(o for o in tracker["objectives"] if o["kind"] == "kill_named")
    assert kill["target_name"] == "Grolm the Gatekeeper" and not kill["done"] and kill["goal"]
    out = next(o for o in tracker["objectives"] if o["kind"] == "heroes_out_of_conquest")
    assert out["progress"] == {"value": 5, "goal": 0}
    assert tracker["conquest"]["value"] == tracker["conquest"]["start"] == 5
    hub = table.hub
    live = hub.get(gid)
    _finish(hub, live)
    final = table.get(gid, token)["quest_state"]
    for change in final["conquest"]["changes"]:
        assert change["cause"] and "(" not in change["cause"] and isinstance(change["round"], int)
    assert final["conquest"]["changes"][-1]["total"] == live.game.state.conquest
    assert final["threat"]["changes"] and all(c["cause"] for c in final["threat"]["changes"])
    assert final["threat"]["changes"][-1]["total"] == final["threat"]["value"] == live.game.state.overlord.threat
    assert len(final["conquest"]["changes"]) <= 5


def test_reach_area_goal_names_no_unexplored_area(hub: Hub) -> None:
    live = hub.create(mode="network", quest="bridge-of-teeth", overlord="ai", seed=5)
    hero = live.people[0]
    goal = next(o for o in message(live, hero)["quest_state"]["objectives"] if o["kind"] == "reach_area")
    far = live.game.board.area(goal["target"])
    assert not far.revealed and goal["target_name"] == "an unexplored area"
    assert far.name not in goal["text"] + goal["target_name"]  # only the quest's own goal prose may name it
    assert goal["progress"] == {"value": 0, "goal": 1}


@pytest.mark.parametrize(("ruleset", "quest"), [("1e", None), ("1e", "the-drowned-library"), ("2e", None)])
def test_summary_at_the_end_and_no_undo(hub: Hub, ruleset: str, quest: str | None) -> None:
    live = hub.create(mode="hotseat", ruleset=ruleset, quest=quest, seed=2)
    person = live.people[0]
    assert message(live, person)["summary"] is None
    _finish(hub, live)
    msg = message(live, person)
    summary = msg["summary"]
    state = live.game.state
    assert summary["winner"] == state.winner == msg["winner"] and summary["rounds"] == state.round
    assert summary["reason"]
    assert summary["heroes_fall"] == ("knocked out" if ruleset == "2e" else "killed")
    if ruleset == "2e":  # no conquest goal: no conquest line (``test_a_2e_table_shows_neither_conquest_nor_threat``)
        assert summary["conquest"] == []
    else:
        assert summary["conquest"][-1]["value"] == state.conquest or not [e for e in msg["log"]
                                                                           if e["kind"] == "conquest_changed"]
    killed = [e for e in msg["log"] if e["kind"] == "figure_killed"]
    heroes = {h.id for h in state.heroes()}
    assert summary["monsters_killed"] == sum(1 for e in killed if e["data"]["figure"] not in heroes)
    assert summary["heroes_died"] == sum(1 for e in killed if e["data"]["figure"] in heroes)
    by_id = {f["id"]: f for f in summary["figures"]}
    assert heroes <= set(by_id)
    assert sum(f["kills"] for f in summary["figures"]) == sum(1 for e in killed if e["data"]["killer"])
    assert all(f["name"] and f["name"] != f["id"] for f in summary["figures"])
    drawn = [e for e in msg["log"] if e["kind"] == "treasure_drawn"]
    assert [t["item"] for t in summary["treasure"]["items"]] == [e["data"]["item"] for e in drawn]
    assert msg["table"]["finished"] and not msg["table"]["can_undo"] and msg["pending"] is None
    with pytest.raises(TableError, match="finished game cannot be undone") as refused:
        hub.undo(live.id, person.token)
    assert refused.value.status == 409


def test_delve_play_starts_a_new_game_after_a_finished_one(tmp_path: Path) -> None:
    from delve.cli.play_cmd import web_game

    options: dict[str, Any] = {"new": False, "quest": None, "heroes": [], "seed": 4, "physical_dice": False,
                               "overlord": "solo", "quick": True}
    app, path = web_game(tmp_path, **options)
    gid = path.split("/play/")[1].split("#")[0]
    _app, again = web_game(tmp_path, **options)
    assert again == path  # a running game is resumed
    hub = app.state.hub
    _finish(hub, hub.get(gid))
    _app, fresh = web_game(tmp_path, **options)
    assert fresh.split("#")[0] != path.split("#")[0]  # the finished game is not reopened


SHIPPED = [("1e", q) for q in ("first-steps", "bridge-of-teeth", "the-drowned-library", "the-sunken-forge")] + [
    ("2e", "first-steps-2e")]


@pytest.mark.parametrize(("ruleset", "quest"), SHIPPED)
def test_every_shipped_quest_has_a_briefing_a_tracker_and_a_summary(table, ruleset: str, quest: str) -> None:  # type: ignore[no-untyped-def]
    gid, (token,) = table.new(mode="hotseat", ruleset=ruleset, quest=quest, seed=1, quick=True)
    briefing = table.get(gid, token, "catalog")["quest"]
    assert briefing["id"] == quest and briefing["story"] and all(briefing["goals"].values())
    tracker = table.get(gid, token)["quest_state"]
    assert {o["side"] for o in tracker["objectives"]} == {"heroes", "overlord"}
    assert all(o["text"] and o["kind"] != "other" for o in tracker["objectives"])
    live = table.hub.get(gid)
    _finish(table.hub, live)
    summary = table.get(gid, token)["summary"]
    assert summary["winner"] in ("heroes", "overlord") and summary["rounds"] >= 1


def test_a_2e_table_shows_neither_conquest_nor_threat(table) -> None:  # type: ignore[no-untyped-def]
    """A 2nd-edition quest is won by reaching an area or holding out, and the overlord's cards cost
    nothing: the tracker sends no conquest and no threat (the table then shows no meters), and
    the end summary no conquest line; a 1st-edition game keeps both."""
    gid, (token,) = table.new(mode="hotseat", seed=3, ruleset="2e")
    tracker = table.get(gid, token)["quest_state"]
    assert tracker["conquest"] is None and tracker["threat"] is None
    assert {o["kind"] for o in tracker["objectives"]} == {"reach_area", "end_of_round"}
    live = table.hub.get(gid)
    _finish(table.hub, live)
    final = table.get(gid, token)
    assert final["quest_state"]["conquest"] is None and final["summary"]["conquest"] == []
    assert final["summary"]["heroes_fall"] == "knocked out"  # the end screen: "N times a hero was knocked out"
    first, (token1,) = table.new(mode="hotseat", seed=3, ruleset="1e")
    kept = table.get(first, token1)["quest_state"]
    assert kept["conquest"]["value"] == 5 and kept["threat"]["value"] == 0
