"""The hint and the "why?" answers as a player reads them (``delve.web.advice``): labels, never
ids; the automated player named by its level; scores whose words agree with their sign; a
fixed rule said in words; the options that matter first and the rest counted; and, served, the
hint of a hero seat names nothing the seat cannot see."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from delve.web.advice import number, present, who_of
from delve.web.app import create_app

NAMES = {"m6": "Cave Brute", "hero1": "Brannoc Ironvow", "hero2": "Sela Quickreed"}
ID = re.compile(r"\b(m\d+|hero\d+|h\d+|[a-z]+:[\w,-]+)\b")  # a figure, seat or choice id


def _name(ident: str) -> str:
    return NAMES.get(ident, "something unseen")


def _texts(out: dict[str, Any]) -> list[str]:
    """Every text a person reads in a presented answer."""
    rows = out["rows"]
    return [out["who"], out["winner_label"], out["reason"], out["meaning"], out["rule"], *out["tie_labels"],
            *(r["label"] for r in rows), *(r["said"] for r in rows), *(m for r in rows for m in r["marks"])]


def test_the_automated_players_are_named_by_their_level() -> None:
    assert who_of("search", "overlord") == "The hard overlord"
    assert who_of("ai", "overlord") == "The normal overlord"
    assert who_of("solo", "overlord") == "The easy overlord"
    assert who_of("hard", "overlord") == "The hard overlord"
    assert who_of("hero-search", "h1") == "The hard heroes"


def test_numbers_read_short() -> None:
    assert [number(v) for v in (4.0, -11.8046, 0.05, 1.278)] == ["4", "-11.8", "0.05", "1.3"]


def test_an_attack_reads_labels_and_names_not_ids() -> None:
    out = {"seat": "overlord", "kind": "monster_activation", "player": "overlord AI", "winner": "attack:3,4",
           "measure": "attacks: expected wounds + 6 x kill chance; moves: ...", "margin": 0.05,
           "options": [{"choice": "attack:3,4", "label": "Cave Brute attacks Brannoc Ironvow", "value": 3.8123,
                        "details": {"target": "hero1", "expected_wounds": 1.832, "kill": 0.33}},
                       {"choice": "move:5,3", "label": "Move Cave Brute to (5,3)", "value": 3.79,
                        "details": {"attack_from_here": "hero2"}},
                       {"choice": "end_activation", "label": "End the activation", "value": None, "details": {}}],
           "ties": ["move:5,3"]}
    shown = present(out, "their objective", _name, "The normal overlord", chosen="attack:3,4")
    assert shown["winner_label"] == "Cave Brute attacks Brannoc Ironvow"
    assert shown["tie_labels"] == ["Move Cave Brute to (5,3)"]
    rows = {r["choice"]: r for r in shown["rows"]}
    assert rows["attack:3,4"]["said"] == "at Brannoc Ironvow, 1.8 wounds expected, kill 33%"
    assert rows["attack:3,4"]["score"] == "3.8" and rows["attack:3,4"]["marks"] == ["chosen"]
    assert rows["move:5,3"]["said"] == "can attack Sela Quickreed from there"
    assert "about as good" in rows["move:5,3"]["marks"]
    for text in _texts(shown):
        assert not ID.search(text), text


def test_the_activation_order_reads_as_its_sign() -> None:
    """Value 5 is a hero 5 spaces within reach (it goes first), -2 is 2 spaces short: the words
    and the score agree, and the measure says higher goes first."""
    options = [{"choice": f"activate:m{i}", "label": f"Activate monster {i}", "value": float(v),
                "details": {"spaces_beyond_reach": -v}} for i, v in enumerate((5, 3, 0, -2))]
    out = {"seat": "overlord", "kind": "overlord_turn", "winner": "activate:m0", "ties": [], "margin": 0.05,
           "measure": "activation order: nearest the heroes first (minus spaces beyond its reach)", "options": options}
    shown = present(out, "their objective", _name, "The normal overlord", chosen="activate:m0")
    assert "Higher goes first" in shown["meaning"]
    for row in shown["rows"]:
        short = "short of reaching" in row["said"]
        assert short == (row["value"] < 0), row
        if row["value"] > 0:
            assert f"{number(row['value'])} spaces to spare" in row["said"], row
    assert shown["rows"][0]["said"] == "a hero within reach, 5 spaces to spare"


def test_a_fixed_rule_is_said_in_words() -> None:
    options = [{"choice": "buy:bearded-axe", "label": "Buy Bearded Axe (75 coins)", "value": None, "details": {}},
               {"choice": "end_shopping", "label": "Done shopping", "value": None, "details": {}}]
    out = {"seat": "h1", "kind": "shop", "winner": "buy:bearded-axe", "ties": [], "margin": 0.05,
           "measure": "no values: answered by a fixed rule", "options": options}
    shown = present(out, "their objective", _name, "The normal hero AI")
    assert shown["winner_label"] == "Buy Bearded Axe (75 coins)"
    assert shown["rule"].startswith("Fixed rule: buy a weapon") and shown["reason"] == shown["rule"]
    assert [r["choice"] for r in shown["rows"] if r["top"]] == ["buy:bearded-axe"]
    assert shown["more"] == 1 and shown["more_why"] == "not scored"
    assert "no values" not in " ".join(_texts(shown))


def test_many_options_show_the_top_few_and_count_the_rest() -> None:
    options = [{"choice": f"move:{i},0", "label": f"Move to ({i},0)", "value": float(-i),
                "details": {"distance_to_goal": i}} for i in range(1, 40)]
    options += [{"choice": f"move:{i},9", "label": f"Move to ({i},9)", "value": None, "details": {}} for i in range(20)]
    out = {"seat": "h1", "kind": "hero_turn", "winner": "move:1,0", "ties": [], "margin": 0.05,
           "measure": "...", "options": options}
    shown = present(out, "the area they must reach", _name, "The normal hero AI")
    top = [r for r in shown["rows"] if r["top"]]
    assert len(top) == 5 and top[0]["marks"] == ["suggested"]
    assert shown["more"] == 54 and shown["more_why"] == "lower scores or not scored"
    assert "the area they must reach" in shown["meaning"]


def test_the_hard_levels_search_reads_truthfully() -> None:
    """The search's values are means over the worlds every candidate met; the close call's two
    were played in more worlds, which the words say; the reason states the rule that kept the pick."""
    options = [{"choice": "move:12,3", "label": "Move Pit Reaver to (12,3)", "value": -10.67,
                "details": {"worlds": 6, "normal_ai_choice": False, "mean_all_worlds": -11.5, "beat_pick": 3,
                            "compared": 6}},
               {"choice": "move:15,1", "label": "Move Pit Reaver to (15,1)", "value": -11.8,
                "details": {"worlds": 6, "normal_ai_choice": True, "mean_all_worlds": -11.7}},
               {"choice": "move:12,2", "label": "Move Pit Reaver to (12,2)", "value": -11.9,
                "details": {"worlds": 2, "normal_ai_choice": False}},
               {"choice": "move:16,0", "label": "Move Pit Reaver to (16,0)", "value": None, "details": {}}]
    out = {"seat": "overlord", "kind": "monster_activation", "winner": "move:15,1", "ties": [], "margin": 0.3,
           "measure": "mean value for the overlord after the opponents' reply", "options": options}
    shown = present(out, "their objective", _name, "The hard overlord", chosen="move:15,1")
    rows = {r["choice"]: r for r in shown["rows"]}
    assert rows["move:15,1"]["marks"] == ["chosen", "the normal AI's pick"]
    assert rows["move:12,3"]["said"].startswith("played out in 6 worlds: -11.5 on average, better than the normal "
                                                "pick in 3 of 6")
    assert rows["move:12,2"]["said"] == "played out in 2 worlds"
    assert "at least 0.3 more" in shown["reason"] and "so the pick was kept" in shown["reason"]
    assert "-11.5 on average against the pick's -11.7" in shown["reason"]
    assert shown["more_why"] == "not examined by the search" and not rows["move:16,0"]["top"]
    assert "Higher is better for the overlord" in shown["meaning"]


# -- served -------------------------------------------------------------------------------------
@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'table.sqlite3'}"))


def test_the_served_hint_reads_labels_and_names(client: TestClient) -> None:
    """A solo game against the normal overlord, the heroes played by their hints for a while:
    every hint names its suggestion by a label of the pending decision, says who suggests it
    and why, and no text a person reads holds an id."""
    res = client.post("/api/games", json={"mode": "solo", "level": "normal", "quick": True, "seed": 5}).json()
    gid, headers = res["id"], {"X-Seat-Token": res["invites"][0]["url"].split("#", 1)[1]}
    live = client.app.state.hub.get(gid)  # type: ignore[attr-defined]
    kinds = set()
    for _ in range(60):
        decision = live.game.pending
        if decision is None:
            break
        data = client.get(f"/api/games/{gid}/hint", headers=headers).json()
        state = client.get(f"/api/games/{gid}/state", headers=headers).json()
        labels = {c["id"]: c["label"] for c in state["pending"]["choices"]}  # as the panel shows them
        assert data["who"] == "The normal hero AI"
        assert data["winner_label"] == labels[data["winner"]]
        assert data["reason"] and (data["meaning"] or data["rule"])
        ids = set(live.game.state.figures) | {c.id for c in decision.choices}
        for text in _texts(data):
            assert not any(re.search(rf"(?<![\w(]){re.escape(i)}(?![\w)])", text) for i in ids), (decision.kind, text)
        kinds.add(decision.kind)
        client.post(f"/api/games/{gid}/choose", headers=headers, json={"choice": data["winner"],
                                                                       "serial": decision.serial})
    assert {"hero_turn", "choose_action"} <= kinds, kinds


def test_a_suggestion_below_the_top_score_says_why() -> None:
    """The hero AI moves to a space to attack from before it walks on: its suggestion may score
    lower than a walk; the reason must not call it the highest score."""
    options = [{"choice": "move:8,3", "label": "Move to (8,3)", "value": 0.0, "details": {"distance_to_goal": 0}},
               {"choice": "move:6,1", "label": "Move to (6,1)", "value": -3.0, "details": {"distance_to_goal": 3}}]
    out = {"seat": "h1", "kind": "hero_turn", "winner": "move:6,1", "ties": [], "margin": 0.05, "measure": "...",
           "options": options}
    shown = present(out, "the area they must reach", _name, "The normal hero AI")
    assert shown["reason"].startswith("Not the highest score (it scores -3: 3 spaces from the nearest thing worth "
                                      "reaching): "
                                      "the hero AI first makes its best attack"), shown["reason"]


def test_a_surge_spend_says_how_many_figures_it_hits() -> None:
    """``targets_hit`` counts the affected figures a spend reaches (enough range): "hits 1
    figure", never a bare "hits 1"; a spend that reaches none reads as a miss."""
    options = [{"choice": f"spend:{r}:", "label": f"{r} enhancement(s) to range, the rest to damage", "value": v,
                "details": {"targets_hit": hits}} for r, v, hits in ((0, 7.0, 1), (1, 13.0, 2), (2, 0.0, 0))]
    out = {"seat": "h1", "kind": "attack_spend", "winner": "spend:1:", "ties": [], "margin": 0.05, "measure": "...",
           "options": options}
    shown = present(out, "their objective", _name, "The normal hero AI")
    said = {r["choice"]: r["said"] for r in shown["rows"]}
    assert said == {"spend:0:": "hits 1 figure", "spend:1:": "hits 2 figures", "spend:2:": "the attack misses"}
    assert [r["label"] for r in shown["rows"]][:2] == ["0 enhancements to range, the rest to damage",
                                                      "1 enhancement to range, the rest to damage"]


