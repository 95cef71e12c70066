"""Which content entries use each special ability, terrain kind and trap: the usage section of
docs/rules-coverage.md.

Why generated: the coverage page says which rule the engine implements; this section says
which cards and quests put each rule on the table, so a rule nobody uses stands out. Writing it
by hand would go stale with every new card, so ``python -m delve.content.usage --write`` writes
it from a pack and a test checks the page matches (Rulebook: Special Abilities; Terrain; Trap
Cards; Dungeon Features).

Where an ability counts as used: a monster's stat block, a named monster's changes, an item's
abilities, surge effects and off-hand bonus, a familiar's abilities, and any ``grant_ability``
effect; a lasting condition put by ``apply_condition`` counts for the ability it is named after.
Terrain and board traps come from the quests' maps; trap cards are grouped by their trigger.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path

from delve.abilities.catalog import RULEBOOK_ABILITIES
from delve.board.mapfile import load_map
from delve.board.terrain import load_marker_kinds, load_terrain
from delve.content.effects import ApplyCondition, GrantAbility
from delve.content.loader import load_pack, starter_pack_path
from delve.content.pack import Pack
from delve.content.refs import AbilityRef, Model

HEADING = "## Content that uses each ability, terrain and trap"

# Markers that are traps or hazards of the board itself (Rulebook: Boulders; Crushing Walls;
# Dark Glyphs). Terrain that hurts (pits, lava, dart fields, scything blades) is under Terrain.
BOARD_TRAP_MARKERS = ("boulder", "boulder_ramp", "crushing_wall", "dark_glyph")

# What a trap card's trigger means at the table (Rulebook: Trap Cards).
TRAP_TRIGGERS = {
    "hero_moves_into_space": "trap card: a hero moves into a space",
    "hero_opens_chest": "trap card: a hero opens a chest",
    "hero_opens_door": "trap card: a hero opens a door",
}

Usage = dict[str, list[str]]


def ability_usage(pack: Pack) -> Usage:
    """Every rulebook ability (and any other catalogue name used) -> the entries that use it."""
    found: dict[str, set[str]] = {name: set() for name in RULEBOOK_ABILITIES}

    def note(refs: Iterable[AbilityRef], who: str) -> None:
        for ref in refs:
            found.setdefault(ref.name, set()).add(who)

    for monster in pack.monsters.values():
        for pair in monster.stats.values():
            note([*pair.normal.abilities, *pair.master.abilities], f"monster {monster.id}")
    for item in pack.items.values():
        refs = [*item.abilities, *(s.effect.ability for s in item.surges if s.effect.ability)]
        if item.off_hand is not None:
            refs.extend(item.off_hand.abilities)
        note(refs, f"item {item.id}")
    for familiar in pack.familiars.values():
        note(familiar.abilities, f"familiar {familiar.id}")
    for quest in pack.quests.values():
        for named in quest.named_monsters:
            note(named.changes.abilities, f"quest {quest.id} (named {named.id})")
    for who, effects in _effect_holders(pack):
        for effect in effects:
            if isinstance(effect, GrantAbility):
                note([effect.ability], who)
            elif isinstance(effect, ApplyCondition):
                found.setdefault(effect.condition, set()).add(f"{who} (condition)")
    return {name: sorted(users) for name, users in found.items()}


def _effect_holders(pack: Pack) -> list[tuple[str, tuple[Model, ...]]]:
    """Every entry that carries effects, with the label used in the listing."""
    holders: list[tuple[str, tuple[Model, ...]]] = []
    holders += [(f"hero {h.id}", tuple(h.ability.effects)) for h in pack.heroes.values()]
    holders += [(f"skill {s.id}", tuple(s.effects)) for s in pack.skills.values()]
    holders += [(f"item {i.id}", tuple(i.effects)) for i in pack.items.values()]
    holders += [(f"familiar {f.id}", tuple(f.effects)) for f in pack.familiars.values()]
    holders += [(f"overlord {c.id}", tuple(c.effects)) for c in pack.overlord.values()]
    for quest in pack.quests.values():
        for action in quest.prolonged_actions:
            holders.append((f"quest {quest.id} (action {action.id})", tuple(action.effects)))
    return holders


def board_usage(pack: Pack) -> tuple[Usage, Usage]:
    """(terrain kind -> quests whose map has it, board-trap marker kind -> quests)."""
    terrain: dict[str, set[str]] = {tid: set() for tid in load_terrain()}
    markers: dict[str, set[str]] = {kind: set() for kind in load_marker_kinds()}
    for quest_id in pack.quests:
        board = load_map(pack.quest_map_path(quest_id)).board
        for row in board.terrain:
            for tid in row:
                if tid is not None:
                    terrain.setdefault(tid, set()).add(f"quest {quest_id}")
        for marker in board.markers:
            markers.setdefault(marker.kind, set()).add(f"quest {quest_id}")
    return ({k: sorted(v) for k, v in terrain.items()},
            {k: sorted(markers.get(k, set())) for k in BOARD_TRAP_MARKERS})


def trap_usage(pack: Pack) -> Usage:
    """Trap kinds -> users: board-trap markers from the maps, trap cards by their trigger."""
    _, markers = board_usage(pack)
    names = load_marker_kinds()
    found: Usage = {f"board: {names[kind].name.lower()}": users for kind, users in markers.items()}
    cards: dict[str, set[str]] = {label: set() for label in TRAP_TRIGGERS.values()}
    for card in pack.overlord.values():
        if card.type == "trap" and card.trigger is not None:
            label = TRAP_TRIGGERS.get(card.trigger, f"trap card: {card.trigger.replace('_', ' ')}")
            cards.setdefault(label, set()).add(f"overlord {card.id}")
    found.update({label: sorted(users) for label, users in cards.items()})
    return found


def _listing(usage: Usage) -> list[str]:
    """One bullet per name (a list, not a table: the page holds only the coverage table)."""
    return [f"- **{name}**: {', '.join(users) if users else '(none yet)'}" for name, users in usage.items()]


def render(pack: Pack) -> str:
    """The whole section, heading included, ending with a newline."""
    terrain, _ = board_usage(pack)
    names = load_terrain()
    terrain_named = {f"{names[tid].name} (`{tid}`)" if tid in names else tid: users
                     for tid, users in terrain.items()}
    lines = [
        HEADING,
        "",
        f"Generated from the {pack.name.lower()} pack by `python -m delve.content.usage --write`; "
        "`tests/content/test_usage.py` checks that it is up to date. \"(condition)\" marks a card "
        "that puts the lasting condition named after the ability.",
        "",
        "### Abilities",
        "",
        *_listing(ability_usage(pack)),
        "",
        "### Terrain",
        "",
        *_listing(terrain_named),
        "",
        "### Traps",
        "",
        *_listing(trap_usage(pack)),
    ]
    return "\n".join(lines) + "\n"


def replace_section(page: str, section: str) -> str:
    """``page`` with the usage section replaced by ``section`` (appended if it is missing).

    The section runs from its heading to the next ``## `` heading or the end of the page.
    """
    start = page.find(HEADING)
    if start < 0:
        return page.rstrip("\n") + "\n\n" + section
    end = page.find("\n## ", start + len(HEADING))
    rest = page[end + 1:] if end >= 0 else ""
    return page[:start] + section + ("\n" + rest if rest else "")


def default_page() -> Path:
    """docs/rules-coverage.md of this checkout."""
    return Path(__file__).resolve().parents[3] / "docs" / "rules-coverage.md"


def main(argv: list[str] | None = None) -> int:
    """Print the section, or with ``--write`` put it into the page; ``--check`` exits 1 if stale."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--pack", type=Path, default=None, help="pack folder (default: the starter pack)")
    parser.add_argument("--page", type=Path, default=None, help="default: docs/rules-coverage.md")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write", action="store_true", help="write the section into the page")
    group.add_argument("--check", action="store_true", help="exit 1 if the page's section is stale")
    args = parser.parse_args(argv)
    section = render(load_pack(args.pack or starter_pack_path()))
    page_path: Path = args.page or default_page()
    if not (args.write or args.check):
        print(section, end="")
        return 0
    page = page_path.read_text(encoding="utf-8")
    updated = replace_section(page, section)
    if args.check:
        if updated != page:
            print(f"{page_path}: the section '{HEADING[3:]}' is stale; run python -m delve.content.usage --write")
            return 1
        return 0
    page_path.write_text(updated, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
