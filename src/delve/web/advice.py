"""An explanation (``delve.ai.explain``) as a player reads it: the hint and the "why?" dialog.

Why a presenter apart from the explanation: ``delve.ai.explain`` is the AI's own account
(choice ids, raw scores, the formula behind them), which ``delve advise`` and the tests read as
data. A person at the table needs the same facts in words: who decided ("the hard overlord",
not a class name), the choice by its label, what a score means in this quest, the figures
behind it with names instead of ids, the few options worth reading first, and, for a decision
the AI answers by a fixed rule, that rule. ``present`` adds those fields beside the raw ones
(the raw ones stay: ``delve advise``, older clients and the tests of the served shape read
them) and never adds a fact the explanation does not hold, so whatever ``delve.web.why``
filtered out for a hero seat stays out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from delve.ai.bots import OVERLORD_LEVELS, level_of
from delve.ai.hero_ai import BIAS_ENEMY, BIAS_FRONTIER, BIAS_GLYPH, BIAS_MARKER
from delve.board.geometry import Footprint, Pos
from delve.engine.decision import OVERLORD
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.web.present.names import Namer
from delve.web.present.wording import readable_plurals

TOP = 5  # options shown before the "more options" toggle (the winner, the choice and ties always)

# Kinds the hero AI answers by a fixed rule, the rule in words (``HeroAI._on_<kind>``).
HERO_RULES = {
    "shop": "buy a weapon suited to the hero's best trait first, then armor, then a shield for a free hand, "
            "then healing potions; never sell",
    "choose_action": "Battle when the hero can attack from where it stands, Advance when a move brings a foe "
                     "within reach, Ready when a foe is near (or to rest), otherwise Run",
    "place_item": "equip the new item if there is room, else carry it in the pack; drop it only when neither fits",
    "equip_items": "equip a weapon when no hero of the seat carries one; otherwise keep the equipment as it is",
    "attack_fatigue": "spend fatigue on more power dice while the roll can still improve and the kill is not made",
    "aim_reroll": "reroll the dice that let the attack down",
    "dodge_reroll": "make the attacker reroll his best dice",
    "guard_interrupt": "strike now when the attack is worth it, else keep the guard order",
    "skill_target": "heal the hero missing most wounds; any other effect goes to the hero acting now",
    "cursed_item": "discard a cursed item",
    "necromancy": "raise the fallen monster",
    "stun_master": "attack the master",
}
OVERLORD_RULES = {
    "overlord_cards": "play events first, then spawns, then powers; keep the hand when none can be played",
    "trap_window": "spring a trap only when it is worth its cost",
    "event_window": "play a card only when it is worth its cost",
}
# The order in which an AI's rules come before its scores (``HeroAI._on_hero_turn``): why a
# suggestion may not be the highest score.
PRIORITIES = {
    "hero_turn": "the hero AI first makes its best attack, then takes what lies where the hero stands, then moves "
                 "to a space to attack from while an attack is left, opens doors, and only then walks on towards "
                 "its objective",
}
UNSEEN = "something unseen"  # what ``namer_of`` calls an id naming nothing the reader knows
SAFE_RULE = "with no scores for this decision, it takes the safe answer (end, pass or keep), else the first option"


def who_of(kind: str, seat: str) -> str:
    """The automated player of ``seat`` in words: "The hard overlord", "The normal heroes"."""
    side = "overlord" if seat == OVERLORD else "heroes"
    level = kind if kind in OVERLORD_LEVELS else level_of(kind, side)  # ``LiveGame.ai`` holds kinds or levels
    return f"The {level} {side}" if level else f"The automated {side}"


def number(value: float) -> str:
    """A figure as a player reads it: whole numbers whole, others to one decimal (two below 1)."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0") if abs(value) < 1 else f"{value:.1f}"


def percent(p: float) -> str:
    return f"{round(float(p) * 100)}%"


def _spaces(n: int) -> str:
    return f"{n} space" if n == 1 else f"{n} spaces"


def goal_of(game: Game, name: Callable[[str], str]) -> str:
    """The heroes' goal in a few words, for the measure texts: what they walk to."""
    goals = game.state.flags.get("goals", {}).get("heroes", [])
    for goal in goals:
        if goal.get("reach_area"):
            area = name(str(goal["reach_area"]))
            return "the area they must reach" if area == UNSEEN else f"{area}, which they must reach"
    for goal in goals:
        if goal.get("kill_named"):
            return f"{name(goal['kill_named'])}, whom they must kill"
    return "their objective"


