// What a stroke of a tool does to the draft, and what a click selects. Pure: the editor page
// keeps the history and calls these with the draft of the moment.
import type { XY } from "../protocol/types";
import {
  assignArea, edgeHolds, eraseAt, eraseEdge, paintSpace, placeDoor, placeMarker, placeMonster, regionOf, setEdge, spaceAt, toggleStart,
} from "./draft";
import { doorPartner, rectSpaces, type EdgeXY } from "./pick";
import type { Selection } from "./scene";
import type { Tool } from "./tools";
import type { Draft } from "./types";

export interface StrokeAt { phase: "start" | "move" | "end"; space: XY; edge: EdgeXY | null; along: number; shift: boolean }

/** A monster's block size from its palette size ("2x2"), turned when asked. */
export function blockSize(size: string | undefined, turned: boolean): [number, number] {
  const m = /^(\d)x(\d)$/.exec(size ?? "1x1");
  const w = m ? Number(m[1]) : 1, h = m ? Number(m[2]) : 1;
  return turned ? [h, w] : [w, h];
}

/**
 * The draft after one point of a stroke. `base` is the draft when the stroke started and
 * `from` its first space: a Shift-drag with the spaces tool lays the whole rectangle from there.
 * Tools that place one thing (doors, markers, monsters, starts, filling a room) act on the
 * stroke's start only, so a shaky click never places two.
 */
export function paint(d: Draft, tool: Tool, s: StrokeAt, base: Draft, from: XY, sizes: Record<string, string>): Draft {
  if (s.phase === "end") return d;
  const first = s.phase === "start";
  switch (tool.kind) {
    case "terrain":
      if (s.shift) return rectSpaces(from, s.space).reduce((acc, p) => paintSpace(acc, p, tool.terrain), base);
      return paintSpace(d, s.space, tool.terrain);
    case "wall":
    case "boundary":
      return s.edge ? setEdge(d, s.edge, tool.kind) : d;
    case "door":
      if (!first || !s.edge || edgeHolds(d, s.edge).kind === "door") return d;
      return placeDoor(d, s.edge, doorPartner(s.edge, s.along), tool.door.kind, tool.door.colour);
    case "area":
      if (!tool.area) return d;
      if (first && tool.fillRoom) return assignArea(d, regionOf(d, s.space), tool.area);
      return tool.fillRoom ? d : assignArea(d, [s.space], tool.area);
    case "marker":
      if (!first || !spaceAt(d, s.space)) return d;
      return placeMarker(d, s.space, tool.marker.kind, markerColour(tool), tool.marker.active);
    case "monster":
      if (!first) return d;
      return placeMonster(d, s.space, tool.monster.kind, tool.monster.master, blockSize(sizes[tool.monster.kind], tool.monster.turned));
    case "start":
      return first ? toggleStart(d, s.space) : d;
    case "erase":
      if (s.edge) return eraseEdge(d, s.edge);
      return first ? eraseAt(d, s.space) : spaceAt(d, s.space) ? eraseAt(d, s.space) : d;
    default:
      return d;
  }
}

function markerColour(tool: Tool): string | null {
  const k = tool.marker.kind;
  return k === "chest" || k === "staircase" || k === "rune_key" ? tool.marker.colour : null;
}

/** What a click selects: on an edge its door, wall or boundary; on a space the figure, marker or
 * hero start there, else the space. */
export function pickAt(d: Draft, space: XY, edge: EdgeXY | null): Selection | null {
  if (edge) {
    const held = edgeHolds(d, edge);
    if (held.kind === "door") return { kind: "door", index: held.index };
    if (held.kind !== "open") return { kind: "edge", edge };
  }
  const [x, y] = space;
  const monster = d.monsters.findIndex((m) => x >= m.x && x < m.x + m.w && y >= m.y && y < m.y + m.h);
  if (monster >= 0) return { kind: "monster", index: monster };
  const marker = d.markers.findIndex((m) => m.x === x && m.y === y);
  if (marker >= 0) return { kind: "marker", index: marker };
  const start = d.hero_starts.findIndex((h) => h.x === x && h.y === y);
  if (start >= 0) return { kind: "hero_start", index: start };
  if (spaceAt(d, space)) return { kind: "space", at: space };
  return edge ? { kind: "edge", edge } : null;
}
