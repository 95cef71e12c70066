"""Setting up a quest: seats, heroes, the board, monsters in sight, the overlord's cards.

Rulebook: Game Setup (Heroes Setup: set-up hero markers with 300 coins; Collect Conquest
Tokens and Place Hero Figures; Overlord Setup: Choose a Quest, Create the Game Board, Draw
Starting Overlord Cards), Revealing New Areas, Monster Reference Cards / Number of Players.

Why a ``GameSetup`` record: a game is fully determined by its setup and its list of choices,
so the setup is stored in the state and a replay needs nothing else.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any, Literal

import yaml
from pydantic import BaseModel, Field

from delve.board.geometry import Footprint
from delve.content.pack import Pack
from delve.content.quest import NamedMonster
from delve.content.schema import Hero, MonsterType
from delve.engine.chance import ChanceState
from delve.engine.decision import OVERLORD
from delve.engine.game import Game
from delve.engine.state import AbilityRef, FigureState, GameState, SeatState, Step
from delve.engine.steps import StepHandler, register
from delve.rules.revealing import reveal_for_all_heroes

STARTING_COINS = 300  # Rulebook: 2. Set-Up hero Markers
STARTING_HAND = 3  # Rulebook: 4. Draw Starting Overlord Cards


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
    """A hero figure with full wounds and fatigue, 300 coins and no order."""
    return FigureState(
        id=figure_id, kind="hero", side="heroes", name=hero.name, content_id=hero.id, seat=seat,
        footprint=fp, speed=hero.speed, armor=hero.armor, max_wounds=hero.wounds, wounds=hero.wounds,
        max_fatigue=hero.fatigue, fatigue=hero.fatigue, conquest_value=hero.conquest_value,
        traits={"melee": hero.traits.melee, "ranged": hero.traits.ranged, "magic": hero.traits.magic},
        coins=STARTING_COINS,
    )


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
    )
    figure.immunities = natural_immunities(figure)
    return figure


def new_state(setup: GameSetup, pack: Pack) -> GameState:
    """The state of a new game before the first choice (its stack starts the first round)."""
    from delve.board.mapfile import load_map  # maps are parsed only when a quest is set up

    quest = pack.quests[setup.quest]
    quest_map = load_map(pack.quest_map_path(setup.quest))
    heroes = setup.heroes or list(pack.heroes)[:2]
    seat_lists = setup.seats or [[hero_id] for hero_id in heroes]
    state = GameState(ruleset=setup.ruleset, pack=setup.pack, quest=setup.quest, seed=setup.seed,
                      board=quest_map.board, conquest=quest.starting_conquest,
                      chance=ChanceState(mode=setup.chance, seed=setup.seed))
    state.flags["setup"] = setup.model_dump()
    if setup.solo:
        state.flags["solo"] = {"easy": setup.easy}
    state.seats[OVERLORD] = SeatState(id=OVERLORD, name="Overlord")
    starts = [p.footprint for p in quest_map.placements if p.kind == "hero_start"]
    if len(starts) < len(heroes):
        raise ValueError(f"quest {quest.id} has {len(starts)} hero start spaces for {len(heroes)} heroes")
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
    players = players_in_game(state)
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
            reserve.setdefault(area, []).append(figure.model_dump(mode="json"))
    state.flags["reserve"] = reserve
    state.flags["goals"] = {side: [c.model_dump(mode="json", exclude_defaults=False) for c in
                                   getattr(quest.goals, side).win_when] for side in ("heroes", "overlord")}
    # Rulebook: Treachery Cards. Cards with a treachery cost join the deck only when bought.
    deck = [card.id for card in pack.overlord.values() if card.treachery is None for _ in range(card.copies)]
    state.overlord.deck = sorted(deck)
    state.stack = [Step(kind="rounds"), Step(kind="game_setup")]
    return state


def draw_overlord_card(game: Game) -> str | None:
    """Draw one card from the unordered deck: a uniform pick (chance), seen by the overlord only."""
    deck = game.state.overlord.deck
    if not deck:
        return None
    card = deck.pop(game.chance.pick(len(deck), "overlord draw"))
    game.state.overlord.hand.append(card)
    game.emit("card_drawn", "The overlord draws a card.", ref="Overlord Cards")
    game.emit("card_drawn_private", f"You draw {card}.", ref="Overlord Cards", visible_to=[OVERLORD],
              card=card)
    return card


@register
class GameSetupStep(StepHandler):
    """The automatic last part of setup: the overlord's starting hand and what heroes see."""

    kind = "game_setup"

    def run(self, game: Game, step: Step) -> None:
        for _ in range(STARTING_HAND):
            draw_overlord_card(game)
        reveal_for_all_heroes(game)
        game.emit("game_started", f"The quest {game.state.quest} begins.", ref="Game Setup")
        game.pop(step)
