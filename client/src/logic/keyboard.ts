// Moving between the board's highlighted spaces with the arrow keys (a roving focus): which
// target lies next in a direction. Only the server's legal targets are ever candidates.

export type Direction = "left" | "right" | "up" | "down";

export const ARROWS: Record<string, Direction> = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };

export interface Spot { cell: string; x: number; y: number }

const STEP: Record<Direction, [number, number]> = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] };

/** The target nearest to `from` in `direction`: ahead of it (along the direction) and within
 * 45 degrees of the axis first, else anywhere ahead; off-axis distance counts double, so the
 * focus keeps to a row or column when it can. null when nothing lies that way. */
export function nextSpot(spots: Spot[], from: string, direction: Direction): string | null {
  const here = spots.find((s) => s.cell === from);
  if (!here) return spots[0]?.cell ?? null;
  const [dx, dy] = STEP[direction];
  let best: { cell: string; score: number; cone: boolean } | null = null;
  for (const s of spots) {
    const along = (s.x - here.x) * dx + (s.y - here.y) * dy;
    if (along <= 0) continue;
    const across = Math.abs((s.x - here.x) * dy + (s.y - here.y) * dx);
    const cone = across <= along;
    const score = along + 2 * across;
    if (!best || (cone && !best.cone) || (cone === best.cone && score < best.score)) best = { cell: s.cell, score, cone };
  }
  return best?.cell ?? null;
}
