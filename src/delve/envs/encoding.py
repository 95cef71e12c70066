"""Numbers for learners: a seat's view as board planes, a feature vector and an action mask.

Why from ``view(game, seat)`` only: the view is where the engine enforces hidden information,
so an observation built from it cannot leak the overlord's hand, unrevealed areas or future
dice, whatever the encoder does. Every value is scaled into [0, 1] (and clipped), so the
observation space is a bounded box that checkers and networks both like.

Planes (channels x height x width), ``PLANES`` names them in order:
seen spaces, one plane per terrain kind, walls on the east / south side of a space, closed and
open doors, one plane per marker kind, an active glyph, the seat's own heroes, other heroes,
monsters, master or named monsters, wounds left (fraction) and fatigue left (fraction) of the
figure standing there.

Actions: ``delve.envs.actions.ActionCodec`` gives every choice a fixed index (the mask has one
entry per index), and ``choice_features`` one row of ``CHOICE_FEATURES`` per legal choice, for
agents that score the choices they are offered rather than a fixed set of outputs.

Features: ``FEATURES`` lists the names: round, conquest, threat, the overlord's hand, deck and
discard sizes, whose decision it is, how many choices there are, the decision kind (one-hot
over ``DECISION_KINDS``, the last slot for any other kind), and per hero slot (up to
``HERO_SLOTS`` heroes, in figure order) present / mine / in town / wounds / fatigue / speed /
armor / coins / x / y / melee / ranged / magic / one-hot order.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from delve.board.terrain import load_marker_kinds, load_terrain
from delve.engine.decision import OVERLORD
from delve.envs.actions import ActionCodec, Legal

# The decision kinds of both rulesets and the abilities (``Decision(`` in delve.rules, delve.rules2e
# and delve.abilities, kinds named by constants too); a kind missing here shares the "other" slot.
# ``tests/envs/test_decision_kinds.py`` keeps the list whole.
DECISION_KINDS: tuple[str, ...] = (
    "attack_fatigue", "attack_spend", "boulder_order", "choose_action", "choose_hero", "choose_hero_turn",
    "cursed_item", "dark_glyph_keep", "dark_glyph_power", "dark_glyph_summon", "enter_die", "equip_items",
    "event_window", "guard_interrupt", "hero_turn", "invulnerability", "morph_dice", "overlord_cards",
    "overlord_discard", "overlord_turn", "place_hero", "place_item", "prolonged_fatigue", "reveal_placement",
    "shop", "skill_trade", "solo_interrupt", "solo_raise_dead", "spawn_place", "trap_window", "treachery",
    "treachery_remove",
    "dark_relic", "daze_dice", "familiar_shadow", "familiar_turn", "monster_activation", "place_glyph",
    "skill_target", "spawn_remove", "stun_master",
    "knocked_out_draw", "knocked_out_turn", "order_triggers",
    "bash_power", "familiar_first", "knockback", "large_monster_place", "necromancy", "overkill_target",
    "other",
)
ORDER_KINDS: tuple[str, ...] = ("aim", "dodge", "guard", "rest", "prolonged")
HERO_SLOTS = 4
HERO_FIELDS: tuple[str, ...] = (
    "present", "mine", "in_town", "wounds", "wounds_frac", "fatigue", "fatigue_frac", "speed", "armor", "coins",
    "x", "y", "melee", "ranged", "magic", *(f"order_{o}" for o in ORDER_KINDS),
)
GLOBAL_FEATURES: tuple[str, ...] = (
    "round", "conquest", "threat", "hand_size", "deck_size", "discard_size", "my_decision", "num_choices",
    "heroes_won", "overlord_won",
)


def _plane_names() -> tuple[str, ...]:
    terrain = [f"terrain_{t}" for t in load_terrain()]
    markers = [f"marker_{m}" for m in load_marker_kinds()]
    return ("seen", *terrain, "wall_east", "wall_south", "door_closed", "door_open", *markers, "glyph_active",
            "my_heroes", "other_heroes", "monsters", "boss_monsters", "wounds_left", "fatigue_left")


PLANES: tuple[str, ...] = _plane_names()
FEATURES: tuple[str, ...] = (
    *GLOBAL_FEATURES, *(f"kind_{k}" for k in DECISION_KINDS),
    *(f"hero{slot}_{field}" for slot in range(HERO_SLOTS) for field in HERO_FIELDS),
)
_PLANE = {name: i for i, name in enumerate(PLANES)}
_KIND = {name: i for i, name in enumerate(DECISION_KINDS)}


END_WORDS = frozenset({"end_turn", "end_activation", "done", "pass", "continue", "end_shopping", "end_equip", "keep",
                       "stay_down", "no_draw", "skip", "guard:pass", "familiar:done", "reroll:done", "fatigue:done",
                       "knockback:none", "summon:done", "dark_power:pass", "familiar:later"})
_VERB_FLAGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("move", ("move", "jump", "familiar:move", "jumpto", "place")),
    ("attack", ("attack", "familiar:attack")),
    ("battle", ("action:battle",)), ("run", ("action:run",)), ("advance", ("action:advance",)),
    ("ready", ("action:ready",)), ("order", ("order",)), ("buy", ("buy",)), ("equip", ("equip", "unequip", "swap")),
    ("discard", ("discard", "remove", "drop")), ("play_card", ("event", "spawn", "power", "trap", "add")),
    ("door", ("door",)), ("object", ("glyph", "stairs", "altar", "chest", "pickup", "familiar:pickup")),
    ("fatigue", ("fatigue", "half")), ("drink", ("drink", "give", "give_potion")), ("activate", ("activate",)),
    ("turn", ("turn", "skill_target", "trade")),
)
CHOICE_FEATURES: tuple[str, ...] = (
    "bias", "end", *(f"verb_{name}" for name, _ in _VERB_FLAGS), "has_space", "x", "y",
    "enemy_distance", "enemy_closer", "boss_distance", "boss_closer", "door_distance", "door_closer",
    "enemy_here", "enemy_wounds_left", "boss_here",
    "friend_here", "marker_here", "cost", "price", "overflow",
    # The decision's context, the same in every row (a scorer crosses it with the rows above):
    # where the acting figure stands relative to the enemies, and what the decision offers.
    "actor_enemy_distance", "actor_boss_distance", "actor_enemy_adjacent", "can_attack", "can_move",
)
CONTEXT_FEATURES: tuple[str, ...] = CHOICE_FEATURES[CHOICE_FEATURES.index("actor_enemy_distance"):]


class Encoder:
    """Turns a seat's view into arrays of fixed shapes (the same for every quest of a pack)."""

    def __init__(self, width: int, height: int, codec: ActionCodec) -> None:
        self.width, self.height, self.codec = width, height, codec

    @property
    def num_actions(self) -> int:
        """Size of the stable action space."""
        return self.codec.size

    @property
    def board_shape(self) -> tuple[int, int, int]:
        """(channels, height, width)."""
        return (len(PLANES), self.height, self.width)

    @property
    def features_size(self) -> int:
        """Length of the feature vector."""
        return len(FEATURES)

    def mask(self, legal: Legal) -> np.ndarray:
        """1 at the index of every legal choice of the seat (all 0 when it does not decide)."""
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if legal.ids:
            mask[np.fromiter(legal.ids, dtype=np.int64)] = 1
        return mask

    def choice_features(self, view: dict[str, Any], legal: Legal) -> tuple[np.ndarray, np.ndarray]:
        """(indices, features): the legal indices in increasing order and one ``CHOICE_FEATURES``
        row per index, built from the view (what the choice does, where, near what)."""
        indices = np.fromiter(sorted(legal.ids), dtype=np.int64, count=len(legal.ids))
        rows = np.zeros((len(indices), len(CHOICE_FEATURES)), dtype=np.float32)
        if not len(indices):
            return indices, rows
        pending = view["pending"]
        by_id = {c["id"]: c for c in pending["choices"]}
        w, h = self.width, self.height
        mine = "heroes" if view["seat"] != OVERLORD else OVERLORD
        friends: list[tuple[int, int]] = []
        enemies: list[tuple[int, int]] = []
        bosses: list[tuple[int, int]] = []
        occupant: dict[tuple[int, int], dict[str, Any]] = {}
        for figure in view["figures"]:
            if figure["in_town"]:
                continue
            fp = figure["footprint"]
            for dx in range(fp["w"]):
                for dy in range(fp["h"]):
                    occupant[(fp["x"] + dx, fp["y"] + dy)] = figure
            side_is_mine = (figure["kind"] == "hero") == (mine == "heroes")
            (friends if side_is_mine else enemies).append((fp["x"], fp["y"]))
            if not side_is_mine and (figure["named"] or figure["master"] or figure.get("attributes")):
                bosses.append((fp["x"], fp["y"]))
        markers = {tuple(m["pos"]) for m in view["board"]["markers"]}
        doors = [(a[0], a[1]) for door in view["board"]["doors"] if not door["open"] for edge in door["edges"]
                 for a in edge]
        actor = _actor(view, pending, mine)

        def nearest(x: int, y: int, group: list[tuple[int, int]]) -> float:
            return min((max(abs(x - a), abs(y - b)) for a, b in group), default=40) / 40

        column = {name: i for i, name in enumerate(CHOICE_FEATURES)}
        for row, index in enumerate(indices):
            choice_id = legal.ids[int(index)]
            template, args = legal.parts[int(index)]
            values = rows[row]
            values[column["bias"]] = 1.0
            values[column["end"]] = float(choice_id in END_WORDS)
            for name, prefixes in _VERB_FLAGS:
                values[column[f"verb_{name}"]] = float(any(template == p or template.startswith(p + ":")
                                                           for p in prefixes))
            values[column["overflow"]] = float(index >= self.codec.overflow_start)
            data = by_id[choice_id].get("data", {})
            values[column["cost"]] = min(1.0, float(data.get("cost", 0) or 0) / 10)
            values[column["price"]] = min(1.0, float(data.get("price", 0) or 0) / 1000)
            space = _space_of(args, w)
            if space is None:
                continue
            x, y = space
            values[column["has_space"]] = 1.0
            values[column["x"]], values[column["y"]] = x / max(1, w - 1), y / max(1, h - 1)
            values[column["enemy_distance"]] = nearest(x, y, enemies)
            values[column["boss_distance"]] = nearest(x, y, bosses)
            values[column["door_distance"]] = nearest(x, y, doors)
            if actor is not None:
                values[column["enemy_closer"]] = nearest(*actor, enemies) - nearest(x, y, enemies)
                values[column["boss_closer"]] = nearest(*actor, bosses) - nearest(x, y, bosses)
                values[column["door_closer"]] = nearest(*actor, doors) - nearest(x, y, doors)
            there = occupant.get((x, y))
            if there is not None:
                enemy = (there["kind"] == "hero") != (mine == "heroes")
                values[column["enemy_here" if enemy else "friend_here"]] = 1.0
                if enemy:
                    values[column["enemy_wounds_left"]] = there["wounds"] / max(1, there["max_wounds"])
                    values[column["boss_here"]] = float(bool(there["named"] or there["master"]
                                                             or there.get("attributes")))
            values[column["marker_here"]] = float((x, y) in markers)
        if actor is not None:
            rows[:, column["actor_enemy_distance"]] = nearest(*actor, enemies)
            rows[:, column["actor_boss_distance"]] = nearest(*actor, bosses)
            rows[:, column["actor_enemy_adjacent"]] = float(nearest(*actor, enemies) * 40 <= 1)
        else:
            rows[:, column["actor_enemy_distance"]] = rows[:, column["actor_boss_distance"]] = 1.0
        rows[:, column["can_attack"]] = float(rows[:, column["verb_attack"]].any())
        rows[:, column["can_move"]] = float(rows[:, column["verb_move"]].any())
        return indices, np.clip(rows, -1.0, 1.0)

    def board(self, view: dict[str, Any]) -> np.ndarray:
        """The board planes of this view."""
        planes = np.zeros(self.board_shape, dtype=np.float32)
        board = view["board"]
        w, h = self.width, self.height

        def mark(channel: str, x: int, y: int, value: float = 1.0) -> None:
            if 0 <= x < w and 0 <= y < h:
                planes[_PLANE[channel], y, x] = value

        for space in board["spaces"]:
            x, y = space["x"], space["y"]
            mark("seen", x, y)
            if f"terrain_{space['terrain']}" in _PLANE:
                mark(f"terrain_{space['terrain']}", x, y)
        for a, b in board["walls"]:
            (ax, ay), (_bx, by) = sorted([tuple(a), tuple(b)])
            mark("wall_east" if ay == by else "wall_south", ax, ay)
        for door in board["doors"]:
            channel = "door_open" if door["open"] else "door_closed"
            for a, b in door["edges"]:
                mark(channel, *a)
                mark(channel, *b)
        for marker in board["markers"]:
            x, y = marker["pos"]
            if f"marker_{marker['kind']}" in _PLANE:
                mark(f"marker_{marker['kind']}", x, y)
            if marker["kind"] == "glyph" and marker["data"].get("active"):
                mark("glyph_active", x, y)
        for figure in view["figures"]:
            if figure["in_town"]:
                continue
            if figure["kind"] == "hero":
                channel = "my_heroes" if figure["seat"] == view["seat"] else "other_heroes"
            else:
                channel = "boss_monsters" if figure["master"] or figure["named"] else "monsters"
            fp = figure["footprint"]
            wounds = figure["wounds"] / max(1, figure["max_wounds"])
            fatigue = figure["fatigue"] / figure["max_fatigue"] if figure["max_fatigue"] else 0.0
            for dx in range(fp["w"]):
                for dy in range(fp["h"]):
                    x, y = fp["x"] + dx, fp["y"] + dy
                    mark(channel, x, y)
                    mark("wounds_left", x, y, wounds)
                    mark("fatigue_left", x, y, fatigue)
        return planes

    def features(self, view: dict[str, Any]) -> np.ndarray:
        """The feature vector of this view (scaled, clipped into [0, 1])."""
        values: list[float] = []
        overlord = view["overlord"]
        pending = view.get("pending")
        mine = pending is not None and pending["seat"] == view["seat"]
        values += [view["round"] / 50, view["conquest"] / 50, overlord["threat"] / 50, overlord["hand_size"] / 10,
                   overlord["deck_size"] / 60, len(overlord["discard"]) / 60, float(mine),
                   min(1.0, len(pending["choices"]) / 256) if mine and pending else 0.0,
                   float(view["winner"] == "heroes"), float(view["winner"] == OVERLORD)]
        kinds = [0.0] * len(DECISION_KINDS)
        if mine and pending:
            kinds[_KIND.get(pending["kind"], _KIND["other"])] = 1.0
        values += kinds
        heroes = [f for f in view["figures"] if f["kind"] == "hero"][:HERO_SLOTS]
        for slot in range(HERO_SLOTS):
            values += self._hero(heroes[slot], view["seat"]) if slot < len(heroes) else [0.0] * len(HERO_FIELDS)
        return np.clip(np.asarray(values, dtype=np.float32), 0.0, 1.0)

    def _hero(self, hero: dict[str, Any], seat: str) -> list[float]:
        fp, traits = hero["footprint"], hero["traits"]
        orders = [float(hero["order"] == o) for o in ORDER_KINDS]
        return [1.0, float(hero["seat"] == seat), float(hero["in_town"]), hero["wounds"] / 20,
                hero["wounds"] / max(1, hero["max_wounds"]), hero["fatigue"] / 10,
                hero["fatigue"] / hero["max_fatigue"] if hero["max_fatigue"] else 0.0, hero["speed"] / 10,
                hero["armor"] / 10, hero["coins"] / 2000, fp["x"] / max(1, self.width - 1),
                fp["y"] / max(1, self.height - 1), traits.get("melee", 0) / 6, traits.get("ranged", 0) / 6,
                traits.get("magic", 0) / 6, *orders]

    def encode(self, view: dict[str, Any], legal: Legal | None = None) -> dict[str, np.ndarray]:
        """The full observation: board planes, features and the action mask."""
        legal = self.codec.encode(view) if legal is None else legal
        return {"board": self.board(view), "features": self.features(view), "action_mask": self.mask(legal)}


