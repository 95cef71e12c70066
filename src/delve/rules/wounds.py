"""Suffering wounds, healing, and what happens when a figure dies.

Rulebook: Wounds; Monster Death; Monster Death Bounty; Hero Death; Conquest Tokens; Poison
(healing removes poison tokens first); Hero Orders (taking a wound removes aim, guard and rest).
"""

from __future__ import annotations

from collections.abc import Callable

from delve.abilities.base import unit
from delve.engine.game import Game
from delve.engine.state import FigureState

MASTER_BOUNTY = 50  # Rulebook: Monster Death Bounty
ORDERS_LOST_ON_WOUND = ("aim", "guard", "rest")  # Rulebook: Aim, Guard, Rest

# Called at the end of a hero's death, once he is in town (e.g. cursed items and dark relics he
# carried); a hook may push steps, which resolve before play goes on.
HeroDeathHook = Callable[[Game, FigureState], None]
HERO_DEATH_HOOKS: list[HeroDeathHook] = []

# Called with the wounds a figure really lost (never more than it had left), before it may die;
# and with the fatigue a hero spends (Rulebook: Corrupted terrain counts both).
LossHook = Callable[[Game, FigureState, int], None]
WOUND_LOSS_HOOKS: list[LossHook] = []
FATIGUE_SPENT_HOOKS: list[LossHook] = []


def fatigue_spent(game: Game, figure: FigureState, amount: int) -> None:
    """Tell the rules that ``figure`` just spent ``amount`` fatigue (call after paying it)."""
    for hook in FATIGUE_SPENT_HOOKS:
        hook(game, figure, amount)


def suffer_wounds(game: Game, figure: FigureState, wounds: int, *, cause: str,
                  killer: FigureState | None = None, ref: str = "Wounds") -> None:
    """``figure`` loses ``wounds`` (already after armor); it dies at zero."""
    if wounds <= 0 or not figure.alive:
        return
    lost = min(wounds, figure.wounds)
    figure.wounds -= wounds
    game.emit("wounds_suffered", f"{figure.name} suffers {wounds} wound{'s' * (wounds != 1)} ({cause}).",
              ref=ref, figure=figure.id, wounds=wounds, left=max(0, figure.wounds))
    for loss_hook in WOUND_LOSS_HOOKS:
        loss_hook(game, figure, lost)
    if figure.kind == "hero" and figure.order in ORDERS_LOST_ON_WOUND:
        game.emit("order_removed", f"{figure.name} is wounded and loses the {figure.order} order.",
                  ref="Hero Orders", hero=figure.id, order=figure.order)
        figure.order = None
    if figure.wounds <= 0:
        kill(game, figure, killer)


def heal(game: Game, figure: FigureState, amount: int, *, cause: str) -> int:
    """Recover up to ``amount`` wounds; poison tokens soak healing first. Returns wounds healed."""
    poison = min(figure.token("poison"), amount)
    if poison:
        figure.tokens["poison"] = figure.token("poison") - poison
        game.emit("poison_removed", f"{poison} poison token(s) are removed from {figure.name}.",
                  ref="Poison", figure=figure.id, amount=poison)
    healed = min(amount - poison, figure.max_wounds - figure.wounds)
    if healed > 0:
        figure.wounds += healed
        game.emit("healed", f"{figure.name} recovers {healed} wound(s) ({cause}).", ref="Wounds",
                  figure=figure.id, amount=healed)
    return max(0, healed)


def kill(game: Game, figure: FigureState, killer: FigureState | None) -> None:
    """A figure's wounds reached zero: abilities may save it; otherwise it dies."""
    for ref in list(figure.abilities):
        ability = unit(ref.name)
        if ability is not None and ability.prevents_death(game, figure, ref.rank):
            return
    game.emit("figure_killed", f"{figure.name} is killed.", ref="Wounds", figure=figure.id,
              killer=killer.id if killer else None)
    for ref in list(figure.abilities):
        ability = unit(ref.name)
        if ability is not None:
            ability.on_killed(game, figure, killer, ref.rank)
    if figure.kind == "monster":
        monster_death(game, figure, killer)
    else:
        hero_death(game, figure)
    if killer is not None:
        for ref in list(killer.abilities):
            ability = unit(ref.name)
            if ability is not None:
                ability.on_kill(game, killer, figure, ref.rank)


def monster_death(game: Game, monster: FigureState, killer: FigureState | None) -> None:
    """Rulebook: Monster Death; Monster Death Bounty. Removed; a master pays 50 coins to its killer."""
    game.state.figures.pop(monster.id, None)
    if monster.named:
        game.state.flags.setdefault("slain_named", []).append(monster.content_id or monster.id)
        if monster.conquest_value:
            change_conquest(game, monster.conquest_value, f"{monster.name} was slain", ref="Named Monsters")
        from delve.rules.quest_goals import check_goals  # a quest may be won by this death

        check_goals(game)
    if monster.master and killer is not None and killer.kind == "hero":
        killer.coins += MASTER_BOUNTY
        game.emit("bounty", f"{killer.name} earns a bounty of {MASTER_BOUNTY} coins.",
                  ref="Monster Death Bounty", hero=killer.id, coins=MASTER_BOUNTY)


def hero_conquest_value(hero: FigureState) -> int:
    """Conquest the heroes lose when this hero dies: his value plus one per curse token."""
    return hero.conquest_value + hero.token("curse")


def change_conquest(game: Game, amount: int, reason: str, ref: str = "Conquest Tokens") -> None:
    """Add (or with a negative amount, remove) conquest tokens; at zero the overlord wins."""
    game.state.conquest += amount
    verb = "gain" if amount >= 0 else "lose"
    game.emit("conquest_changed", f"The heroes {verb} {abs(amount)} conquest ({reason}).", ref=ref,
              amount=amount, total=game.state.conquest)
    if game.state.conquest <= 0 and game.state.winner is None:
        game.state.winner = "overlord"
        game.emit("game_over", "The heroes are out of conquest tokens: the overlord wins.",
                  ref="Conquest Tokens", winner="overlord")


def hero_death(game: Game, hero: FigureState) -> None:
    """Rulebook: Hero Death. To town at once, the turn ends if it was his, conquest lost, half
    the money lost (rounded down to 25), wounds and fatigue restored, lingering effects removed."""
    loss = hero_conquest_value(hero)
    lost_coins = (hero.coins // 2) // 25 * 25
    hero.coins -= lost_coins
    hero.wounds, hero.fatigue = hero.max_wounds, hero.max_fatigue
    hero.tokens = {}
    hero.order = None
    hero.in_town = True
    game.emit("hero_died", f"{hero.name} dies, loses {lost_coins} coins and returns to town.",
              ref="Hero Death", hero=hero.id, coins_lost=lost_coins)
    for step in game.state.stack:
        if step.kind == "hero_turn" and step.data.get("hero") == hero.id:
            step.data["phase"] = "done"
    change_conquest(game, -loss, f"{hero.name} died", ref="Hero Death")
    for hook in HERO_DEATH_HOOKS:
        hook(game, hero)
