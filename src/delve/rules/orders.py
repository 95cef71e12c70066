"""Hero orders: placing them with Ready, and the start-of-turn removals.

Rulebook: Hero Orders (Aim, Dodge, Guard, Rest, Prolonged Action); Step 3: Take an Action /
4. Ready (Move, Attack, Order, Concentrate). A hero holds at most one order. Dodge, guard
and rest end at the start of the hero's next turn (rest first restores fatigue to its
maximum); aim ends when the hero moves; the prolonged order at the end of his turn.
How aim, dodge and guard act on attacks belongs to the combat rules.
"""

from __future__ import annotations

from collections.abc import Callable

from delve.board.geometry import Footprint
from delve.engine.decision import Choice
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState, Step
from delve.engine.wording import a_or_an
from delve.rules.movement import on_enter_space

# Orders a hero may place with an order half action. The prolonged action order needs a quest
# action the hero can work on from where he stands (``delve.rules.prolonged``).
PLACEABLE_ORDERS = ("aim", "dodge", "guard", "rest")

# Called with the hero once he has used his rest order (a hook may push steps, e.g. a card window).
RestHook = Callable[[Game, FigureState], None]
REST_HOOKS: list[RestHook] = []


def start_of_turn(game: Game, hero: FigureState) -> None:
    """Rulebook: Dodge, Guard, Rest. Orders that last until the start of the next turn end now."""
    if hero.order == "rest":
        hero.fatigue = hero.max_fatigue
        game.emit("rested", f"{hero.name} rests and recovers all fatigue.", ref="Rest", hero=hero.id)
        for hook in REST_HOOKS:
            hook(game, hero)
    if hero.order in ("dodge", "guard", "rest"):
        game.emit("order_removed", f"{hero.name}'s {hero.order} order ends.", ref="Hero Orders",
                  hero=hero.id, order=hero.order)
        hero.order = None


def an_order(order: str) -> str:
    """``a guard order``, ``an aim order``: the order token in a sentence."""
    return a_or_an(f"{order} order")


def ready_half_action_choices(game: Game, step: Step, hero: FigureState) -> list[Choice]:
    """The half actions still open to a readying hero (two different ones, one an order)."""
    halves = step.data.get("halves", [])
    if len(halves) >= step.data.get("max_halves", 2):
        return []
    from delve.rules import prolonged

    choices = []
    if "move" not in halves and "attack" not in halves and "concentrate" not in halves:
        choices.append(Choice(id="half:move", label=f"Half action: move up to {hero.speed} spaces"))
        choices.append(Choice(id="half:attack", label="Half action: make one attack"))
    if "order" not in halves and hero.order is None:
        for order in PLACEABLE_ORDERS:
            choices.append(Choice(id=f"order:{order}", label=f"Half action: place {an_order(order)}",
                                  data={"order": order}))
        choices += prolonged.order_choices(game, hero)
    if prolonged.can_concentrate(game, step, hero) and "move" not in halves and "attack" not in halves:
        choices.append(Choice(id="half:concentrate", label="Half action: concentrate (one more prolonged roll)"))
    return choices


def apply_ready_choice(game: Game, step: Step, hero: FigureState, choice: Choice) -> None:
    """Take a Ready half action: gain movement points, or place an order token."""
    from delve.rules import prolonged

    halves = step.data.setdefault("halves", [])
    if choice.id in ("half:move", "half:attack"):
        prolonged.other_half_taken(game, hero)
    if choice.id == "half:concentrate":
        prolonged.concentrate(game, step, hero)
    elif choice.id.startswith("order:prolonged:"):
        halves.append("order")
        prolonged.place_order(game, step, hero, choice.data["action"])
    elif choice.id == "half:move":
        halves.append("move")
        step.data["mp"] += hero.speed
        game.emit("half_action", f"{hero.name} takes a move half action.", ref="4. Ready", hero=hero.id)
    elif choice.id == "half:attack":
        halves.append("attack")
        step.data["attacks"] = step.data.get("attacks", 0) + 1
        game.emit("half_action", f"{hero.name} takes an attack half action.", ref="4. Ready", hero=hero.id)
    elif choice.id.startswith("order:"):
        halves.append("order")
        hero.order = choice.data["order"]
        if hero.order == "aim":
            game.state.flags.setdefault("aim_equipped", {})[hero.id] = sorted(hero.equipped)
        game.emit("order_placed", f"{hero.name} places {an_order(hero.order)}.", ref="Hero Orders",
                  hero=hero.id, order=hero.order)
    else:
        raise EngineError(f"unknown half action {choice.id!r}")


@on_enter_space
def _aim_ends_on_moving(game: Game, figure: FigureState, _fp: Footprint) -> None:
    """Rulebook: Aim. Moving one or more spaces removes the aim order."""
    if figure.order == "aim":
        figure.order = None
        game.emit("order_removed", f"{figure.name} moves and loses the aim order.", ref="Aim",
                  hero=figure.id, order="aim")


def check_aim_equipment(game: Game, hero: FigureState) -> None:
    """Rulebook: Aim. Changing his equipped items removes the hero's aim order. Called whenever
    his equipment may have changed: the items he held when he placed the order are compared."""
    if hero.order != "aim":
        return
    held: dict[str, list[str]] = game.state.flags.setdefault("aim_equipped", {})
    now = sorted(hero.equipped)
    if held.setdefault(hero.id, now) != now:
        hero.order = None
        game.emit("order_removed", f"{hero.name} changes his equipped items and loses the aim order.",
                  ref="Aim", hero=hero.id, order="aim")
