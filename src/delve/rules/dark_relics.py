"""Dark relics: the overlord swaps a treasure card the heroes are about to receive for a dark relic.

Rulebook: Dark Relics. A dark relic card (a trap card bought with treachery; in content, a card
with the ``dark_relic`` effect, normally sprung when a hero opens a chest) lets the overlord give
one of the heroes, instead of one treasure card from that chest, a dark relic of his choice. The
bearer must equip it at once, setting aside what is in its way, and can never unequip, drop, give
or sell it (``rules.items``: ``removable``, ``place_item``); at his death it is discarded.

Rulings (docs/rulings.md, "Dark relics"): the dark relic deck is the pack's items of deck
``dark_relic`` not carried by a hero, so a relic discarded at death goes back to it; the treasure
card it replaced goes back to its treasure deck; with no treasure card drawn or no dark relic
left, the card does nothing more.
"""

from __future__ import annotations

from typing import Any

from delve.engine.decision import OVERLORD, Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules import equipment
from delve.rules.items import PLACE_ITEM, carried
from delve.rules.overlord_cards import effect
from delve.rules.town import treasure_deck
from delve.rules.treasure import CHEST_SHARE_HOOKS, OPEN_CHEST

DARK_RELIC = "dark_relic_swap"
REF = "Dark Relics"


def dark_relic_deck(game: Game) -> list[str]:
    """The dark relics the overlord may still hand out: those of the pack no hero carries."""
    held = {item_id for hero in game.state.heroes() for item_id in carried(hero)}
    return sorted(it.id for it in equipment.content(game).items.values()
                  if it.deck == "dark_relic" and it.id not in held)


@effect("dark_relic")
def _dark_relic(game: Game, item: Any, context: dict[str, Any]) -> None:
    """Mark the chest being opened: its treasure will be shared with one card swapped."""
    chest = next((s for s in reversed(game.state.stack) if s.kind == OPEN_CHEST), None)
    if chest is None:
        game.emit("dark_relic_unused", "No treasure is being handed out: the dark relic has no effect.", ref=REF)
        return
    chest.data["dark_relic"] = True


def _after_share(game: Game, chest: Step, draws: list[tuple[FigureState, str]]) -> None:
    """The chest's cards are drawn and waiting to be placed: offer the swap before any is placed."""
    if not chest.data.get("dark_relic"):
        return
    if not draws or not dark_relic_deck(game):
        game.emit("dark_relic_unused", "No treasure card or no dark relic to swap: the card has no effect.",
                  ref=REF)
        return
    top = len(game.state.stack) - 1
    places = [top - n for n in range(len(draws))]  # the first draw's step is on top
    game.push(DARK_RELIC, places=places)


@register
class DarkRelicSwap(StepHandler):
    """The overlord picks a dark relic, then the treasure card it replaces."""

    kind = DARK_RELIC

    def _places(self, game: Game, step: Step) -> list[tuple[int, Step]]:
        stack = game.state.stack
        return [(index, stack[index]) for index in step.data["places"]
                if index < len(stack) and stack[index].kind == PLACE_ITEM]

    def decide(self, game: Game, step: Step) -> Decision | None:
        relic = step.data.get("relic")
        if relic is None:
            relics = [Choice(id=f"relic:{r}", label=f"Hand out {equipment.item(game, r).name}", data={"relic": r})
                      for r in dark_relic_deck(game)]
            if not relics or not self._places(game, step):
                return None
            return Decision(seat=OVERLORD, kind="dark_relic", prompt="Choose the dark relic to hand out",
                            choices=relics)
        choices: list[Choice] = []
        for index, place in self._places(game, step):
            hero = game.figure(place.data["hero"])
            name = equipment.item(game, place.data["item"]).name
            choice_id = f"swap:{hero.id}:{place.data['item']}"  # two copies of a card: the same choice
            if all(c.id != choice_id for c in choices):
                choices.append(Choice(id=choice_id, label=f"Give it to {hero.name} instead of {name}",
                                      data={"place": index}))
        return Decision(seat=OVERLORD, kind="dark_relic", prompt=f"Which treasure card does "
                        f"{equipment.item(game, relic).name} replace?", choices=choices)

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        if choice.id.startswith("relic:"):
            step.data["relic"] = choice.data["relic"]
            return
        game.pop(step)
        place = game.state.stack[choice.data["place"]]
        hero = game.figure(place.data["hero"])
        replaced, relic = place.data["item"], step.data["relic"]
        colour = equipment.item(game, replaced).deck
        if colour in ("copper", "silver", "gold"):
            treasure_deck(game, colour).append(replaced)
        place.data.update(item=relic, source="a dark relic")
        game.emit("dark_relic_given", f"{hero.name} receives {equipment.item(game, relic).name}, a dark relic, "
                  f"instead of {equipment.item(game, replaced).name}.", ref=REF, hero=hero.id, item=relic,
                  replaced=replaced)


CHEST_SHARE_HOOKS.append(_after_share)

__all__ = ["DARK_RELIC", "dark_relic_deck"]