def hits_words(count: int) -> str:
    """How many figures a way of spending the surges hits (``targets_hit``: the figures the
    attack affects that it reaches with that much range; friends under a blast count too)."""
    if count <= 0:
        return "the attack misses"
    return f"hits {count} figure{'s' if count != 1 else ''}"


def detail_words(key: str, value: Any, name: Callable[[str], str]) -> str:
    """One figure behind a score in words ("kill 30%", "4 spaces from the nearest hero"), or ""
    for a figure that says nothing to a player (bookkeeping of the search, shown elsewhere)."""
    if value is None or key in ("normal_ai_choice", "worlds", "mean_all_worlds", "beat_pick", "compared"):
        return ""
    if key == "target":
        return f"at {name(str(value))}"
    if key == "attack_from_here":
        return f"can attack {name(str(value))} from there"
    if key == "expected_wounds":
        return f"{number(round(float(value), 1))} wounds expected"
    if key in ("kill", "hit"):
        return f"{key} {percent(value)}"
    if key == "distance_to_nearest_hero":
        return f"{_spaces(int(value))} from the nearest hero"
    if key == "distance_to_goal":  # the hero AI's reckoning, when what it walks to is not known (``with_nearest``)
        return f"{_spaces(int(value))} from the nearest thing worth reaching"
    if key == "nearest" and isinstance(value, dict):
        spaces = int(value["spaces"])
        return f"reaches {value['what']}" if spaces <= 0 else f"{_spaces(spaces)} from {value['what']}"
    if key == "spaces_beyond_reach":
        gap = int(value)
        if gap > 0:
            return f"{_spaces(gap)} short of reaching a hero"
        return "a hero just within reach" if gap == 0 else f"a hero within reach, {_spaces(-gap)} to spare"
    if key == "best_attack_now":
        return f"best attack now scores {number(round(float(value), 1))}"
    if key == "targets_hit":
        return hits_words(len(value) if isinstance(value, list) else int(value))
    if key == "guard":
        return f"guard score {number(round(float(value), 1))}"
    if key in ("attack", "attack_after"):
        return f"attack worth {number(round(float(value), 1))}" + (" after the move" if key == "attack_after" else "")
    if isinstance(value, (int, float)):
        return f"{key.replace('_', ' ')} {number(round(float(value), 2))}"
    if isinstance(value, str):
        return f"{key.replace('_', ' ')} {name(value)}"
    return ""


def search_words(details: dict[str, Any]) -> str:
    """How a candidate of the hard level's search was examined, in words."""
    if "worlds" not in details:
        return ""
    worlds = int(details["worlds"])
    if "mean_all_worlds" not in details:
        return f"played out in {worlds} world{'s' if worlds != 1 else ''}"
    said = f"played out in {worlds} worlds: {number(round(float(details['mean_all_worlds']), 1))} on average"
    if "beat_pick" in details:
        said += f", better than the normal pick in {details['beat_pick']} of {details['compared']}"
    return said


