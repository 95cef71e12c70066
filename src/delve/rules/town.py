"""The town: shopping, selling, training, and the heroes' starting purchases.

Rulebook: The Town (heroes in town are adjacent to one another and cannot be targeted by
overlord cards); Shopping (3 movement points; the table of goods and prices; selling at half
value rounded down to 25; relics and skill cards are never sold); Coins; Training Tokens
(+1 to a trait, never above five); Heroes Setup, 4. Purchase Starting Equipment (shop items and
potions only, limited stock, the first hero to the left of the overlord wins a dispute).

State: ``flags["shop_stock"]`` counts the shop cards left (one card per shop item entry of the
pack, made the first time the shop opens); ``flags["treasure_decks"]`` holds the treasure cards
left per colour; ``flags["chests_opened"]`` the colours of chests opened this game;
``flags["skills"]`` the skill cards each hero holds (shared with ``delve.rules.skills``);
``flags["training"]`` the training tokens bought per hero and trait.
"""

from __future__ import annotations

from delve.content.schema import Item
from delve.engine.decision import Choice, Decision
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules import equipment
from delve.rules.hero_turn import turn_choice_provider
from delve.rules.items import carried, is_relic, receive, removable, take_away
from delve.rules.movement import movement_locked

SHOP_COST = 3  # Rulebook: Movement Actions (shop in town)
POTION_PRICE = 50
TREASURE_PRICES = {"copper": 250, "silver": 500, "gold": 750}
SKILL_PRICE = 1000
TRAINING_PRICE = 500
MAX_TRAIT = 5  # Rulebook: Training Tokens
TRAITS = ("melee", "ranged", "magic")
SKILL_DECKS = ("fighting", "subterfuge", "wizardry")
SHOP = "shop"
STARTING_PURCHASES = "starting_purchases"


def targetable_by_overlord_cards(hero: FigureState) -> bool:
    """Rulebook: The Town. Overlord cards never pick a hero in town as their target."""
    return not hero.in_town


# -- stock and decks -----------------------------------------------------------------------
def shop_stock(game: Game) -> dict[str, int]:
    """Shop cards left to buy (potions are tokens, never out of stock)."""
    stock: dict[str, int] = game.state.flags.setdefault("shop_stock", {})
    if not stock and not game.state.flags.get("shop_opened"):
        game.state.flags["shop_opened"] = True
        held = {i for hero in game.state.heroes() for i in carried(hero)}
        for it in equipment.content(game).items.values():
            if it.deck == "shop" and it.kind != "potion" and it.id not in held:
                stock[it.id] = 1
    return stock


def treasure_deck(game: Game, colour: str) -> list[str]:
    """Treasure cards of one colour left to draw (an unordered pile: every draw is a chance pick).
    Made the first time it is used, without the cards heroes already carry."""
    decks: dict[str, list[str]] = game.state.flags.setdefault("treasure_decks", {})
    if colour not in decks:
        held = {i for hero in game.state.heroes() for i in carried(hero)}
        decks[colour] = sorted(it.id for it in equipment.content(game).items.values()
                               if it.deck == colour and it.id not in held)
    return decks[colour]


def draw_treasure(game: Game, colour: str) -> str | None:
    """Rulebook: Treasure Chests markers. Draw a random treasure card; none once the deck is empty."""
    deck = treasure_deck(game, colour)
    if not deck:
        game.emit("treasure_deck_empty", f"The {colour} treasure deck is empty.", ref="Treasure Chests markers",
                  colour=colour)
        return None
    return deck.pop(game.chance.pick(len(deck), f"{colour} treasure draw", deck))


def chests_opened(game: Game) -> list[str]:
    """Colours of the chests opened this game (Rulebook: Shopping, note 1)."""
    opened: list[str] = game.state.flags.setdefault("chests_opened", [])
    return opened


def owned_skills(game: Game) -> dict[str, list[str]]:
    """Skill cards the heroes hold, per hero (bought ones at least)."""
    skills: dict[str, list[str]] = game.state.flags.setdefault("skills", {})
    return skills


def skill_deck(game: Game, deck: str) -> list[str]:
    """Skill cards of a deck that no hero holds: the shuffled deck left after the starting deal
    (``flags["skill_decks"]``), or, in games set up without a deal, every card no hero holds."""
    decks = game.state.flags.get("skill_decks")
    if decks is not None:
        cards: list[str] = decks.get(deck, [])
        return cards
    held = {s for cards in owned_skills(game).values() for s in cards}
    return sorted(s.id for s in equipment.content(game).skills.values() if s.deck == deck and s.id not in held)


