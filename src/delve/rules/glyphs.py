"""Glyphs of transport and the town: activating glyphs, travelling between them and town.

Rulebook: Glyphs of Transport (a hero moving through an inactive glyph activates it: +3
conquest; a hero may use a glyph once per turn; monsters may not end a move on an active
glyph); Movement Actions (glyph to town or back: 1 movement point); The Town; Hero Death (a dead
hero returns from town through a glyph on a later turn).

Ruling (docs/rulings.md): a hero leaving town appears on the chosen active glyph, or, if a
figure stands there, on an empty space next to it.

Dark glyphs (Rulebook: Dark Glyphs and the three kinds) are glyphs with ``data.dark`` naming
their kind (``summoning``, ``sundered`` or ``power``), drawn either as ``glyph`` or as
``dark_glyph`` markers. Sundered gives 1 conquest when activated and never carries anyone to
or from town; summoning and power act when activated and each time a hero travels through them
(a ``dark_glyph`` step then offers the overlord what he may do).

Buying and laying dark glyphs (Rulebook: Dark Glyphs): at setup the overlord may spend two
treachery of the glyph's colour on each (``TREACHERY_PURCHASES``); the bought ones wait in
``flags["dark_glyph_pool"]`` (his alone: flags are not in any view). Whenever an inactive glyph
is laid on the board (its area revealed) he picks which glyph it is, a plain one or one of his
dark ones; a glyph active at the quest's start is never dark. Heroes see an inactive glyph as a
plain glyph until it is turned over.

Rulings (docs/rulings.md, "Combat"): the summoned monsters are placed like a spawn card's
(out of the heroes' sight, only while figures are left), picked one at a time from those of the
list the pack has; the overlord may stop early. With the power glyph he may decline to draw;
with only one card left to draw he keeps it.
"""

from __future__ import annotations

from delve.board.geometry import Footprint, Pos, neighbors8
from delve.board.grid import Marker
from delve.engine.decision import OVERLORD, Choice, Decision
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules.hero_turn import turn_choice_provider
from delve.rules.movement import NO_END_RULES, moving_locked, occupied_spaces, on_enter_space
from delve.rules.revealing import REVEAL_MARKER_HOOKS, reveal_in_sight_of
from delve.rules.setup import TREACHERY_PURCHASES
from delve.rules.wounds import change_conquest

GLYPH_CONQUEST = 3  # Rulebook: Glyphs of Transport; Conquest Tokens
SUNDERED_CONQUEST = 1  # Rulebook: Dark Glyph of Sundered
SUMMONS = 2  # Rulebook: Dark Glyph of Summoning
# Rulebook: Dark Glyph of Summoning -- the normal monsters it may bring (content ids).
SUMMONABLE = ("beastman", "skeleton", "bane-spider", "razorwing", "hellhound", "sorcerer")
POWER_DRAWS = 2  # Rulebook: Dark Glyph of Power
GLYPH_KINDS = ("glyph", "dark_glyph")
TRAVEL_COST = 1  # Rulebook: Movement Actions
# Rulebook: Dark Glyphs (two treachery of the appropriate colour each). Ruling: summoning is paid
# like a spawn card (red), power like an event (green), sundered like a trap (purple); the box
# holds one marker of each kind.
DARK_GLYPH_COST = 2
DARK_GLYPH_COLOUR = {"power": "green", "summoning": "red", "sundered": "purple"}
DARK_GLYPH_COPIES = 1
POOL = "dark_glyph_pool"
PLACE_GLYPH = "place_glyph"


def glyphs(game: Game, *, active: bool | None = None) -> list[Marker]:
    """Glyph markers on the board, optionally only the active (or inactive) ones."""
    return [m for m in game.board.markers
            if m.kind in GLYPH_KINDS and (active is None or bool(m.data.get("active")) == active)]


def dark_kind(glyph: Marker) -> str:
    """``summoning``, ``sundered``, ``power``, or "" for a normal glyph of transport."""
    return str(glyph.data.get("dark", "")).lower()