def measure_words(kind: str, raw: str, searched: bool, goal: str) -> str:
    """What the scores of a decision mean, in a player's words that fit the quest (``goal``:
    what the heroes walk to, ``goal_of``)."""
    if searched:
        return ("Each examined option was played out in sampled worlds (fresh dice, the overlord's hidden cards drawn "
                "anew) to the end of the heroes' next turns; its score is how the overlord stands then: "
                f"conquest or how far the heroes are from {goal}, the health of heroes and monsters, a win or a "
                "loss. Higher is better for the overlord.") if "overlord" in raw else (
               "Each examined option was played out in sampled worlds to the end of the overlord's next turn; its "
               "score is how the heroes stand then. Higher is better for the heroes.")
    if raw.startswith("guarding"):
        return (f"The monster guards the heroes' way to {goal}: a move scores the spaces they would still have to "
                "walk (fewer when a hero could strike the monster they need), plus half the value of the attack "
                "it makes. Higher is better for the overlord.")
    if kind == "overlord_turn":
        return ("Which monster acts next: the one with a hero closest within its reach. Score: the spaces to spare "
                "within its reach (negative: how far it is short). Higher goes first.")
    if kind == "spawn_place":
        return ("Where the new monster stands: closer to the heroes is better (score: minus the spaces to the "
                "nearest hero).")
    if kind == "monster_activation":
        return ("An attack scores the wounds it is expected to deal plus 6 times the chance to kill; a move scores "
                "the best attack the monster could make from there (with no hero in reach anywhere: minus the "
                "spaces still to walk to the nearest hero, so closer is higher).")
    if kind == "overlord_cards":
        return "Card order: events score 3, spawns 2, powers 1; keeping the hand 0."
    if kind in ("event_window", "trap_window"):
        return "A card scores the wounds it adds, the damage it heals and the fatigue it drains; passing scores 0."
    if kind in ("hero_turn", "guard_interrupt"):
        return ("An attack scores 4 times the chance to kill plus the wounds it is expected to deal (more for the "
                "foe who matters most); a move scores minus the spaces still to walk to the nearest thing worth "
                f"reaching ({goal}; a glyph, a foe, treasure or unexplored ground count as {BIAS_GLYPH}, "
                f"{BIAS_ENEMY}, {BIAS_MARKER} or {BIAS_FRONTIER} spaces farther than they are), so closer is higher.")
    if kind == "choose_hero_turn":
        return "Who acts first: the hero with the best attack right now (score: that attack's worth)."
    if kind == "attack_spend":
        return "The wounds the surges deal (a kill counts 10 more; wounds on friends count against)."
    return raw


def rule_words(kind: str, seat: str) -> str:
    """The fixed rule behind an unscored decision, in words."""
    rules = OVERLORD_RULES if seat == OVERLORD else HERO_RULES
    rule = rules.get(kind)
    return f"Fixed rule: {rule}." if rule else f"Fixed rule: {SAFE_RULE}."


def namer_of(game: Game, seats: tuple[str, ...], namer: Namer | None = None) -> Callable[[str], str]:
    """Names as the person holding ``seats`` may know them (``Namer``; ``namer``: one the caller
    has for them); an id naming nothing they know reads "something unseen" (never the id)."""
    from delve.web.present.events import namer_for

    known = namer if namer is not None else namer_for(game, seats)
    return lambda ident: known.of(ident) or UNSEEN


def with_attack_odds(game: Game, out: dict[str, Any]) -> dict[str, Any]:
    """``out`` (an explanation of ``game``'s pending monster activation) with, beside each move's
    ``attack_from_here``, the expected wounds and the kill chance of that attack.

    Why worked out here: the overlord AI scores such a move by exactly these odds (``_Valuer``:
    ``overlord_common.odds`` at the range from the space, nothing against a hero the space
    cannot hurt) but keeps only the hero's id in the details. The odds rest on public facts
    (the monster's dice and abilities, the hero's armor, shield and order), so any seat may read
    them; each (hero, range) is worked out once."""
    from delve.ai import overlord_common as oc
    from delve.api import player_rules

    decision, monster = game.pending, oc.monster_of_activation(game)
    if out.get("kind") != "monster_activation" or decision is None or monster is None:
        return out
    immune_from = player_rules().immune_from
    known: dict[tuple[str, int], tuple[float, float]] = {}
    options = []
    for option in out.get("options", []):
        details = option.get("details") or {}
        hero = game.state.figures.get(str(details.get("attack_from_here", "")))
        choice = decision.find(option["choice"])
        if hero is None or choice is None or "x" not in choice.data:
            options.append(option)
            continue
        at = oc.footprint_of(choice)
        key = (hero.id, oc.fp_distance(at, hero.footprint))
        found = known.get(key)
        if immune_from(game, at, hero):
            found = (0.0, 0.0)
        elif found is None:
            odds = oc.odds(game, monster, hero, key[1])
            found = known[key] = (float(odds.expected_wounds), float(odds.at_least(hero.wounds)))
        options.append({**option, "details": {**details, "expected_wounds": round(found[0], 3),
                                              "kill": round(found[1], 3)}})
    return {**out, "options": options}


TARGET_WORDS = {"glyph": "a glyph", "foe": "a foe", "treasure": "treasure", "frontier": "unexplored ground"}


def walk_targets(game: Game, hero: FigureState, name: Callable[[str], str]) -> list[tuple[str, int, list[Pos]]]:
    """What the hero AI walks to (``delve.ai.hero_ai.walk_targets``) in a player's words: (words,
    the spaces it counts as farther, its spaces). A quest goal by its name (the monster they must
    kill, the area they must reach)."""
    from delve.ai.hero_ai import walk_targets as targets

    return [(name(goal) if kind == "goal" else TARGET_WORDS[kind], bias, spaces)
            for kind, goal, bias, spaces in targets(game, hero)]