def test_a_monsters_move_says_the_odds_of_the_attack_it_leads_to(client: TestClient) -> None:
    """The overlord's hint on a monster's move to a space it can attack from gives that attack's
    expected wounds and kill chance: the very odds the overlord AI scored the move by (its score
    is expected wounds + 6 x kill chance, less 0.01 per movement point spent)."""
    from delve.ai.bots import make_bot
    from delve.engine.decision import OVERLORD

    res = client.post("/api/games", json={"mode": "hotseat", "seed": 5, "quest": "first-steps"}).json()
    gid, headers = res["id"], {"X-Seat-Token": res["invites"][0]["url"].split("#", 1)[1]}
    live = client.app.state.hub.get(gid)  # type: ignore[attr-defined]
    bots = {"hero": make_bot("hero", 5), OVERLORD: make_bot("ai", 5)}
    checked = 0
    for _ in range(400):
        decision = live.game.pending
        if decision is None or checked >= 3:
            break
        choice = bots[OVERLORD if decision.seat == OVERLORD else "hero"].choose(decision, live.game)
        if decision.kind == "monster_activation":
            data = client.get(f"/api/games/{gid}/hint", headers=headers).json()
            costs = {c.id: int(c.data.get("cost", 0)) for c in decision.choices}
            for option, row in zip(data["options"], data["rows"], strict=True):
                details = option["details"] or {}
                if "attack_from_here" not in details:
                    continue
                assert row["said"].startswith("can attack ") and " from there, " in row["said"], row["said"]
                assert "wounds expected, kill " in row["said"], row["said"]
                valued = details["expected_wounds"] + 6 * details["kill"] - 0.01 * costs[option["choice"]]
                assert option["value"] == pytest.approx(valued, abs=0.01), (option, valued)
                checked += 1
        client.post(f"/api/games/{gid}/choose", headers=headers, json={"choice": choice, "serial": decision.serial})
    assert checked, "no monster's move to a space to attack from was hinted"


