// Editing a quest draft (docs/workbench.md, "The draft"): pure functions that take a draft and
// return the changed copy, so that History can keep every step and vitest can check each one.
// They only shape the draft; whether it makes a valid quest is the server's validator's call.
import type { XY } from "../protocol/types";
import { edgeKey, orderEdge, type EdgeXY } from "./pick";
import type { Draft, DraftArea, DraftDoor, DraftMarker, DraftMonster, Edge } from "./types";

const copy = (d: Draft): Draft => structuredClone(d);
const sameEdge = (a: Edge, b: EdgeXY): boolean => edgeKey(a) === edgeKey(b);
const inside = (d: Draft, [x, y]: XY): boolean => x >= 0 && y >= 0 && x < d.map.width && y < d.map.height;
const covers = (m: DraftMonster, [x, y]: XY): boolean => x >= m.x && x < m.x + m.w && y >= m.y && y < m.y + m.h;
const touches = (e: Edge, [x, y]: XY): boolean => e.some(([ex, ey]) => ex === x && ey === y);

export function spaceAt(d: Draft, [x, y]: XY): Draft["map"]["spaces"][number] | undefined {
  return d.map.spaces.find((s) => s.x === x && s.y === y);
}

/** Lay a space of `terrain` (a new one, or a change of terrain); outside the map nothing happens. */
export function paintSpace(d: Draft, at: XY, terrain: string): Draft {
  if (!inside(d, at)) return d;
  const old = spaceAt(d, at);
  if (old?.terrain === terrain) return d;
  const n = copy(d);
  const s = spaceAt(n, at);
  if (s) s.terrain = terrain;
  else n.map.spaces.push({ x: at[0], y: at[1], terrain, area: null });
  n.map.spaces.sort((a, b) => a.y - b.y || a.x - b.x);
  return n;
}

/** Remove a space and whatever stands on it or closes its edges. */
export function eraseSpace(d: Draft, at: XY): Draft {
  if (!spaceAt(d, at)) return d;
  const n = copy(d);
  const [x, y] = at;
  n.map.spaces = n.map.spaces.filter((s) => s.x !== x || s.y !== y);
  n.map.walls = n.map.walls.filter((e) => !touches(e, at));
  n.map.boundaries = n.map.boundaries.filter((e) => !touches(e, at));
  n.map.doors = n.map.doors.filter((door) => !door.edges.some((e) => touches(e, at)));
  n.markers = n.markers.filter((m) => m.x !== x || m.y !== y);
  n.monsters = n.monsters.filter((m) => !covers(m, at));
  n.hero_starts = n.hero_starts.filter((h) => h.x !== x || h.y !== y);
  return n;
}

/** What closes or marks an edge now: a door (with its index), a wall, a boundary, or nothing. */
export function edgeHolds(d: Draft, e: EdgeXY): { kind: "door"; index: number } | { kind: "wall" | "boundary" | "open" } {
  const door = d.map.doors.findIndex((door) => door.edges.some((de) => sameEdge(de, e)));
  if (door >= 0) return { kind: "door", index: door };
  if (d.map.walls.some((w) => sameEdge(w, e))) return { kind: "wall" };
  if (d.map.boundaries.some((b) => sameEdge(b, e))) return { kind: "boundary" };
  return { kind: "open" };
}

function clearEdge(n: Draft, e: EdgeXY): void {
  n.map.walls = n.map.walls.filter((w) => !sameEdge(w, e));
  n.map.boundaries = n.map.boundaries.filter((b) => !sameEdge(b, e));
  n.map.doors = n.map.doors.filter((door) => !door.edges.some((de) => sameEdge(de, e)));
}

const edgeInside = (d: Draft, e: EdgeXY): boolean => inside(d, e[0]) && inside(d, e[1]);

/** Put a wall (or an area boundary) on an edge, replacing what was there. */
export function setEdge(d: Draft, e: EdgeXY, kind: "wall" | "boundary"): Draft {
  if (!edgeInside(d, e) || edgeHolds(d, e).kind === kind) return d;
  const n = copy(d);
  clearEdge(n, e);
  (kind === "wall" ? n.map.walls : n.map.boundaries).push(orderEdge(e[0], e[1]));
  return n;
}

/** Open an edge: remove its wall, boundary or the whole door on it. */
export function eraseEdge(d: Draft, e: EdgeXY): Draft {
  if (edgeHolds(d, e).kind === "open") return d;
  const n = copy(d);
  clearEdge(n, e);
  return n;
}