def with_nearest(game: Game, out: dict[str, Any], name: Callable[[str], str]) -> dict[str, Any]:
    """``out`` (an explanation of ``game``'s pending hero turn) with, beside each move's
    ``distance_to_goal``, what the hero walks to from there and how many spaces away
    (``nearest``): "3 spaces from the Gate Passage" rather than "from the next objective".

    Why worked out here: the hero AI scores a move by one number, the walk to the nearest thing
    worth reaching plus a few spaces for what is not the quest's goal (``walk_targets``), and
    keeps only that number. The walk to each thing is worked out again the same way
    (``distance_field``, remembered per view); a move whose number no thing gives (an AI that
    remembers treasure it already took) keeps the number alone."""
    from delve.ai.hero_common import distance_field, field_at

    decision = game.pending
    step = game.state.stack[-1] if game.state.stack else None
    hero = game.state.figures.get(str(step.data.get("hero"))) if step is not None else None
    if out.get("kind") != "hero_turn" or decision is None or hero is None:
        return out
    fields = [(words, bias, distance_field(game, [(p, bias) for p in spaces]))
              for words, bias, spaces in walk_targets(game, hero, name)]
    options = []
    for option in out.get("options", []):
        details = option.get("details") or {}
        choice = decision.find(option["choice"])
        if "distance_to_goal" not in details or choice is None or "w" not in choice.data:
            options.append(option)
            continue
        at = Footprint(x=choice.data["x"], y=choice.data["y"], w=choice.data["w"], h=choice.data["h"])
        gap = int(details["distance_to_goal"])
        found = next(((words, gap - bias) for words, bias, field in fields if field_at(game, field, at) == gap), None)
        options.append(option if found is None else
                       {**option, "details": {**details, "nearest": {"spaces": found[1], "what": found[0]}}})
    return {**out, "options": options}


def hint(game: Game, seats: tuple[str, ...], seat: str, out: dict[str, Any]) -> dict[str, Any]:
    """The hint for the person's own decision: the explanation of the normal AI of the seat's
    side (``out``), presented for the person holding ``seats``."""
    from delve.web.present.events import namer_for

    namer, pending = namer_for(game, seats), game.pending
    name = namer_of(game, seats, namer)
    who = "The normal overlord AI" if seat == OVERLORD else "The normal hero AI"
    # the labels as the panel shows them (``present_pending``): names for ids ("the door of
    # Entry Hall", not "door-1")
    options = []
    for option in out.get("options", []):
        choice = pending.find(option["choice"]) if pending is not None else None
        options.append({**option, "label": namer.rewrite(choice.label, choice.data)} if choice is not None else option)
    shown = with_nearest(game, with_attack_odds(game, {**out, "options": options}), name)
    return present(shown, goal_of(game, name), name, who)


