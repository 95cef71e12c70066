"""An honest copy of a game for one seat: what the seat cannot know is drawn afresh.

Why: a player that looks ahead on ``Game.clone()`` plays on the real future. The clone carries
the chance state (the next dice, the next overlord card, the next treasure) and every hidden
card and marker, so a search bot "predicts" the real dice and cards. ``determinized_clone``
is the copy a searching player may use: one *determinization* of the seat's information set,
in the spirit of TabletopGames' ``copy(playerId)``: the state is a possible world, consistent
with everything the seat has seen, in which the hidden parts are sampled from ``seed``.

What is resampled (for every seat):

- the chance stream: a new seeded source derived only from ``seed`` and the seat (never from
  the real seed or counter), so future dice, card draws (decks are drawn with a uniform pick),
  treasure draws and chest numbers dealt on opening all differ from the real ones. A scripted
  or manual game becomes seeded: the script is the real future, and a search cannot ask the
  table for physical dice;
- the order of the undealt skill decks (``flags["skill_decks"]``, dealt top first).

What is resampled for a hero seat in addition:

- the overlord's hand: hand and deck are pooled and the hand dealt again at the same size, so a
  hero knows how many cards the overlord holds but not which;
- the contents of unopened chests: their numbers (``data.number``) and any ``data.contents``
  are shuffled among the unopened chests of the same colour;
- which inactive glyphs are dark (Rulebook: Dark Glyphs, laid face down): the kinds and
  ``data.dark`` of the inactive glyphs on the board are shuffled among them;
- the event log keeps only the events the seat may see, and the choice history is dropped (the
  overlord's past choices name his cards); such a copy cannot be replayed.

What is NOT resampled (documented limits):

- the make-up of the pooled overlord cards (treachery added to the deck at setup is kept, only
  its whereabouts between hand and deck change);
- the contents of unrevealed areas (monsters, markers, walls): the quest's map is fixed content,
  and drawing another map would need the quest book's rules for what may stand where;
- hidden data in steps already on the stack, and the overlord's flags (dark glyph pool, solo
  procedure records): they belong to the overlord or to a step under way.

Which copy to use (docs/architecture.md, "Copies of a game"): ``Game.clone()`` for replays,
saves, tests and the overlord's deterministic look-ahead of choices that roll no dice;
``determinized_clone`` for any search that plays ahead through chance or hidden information.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict

from delve.board.grid import Marker
from delve.engine.chance import Chance, ChanceState, seeded
from delve.engine.decision import OVERLORD
from delve.engine.game import Game

GLYPH_KINDS = ("glyph", "dark_glyph")


def world_seed(seed: int, seat: str, purpose: str) -> int:
    """A 63-bit seed for one sampled world, from the caller's seed and the seat only."""
    digest = hashlib.blake2b(f"delve-determinize:{purpose}:{seat}:{seed}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def determinized_clone(game: Game, seat: str, seed: int) -> Game:
    """A copy of ``game`` for ``seat`` with what the seat cannot know drawn from ``seed``.

    ``seat`` is ``"overlord"`` or a hero seat; any seat other than the overlord is treated as a
    hero seat. The same (game, seat, seed) always gives the same copy."""
    copy = game.clone()
    state = copy.state
    sampler = Chance(seeded(world_seed(seed, seat, "hidden")))
    state.chance = ChanceState(mode="seeded", seed=world_seed(seed, seat, "dice"))
    decks = state.flags.get("skill_decks")
    if isinstance(decks, dict):
        for name in sorted(decks):
            decks[name] = sampler.shuffle(list(decks[name]), "skill deck")
    if seat != OVERLORD:
        _resample_hand(copy, sampler)
        _resample_markers(copy, sampler)
        state.log = [e for e in state.log if e.visible_for(seat)]
        state.history = []
        state.board.invalidate()  # glyph kinds may have changed
    return Game(state, copy.handlers, transactional=copy.transactional)


def _resample_hand(game: Game, sampler: Chance) -> None:
    """Deal the overlord's hand again from the cards a hero seat has not seen (hand + deck)."""
    overlord = game.state.overlord
    size = len(overlord.hand)
    pool = sampler.shuffle(sorted([*overlord.hand, *overlord.deck]), "overlord hand")
    overlord.hand = pool[:size]
    overlord.deck = sorted(pool[size:])  # the engine keeps the deck sorted and draws by pick


def _shuffle_fields(markers: list[Marker], fields: tuple[str, ...], sampler: Chance, *, kind: bool) -> None:
    """Shuffle the named data fields (and the marker kind, when ``kind``) among ``markers``."""
    if len(markers) < 2:
        return
    values = [(m.kind, {f: m.data[f] for f in fields if f in m.data}) for m in markers]
    for marker, (new_kind, data) in zip(markers, sampler.shuffle(values, "hidden markers"), strict=True):
        for field in fields:
            marker.data.pop(field, None)
        marker.data.update(data)
        if kind:
            marker.kind = new_kind


def _resample_markers(game: Game, sampler: Chance) -> None:
    """Unopened chests swap numbers and contents within a colour; inactive glyphs swap darkness."""
    chests: dict[str, list[Marker]] = defaultdict(list)
    glyphs: list[Marker] = []
    for marker in sorted(game.board.markers, key=lambda m: m.id):
        if marker.kind == "chest":
            chests[str(marker.data.get("colour", ""))].append(marker)
        elif marker.kind in GLYPH_KINDS and not marker.data.get("active"):
            glyphs.append(marker)
    for colour in sorted(chests):
        _shuffle_fields(chests[colour], ("number", "contents"), sampler, kind=False)
    _shuffle_fields(glyphs, ("dark",), sampler, kind=True)
