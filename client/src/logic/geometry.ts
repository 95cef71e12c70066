// Board geometry: board units per space, edges between spaces, and the zoom/pan view box.
import type { XY } from "../protocol/types";

export const CELL = 40;

export const key = (x: number, y: number): string => `${x},${y}`;

export function parseKey(k: string): XY {
  const [x, y] = k.split(",").map(Number);
  return [x, y];
}

/** The line drawn on the edge shared by two neighbouring spaces (walls and doors). */
export function edgeLine(a: XY, b: XY): { x1: number; y1: number; x2: number; y2: number } {
  const [ax, ay] = a, [bx, by] = b;
  if (ax !== bx) {
    const x = Math.max(ax, bx) * CELL;
    return { x1: x, y1: ay * CELL, x2: x, y2: ay * CELL + CELL };
  }
  const y = Math.max(ay, by) * CELL;
  return { x1: ax * CELL, y1: y, x2: ax * CELL + CELL, y2: y };
}

export interface View { x: number; y: number; w: number; h: number }

export interface Bounds { x0: number; y0: number; x1: number; y1: number }

/** The spaces' bounding box (in spaces, x1/y1 exclusive): a seat sees only revealed areas. */
export function boundsOf(spaces: { x: number; y: number }[], width: number, height: number): Bounds {
  if (!spaces.length) return { x0: 0, y0: 0, x1: width, y1: height };
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const s of spaces) {
    x0 = Math.min(x0, s.x); y0 = Math.min(y0, s.y); x1 = Math.max(x1, s.x + 1); y1 = Math.max(y1, s.y + 1);
  }
  return { x0, y0, x1, y1 };
}

/** The view box showing the spaces in `b` (with a half-space margin), at the aspect ratio of the
 * element that holds it so that the board fills the space it is given. `right`: pixels at the
 * box's right edge that controls cover (the zoom buttons): the spaces fit in the rest, so that
 * none lies under a button (on a phone a tap on such a space hit the button). */
export function fitView(b: Bounds, boxW: number, boxH: number, right = 0): View {
  const usable = right > 0 && boxW > 3 * right ? boxW - right : boxW;
  const v = fitWhole(b, usable, boxH);
  return usable === boxW ? v : { ...v, w: (v.w * boxW) / usable };
}

function fitWhole(b: Bounds, boxW: number, boxH: number): View {
  const bw = (b.x1 - b.x0) * CELL + CELL, bh = (b.y1 - b.y0) * CELL + CELL;
  const aspect = boxW > 0 && boxH > 0 ? boxW / boxH : bw / bh;
  let w = bw, h = bw / aspect;
  if (h < bh) { h = bh; w = bh * aspect; }
  const cx = ((b.x0 + b.x1) / 2) * CELL, cy = ((b.y0 + b.y1) / 2) * CELL;
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}

/** Zoom by `factor` (> 1 zooms in) keeping the board point under (fx, fy) (0..1 of the box) still. */
export function zoomAt(v: View, factor: number, fx = 0.5, fy = 0.5, minW = CELL * 3, maxW = CELL * 200): View {
  const w = Math.min(maxW, Math.max(minW, v.w / factor));
  const scale = w / v.w;
  const h = v.h * scale;
  const px = v.x + fx * v.w, py = v.y + fy * v.h;
  return { x: px - fx * w, y: py - fy * h, w, h };
}

/** Pan by a fraction of the view (dx, dy in view widths/heights). */
export function panBy(v: View, dx: number, dy: number): View {
  return { ...v, x: v.x + dx * v.w, y: v.y + dy * v.h };
}

/** The board space under a point given in board units, or null outside the grid. */
export function spaceAt(px: number, py: number, width: number, height: number): XY | null {
  const x = Math.floor(px / CELL), y = Math.floor(py / CELL);
  return x >= 0 && y >= 0 && x < width && y < height ? [x, y] : null;
}

/** Spaces a text names as "(x,y)": prompts and labels that name a space get it highlighted. */
export function spacesNamed(text: string | undefined | null): XY[] {
  if (!text) return [];
  const out: XY[] = [];
  for (const m of text.matchAll(/\((\d{1,3}),\s?(\d{1,3})\)/g)) out.push([Number(m[1]), Number(m[2])]);
  return out;
}