/** Put a door on two edges side by side (what they held goes). */
export function placeDoor(d: Draft, e: EdgeXY, partner: EdgeXY, kind: "normal" | "rune", colour: string): Draft {
  if (!edgeInside(d, e) || !edgeInside(d, partner)) return d;
  const n = copy(d);
  clearEdge(n, e);
  clearEdge(n, partner);
  const edges = [orderEdge(e[0], e[1]), orderEdge(partner[0], partner[1])].sort((a, b) => a[0][1] - b[0][1] || a[0][0] - b[0][0]);
  const door: DraftDoor = { id: null, kind, colour: kind === "rune" ? colour : null, open: false, edges: edges as [Edge, Edge] };
  n.map.doors.push(door);
  return n;
}

/** The spaces reached from `at` through open edges (not walls, doors or boundaries): a region. */
export function regionOf(d: Draft, at: XY): XY[] {
  if (!spaceAt(d, at)) return [];
  const spaces = new Set(d.map.spaces.map((s) => `${s.x},${s.y}`));
  const closed = new Set([...d.map.walls, ...d.map.boundaries, ...d.map.doors.flatMap((door) => door.edges)].map((e) => edgeKey(e)));
  const seen = new Set([`${at[0]},${at[1]}`]);
  const out: XY[] = [];
  const todo: XY[] = [at];
  while (todo.length) {
    const p = todo.pop()!;
    out.push(p);
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const q: XY = [p[0] + dx, p[1] + dy];
      const k = `${q[0]},${q[1]}`;
      if (!spaces.has(k) || seen.has(k) || closed.has(edgeKey([p, q]))) continue;
      seen.add(k);
      todo.push(q);
    }
  }
  return out.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

/** Put spaces in an area (null: let the region decide). */
export function assignArea(d: Draft, spaces: XY[], area: string | null): Draft {
  if (spaces.every((p) => {
    const s = spaceAt(d, p);
    return !s || s.area === area;
  })) return d;
  const n = copy(d);
  for (const p of spaces) {
    const s = spaceAt(n, p);
    if (s) {
      s.area = area;
      delete s.label;
    }
  }
  return n;
}

/** A fresh area id and name: area-1, area-2... not yet used. */
export function addArea(d: Draft): { draft: Draft; id: string } {
  let i = d.areas.length + 1;
  while (d.areas.some((a) => a.id === `area-${i}`)) i++;
  const n = copy(d);
  const area: DraftArea = { id: `area-${i}`, name: `Area ${i}`, revealed: null, read_aloud: null, overlord_notes: "" };
  n.areas.push(area);
  return { draft: n, id: area.id };
}

/** Change an area's fields; a new id is carried to its spaces, goals and named monsters. */
export function updateArea(d: Draft, index: number, change: Partial<DraftArea>): Draft {
  const n = copy(d);
  const area = n.areas[index];
  if (!area) return d;
  const before = area.id;
  Object.assign(area, change);
  if (change.id !== undefined && change.id !== before) {
    for (const s of n.map.spaces) if (s.area === before) s.area = change.id;
    for (const m of n.quest.named_monsters ?? []) if (m.area === before) m.area = change.id;
    for (const side of ["heroes", "overlord"] as const) {
      for (const w of n.quest.goals[side].win_when) if ("reach_area" in w && w.reach_area === before) w.reach_area = change.id;
    }
  }
  return n;
}

/** Move an area one place earlier (-1) or later (+1) in the reveal order. */
export function moveArea(d: Draft, index: number, by: -1 | 1): Draft {
  const to = index + by;
  if (to < 0 || to >= d.areas.length) return d;
  const n = copy(d);
  [n.areas[index], n.areas[to]] = [n.areas[to], n.areas[index]];
  return n;
}

/** Remove an area; its spaces keep no area (the validator will ask for one). */
export function removeArea(d: Draft, index: number): Draft {
  const id = d.areas[index]?.id;
  if (id === undefined) return d;
  const n = copy(d);
  n.areas.splice(index, 1);
  for (const s of n.map.spaces) if (s.area === id) s.area = null;
  return n;
}

/** Place a marker on a space (one marker per space: it replaces the one there). */
export function placeMarker(d: Draft, at: XY, kind: string, colour: string | null, active: boolean): Draft {
  if (!inside(d, at)) return d;
  const n = copy(d);
  n.markers = n.markers.filter((m) => m.x !== at[0] || m.y !== at[1]);
  const m: DraftMarker = { id: null, kind, x: at[0], y: at[1], colour, active: kind === "glyph" ? active : null, data: kind === "altar" ? { side: "good" } : {} };
  n.markers.push(m);
  return n;
}