def present(out: dict[str, Any], goal: str, name: Callable[[str], str], who: str,
            chosen: str | None = None) -> dict[str, Any]:
    """``out`` (an explanation as plain data, filtered for its reader) with the fields a person
    reads: ``who``, ``winner_label``, ``tie_labels``, ``meaning`` (what the scores mean),
    ``reason`` (one line), ``rows`` (every option: label, score, words, marks, ``top`` for the
    first few), ``more`` (how many are not top) and ``more_why`` ("lower scores", "not examined
    by the search"...); ``rule`` for a decision answered by a fixed rule instead of scores."""
    options: list[dict[str, Any]] = list(out.get("options", []))
    # a label straight from the explanation (the "why?" dialog's) still reads "1 wound(s)"
    labels = {o["choice"]: readable_plurals(o.get("label") or o["choice"]) for o in options}
    winner = str(out.get("winner", ""))
    chosen = chosen if chosen is not None else out.get("chosen")
    ties = [t for t in out.get("ties", []) if t in labels]
    searched = any("worlds" in (o.get("details") or {}) for o in options)
    rows: list[dict[str, Any]] = []
    for o in options:
        details = o.get("details") or {}
        said = {k: v for k, v in details.items() if k != "distance_to_goal"} if "nearest" in details else details
        words = [w for w in (detail_words(k, v, name) for k, v in said.items()) if w]
        if searched:
            words = [w for w in [search_words(details)] if w] + words
        marks = []
        if o["choice"] == chosen:
            marks.append("chosen")
        if o["choice"] == winner and (chosen is None or winner != chosen):
            marks.append("suggested" if chosen is None else "best now")
        if details.get("normal_ai_choice"):
            marks.append("the normal AI's pick")
        if o["choice"] in ties:
            marks.append("about as good")
        value = o.get("value")
        rows.append({"choice": o["choice"], "label": labels[o["choice"]], "value": value,
                     "score": "" if value is None else number(round(float(value), 2 if abs(value) < 1 else 1)),
                     "said": ", ".join(words), "marks": marks, "top": False,
                     "compared": "beat_pick" in details})
    ranked = [r for r in rows if r["value"] is not None]
    for r in ranked[:TOP]:
        r["top"] = True
    for r in rows:
        if r["choice"] in (winner, chosen) or "the normal AI's pick" in r["marks"]:
            r["top"] = True
    kind, seat, raw = str(out.get("kind", "")), str(out.get("seat", "")), str(out.get("measure", ""))
    winner_label = labels.get(winner, "")
    meaning = measure_words(kind, raw, searched, goal) if ranked else ""
    if ranked:
        rule = ""
    elif raw.startswith("not shown"):  # a card of the overlord's, the rest of his hand withheld
        rule = raw[:1].upper() + raw[1:] + "."
    else:
        rule = rule_words(kind, seat)
    rest = [r for r in rows if not r["top"]]
    scored = sum(1 for r in rest if r["value"] is not None)
    if searched and scored == 0:
        more_why = "not examined by the search"
    elif scored == len(rest):
        more_why = "lower scores"
    else:
        more_why = "not scored" if scored == 0 else "lower scores or not scored"
    result = dict(out)
    result.update(who=who, winner_label=winner_label, tie_labels=[labels[t] for t in ties], meaning=meaning,
                  rule=rule, rows=rows, more=len(rest), more_why=more_why,
                  reason=reason_of(rows, winner, winner_label, ties, searched, rule, out, chosen))
    return result


def reason_of(rows: list[dict[str, Any]], winner: str, winner_label: str, ties: list[str], searched: bool,
              rule: str, out: dict[str, Any], chosen: str | None) -> str:
    """One line in plain words: why the winner."""
    row = next((r for r in rows if r["choice"] == winner), None)
    if rule:
        return rule
    if row is None:
        return "The reasons rest on what only the overlord knows."
    if searched:
        margin = number(float(out.get("margin", 0.3)))
        pick = next((r for r in rows if "the normal AI's pick" in r["marks"]), None)
        kept = pick is not None and pick["choice"] == winner
        rule_line = (f"The normal AI's pick stands unless another examined option scores at least {margin} more on "
                     "average over the same sampled worlds and beats it in (nearly) every one of them.")
        if not kept:
            return f"{rule_line} {winner_label} did."
        details = {o["choice"]: o.get("details") or {} for o in out.get("options", [])}
        closest = next((r for r in rows if r["compared"]), None)
        if closest is None or pick is None or "mean_all_worlds" not in details[pick["choice"]]:
            return f"{rule_line} None did, so the pick was kept."
        mine, theirs = details[pick["choice"]], details[closest["choice"]]
        return (f"{rule_line} None did: {closest['label']} came closest and was played out in "
                f"{theirs['worlds']} worlds, {number(round(float(theirs['mean_all_worlds']), 1))} on average "
                f"against the pick's {number(round(float(mine['mean_all_worlds']), 1))}, better in "
                f"{theirs['beat_pick']} of {theirs['compared']}; so the pick was kept.")
    best = max((r["value"] for r in rows if r["value"] is not None), default=None)
    if best is not None and (row["value"] is None or row["value"] < best - float(out.get("margin", 0.05))):
        order = PRIORITIES.get(str(out.get("kind", "")), "its own rules come before the scores here")
        score = f" (it scores {row['score']}{': ' + row['said'] if row['said'] else ''})" if row["score"] else ""
        return f"Not the highest score{score}: {order}."
    line = f"The highest score{': ' + row['said'] if row['said'] else ''}."
    if ties:
        line += f" {len(ties)} other option{'s are' if len(ties) > 1 else ' is'} about as good."
    return line