def make_encoder(options: Any) -> Encoder:
    """The encoder of an ``EnvOptions``: planes of the pack's largest map, the pack's action space."""
    width, height = options.plane_size()
    return Encoder(width, height, ActionCodec(options.pack_name, width, height))


def _space_of(args: tuple[tuple[str, int], ...], width: int) -> tuple[int, int] | None:
    """The board space an argument names (a space, a footprint's corner, a figure or marker)."""
    from delve.envs.actions import HERO_SLOTS_P, MAX_SIDE

    for cls, value in args:
        if cls == "S":
            return value % width, value // width
        if cls == "F":
            cell = value // (MAX_SIDE * MAX_SIDE)
            return cell % width, cell // width
        if cls == "P" and value >= HERO_SLOTS_P:
            cell = value - HERO_SLOTS_P
            return cell % width, cell // width
    return None


def _actor(view: dict[str, Any], pending: dict[str, Any], mine: str) -> tuple[int, int] | None:
    """Where the figure the decision is about stands: the seat's figure whose name opens the
    prompt ("Sela Quickreed: 6 movement points left"), else None."""
    prompt = pending.get("prompt", "")
    for figure in view["figures"]:
        if figure["in_town"] or not prompt.startswith(figure["name"]):
            continue
        if (figure["kind"] == "hero") == (mine == "heroes"):
            return figure["footprint"]["x"], figure["footprint"]["y"]
    return None