def _dark_glyph_acts(game: Game, glyph: Marker, hero: FigureState, why: str) -> None:
    """A dark glyph of summoning or power was activated or travelled through."""
    kind = dark_kind(glyph)
    if kind in ("summoning", "power"):
        game.push("dark_glyph", glyph=glyph.id, dark=kind, hero=hero.id, why=why)


def _travel_glyphs(game: Game) -> list[Marker]:
    """Active glyphs that can carry heroes (a sundered one cannot)."""
    return [g for g in glyphs(game, active=True) if dark_kind(g) != "sundered"]


def active_glyph_spaces(game: Game) -> set[Pos]:
    """Spaces holding an active glyph: monsters may pass but not stop there."""
    return {m.pos for m in glyphs(game, active=True)}


def _monsters_avoid_active_glyphs(game: Game, figure: FigureState) -> set[Pos]:
    return active_glyph_spaces(game) if figure.kind == "monster" else set()


NO_END_RULES.append(_monsters_avoid_active_glyphs)


@on_enter_space
def _activate_glyph(game: Game, figure: FigureState, fp: Footprint) -> None:
    """A hero moving onto an inactive glyph turns it to its active side."""
    if figure.kind != "hero":
        return
    for marker in glyphs(game, active=False):
        if marker.pos in fp.cells():
            marker.data["active"] = True
            game.board.invalidate()
            game.emit("glyph_activated", f"{figure.name} activates a glyph of transport.",
                      ref="Glyphs of Transport", glyph=marker.id, x=marker.pos[0], y=marker.pos[1],
                      dark=dark_kind(marker))
            if dark_kind(marker) == "sundered":
                change_conquest(game, SUNDERED_CONQUEST, "a sundered glyph was activated",
                                ref="Dark Glyph of Sundered")
            else:
                change_conquest(game, GLYPH_CONQUEST, "a glyph was activated", ref="Glyphs of Transport")
            _dark_glyph_acts(game, marker, figure, "activated")


def _arrival_space(game: Game, hero: FigureState, glyph: Marker) -> Pos | None:
    taken = occupied_spaces(game, hero)
    for pos in [glyph.pos, *neighbors8(glyph.pos)]:
        if game.board.is_space(pos) and pos not in taken and not game.board.blocks_movement_at(pos):
            return pos
    return None


def travel_choices(game: Game, step: Step, hero: FigureState) -> list[Choice]:
    """Going to town from an active glyph, or back to any active glyph, once per turn."""
    if step.data.get("mp", 0) < TRAVEL_COST or step.data.get("used_glyph") or moving_locked(game, hero):
        return []
    if hero.in_town:
        return [Choice(id=f"glyph:leave:{g.id}", label=f"Leave town through the glyph at ({g.pos[0]},{g.pos[1]})",
                       data={"glyph": g.id})
                for g in _travel_glyphs(game) if _arrival_space(game, hero, g) is not None]
    if any(g.pos in hero.footprint.cells() for g in _travel_glyphs(game)):
        return [Choice(id="glyph:town", label="Go to town through this glyph (1 movement)")]
    return []


def apply_travel(game: Game, step: Step, hero: FigureState, choice: Choice) -> bool:
    """Carry out a glyph journey."""
    if not choice.id.startswith("glyph:"):
        return False
    step.data["mp"] -= TRAVEL_COST
    step.data["used_glyph"] = True
    if choice.id == "glyph:town":
        used = next(g for g in _travel_glyphs(game) if g.pos in hero.footprint.cells())
        hero.in_town = True
        game.emit("went_to_town", f"{hero.name} travels to town.", ref="Glyphs of Transport", hero=hero.id)
        _dark_glyph_acts(game, used, hero, "travel")
        return True
    glyph = game.board.marker(choice.data["glyph"])
    arrival = _arrival_space(game, hero, glyph)
    if arrival is None:
        raise EngineError("no space to arrive at that glyph")
    hero.in_town = False
    hero.footprint = Footprint.single(arrival)
    game.emit("left_town", f"{hero.name} returns from town at ({arrival[0]},{arrival[1]}).",
              ref="Glyphs of Transport", hero=hero.id, x=arrival[0], y=arrival[1])
    reveal_in_sight_of(game, hero)
    _dark_glyph_acts(game, glyph, hero, "travel")
    return True


