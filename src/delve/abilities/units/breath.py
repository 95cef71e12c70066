"""Breath: the attack hits every figure under the Breath template laid against the attacker.

Rulebook: Special Abilities, Breath; Attack Re-rolls. The template goes against one side of
the attacking figure and every figure under it, friend or foe, is affected. Rolled range never
matters (only an X misses), each affected figure takes the full damage, and only one dodge
re-roll is allowed (``delve.rules.attack`` picks the first dodging hero). The flame billows
round obstacles but stops at walls and closed doors and never goes through staircases; the
shape and the clipping are in ``delve.board.templates`` and ``delve/data/templates.yaml``.

How the attack is declared (docs/rulings.md, Combat): the attacker picks a placement, one
choice per side (per space along the side of a large figure) that covers at least one enemy:
``breath:FACING:X,Y`` for a monster, ``breath:WEAPON:FACING:X,Y`` for a hero, where X,Y is the
space the template starts on. An attack carrying Breath that was declared the ordinary way
(``attack:X,Y``) is still a Breath attack: the template is laid on the first placement, in a
fixed order, that covers the declared space (or the one starting nearest to it).

This module also holds the template-attack machinery that Bolt shares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from delve.abilities.base import AbilityUnit, register_ability
from delve.board.geometry import distance
from delve.board.templates import Placement, covered, placements
from delve.engine.decision import Choice
from delve.rules import equipment
from delve.rules.attack import figure_at, hero_attack_context, monster_attack_context, start_attack
from delve.rules.hero_turn import turn_choice_provider
from delve.rules.movement import on_board
from delve.rules.overlord_turn import ACTIVATION_CHOICE_PROVIDERS

if TYPE_CHECKING:
    from delve.engine.game import Game
    from delve.engine.state import FigureState, Step
    from delve.rules.attack_context import AttackContext

NOTE = "template:"  # ctx.notes entry recording the chosen placement: template:breath:east:3,2


def _placement_from_note(ctx: AttackContext, template: str) -> Placement | None:
    for note in ctx.notes:
        if note.startswith(f"{NOTE}{template}:"):
            _, _, facing, xy = note.split(":")
            x, y = xy.split(",")
            return Placement(template, facing, (int(x), int(y)))
    return None


def _enemy_count(game: Game, attacker: FigureState, spaces: list[tuple[int, int]]) -> int:
    seen = set()
    for p in spaces:
        figure = figure_at(game, p)
        if figure is not None and figure.side != attacker.side and on_board(figure):
            seen.add(figure.id)
    return len(seen)


def place_template(game: Game, ctx: AttackContext, template: str) -> None:
    """Lay the template for an attack carrying ``template`` (Breath or Bolt) and set its spaces.

    The attack ignores rolled range. Its target becomes the first covered space and its area
    the other covered spaces, so ``affected_figures`` picks up every figure under the template.
    """
    attacker = game.figure(ctx.attacker)
    ctx.ignore_range = True
    placement = _placement_from_note(ctx, template)
    target = (int(ctx.target[0]), int(ctx.target[1]))
    if placement is None:
        options = [(p, covered(game.board, attacker.footprint, p)) for p in placements(template, attacker.footprint)]
        hitting = [(p, cells) for p, cells in options if target in cells]
        if hitting:
            placement = hitting[0][0]
        else:
            placement = min(options, key=lambda o: distance(o[0].anchor, target))[0]
        ctx.notes.append(f"{NOTE}{template}:{placement.key}")
    spaces = covered(game.board, attacker.footprint, placement)
    if spaces:
        first = target if target in spaces else spaces[0]
        ctx.target = first
        ctx.area = [p for p in spaces if p != first]
    else:
        ctx.area = []
    game.emit("template_placed", f"The {template} template is laid {placement.facing} of {attacker.name}, "
              f"covering {len(spaces)} space(s).", ref=template.capitalize(), template=template,
              facing=placement.facing, x=placement.anchor[0], y=placement.anchor[1],
              spaces=[list(p) for p in spaces])


def _has(figure: FigureState, ability: str) -> bool:
    return any(a.name == ability for a in figure.abilities)


def template_choices(game: Game, step: Step, figure: FigureState, ability: str) -> list[Choice]:
    """One choice per placement of the template that covers at least one enemy figure."""
    if step.data.get("attacks", 0) <= 0 or not on_board(figure):
        return []
    template = ability.lower()
    weapons: list[tuple[str, str]] = [("", "")]
    if figure.kind == "hero":
        weapons = [(w.id, w.name) for w in equipment.weapons(game, figure)
                   if _has(figure, ability) or any(a.name == ability for a in w.abilities)]
    elif not _has(figure, ability):
        return []
    if not weapons:  # nothing lays this template: skip the placements (costly, and asked every turn)
        return []
    choices = []
    for placement in placements(template, figure.footprint):
        spaces = covered(game.board, figure.footprint, placement)
        count = _enemy_count(game, figure, spaces)
        if count == 0:
            continue
        for weapon_id, weapon_name in weapons:
            prefix = f"{template}:{weapon_id}:" if weapon_id else f"{template}:"
            label = (f"{ability} {placement.facing} from ({placement.anchor[0]},{placement.anchor[1]}): "
                     f"{count} enemy figure(s) under the template" + (f", with {weapon_name}" if weapon_name else ""))
            data = {"weapon": weapon_id, "facing": placement.facing, "x": placement.anchor[0],
                    "y": placement.anchor[1], "aimed": False}
            choices.append(Choice(id=prefix + placement.key, label=label, data=data))
            if figure.kind == "hero" and figure.order == "aim":
                choices.append(Choice(id=prefix + placement.key + ":aimed", label="Aimed: " + label,
                                      data={**data, "aimed": True}))
    return choices


def apply_template_choice(game: Game, step: Step, figure: FigureState, choice: Choice, ability: str) -> bool:
    """Declare the chosen template attack."""
    template = ability.lower()
    if not choice.id.startswith(f"{template}:"):
        return False
    step.data["attacks"] -= 1
    placement = Placement(template, choice.data["facing"], (choice.data["x"], choice.data["y"]))
    spaces = covered(game.board, figure.footprint, placement)
    target = spaces[0] if spaces else placement.anchor
    if figure.kind == "hero":
        ctx = hero_attack_context(game, figure, choice.data["weapon"], target)
    else:
        ctx = monster_attack_context(game, figure, target)
    ctx.notes.append(f"{NOTE}{template}:{placement.key}")
    ctx.ignore_range = True
    start_attack(game, ctx, aimed=choice.data["aimed"], morph=figure.dice.count("morph"))
    return True


def register_template_choices(ability: str) -> None:
    """Offer template placements during hero turns and monster activations."""

    def provider(game: Game, step: Step, figure: FigureState) -> list[Choice]:
        return template_choices(game, step, figure, ability)

    def applier(game: Game, step: Step, figure: FigureState, choice: Choice) -> bool:
        return apply_template_choice(game, step, figure, choice, ability)

    turn_choice_provider(provider, applier)
    ACTIVATION_CHOICE_PROVIDERS.append((provider, applier))


@register_ability
class Breath(AbilityUnit):
    """Lays the Breath template when the attack is declared."""

    name = "Breath"

    def on_declare(self, game: Game, ctx: AttackContext, rank: int) -> None:
        """Cover the template's spaces; rolled range no longer matters."""
        place_template(game, ctx, "breath")


register_template_choices("Breath")
