// What a pointer on the editor's grid points at: a space, or the edge between two spaces.
// Why a band: a click near a grid line means the edge (walls, doors), anywhere else the space,
// so one tool can paint rooms and another their walls without a mode switch for edges.
import type { XY } from "../protocol/types";
import { CELL } from "../logic/geometry";

/** An edge by its two spaces, the smaller first (left before right, top before bottom). */
export type EdgeXY = [XY, XY];

/** The space under a board point (board units), whether or not it is inside the grid. */
export function spaceUnder(px: number, py: number): XY {
  return [Math.floor(px / CELL), Math.floor(py / CELL)];
}

/** The edge nearest to a board point: the upright one when the point is nearer a vertical line. */
export function edgeUnder(px: number, py: number): EdgeXY {
  const fx = px / CELL, fy = py / CELL;
  const dx = Math.abs(fx - Math.round(fx)), dy = Math.abs(fy - Math.round(fy));
  if (dx <= dy) {
    const x = Math.round(fx), y = Math.floor(fy);
    return [[x - 1, y], [x, y]];
  }
  const x = Math.floor(fx), y = Math.round(fy);
  return [[x, y - 1], [x, y]];
}

/** The edge under a point if it lies within `band` (a fraction of a space) of a grid line. */
export function edgeNear(px: number, py: number, band = 0.22): EdgeXY | null {
  const fx = px / CELL, fy = py / CELL;
  const d = Math.min(Math.abs(fx - Math.round(fx)), Math.abs(fy - Math.round(fy)));
  return d <= band ? edgeUnder(px, py) : null;
}

/** The edge put in order, so that one edge has one key. */
export function orderEdge(a: XY, b: XY): EdgeXY {
  return a[1] < b[1] || (a[1] === b[1] && a[0] < b[0]) ? [a, b] : [b, a];
}

export const edgeKey = (e: EdgeXY): string => {
  const [a, b] = orderEdge(e[0], e[1]);
  return `${a[0]},${a[1]}|${b[0]},${b[1]}`;
};

/** True for an upright edge (between left and right neighbours). */
export const upright = (e: EdgeXY): boolean => e[0][1] === e[1][1];

/** The door's partner edge: a door covers two edges side by side (docs/maps.md, Doors). Given
 * the edge clicked and where in it the pointer was (0..1 along it), the partner is the
 * neighbouring parallel edge on that side. */
export function doorPartner(e: EdgeXY, along: number): EdgeXY {
  const [a, b] = orderEdge(e[0], e[1]);
  const step = along >= 0.5 ? 1 : -1;
  if (upright([a, b])) return [[a[0], a[1] + step], [b[0], b[1] + step]];
  return [[a[0] + step, a[1]], [b[0] + step, b[1]]];
}

/** Where along an edge (0 at its top/left end, 1 at the other) a board point lies. */
export function alongEdge(e: EdgeXY, px: number, py: number): number {
  const [a] = orderEdge(e[0], e[1]);
  return upright(e) ? py / CELL - a[1] : px / CELL - a[0];
}

/** The spaces of a rectangle dragged from one space to another, corners included. */
export function rectSpaces(from: XY, to: XY): XY[] {
  const out: XY[] = [];
  for (let y = Math.min(from[1], to[1]); y <= Math.max(from[1], to[1]); y++)
    for (let x = Math.min(from[0], to[0]); x <= Math.max(from[0], to[0]); x++) out.push([x, y]);
  return out;
}