def test_a_heros_move_names_what_it_walks_to(client: TestClient) -> None:
    """The hero AI scores a move by the walk to the nearest thing worth reaching (a few spaces
    more for what is not the quest's goal); the hint names that thing and the true walk: the
    2e tutorial's gate by its name once revealed, else a foe, a glyph, treasure or unexplored
    ground, and the walk plus that thing's extra spaces is the move's score."""
    from delve.ai import hero_ai

    extra = {"a glyph": hero_ai.BIAS_GLYPH, "a foe": hero_ai.BIAS_ENEMY, "treasure": hero_ai.BIAS_MARKER,
             "unexplored ground": hero_ai.BIAS_FRONTIER}
    res = client.post("/api/games", json={"mode": "hotseat", "seed": 5, "ruleset": "2e", "quest": "first-steps-2e"})
    gid, headers = res.json()["id"], {"X-Seat-Token": res.json()["invites"][0]["url"].split("#", 1)[1]}
    live = client.app.state.hub.get(gid)  # type: ignore[attr-defined]
    named: set[str] = set()
    meanings: set[str] = set()
    for _ in range(120):
        decision = live.game.pending
        if decision is None:
            break
        data = client.get(f"/api/games/{gid}/hint", headers=headers).json()
        if decision.kind == "hero_turn":
            meanings.add(data["meaning"])
        for option, row in zip(data["options"], data["rows"], strict=True):
            details = option["details"] or {}
            if "distance_to_goal" not in details:
                continue
            nearest = details["nearest"]  # a fresh hero AI: every move's number is one thing's walk
            assert nearest["spaces"] + extra.get(nearest["what"], hero_ai.BIAS_GOAL) == details["distance_to_goal"]
            assert "objective" not in row["said"] and nearest["what"] in row["said"], row["said"]
            named.add(nearest["what"])
        client.post(f"/api/games/{gid}/choose", headers=headers, json={"choice": data["winner"],
                                                                       "serial": decision.serial})
    assert "Gate Passage" in named, named
    assert any("(Gate Passage, which they must reach; a glyph" in m for m in meanings), meanings
