"""A stable action space: every action index has one meaning in every state of a pack's games.

Why factored: the engine's choices are strings (``move:3,4``, ``attack:hunters-sword:5,5``,
``door:door-1``); the i-th legal choice means something different in each state, which no
learner can learn from. Here a choice id is read as a *template* (its words, with each argument
replaced by its class) and *arguments*; the decision kind and the template pick a block of
indices, and the arguments an offset inside it. Blocks are sized from the board (width x
height) and the pack's content, so the space is fixed for a pack and nothing is ever cut.

Argument classes (``ARG_CLASSES``), tried in this order on each ``:``-separated token:
``S`` a space ``x,y``; ``F`` a footprint ``x,y,w,h`` (w, h up to 3); ``I`` a small number
(below 16); ``H`` a hero figure (``hero1``...: its slot); ``P`` another figure, door or marker
id of the view, by where it stands; ``item``, ``card``, ``skill``, ``hero``, ``monster``,
``familiar``, ``quest_action`` (a prolonged action of a quest): an id of the pack's content of
that kind. ``spend`` reads its arguments by position: the range bought (``I``) and ``B``, how
often each surge ability is bought (``1,0,2``); a hero's ``attack`` (and ``breath``, ``bolt``) names a ``weapon`` (the
pack's weapons and runes, and ``unarmed``). Any other token is a word of the template. ``docs/api.md``
lists the templates of every decision kind (``GRAMMAR``).

A choice whose template is not in ``GRAMMAR`` (a new rule not yet listed) still gets an index:
one of the ``OVERFLOW`` slots at the end, by its position among such choices. Those indices
have no fixed meaning, and ``ActionCodec.encode`` counts them in ``overflowed``; the tests
require none in random games of every shipped quest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from delve.api import open_pack
from delve.envs.grammar import GRAMMAR

OVERFLOW = 64
HERO_SLOTS_P = 8  # hero figures hero1..hero8 in the P class
MAX_SIDE = 3  # footprints up to 3 x 3
SMALL_INT = 16
CONTENT_KINDS: tuple[str, ...] = ("item", "card", "skill", "hero", "monster", "familiar", "quest_action")
ARG_CLASSES: tuple[str, ...] = ("S", "F", "I", "B", "H", "P", "weapon", *CONTENT_KINDS)
BUY_SLOTS, BUY_MAX = 5, 5  # ``B``: how often each of up to 5 surge abilities is bought (0-4 times)
# Choices whose arguments are read by position, not by their look, keyed by verb and number of
# tokens: "spend:2:1,0" buys (not a space); a hero's attack names a weapon (a smaller class
# than every item). ``None``: read that token by its look.
POSITIONAL: dict[tuple[str, int], tuple[str | None, ...]] = {
    ("spend", 3): ("I", "B"), ("attack", 3): ("weapon", "S"), ("attack", 4): ("weapon", "S", None),
    ("breath", 4): ("weapon", None, "S"), ("bolt", 4): ("weapon", None, "S"),  # a hero's template attack
}
_SPACE = re.compile(r"^(\d+),(\d+)$")
_FOOTPRINT = re.compile(r"^(\d+),(\d+),(\d+),(\d+)$")
_INT = re.compile(r"^\d+$")
_HERO_FIGURE = re.compile(r"^hero(\d+)$")


@dataclass
class Legal:
    """The legal choices of one decision in the stable space: index -> choice id, and the
    template and argument indices of each (what the per-choice features read)."""

    ids: dict[int, str] = field(default_factory=dict)
    parts: dict[int, tuple[str, tuple[tuple[str, int], ...]]] = field(default_factory=dict)
    overflowed: int = 0


class ActionCodec:
    """Maps (decision kind, choice id) to a fixed index for one pack and board size."""

    def __init__(self, pack_name: str, width: int, height: int) -> None:
        self.width, self.height = width, height
        pack = open_pack(pack_name)
        actions = {a.id for quest in pack.quests.values() for a in quest.prolonged_actions}
        sources = {"item": pack.items, "card": pack.overlord, "skill": pack.skills, "hero": pack.heroes,
                   "monster": pack.monsters, "familiar": pack.familiars, "quest_action": actions}
        self.vocab: dict[str, dict[str, int]] = {kind: {cid: i for i, cid in enumerate(sorted(sources[kind]))}
                                                 for kind in CONTENT_KINDS}
        self.vocab["item"].setdefault("unarmed", len(self.vocab["item"]))
        # What a hero attacks with: weapons and runes (a rune is a magic attack item).
        weapons = sorted(i for i, item in pack.items.items() if item.kind in ("weapon", "rune"))
        self.weapons = {w: i for i, w in enumerate([*weapons, "unarmed"])}
        self._owner: dict[str, str] = {}
        for kind in reversed(CONTENT_KINDS):  # the first kind listed wins a shared id
            self._owner.update(dict.fromkeys(self.vocab[kind], kind))
        spaces = width * height
        self.class_size: dict[str, int] = {"S": spaces, "F": spaces * MAX_SIDE * MAX_SIDE, "I": SMALL_INT,
                                           "B": BUY_MAX**BUY_SLOTS, "H": HERO_SLOTS_P, "P": HERO_SLOTS_P + spaces,
                                           "weapon": len(self.weapons),
                                           **{kind: len(self.vocab[kind]) for kind in CONTENT_KINDS}}
        self.blocks: dict[tuple[str, str], tuple[int, tuple[str, ...]]] = {}
        offset = 0
        for kind, templates in GRAMMAR.items():
            for template in templates:
                classes = tuple(t[1:-1] for t in template.split(":") if t.startswith("{"))
                self.blocks[(kind, template)] = (offset, classes)
                size = 1
                for cls in classes:
                    size *= self.class_size[cls]
                offset += size
        self.overflow_start = offset
        self.size = offset + OVERFLOW

    # -- reading a choice id -------------------------------------------------------------------
    def places(self, view: dict[str, Any]) -> dict[str, int]:
        """Figure, door and marker ids of the view -> their ``P`` index."""
        w = self.width
        found: dict[str, int] = {}
        board = view["board"]
        for marker in board["markers"]:
            x, y = marker["pos"]
            found[marker["id"]] = HERO_SLOTS_P + y * w + x
        for door in board["doors"]:
            x, y = door["edges"][0][0]
            found[door["id"]] = HERO_SLOTS_P + y * w + x
        for figure in view["figures"]:
            hero = _HERO_FIGURE.match(figure["id"])
            if hero and int(hero.group(1)) <= HERO_SLOTS_P:
                found[figure["id"]] = int(hero.group(1)) - 1
            elif not figure["in_town"]:
                fp = figure["footprint"]
                found[figure["id"]] = HERO_SLOTS_P + fp["y"] * w + fp["x"]
        return found

    def _token(self, token: str, places: dict[str, int]) -> tuple[str, int] | None:
        """(class, index) of an argument token, or None for a word of the template."""
        w, h = self.width, self.height
        if m := _SPACE.match(token):
            x, y = int(m.group(1)), int(m.group(2))
            return ("S", y * w + x) if x < w and y < h else None
        if m := _FOOTPRINT.match(token):
            x, y, fw, fh = (int(g) for g in m.groups())
            if x < w and y < h and 1 <= fw <= MAX_SIDE and 1 <= fh <= MAX_SIDE:
                return "F", ((y * w + x) * MAX_SIDE + fw - 1) * MAX_SIDE + fh - 1
            return None
        if _INT.match(token):
            return ("I", int(token)) if int(token) < SMALL_INT else None
        if (hero := _HERO_FIGURE.match(token)) and 1 <= int(hero.group(1)) <= HERO_SLOTS_P:
            return "H", int(hero.group(1)) - 1
        if token in places:
            return "P", places[token]
        kind = self._owner.get(token)
        if kind is not None:
            return kind, self.vocab[kind][token]
        return None

    def _positional(self, cls: str, token: str) -> tuple[str, int] | None:
        """An argument read by position: ``I`` a small number, ``B`` counts in base ``BUY_MAX``,
        ``weapon`` a weapon id."""
        if cls == "weapon":
            return ("weapon", self.weapons[token]) if token in self.weapons else None
        if cls not in ("I", "B"):
            return None
        if cls == "I":
            return ("I", int(token)) if _INT.match(token) and int(token) < SMALL_INT else None
        counts = [int(c) for c in token.split(",")] if token else []
        if len(counts) > BUY_SLOTS or any(c >= BUY_MAX for c in counts):
            return None
        return "B", sum(c * BUY_MAX**i for i, c in enumerate(counts))

    def parse(self, choice_id: str, places: dict[str, int]) -> tuple[str, tuple[tuple[str, int], ...]]:
        """The template of a choice id (arguments as ``{class}``) and its arguments."""
        words: list[str] = []
        args: list[tuple[str, int]] = []
        tokens = choice_id.split(":")
        positional = POSITIONAL.get((tokens[0], len(tokens)), ())
        for position, token in enumerate(tokens):
            forced = positional[position - 1] if 0 < position <= len(positional) else None
            arg = self._positional(forced, token) if forced in ("I", "B", "weapon") else self._token(token, places)
            if forced is not None and (arg is None or arg[0] != forced):
                arg = None
            if arg is None:
                words.append(token)
            else:
                words.append("{" + arg[0] + "}")
                args.append(arg)
        return ":".join(words), tuple(args)

    def index(self, kind: str, template: str, args: tuple[tuple[str, int], ...]) -> int | None:
        """The fixed index of a parsed choice, or None when ``GRAMMAR`` lacks its template."""
        block = self.blocks.get((kind, template))
        if block is None:
            return None
        offset, classes = block
        inner = 0
        for cls, (_arg_cls, value) in zip(classes, args, strict=True):
            inner = inner * self.class_size[cls] + value
        return offset + inner

    def encode(self, view: dict[str, Any]) -> Legal:
        """The legal choices of the view's pending decision (empty when the seat does not decide)."""
        legal = Legal()
        pending = view.get("pending")
        if pending is None or pending["seat"] != view["seat"]:
            return legal
        places = self.places(view)
        kind = pending["kind"]
        spill: list[tuple[str, str, tuple[tuple[str, int], ...]]] = []
        for choice in pending["choices"]:
            template, args = self.parse(choice["id"], places)
            index = self.index(kind, template, args)
            if index is not None and legal.ids.get(index) == choice["id"]:
                continue  # the same id twice (a die face printed twice) is one choice
            if index is None or index in legal.ids:  # unlisted template (or, never seen, a clash)
                spill.append((choice["id"], template, args))
                continue
            legal.ids[index] = choice["id"]
            legal.parts[index] = (template, args)
        for position, (choice_id, template, args) in enumerate(spill):
            if position >= OVERFLOW:
                raise ValueError(f"more than {OVERFLOW} choices of {kind!r} have no template in "
                                 f"delve.envs.grammar.GRAMMAR (e.g. {choice_id!r}); list the template")
            legal.ids[self.overflow_start + position] = choice_id
            legal.parts[self.overflow_start + position] = (template, args)
        legal.overflowed = len(spill)
        return legal

    def describe(self, index: int) -> str:
        """What an index means, as ``kind/template`` with the argument offsets (for people)."""
        if index >= self.overflow_start:
            return f"overflow/{index - self.overflow_start}"
        for (kind, template), (offset, classes) in self.blocks.items():
            size = 1
            for cls in classes:
                size *= self.class_size[cls]
            if offset <= index < offset + size:
                return f"{kind}/{template}+{index - offset}"
        raise IndexError(index)