def _gain_skill(game: Game, hero: FigureState, skill_id: str) -> None:
    """The hero holds the skill from now on (through the skills rules when they are loaded)."""
    try:
        from delve.rules.skills import gain_skill
    except ImportError:  # pragma: no cover - the skills rules are part of every full ruleset
        owned_skills(game).setdefault(hero.id, []).append(skill_id)
        return
    gain_skill(game, hero, skill_id)


# -- prices --------------------------------------------------------------------------------
def price(it: Item) -> int | None:
    """What the item costs in town: its printed cost, 50 for a potion, the colour's price for a
    treasure card; None for relics (Rulebook: Shopping; Item Cost; Relic Markers)."""
    if it.kind == "potion":
        return POTION_PRICE
    if it.deck == "shop":
        return it.cost
    return TREASURE_PRICES.get(it.deck)


def sell_value(it: Item) -> int | None:
    """Half the value, rounded down to a multiple of 25; None when it cannot be sold."""
    value = price(it)
    return None if value is None else (value // 2) // 25 * 25


# -- the shop decision -----------------------------------------------------------------------
def shop_choices(game: Game, hero: FigureState, starting: bool) -> list[Choice]:
    """Everything the hero can buy or sell now."""
    pack = equipment.content(game)
    choices: list[Choice] = []
    stock = shop_stock(game)
    for item_id in sorted(stock):
        it = pack.items[item_id]
        if stock[item_id] > 0 and it.cost is not None and it.cost <= hero.coins:
            choices.append(Choice(id=f"buy:{item_id}", label=f"Buy {it.name} ({it.cost} coins)",
                                  data={"item": item_id, "price": it.cost}))
    if hero.coins >= POTION_PRICE:
        for it in sorted((i for i in pack.items.values() if i.kind == "potion"), key=lambda i: i.id):
            choices.append(Choice(id=f"buy:{it.id}", label=f"Buy {it.name} ({POTION_PRICE} coins)",
                                  data={"item": it.id, "price": POTION_PRICE}))
    if not starting:
        for colour, cost in TREASURE_PRICES.items():
            if colour in chests_opened(game) and cost <= hero.coins and treasure_deck(game, colour):
                choices.append(Choice(id=f"buy:treasure:{colour}", label=f"Buy a random {colour} treasure "
                                      f"({cost} coins)", data={"colour": colour, "price": cost}))
        if hero.coins >= SKILL_PRICE:
            for deck in SKILL_DECKS:
                if skill_deck(game, deck):
                    choices.append(Choice(id=f"buy:skill:{deck}", label=f"Buy a random {deck} skill "
                                          f"({SKILL_PRICE} coins)", data={"deck": deck, "price": SKILL_PRICE}))
        if hero.coins >= TRAINING_PRICE:
            for trait in TRAITS:
                if hero.traits.get(trait, 0) < MAX_TRAIT:
                    choices.append(Choice(id=f"buy:training:{trait}", label=f"Buy a {trait} training token "
                                          f"({TRAINING_PRICE} coins)", data={"trait": trait, "price": TRAINING_PRICE}))
        for item_id in carried(hero):
            it = pack.items[item_id]
            value = sell_value(it)
            if value is not None and removable(game, item_id) and not is_relic(game, item_id):
                choices.append(Choice(id=f"sell:{item_id}", label=f"Sell {it.name} for {value} coins",
                                      data={"item": item_id, "value": value}))
    return choices


def buy(game: Game, hero: FigureState, choice: Choice) -> None:
    """Pay and take the goods."""
    cost = choice.data["price"]
    if cost > hero.coins:
        raise EngineError(f"{hero.name} cannot pay {cost} coins")
    hero.coins -= cost
    rest = choice.id.removeprefix("buy:")
    if rest.startswith("treasure:"):
        item_id = draw_treasure(game, choice.data["colour"])
        game.emit("bought", f"{hero.name} buys a {choice.data['colour']} treasure for {cost} coins.",
                  ref="Shopping", hero=hero.id, cost=cost, goods=rest, coins=hero.coins)
        if item_id is not None:
            receive(game, hero, item_id, source="bought in town")
    elif rest.startswith("skill:"):
        deck = skill_deck(game, choice.data["deck"])
        skill = deck.pop(0) if "skill_decks" in game.state.flags else \
            deck[game.chance.pick(len(deck), f"{choice.data['deck']} skill draw", deck)]
        _gain_skill(game, hero, skill)
        game.emit("bought", f"{hero.name} buys the skill {equipment.content(game).skills[skill].name} for "
                  f"{cost} coins.", ref="Shopping", hero=hero.id, cost=cost, goods=rest, skill=skill,
                  coins=hero.coins)
    elif rest.startswith("training:"):
        trait = choice.data["trait"]
        hero.traits[trait] = hero.traits.get(trait, 0) + 1
        training: dict[str, dict[str, int]] = game.state.flags.setdefault("training", {})
        mine = training.setdefault(hero.id, {})
        mine[trait] = mine.get(trait, 0) + 1
        game.emit("bought", f"{hero.name} buys a {trait} training token: {trait} is now {hero.traits[trait]}.",
                  ref="Training Tokens", hero=hero.id, cost=cost, goods=rest, trait=trait,
                  value=hero.traits[trait], coins=hero.coins)
    else:
        item_id = choice.data["item"]
        stock = shop_stock(game)
        if item_id in stock:
            stock[item_id] -= 1
            if stock[item_id] <= 0:
                del stock[item_id]
        game.emit("bought", f"{hero.name} buys {equipment.item(game, item_id).name} for {cost} coins.",
                  ref="Shopping", hero=hero.id, cost=cost, goods=item_id, item=item_id, coins=hero.coins)
        receive(game, hero, item_id, source="bought in town")


def sell(game: Game, hero: FigureState, choice: Choice) -> None:
    """Rulebook: Shopping. Sold shop cards go back to the shop, treasure cards to their deck."""
    item_id = choice.data["item"]
    it = equipment.item(game, item_id)
    take_away(hero, item_id)
    from delve.rules.items import refresh_speed

    refresh_speed(game, hero)
    hero.coins += choice.data["value"]
    if it.deck == "shop" and it.kind != "potion":
        stock = shop_stock(game)
        stock[item_id] = stock.get(item_id, 0) + 1
    elif it.deck in TREASURE_PRICES:
        treasure_deck(game, it.deck).append(item_id)
    game.emit("sold", f"{hero.name} sells {it.name} for {choice.data['value']} coins.", ref="Shopping",
              hero=hero.id, item=item_id, value=choice.data["value"], coins=hero.coins)


@register
class Shop(StepHandler):
    """One hero's visit to the town shop: buy and sell until he is done."""

    kind = SHOP

    def decide(self, game: Game, step: Step) -> Decision | None:
        hero = game.figure(step.data["hero"])
        choices = shop_choices(game, hero, bool(step.data.get("starting")))
        if not choices:
            return None
        choices.append(Choice(id="end_shopping", label="Leave the shop"))
        return Decision(seat=hero.seat, kind="shop", prompt=f"{hero.name} shops with {hero.coins} coins",
                        choices=choices)

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        hero = game.figure(step.data["hero"])
        if choice.id == "end_shopping":
            game.pop(step)
        elif choice.id.startswith("buy:"):
            buy(game, hero, choice)
        elif choice.id.startswith("sell:"):
            sell(game, hero, choice)
        else:
            raise EngineError(f"unknown shop choice {choice.id!r}")


def shop_turn_choices(game: Game, step: Step, hero: FigureState) -> list[Choice]:
    """Rulebook: Shopping. A hero in town may shop for three movement points."""
    if not hero.in_town or step.data.get("mp", 0) < SHOP_COST or movement_locked(game, hero):
        return []
    return [Choice(id="shop", label=f"Shop in town ({SHOP_COST} movement)")]


def apply_shop_turn(game: Game, step: Step, hero: FigureState, choice: Choice) -> bool:
    """Pay three movement points and open the shop."""
    if choice.id != "shop":
        return False
    step.data["mp"] -= SHOP_COST
    game.emit("shopping", f"{hero.name} goes shopping.", ref="Shopping", hero=hero.id)
    game.push(SHOP, hero=hero.id)
    return True


turn_choice_provider(shop_turn_choices, apply_shop_turn)


@register
class StartingPurchases(StepHandler):
    """Rulebook: 4. Purchase Starting Equipment. Each hero, in seat order from the first hero (the
    player to the overlord's left, who so wins any dispute over a card), buys shop items and
    potions with his starting coins. Runs once, before the first round."""

    kind = STARTING_PURCHASES

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)
        if game.state.flags.get("starting_purchases_done"):
            return
        game.state.flags["starting_purchases_done"] = True
        order = _seat_order(game)
        heroes = [hero_id for seat in order for hero_id in game.state.seats[seat].heroes]
        game.emit("starting_purchases", "The heroes buy their starting equipment.",
                  ref="4. Purchase Starting Equipment", heroes=heroes)
        for hero_id in reversed(heroes):
            game.push(SHOP, hero=hero_id, starting=True)


def _seat_order(game: Game) -> list[str]:
    """Hero seats clockwise from the first hero."""
    seats = sorted(s for s in game.state.seats if s != "overlord")
    first = game.state.first_hero if game.state.first_hero in seats else (seats[0] if seats else "")
    if not first:
        return []
    start = seats.index(first)
    return seats[start:] + seats[:start]
