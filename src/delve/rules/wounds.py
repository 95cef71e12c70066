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

# Called once a figure has died and stays dead, with its killer and the overkill: how many of the
# wounds that killed it went beyond the wounds it had left (extra-game-effects.txt, Overkill
# Damage). A hook may push steps.
KillHook = Callable[[Game, FigureState, FigureState | None, int], None]
KILL_HOOKS: list[KillHook] = []

# A figure must lose fatigue it does not have: each hook may absorb part of the shortfall and
# returns what is still left (Locking Stamina); whatever remains becomes wounds (e.g. Leech).
OverflowHook = Callable[[Game, FigureState, int], int]
FATIGUE_OVERFLOW_HOOKS: list[OverflowHook] = []

# What defeat means may differ by ruleset: each rule gets a figure whose wounds reached zero (and
# no ability saved it) and its killer, and returns True when it has dealt with the figure in place
# of the 1st edition's monster death and hero death (e.g. a 2nd-edition hero is knocked out).
DefeatRule = Callable[[Game, FigureState, FigureState | None], bool]
DEFEAT_RULES: list[DefeatRule] = []
# How the log says it, by ruleset: (text with ``{name}``, rules section). The 1st edition's
# figures are killed; a ruleset whose figures are defeated (2e: a hero is knocked out) says so.
DEFEAT_WORDS: dict[str, tuple[str, str]] = {}

# Called with a figure and the wounds it just recovered (at least one); a hook may stand a
# knocked-out 2nd-edition hero back up.
HealHook = Callable[[Game, FigureState, int], None]
HEAL_HOOKS: list[HealHook] = []

# Wounds from an enemy's zone effect (Aura): each hook gets the figure hurt, the zone's holder,
# the wounds and the effect's name, and returns the wounds left after any prevention (Evade).
ZoneHook = Callable[[Game, FigureState, FigureState, int, str], int]
ZONE_WOUND_HOOKS: list[ZoneHook] = []

# Wounds about to be suffered, with the rulebook section that deals them (``ref``): each hook
# returns the wounds left (e.g. a skill that softens traps, keyed on the traps' sections).
PreventHook = Callable[[Game, FigureState, int, str], int]
WOUND_PREVENTION_HOOKS: list[PreventHook] = []


def fatigue_spent(game: Game, figure: FigureState, amount: int) -> None:
    """Tell the rules that ``figure`` just spent ``amount`` fatigue (call after paying it)."""
    for hook in FATIGUE_SPENT_HOOKS:
        hook(game, figure, amount)


def zone_wounds(game: Game, figure: FigureState, source: FigureState, wounds: int, effect: str) -> int:
    """The wounds an enemy's zone effect deals to ``figure`` once prevention had its say."""
    for hook in ZONE_WOUND_HOOKS:
        wounds = hook(game, figure, source, wounds, effect)
    return max(0, wounds)


def lose_fatigue(game: Game, figure: FigureState, amount: int, *, cause: str, ref: str) -> int:
    """``figure`` loses up to ``amount`` fatigue; returns the shortfall the rules must turn into
    something else (Leech: wounds), after the overflow hooks absorbed what they can."""
    if amount <= 0:
        return 0
    lost = min(amount, figure.fatigue)
    if lost:
        figure.fatigue -= lost
        game.emit("fatigue_lost", f"{figure.name} loses {lost} fatigue to the {cause}.", ref=ref,
                  figure=figure.id, amount=lost)
    short = amount - lost
    for hook in FATIGUE_OVERFLOW_HOOKS:
        if short <= 0:
            break
        short = hook(game, figure, short)
    return max(0, short)


def suffer_wounds(game: Game, figure: FigureState, wounds: int, *, cause: str,
                  killer: FigureState | None = None, ref: str = "Wounds") -> int:
    """``figure`` loses ``wounds`` (already after armor); it dies at zero. Returns the overkill:
    the wounds beyond those it had left, if it died and stays dead (else 0)."""
    if wounds <= 0 or not figure.alive:
        return 0
    for prevent in WOUND_PREVENTION_HOOKS:
        wounds = prevent(game, figure, wounds, ref)
    if wounds <= 0:
        return 0
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
        return wounds - lost if kill(game, figure, killer, overkill=wounds - lost) else 0
    return 0


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
        for heal_hook in HEAL_HOOKS:
            heal_hook(game, figure, healed)
    return max(0, healed)


def kill(game: Game, figure: FigureState, killer: FigureState | None, *, overkill: int = 0) -> bool:
    """A figure's wounds reached zero: abilities may save it; otherwise it dies. ``overkill`` is
    how far the killing wounds went beyond what it had left. Returns True if it died."""
    for ref in list(figure.abilities):
        ability = unit(ref.name)
        if ability is not None and ability.prevents_death(game, figure, ref.rank):
            return False
    words, section = DEFEAT_WORDS.get(game.state.ruleset, ("{name} is killed.", "Wounds"))
    game.emit("figure_killed", words.format(name=figure.name), ref=section, figure=figure.id,
              killer=killer.id if killer else None, overkill=overkill)
    for ref in list(figure.abilities):
        ability = unit(ref.name)
        if ability is not None:
            ability.on_killed(game, figure, killer, ref.rank)
    if any(rule(game, figure, killer) for rule in DEFEAT_RULES):
        pass
    elif figure.kind == "monster":
        monster_death(game, figure, killer)
    else:
        hero_death(game, figure)
    if killer is not None:
        for ref in list(killer.abilities):
            ability = unit(ref.name)
            if ability is not None:
                ability.on_kill(game, killer, figure, ref.rank)
    for kill_hook in KILL_HOOKS:
        kill_hook(game, figure, killer, overkill)
    return True


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
