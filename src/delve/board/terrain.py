"""Terrain and marker kinds, read from ``delve/data/terrain.yaml``.

Why data and not code: movement and line of sight must treat every kind of ground the same
way, by its flags (cost, blocking, effects). Adding a terrain kind is then a YAML edit, and no
rule anywhere asks "is this mud?".
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import yaml
from pydantic import BaseModel, Field, model_validator

DEFAULT_TERRAIN = "floor"


class TerrainDef(BaseModel, frozen=True):
    """One kind of ground a space can have. See terrain.yaml for what each flag means."""

    id: str
    symbol: str
    name: str
    blocks_movement: bool = False
    blocks_los: bool = False
    move_cost: int = 1
    cost_within: int | None = None
    leave_cost: int | None = None
    large_only_if_entire: bool = False
    spawn_blocking: bool = False
    jumpable: bool = False
    on_enter: tuple[str, ...] = ()
    fog: bool = False
    sight_adjacent_only: bool = False
    pit: bool = False

    @model_validator(mode="after")
    def _check(self) -> TerrainDef:
        if len(self.symbol) != 1:
            raise ValueError(f"terrain {self.id!r}: symbol must be one character")
        if self.move_cost < 1 or (self.cost_within is not None and self.cost_within < 1):
            raise ValueError(f"terrain {self.id!r}: costs must be at least 1")
        return self


class MarkerKindDef(BaseModel, frozen=True):
    """One kind of marker: whether it gets in the way, and its default glyph for rendering."""

    id: str
    symbol: str
    name: str
    blocks_movement: bool = False
    blocks_los: bool = False
    spawn_blocking: bool = False
    passable_in_pit: bool = False


class _TerrainFile(BaseModel):
    terrain: dict[str, dict[str, Any]] = Field(default_factory=dict)
    markers: dict[str, dict[str, Any]] = Field(default_factory=dict)


@cache
def _load() -> tuple[dict[str, TerrainDef], dict[str, MarkerKindDef]]:
    text = resources.files("delve").joinpath("data", "terrain.yaml").read_text(encoding="utf-8")
    raw = _TerrainFile.model_validate(yaml.safe_load(text))
    terrains = {tid: TerrainDef(id=tid, **spec) for tid, spec in raw.terrain.items()}
    markers = {mid: MarkerKindDef(id=mid, **spec) for mid, spec in raw.markers.items()}
    symbols = [t.symbol for t in terrains.values()]
    if len(set(symbols)) != len(symbols):
        raise ValueError("terrain.yaml: two terrains share a symbol")
    if DEFAULT_TERRAIN not in terrains:
        raise ValueError(f"terrain.yaml: the default terrain {DEFAULT_TERRAIN!r} is missing")
    return terrains, markers


def load_terrain() -> dict[str, TerrainDef]:
    """Every terrain kind by id (cached; the returned dict must not be modified)."""
    return _load()[0]


def load_marker_kinds() -> dict[str, MarkerKindDef]:
    """Every marker kind by id (cached; the returned dict must not be modified)."""
    return _load()[1]


def terrain_by_symbol() -> dict[str, TerrainDef]:
    """Terrain kinds keyed by their map-file character."""
    return {t.symbol: t for t in load_terrain().values()}