turn_choice_provider(travel_choices, apply_travel)


@register
class DarkGlyph(StepHandler):
    """Rulebook: Dark Glyph of Summoning; Dark Glyph of Power. What the overlord may do when such a
    glyph is activated or a hero travels through it."""

    kind = "dark_glyph"

    def _summonable(self, game: Game) -> list[str]:
        from delve.rules.equipment import content
        from delve.rules.spawning import figures_left, legal_spawn_footprints

        pack = content(game).monsters
        return [m for m in SUMMONABLE
                if m in pack and figures_left(game, m, False) > 0 and legal_spawn_footprints(game, m)]

    def decide(self, game: Game, step: Step) -> Decision | None:
        if step.data["dark"] == "summoning":
            left = step.data.get("left", SUMMONS)
            options = self._summonable(game) if left > 0 else []
            if not options:
                return None
            choices = [Choice(id=f"summon:{m}", label=f"Spawn a {m}", data={"monster": m}) for m in options]
            choices.append(Choice(id="summon:done", label="Spawn no more"))
            return Decision(seat=OVERLORD, kind="dark_glyph_summon",
                            prompt=f"Dark glyph of summoning: spawn up to {left} more normal monster(s)",
                            choices=choices)
        drawn = step.data.get("drawn")
        if drawn is None:
            if not game.state.overlord.deck:
                return None
            return Decision(seat=OVERLORD, kind="dark_glyph_power", prompt="Dark glyph of power: draw two cards?",
                            choices=[Choice(id="dark_power:draw", label="Draw two overlord cards"),
                                     Choice(id="dark_power:pass", label="Do not draw")])
        if len(drawn) < POWER_DRAWS:
            return None
        from delve.rules.overlord_cards import card

        return Decision(seat=OVERLORD, kind="dark_glyph_keep",
                        prompt="Keep one card; the other is discarded for threat",
                        choices=[Choice(id=f"keep:{i}", label=f"Keep {card(game, c).name}, discard the other",
                                        data={"index": i}) for i, c in enumerate(drawn)])

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        from delve.rules.overlord_cards import discard_for_threat, draw_overlord_card

        if choice.id == "summon:done" or choice.id == "dark_power:pass":
            game.pop(step)
        elif choice.id.startswith("summon:"):
            step.data["left"] = step.data.get("left", SUMMONS) - 1
            game.emit("dark_glyph_summons", f"The dark glyph summons a {choice.data['monster']}.",
                      ref="Dark Glyph of Summoning", glyph=step.data["glyph"], monster=choice.data["monster"])
            game.push("spawn", card="dark-glyph", queue=[{"monster": choice.data["monster"], "master": False}])
        elif choice.id == "dark_power:draw":
            drawn = [c for c in (draw_overlord_card(game) for _ in range(POWER_DRAWS)) if c is not None]
            step.data["drawn"] = drawn
            game.emit("dark_glyph_power", f"The dark glyph of power gives the overlord {len(drawn)} card(s).",
                      ref="Dark Glyph of Power", glyph=step.data["glyph"], cards=len(drawn))
        elif choice.id.startswith("keep:"):
            drawn = list(step.data["drawn"])
            kept = drawn.pop(choice.data["index"])
            game.emit("card_kept", "The overlord keeps one card and discards the other.", ref="Dark Glyph of Power")
            del kept
            for other in drawn:
                discard_for_threat(game, other)
            game.pop(step)
        else:
            raise EngineError(f"unknown dark glyph choice {choice.id!r}")


# -- buying dark glyphs at setup and laying glyphs --------------------------------------------
def dark_glyph_pool(game: Game) -> list[str]:
    """The dark glyphs the overlord bought and has not laid yet (his secret)."""
    pool: list[str] = game.state.flags.setdefault(POOL, [])
    return pool


def _dark_glyph_offers(game: Game, budget: dict[str, int]) -> list[Choice]:
    """Rulebook: Dark Glyphs. Each kind the budget pays for and the box still holds."""
    bought = game.state.flags.get("dark_glyphs_bought", [])
    return [Choice(id=f"dark_glyph:{kind}", label=f"Buy a dark glyph of {kind} ({DARK_GLYPH_COST} {colour})",
                   data={"dark": kind})
            for kind, colour in sorted(DARK_GLYPH_COLOUR.items())
            if budget.get(colour, 0) >= DARK_GLYPH_COST and bought.count(kind) < DARK_GLYPH_COPIES]


