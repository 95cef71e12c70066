"""Setting up a quest: seats, heroes, the board, monsters in sight, the overlord's cards.

Rulebook: Game Setup (Heroes Setup: set-up hero markers with 300 coins; Collect Conquest
Tokens and Place Hero Figures; Overlord Setup: Choose a Quest, Create the Game Board, Draw
Starting Overlord Cards), Revealing New Areas, Monster Reference Cards / Number of Players.

Why a ``GameSetup`` record: a game is fully determined by its setup and its list of choices,
so the setup is stored in the state and a replay needs nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, replace
from functools import cache
from importlib.resources import files
from typing import Any, Literal

import yaml
from pydantic import BaseModel, Field

from delve.board.geometry import Footprint
from delve.boundary import dump
from delve.content.pack import Pack
from delve.content.quest import NamedMonster
from delve.content.schema import Hero, MonsterType
from delve.engine.chance import ChanceState
from delve.engine.decision import OVERLORD, Choice, Decision
from delve.engine.game import Game
from delve.engine.state import AbilityRef, FigureState, GameState, SeatState, Step
from delve.engine.steps import StepHandler, register
from delve.rules.revealing import reveal_for_all_heroes

STARTING_COINS = 300  # Rulebook: 2. Set-Up hero Markers
STARTING_HAND = 3  # Rulebook: 4. Draw Starting Overlord Cards
HAND_LIMIT = 8  # Rulebook: Unspent Treachery (extra starting cards up to eight in all)
TREACHERY_PER_EXTRA_CARD = 2  # Rulebook: Unspent Treachery


class GameSetup(BaseModel):
    """Everything needed to start a game the same way again."""

    ruleset: str = "1e"
    pack: str = "starter"
    quest: str = "first-steps"
    heroes: list[str] = Field(default_factory=list)
    seats: list[list[str]] | None = None  # hero ids per hero seat; default: one seat per hero
    seed: int = 0
    chance: Literal["seeded", "manual"] = "seeded"
    solo: bool = False  # the solo overlord procedure runs the overlord's turn flow (docs/solo-overlord.md)
    easy: bool = False  # solo easy mode: interrupts only on a 1
    # Setup as decisions (Rulebook: Game Setup). Off by default, so a game starts at once with the
    # given heroes on the map's start spaces, randomly dealt skills and the base overlord deck.
    # With ``choices``: each hero may trade in one skill, the heroes buy starting equipment (when
    # the town rules are loaded) and place their figures on or next to an active glyph, and the
    # overlord spends the quest's treachery (two leftover points draw one extra starting card).
    choices: bool = False
    # How heroes are picked: "given" (``heroes``/``seats``), "choose" (each seat in turn from the
    # first hero picks from the pack) or "random" (dealt). ``players`` counts the overlord and sets
    # the seats for "choose"/"random": one hero each, two for the lone hero player of a
    # two-player game (default: two players).
    hero_deal: Literal["given", "choose", "random"] = "given"
    players: int | None = Field(default=None, ge=2, le=5)


@cache
def _immunity_data() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((files("delve") / "data" / "abilities.yaml").read_text())
    return data


def natural_immunities(figure: FigureState) -> list[str]:
    """What this figure is immune to because of its abilities and kind (data/abilities.yaml).

    Rulebook: Ironskin; Unstoppable; Named Monsters; Frost.
    """
    data = _immunity_data()
    immune: set[str] = set()
    for ability in figure.abilities:
        immune.update(data.get(ability.name, {}).get("immune_to", []))
    if figure.named:
        immune.update(data["by_kind"]["named"])
    if figure.kind == "monster":
        immune.update(data["by_kind"]["monster"])
    return sorted(immune)


def named_monster_figure(pack: Pack, named: NamedMonster, figure_id: str, fp: Footprint,
                         players: int) -> FigureState:
    """Rulebook: Named Monsters. The base monster's master stats with the quest's changes; red
    figure, immune to stun; slaying it earns the heroes its conquest (kept in ``conquest_value``)."""
    figure = monster_figure(pack.monsters[named.base], figure_id, fp, master=True, players=players)
    changes = named.changes
    figure.name, figure.content_id, figure.named = named.name, named.id, True
    figure.speed += changes.speed
    figure.armor += changes.armor
    figure.max_wounds += changes.wounds
    figure.wounds = figure.max_wounds
    figure.dice += list(changes.extra_dice)
    figure.abilities += [AbilityRef(name=a.name, rank=a.rank or 0) for a in changes.abilities]
    figure.conquest_value = named.conquest
    figure.immunities = natural_immunities(figure)
    return figure


def players_in_game(state: GameState) -> int:
    """Players including the overlord, for monster reference cards (Rulebook: Number of Players)."""
    hero_seats = sum(1 for seat in state.seats if seat != OVERLORD)
    return max(2, min(5, hero_seats + 1))


def hero_figure(hero: Hero, figure_id: str, seat: str, fp: Footprint) -> FigureState:
    """A hero figure with full wounds and fatigue, 300 coins and no order; his sheet's ability
    changes him at once where it lasts (Rulebook: Heroes Setup; ``skills.apply_lasting``)."""
    from delve.rules.skills import apply_lasting

    figure = FigureState(
        id=figure_id, kind="hero", side="heroes", name=hero.name, content_id=hero.id, seat=seat,
        footprint=fp, speed=hero.speed, armor=hero.armor, max_wounds=hero.wounds, wounds=hero.wounds,
        max_fatigue=hero.fatigue, fatigue=hero.fatigue, conquest_value=hero.conquest_value,
        traits={"melee": hero.traits.melee, "ranged": hero.traits.ranged, "magic": hero.traits.magic},
        coins=STARTING_COINS, defense_dice=list(hero.defense_dice),
        attributes=hero.attributes.model_dump() if hero.attributes else {},
    )
    apply_lasting(figure, hero.ability.effects, always_on=hero.ability.when is None)
    return figure


def monster_figure(monster: MonsterType, figure_id: str, fp: Footprint, *, master: bool,
                   players: int) -> FigureState:
    """A monster figure with the stats of its reference card for this number of players."""
    pair = monster.stats[players]
    stats = pair.master if master else pair.normal
    label = f"master {monster.name}" if master else monster.name
    figure = FigureState(
        id=figure_id, kind="monster", side="overlord", name=label, content_id=monster.id,
        master=master, named=monster.named, footprint=fp, speed=stats.speed, armor=stats.armor,
        max_wounds=stats.wounds, wounds=stats.wounds, dice=list(stats.dice) + ["morph"] * stats.morph_dice,
        attack_type=monster.attack_type,
        abilities=[AbilityRef(name=a.name, rank=a.rank or 0) for a in stats.abilities],
        defense_dice=list(stats.defense_dice),
    )
    figure.immunities = natural_immunities(figure)
    return figure


def new_state(setup: GameSetup, pack: Pack) -> GameState:
    """The state of a new game before the first choice (its stack starts with ``game_setup``)."""
    from delve.board.mapfile import load_map  # maps are parsed only when a quest is set up

    quest = pack.quests[setup.quest]
    quest_map = load_map(pack.quest_map_path(setup.quest))
    if setup.hero_deal == "given":
        heroes = setup.heroes or list(pack.heroes)[:2]
        seat_lists = setup.seats or [[hero_id] for hero_id in heroes]
    else:
        # Rulebook: 1. Choose heroes. The seats exist now; their heroes are picked during setup.
        seat_lists = [[] for _ in range(max(1, (setup.players or 2) - 1))]
        heroes = []
    state = GameState(ruleset=setup.ruleset, pack=setup.pack, quest=setup.quest, seed=setup.seed,
                      board=quest_map.board, conquest=quest.starting_conquest,
                      chance=ChanceState(mode=setup.chance, seed=setup.seed))
    state.flags["setup"] = setup.model_dump()
    if setup.solo:
        solo = quest.solo  # the quest's scenario settings for the variant (docs/solo-overlord.md)
        state.flags["solo"] = {"easy": setup.easy, "quest_orders": solo.orders, "command_deck": solo.command_deck,
                               "raise_dead_cards": solo.raise_dead_cards, "deck_loss": solo.deck_loss,
                               "rises": list(solo.rises)}
    state.seats[OVERLORD] = SeatState(id=OVERLORD, name="Overlord")
    starts = [p.footprint for p in quest_map.placements if p.kind == "hero_start"]
    wanted = len(heroes) if heroes else (2 if len(seat_lists) == 1 else len(seat_lists))
    if len(starts) < wanted:
        raise ValueError(f"quest {quest.id} has {len(starts)} hero start spaces for {wanted} heroes")
    state.flags["hero_starts"] = [asdict(fp) for fp in starts]
    index = 0
    for seat_number, hero_ids in enumerate(seat_lists, start=1):
        seat_id = f"h{seat_number}"
        state.seats[seat_id] = SeatState(id=seat_id, name=f"Hero player {seat_number}")
        for hero_id in hero_ids:
            figure_id = f"hero{index + 1}"
            state.figures[figure_id] = hero_figure(pack.heroes[hero_id], figure_id, seat_id, starts[index])
            state.seats[seat_id].heroes.append(figure_id)
            index += 1
    state.first_hero = "h1"
    players = setup.players if setup.hero_deal != "given" and setup.players else players_in_game(state)
    reserve: dict[str, list[dict[str, Any]]] = {}
    for placement in quest_map.placements:
        if placement.kind != "monster" or placement.monster is None:
            continue
        named = {n.id: n for n in quest.named_monsters}
        if placement.monster in named:
            figure = named_monster_figure(pack, named[placement.monster], state.new_id("m"), placement.footprint,
                                          players)
        else:
            figure = monster_figure(pack.monsters[placement.monster], state.new_id("m"), placement.footprint,
                                    master=placement.master, players=players)
        area = placement.area
        if area is None or state.board.area(area).revealed:
            state.figures[figure.id] = figure
        else:
            reserve.setdefault(area, []).append(dump(figure))
    state.flags["reserve"] = reserve
    state.flags["goals"] = {side: [c.model_dump(mode="json", exclude_defaults=False) for c in
                                   getattr(quest.goals, side).win_when] for side in ("heroes", "overlord")}
    # Rulebook: Treachery Cards. Cards with a treachery cost join the deck only when bought.
    deck = [card.id for card in pack.overlord.values() if card.treachery is None for _ in range(card.copies)]
    state.overlord.deck = sorted(deck)
    # ``game_setup`` pushes the remaining setup steps in the rulebook's order.
    state.stack = [Step(kind="rounds"), Step(kind="game_setup")]
    return state


def draw_overlord_card(game: Game) -> str | None:
    """Draw one card from the unordered deck: a uniform pick (chance), seen by the overlord only."""
    deck = game.state.overlord.deck
    if not deck:
        return None
    card = deck.pop(game.chance.pick(len(deck), "overlord draw", deck))
    game.state.overlord.hand.append(card)
    game.emit("card_drawn", "The overlord draws a card.", ref="Overlord Cards")
    game.emit("card_drawn_private", f"You draw {card}.", ref="Overlord Cards", visible_to=[OVERLORD],
              card=card)
    return card


def setup_options(game: Game) -> GameSetup:
    """The setup record of this game (scenarios may store only some options, or none)."""
    return GameSetup.model_validate(game.state.flags.get("setup") or {})


def hero_order(game: Game) -> list[str]:
    """Heroes clockwise from the first hero (seat order), the order setup goes round the table."""
    seats = sorted((s for s in game.state.seats if s != OVERLORD), key=lambda s: (len(s), s))
    first = game.state.first_hero if game.state.first_hero in seats else (seats[0] if seats else "")
    if first:
        start = seats.index(first)
        seats = seats[start:] + seats[:start]
    return [hero_id for seat in seats for hero_id in game.state.seats[seat].heroes
            if hero_id in game.state.figures]


def _quest(game: Game) -> Any:
    from delve.rules.equipment import content

    try:
        return content(game).quests.get(game.state.quest)
    except Exception:
        return None


# -- the setup sequence -------------------------------------------------------------------------
# Phases of ``game_setup`` in the rulebook's order: Heroes Setup 1 (heroes), 3 (skills, trade-in),
# 4 (starting purchases), 5 (placing figures); Overlord Setup 2 (chest markers), treachery (before
# the starting hand), 4 (starting hand, with extra cards for unspent treachery); then the start
# area is revealed and play begins.
SETUP_PHASES = ("heroes", "skills", "purchases", "place", "chests", "treachery", "draw")


@register
class GameSetupStep(StepHandler):
    """Setup, phase by phase; each phase may push the steps that ask its questions."""

    kind = "game_setup"

    def run(self, game: Game, step: Step) -> None:
        from delve.rules import skills

        options = setup_options(game)
        phase = step.data.get("phase", SETUP_PHASES[0])
        if phase in SETUP_PHASES:
            following = SETUP_PHASES.index(phase) + 1
            step.data["phase"] = SETUP_PHASES[following] if following < len(SETUP_PHASES) else "done"
        if phase == "heroes":
            if options.hero_deal != "given" and not game.state.heroes():
                _start_hero_deal(game, options)
        elif phase == "skills":
            if game.state.flags.get("skills") is None and game.state.heroes():
                order = hero_order(game)
                skills.deal_starting_skills(game, order)
                if options.choices:
                    game.push(skills.SKILL_TRADE, heroes=order)
        elif phase == "purchases":
            if options.choices and "starting_purchases" in game.handlers:
                game.push("starting_purchases")
        elif phase == "place":
            if options.choices and glyph_spaces(game):
                game.push(PLACE_HEROES, heroes=hero_order(game))
        elif phase == "chests":
            if "chest_setup" in game.handlers:
                game.push("chest_setup")
        elif phase == "treachery":
            quest = _quest(game)
            if options.choices and quest is not None:
                budget = quest.treachery.model_dump()
                if sum(budget.values()):
                    game.push(TREACHERY, budget=budget)
        elif phase == "draw":
            extra = game.state.flags.pop("unspent_treachery", 0) // TREACHERY_PER_EXTRA_CARD
            hand = min(HAND_LIMIT, STARTING_HAND + extra)
            if extra:
                game.emit("treachery_cards", f"Unspent treachery draws the overlord {hand - STARTING_HAND} extra "
                          "starting card(s).", ref="Unspent Treachery", extra=hand - STARTING_HAND)
            for _ in range(hand):
                draw_overlord_card(game)
        else:
            game.pop(step)
            reveal_for_all_heroes(game)
            game.emit("game_started", f"The quest {game.state.quest} begins.", ref="Game Setup")


# -- Heroes Setup 1: choosing or dealing heroes -------------------------------------------------
CHOOSE_HEROES = "choose_heroes"


def _hero_slots(game: Game) -> list[str]:
    """One entry per hero still to be picked: the seat that picks him, in seat order."""
    seats = [s for s in game.state.seats if s != OVERLORD]
    per_seat = 2 if len(seats) == 1 else 1  # Rulebook: 1. Choose heroes (two-player exception)
    return [seat for seat in seats for _ in range(per_seat)]


def _add_hero(game: Game, hero_id: str, seat: str) -> None:
    from delve.board.geometry import Footprint
    from delve.rules.equipment import content

    index = len(game.state.heroes())
    starts = game.state.flags.get("hero_starts", [])
    fp = Footprint(**starts[index])
    figure_id = f"hero{index + 1}"
    figure = hero_figure(content(game).heroes[hero_id], figure_id, seat, fp)
    game.state.figures[figure_id] = figure
    game.state.seats[seat].heroes.append(figure_id)
    game.emit("hero_chosen", f"{game.state.seats[seat].name} plays {figure.name}.", ref="1. Choose heroes",
              seat=seat, hero=figure_id, content=hero_id)


def _start_hero_deal(game: Game, options: GameSetup) -> None:
    from delve.rules.equipment import content

    slots = _hero_slots(game)
    pool = sorted(content(game).heroes)
    if options.hero_deal == "random":
        dealt = game.chance.shuffle(pool, "hero sheets")
        for seat, hero_id in zip(slots, dealt, strict=False):
            _add_hero(game, hero_id, seat)
        return
    game.push(CHOOSE_HEROES, slots=slots)


@register
class ChooseHeroes(StepHandler):
    """Rulebook: 1. Choose heroes. Starting with the first hero, each player picks his hero."""

    kind = CHOOSE_HEROES

    def decide(self, game: Game, step: Step) -> Decision | None:
        from delve.rules.equipment import content

        if not step.data["slots"]:
            return None
        taken = {h.content_id for h in game.state.heroes()}
        choices = [Choice(id=f"hero:{hero.id}", label=f"{hero.name} (speed {hero.speed}, {hero.wounds} wounds)",
                          data={"hero": hero.id})
                   for hero in sorted(content(game).heroes.values(), key=lambda h: h.id) if hero.id not in taken]
        if not choices:
            return None
        return Decision(seat=step.data["slots"][0], kind="choose_hero", prompt="Choose your hero", choices=choices)

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        seat = step.data["slots"][0]
        step.data["slots"] = step.data["slots"][1:]
        _add_hero(game, choice.data["hero"], seat)


# -- Heroes Setup 5: placing the figures ---------------------------------------------------------
PLACE_HEROES = "place_heroes"


def glyph_spaces(game: Game) -> list[tuple[int, int]]:
    """Spaces on or next to an activated glyph where a hero may be placed."""
    from delve.board.geometry import neighbors8

    spaces: set[tuple[int, int]] = set()
    for marker in game.board.markers:
        if marker.kind == "glyph" and marker.data.get("active"):
            for pos in [marker.pos, *neighbors8(marker.pos)]:
                if game.board.is_space(pos) and not game.board.blocks_movement_at(pos):
                    spaces.add(pos)
    return sorted(spaces, key=lambda p: (p[1], p[0]))


@register
class PlaceHeroes(StepHandler):
    """Rulebook: 5. Place Hero Figures. From the first hero, each figure goes on or next to an
    activated glyph, one figure a space."""

    kind = PLACE_HEROES

    def decide(self, game: Game, step: Step) -> Decision | None:
        if not step.data["heroes"]:
            return None
        hero = game.figure(step.data["heroes"][0])
        placed = step.data.get("placed", [])
        choices = [Choice(id=f"place:{x},{y}", label=f"Place {hero.name} at ({x},{y})", data={"x": x, "y": y})
                   for x, y in glyph_spaces(game) if [x, y] not in placed]
        if not choices:
            return None
        return Decision(seat=hero.seat, kind="place_hero", prompt=f"Where does {hero.name} start?", choices=choices)

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)  # no room left by the glyph: the rest keep the map's start spaces

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        hero = game.figure(step.data["heroes"][0])
        step.data["heroes"] = step.data["heroes"][1:]
        x, y = choice.data["x"], choice.data["y"]
        # a hero still on his map start space may stand where this one goes: swap them
        for other in game.state.heroes():
            if other.id != hero.id and other.pos == (x, y):
                other.footprint = hero.footprint
        hero.footprint = replace(hero.footprint, x=x, y=y)
        step.data["placed"] = [*step.data.get("placed", []), [x, y]]
        game.emit("hero_placed", f"{hero.name} starts at ({x},{y}).", ref="5. Collect Conquest Tokens and Place "
                  "Hero Figures", hero=hero.id, x=x, y=y)


# -- Treachery: customising the overlord deck ---------------------------------------------------
TREACHERY = "treachery"
# Other things treachery buys at setup (e.g. dark glyphs, rules.glyphs): each entry gives the
# choices the budget left allows, and applies a choice of its own (True when it was one).
TREACHERY_PURCHASES: list[tuple[Callable[[Game, dict[str, int]], list[Choice]],
                                Callable[[Game, Step, Choice], bool]]] = []


@register
class TreacheryStep(StepHandler):
    """Rulebook: Treachery Cards. The overlord buys cards with a treachery cost into his deck, each
    paid with treachery of its gem's colour, and takes one other card out for each card added.
    What he does not spend is kept for Unspent Treachery."""

    kind = TREACHERY

    def decide(self, game: Game, step: Step) -> Decision | None:
        from delve.rules.overlord_cards import card

        overlord = game.state.overlord
        budget = step.data["budget"]
        if step.data.get("owed"):
            base = sorted({c for c in overlord.deck if card(game, c).treachery is None})
            choices = [Choice(id=f"remove:{c}", label=f"Take {card(game, c).name} out of the deck", data={"card": c})
                       for c in base]
            if choices:
                return Decision(seat=OVERLORD, kind="treachery_remove",
                                prompt=f"Take {step.data['owed']} card(s) out of the deck", choices=choices)
            return None
        from delve.rules.equipment import content

        added = step.data.get("added", [])
        choices = []
        for c in sorted(content(game).overlord.values(), key=lambda c: c.id):
            if c.treachery is None or added.count(c.id) >= c.copies:
                continue
            if budget.get(c.treachery.colour, 0) >= c.treachery.cost:
                choices.append(Choice(id=f"add:{c.id}", label=f"Add {c.name} ({c.treachery.cost} {c.treachery.colour})",
                                      data={"card": c.id}))
        for offer, _ in TREACHERY_PURCHASES:
            choices += offer(game, budget)
        choices.append(Choice(id="done", label="Keep the rest of the treachery"))
        left = ", ".join(f"{n} {colour}" for colour, n in budget.items() if n) or "none"
        return Decision(seat=OVERLORD, kind="treachery", prompt=f"Spend treachery (left: {left})", choices=choices)

    def run(self, game: Game, step: Step) -> None:
        step.data["owed"] = 0  # nothing left to take out (an empty base deck)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        from delve.rules.overlord_cards import card

        overlord = game.state.overlord
        if choice.id == "done":
            game.pop(step)
            left = sum(step.data["budget"].values())
            game.state.flags["unspent_treachery"] = left
            game.emit("treachery_done", f"The overlord keeps {left} treachery unspent.", ref="Unspent Treachery",
                      unspent=left)
            return
        if any(buy(game, step, choice) for _, buy in TREACHERY_PURCHASES):
            return
        card_id = choice.data["card"]
        if choice.id.startswith("add:"):
            bought = card(game, card_id)
            assert bought.treachery is not None
            step.data["budget"][bought.treachery.colour] -= bought.treachery.cost
            step.data["added"] = [*step.data.get("added", []), card_id]
            step.data["owed"] = step.data.get("owed", 0) + 1
            overlord.deck = sorted([*overlord.deck, card_id])
            # The colour would narrow down which card: only the overlord hears it.
            game.emit("treachery_spent", "The overlord spends treachery on his deck.", ref="Treachery Cards",
                      cost=bought.treachery.cost)
            game.emit("treachery_card_added", f"You add {bought.name} to your deck.", ref="Treachery Cards",
                      visible_to=[OVERLORD], card=card_id, colour=bought.treachery.colour)
        else:
            overlord.deck.remove(card_id)
            step.data["owed"] -= 1
            game.emit("treachery_card_removed", f"You take {card(game, card_id).name} out of your deck.",
                      ref="Treachery Cards", visible_to=[OVERLORD], card=card_id)
