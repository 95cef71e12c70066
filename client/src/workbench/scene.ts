// What the editor's grid draws: a flat picture of the draft (spaces, edges, markers, figures,
// areas) plus what is selected and what the validator complains about. GridCanvas draws a Scene
// and knows nothing of the draft's format; draft.ts builds the Scene from the draft.
import type { XY } from "../protocol/types";
import type { EdgeXY } from "./pick";
import type { Draft, ElementRef } from "./types";

export interface SceneSpace { x: number; y: number; terrain: string; area: string | null }
export interface SceneDoor { index: number; id: string; edges: EdgeXY[]; rune: string | null }
export interface SceneMarker { index: number; x: number; y: number; kind: string; colour: string | null; active: boolean | null }
export interface SceneMonster { index: number; x: number; y: number; w: number; h: number; kind: string; master: boolean; named: boolean }
export interface SceneArea { id: string; name: string; revealed: boolean; index: number }

export interface Scene {
  width: number;
  height: number;
  spaces: SceneSpace[];
  walls: EdgeXY[];
  boundaries: EdgeXY[];
  doors: SceneDoor[];
  markers: SceneMarker[];
  monsters: SceneMonster[];
  starts: XY[];
  areas: SceneArea[];
}

/** What the inspector shows: one element of the draft (list elements by their index). */
export type Selection =
  | { kind: "space"; at: XY }
  | { kind: "edge"; edge: EdgeXY }
  | { kind: "door"; index: number }
  | { kind: "marker"; index: number }
  | { kind: "monster"; index: number }
  | { kind: "hero_start"; index: number }
  | { kind: "area"; index: number }
  | { kind: "quest"; field: string }
  | { kind: "map" };

/** Spaces and edges to outline (the selection, or what an error concerns). */
export interface Highlight { spaces: XY[]; edges: EdgeXY[] }

/** Area tints: distinct hues, told apart also by the area's name drawn in its first space. */
export const AREA_TINTS = ["#0072B2", "#009E73", "#E69F00", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#999999"];
export const areaTint = (index: number): string => AREA_TINTS[index % AREA_TINTS.length];

export function emptyScene(width = 16, height = 12): Scene {
  return { width, height, spaces: [], walls: [], boundaries: [], doors: [], markers: [], monsters: [], starts: [], areas: [] };
}

/** The picture of a draft. */
export function sceneOf(d: Draft): Scene {
  const named = new Set((d.quest.named_monsters ?? []).map((m) => m.id));
  return {
    width: d.map.width,
    height: d.map.height,
    spaces: d.map.spaces.map((s) => ({ x: s.x, y: s.y, terrain: s.terrain, area: s.area })),
    walls: d.map.walls,
    boundaries: d.map.boundaries,
    doors: d.map.doors.map((door, index) => ({ index, id: door.id ?? `door ${index + 1}`, edges: door.edges, rune: door.kind === "rune" ? door.colour : null })),
    markers: d.markers.map((m, index) => ({ index, x: m.x, y: m.y, kind: m.kind, colour: m.colour, active: m.active })),
    monsters: d.monsters.map((m, index) => ({ index, x: m.x, y: m.y, w: m.w, h: m.h, kind: m.monster, master: m.master, named: named.has(m.monster) })),
    starts: d.hero_starts.map((h) => [h.x, h.y] as XY),
    areas: d.areas.map((a, index) => ({ id: a.id, name: a.name, revealed: a.revealed !== false, index })),
  };
}

/** The selection an error's element makes (null: nothing on the grid or in the forms). */
export function selectionOf(e: ElementRef | null): Selection | null {
  if (!e) return null;
  switch (e.kind) {
    case "space": return { kind: "space", at: [e.x, e.y] };
    case "edge": return { kind: "edge", edge: e.edge };
    case "area": return { kind: "area", index: e.index };
    case "quest": return { kind: "quest", field: e.field };
    case "map": return { kind: "map" };
    default: return { kind: e.kind, index: e.index };
  }
}

/** The spaces and edges that show a selection on the grid. */
export function highlightOf(d: Draft, s: Selection | null): Highlight {
  const none: Highlight = { spaces: [], edges: [] };
  if (!s) return none;
  switch (s.kind) {
    case "space": return { spaces: [s.at], edges: [] };
    case "edge": return { spaces: [], edges: [s.edge] };
    case "door": return { spaces: [], edges: d.map.doors[s.index]?.edges ?? [] };
    case "marker": {
      const m = d.markers[s.index];
      return m ? { spaces: [[m.x, m.y]], edges: [] } : none;
    }
    case "hero_start": {
      const h = d.hero_starts[s.index];
      return h ? { spaces: [[h.x, h.y]], edges: [] } : none;
    }
    case "monster": {
      const m = d.monsters[s.index];
      if (!m) return none;
      const spaces: XY[] = [];
      for (let y = m.y; y < m.y + m.h; y++) for (let x = m.x; x < m.x + m.w; x++) spaces.push([x, y]);
      return { spaces, edges: [] };
    }
    case "area": {
      const id = d.areas[s.index]?.id;
      return { spaces: d.map.spaces.filter((q) => q.area === id).map((q) => [q.x, q.y] as XY), edges: [] };
    }
    default: return none;
  }
}

/** Join highlights (every error's element at once). */
export function joinHighlights(list: Highlight[]): Highlight {
  return { spaces: list.flatMap((h) => h.spaces), edges: list.flatMap((h) => h.edges) };
}