def _buy_dark_glyph(game: Game, step: Step, choice: Choice) -> bool:
    if not choice.id.startswith("dark_glyph:"):
        return False
    kind = choice.data["dark"]
    colour = DARK_GLYPH_COLOUR[kind]
    if step.data["budget"].get(colour, 0) < DARK_GLYPH_COST:
        raise EngineError("not enough treachery for that dark glyph")
    step.data["budget"][colour] -= DARK_GLYPH_COST
    game.state.flags.setdefault("dark_glyphs_bought", []).append(kind)
    dark_glyph_pool(game).append(kind)
    # The colour would name the glyph's kind: only the overlord hears it.
    game.emit("treachery_spent", "The overlord spends treachery.", ref="Dark Glyphs", cost=DARK_GLYPH_COST)
    game.emit("dark_glyph_bought", f"You mix a dark glyph of {kind} into your glyphs ({colour} treachery).",
              ref="Dark Glyphs", visible_to=[OVERLORD], dark=kind, colour=colour)
    return True


TREACHERY_PURCHASES.append((_dark_glyph_offers, _buy_dark_glyph))


def _may_hold_dark_glyphs(game: Game) -> bool:
    """Whether the overlord is asked which glyph he lays: he holds dark glyphs, or he spent the
    quest's treachery at setup and it could have bought one (so the question tells the heroes
    nothing)."""
    if dark_glyph_pool(game):
        return True
    from delve.rules.equipment import content
    from delve.rules.setup import setup_options

    if not setup_options(game).choices:
        return False  # a game set up without choices spends no treachery

    try:
        quest = content(game).quests.get(game.state.quest)
    except Exception:  # a scenario without a pack's quests
        return False
    if quest is None:
        return False
    budget = quest.treachery.model_dump()
    return any(budget.get(colour, 0) >= DARK_GLYPH_COST for colour in DARK_GLYPH_COLOUR.values())


def _glyphs_laid(game: Game, _area: str, markers: list[Marker]) -> None:
    """Rulebook: Dark Glyphs. The overlord picks each inactive glyph he lays from his pool."""
    laid = [m.id for m in markers if m.kind == "glyph" and not m.data.get("active") and "dark" not in m.data]
    if laid and _may_hold_dark_glyphs(game):
        game.push(PLACE_GLYPH, glyphs=laid)


REVEAL_MARKER_HOOKS.append(_glyphs_laid)


@register
class PlaceGlyph(StepHandler):
    """Rulebook: Dark Glyphs. Which glyph the overlord lays on each space (he looks at their
    hidden sides to pick exactly the one he wants)."""

    kind = PLACE_GLYPH

    def decide(self, game: Game, step: Step) -> Decision | None:
        if not step.data["glyphs"]:
            return None
        glyph = game.board.marker(step.data["glyphs"][0])
        choices = [Choice(id=f"lay:{kind}", label=f"Lay the dark glyph of {kind} here", data={"dark": kind})
                   for kind in sorted(set(dark_glyph_pool(game)))]
        choices.append(Choice(id="lay:plain", label="Lay a glyph of transport here", data={"dark": ""}))
        return Decision(seat=OVERLORD, kind="place_glyph",
                        prompt=f"Which glyph do you lay at ({glyph.pos[0]},{glyph.pos[1]})?", choices=choices)

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        glyph = game.board.marker(step.data["glyphs"].pop(0))
        kind = choice.data["dark"]
        if kind:
            dark_glyph_pool(game).remove(kind)
            glyph.data["dark"] = kind
        game.emit("glyph_laid", f"You lay {'a dark glyph of ' + kind if kind else 'a plain glyph'} at "
                  f"({glyph.pos[0]},{glyph.pos[1]}).", ref="Dark Glyphs", visible_to=[OVERLORD], glyph=glyph.id,
                  dark=kind)