/** Place a monster whose top-left space is `at` (figures it would overlap are taken away). */
export function placeMonster(d: Draft, at: XY, monster: string, master: boolean, size: [number, number]): Draft {
  const [w, h] = size;
  if (!inside(d, at) || !inside(d, [at[0] + w - 1, at[1] + h - 1])) return d;
  const n = copy(d);
  const fig: DraftMonster = { monster, master, x: at[0], y: at[1], w, h };
  n.monsters = n.monsters.filter((m) => !blockOverlap(m, fig));
  n.hero_starts = n.hero_starts.filter((s) => !covers(fig, [s.x, s.y]));
  n.monsters.push(fig);
  return n;
}

function blockOverlap(a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** Add or take away a hero start on a space. */
export function toggleStart(d: Draft, at: XY): Draft {
  if (!inside(d, at)) return d;
  const n = copy(d);
  const had = n.hero_starts.some((s) => s.x === at[0] && s.y === at[1]);
  if (had) n.hero_starts = n.hero_starts.filter((s) => s.x !== at[0] || s.y !== at[1]);
  else {
    n.monsters = n.monsters.filter((m) => !covers(m, at));
    n.hero_starts.push({ x: at[0], y: at[1] });
  }
  return n;
}

/** Take away the figures on a space, else its marker, else the space itself. */
export function eraseAt(d: Draft, at: XY): Draft {
  const [x, y] = at;
  const figures = d.monsters.some((m) => covers(m, at)) || d.hero_starts.some((s) => s.x === x && s.y === y);
  const n = copy(d);
  if (figures) {
    n.monsters = n.monsters.filter((m) => !covers(m, at));
    n.hero_starts = n.hero_starts.filter((s) => s.x !== x || s.y !== y);
    return n;
  }
  if (d.markers.some((m) => m.x === x && m.y === y)) {
    n.markers = n.markers.filter((m) => m.x !== x || m.y !== y);
    return n;
  }
  return eraseSpace(d, at);
}

/** Change one element of a list (doors, markers, monsters) by index. */
export function updateItem<K extends "markers" | "monsters" | "hero_starts">(d: Draft, list: K, index: number, change: Partial<Draft[K][number]>): Draft {
  if (!d[list][index]) return d;
  const n = copy(d);
  Object.assign(n[list][index], change);
  return n;
}

export function updateDoor(d: Draft, index: number, change: Partial<DraftDoor>): Draft {
  if (!d.map.doors[index]) return d;
  const n = copy(d);
  Object.assign(n.map.doors[index], change);
  if (n.map.doors[index].kind === "normal") n.map.doors[index].colour = null;
  return n;
}

/** Remove one element of a list by index. */
export function removeItem(d: Draft, list: "markers" | "monsters" | "hero_starts" | "doors", index: number): Draft {
  const n = copy(d);
  if (list === "doors") n.map.doors.splice(index, 1);
  else n[list].splice(index, 1);
  return n;
}

/** Change the map's size; spaces and figures left outside are dropped. */
export function resize(d: Draft, width: number, height: number): Draft {
  const w = Math.max(1, Math.min(60, Math.floor(width))), h = Math.max(1, Math.min(60, Math.floor(height)));
  if (w === d.map.width && h === d.map.height) return d;
  let n = copy(d);
  n.map.width = w;
  n.map.height = h;
  for (const s of d.map.spaces) if (s.x >= w || s.y >= h) n = eraseSpace(n, [s.x, s.y]);
  n.monsters = n.monsters.filter((m) => m.x + m.w <= w && m.y + m.h <= h);
  n.markers = n.markers.filter((m) => m.x < w && m.y < h);
  n.hero_starts = n.hero_starts.filter((s) => s.x < w && s.y < h);
  return n;
}

/** Change a field of the quest part (a dotted path: "goals.heroes.text"). */
export function setQuestField(d: Draft, path: string, value: unknown): Draft {
  const n = copy(d);
  const keys = path.split(".");
  let at: Record<string, unknown> = n.quest as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) {
    if (typeof at[k] !== "object" || at[k] === null) at[k] = {};
    at = at[k] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1];
  if (value === undefined) delete at[last];
  else at[last] = value;
  return n;
}
