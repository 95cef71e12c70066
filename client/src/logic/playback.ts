// The events between two messages, played back one at a time: what each event shows on the board,
// the queue that paces them, and the summary of an automated stretch.
import type { LogEvent, Show, XY } from "../protocol/types";

/** What an event shows on the board: the server's `show` field, or (older servers) one derived
 * from the engine's event kind and data. */
export function showOf(e: LogEvent): Show | null {
  if (e.show) return e.show;
  const d = (e.data ?? {}) as Record<string, unknown>;
  const fig = (d.figure ?? d.hero ?? d.monster) as string | undefined;
  switch (e.kind) {
    case "figure_moved":
    case "jumped":
    case "took_stairs":
    case "knocked_back":
      return typeof d.x === "number" && typeof d.y === "number" ? { type: "move", figure: fig, from: null, to: [d.x, d.y as number] } : null;
    case "dice_rolled":
      return Array.isArray(d.faces) ? { type: "dice", figure: fig, faces: d.faces as string[] } : null;
    case "wounds_suffered":
      return { type: "wounds", figure: fig, wounds: Number(d.wounds ?? d.amount ?? 0), left: d.left as number | undefined };
    case "figure_killed":
    case "hero_killed":
    case "monster_killed":
      return { type: "kill", figure: fig, by: (d.by ?? d.killer ?? d.attacker ?? null) as string | null };
    case "trap_hit":
    case "trap_sprung":
      return { type: "trap", card: d.card as string | undefined, figure: fig };
    case "round_started":
      return { type: "round", round: Number(d.round ?? 0) };
    case "overlord_turn_started":
      return { type: "turn", turn: "overlord", turn_name: "Overlord" };
    case "game_over":
      return { type: "end", winner: d.winner as string | undefined };
    default:
      return null;
  }
}

/** How long a step takes at speed 1 (ms); 0 means it is shown without waiting. */
export function stepDuration(s: Show): number {
  switch (s.type) {
    case "move": case "place": return 260;
    case "attack": return 320;
    case "dice": return 700;
    case "wounds": return 550;
    case "condition": return 300;
    case "kill": case "trap": case "end": return 900;
    case "turn": case "round": return 350;
    default: return 0;
  }
}

export interface Step { event: LogEvent; show: Show; ms: number }

/** The steps worth playing among new events (the rest only go to the log). */
export function stepsOf(events: LogEvent[], speed: number): Step[] {
  const out: Step[] = [];
  for (const event of events) {
    const show = showOf(event);
    if (!show) continue;
    const ms = speed <= 0 ? 0 : Math.round(stepDuration(show) / speed);
    out.push({ event, show, ms });
  }
  return out;
}

/** Where each figure stood before a stretch of moves: a figure's first move starts where the
 * previous message had it (or at its `from`). */
export function startPositions(steps: Step[], before: Map<string, XY>): Map<string, XY> {
  const out = new Map<string, XY>();
  for (const { show } of steps) {
    if ((show.type !== "move" && show.type !== "place") || !show.figure || out.has(show.figure)) continue;
    const from = show.from ?? before.get(show.figure);
    if (from) out.set(show.figure, from);
  }
  return out;
}

/** A queue of steps played one after another; `skip()` ends the current stretch at once. */
export class PlaybackQueue {
  private skipping = false;
  constructor(private readonly wait: (ms: number) => Promise<void>) {}

  skip(): void { this.skipping = true; }

  async play(steps: Step[], apply: (s: Step) => void): Promise<void> {
    this.skipping = false;
    for (const s of steps) {
      if (this.skipping) break;
      apply(s);
      if (s.ms > 0) await this.wait(s.ms);
    }
    this.skipping = false;
  }
}

export interface StretchSummary { lines: string[]; kills: number; wounds: number; moves: number; conquest: number }

/** A short account of a stretch of events the player did not choose (the overlord's turn,
 * interrupts, traps): who moved, attacked, was wounded or killed, and what conquest did. */
export function summarise(events: LogEvent[], nameOf: (id: string) => string): StretchSummary {
  const wounds = new Map<string, number>();
  const movers = new Set<string>();
  const told: string[] = [];  // kills and traps, in order
  const named = new Map<string, string>();  // a figure killed meanwhile has left the names: its events name it
  let kills = 0, total = 0, conquest = 0, moves = 0;
  for (const e of events) {
    const s = showOf(e);
    if (!s) continue;
    if (s.type === "move" && s.figure) { movers.add(s.figure); moves += 1; }
    if (s.type === "wounds" && s.figure) {
      wounds.set(s.figure, (wounds.get(s.figure) ?? 0) + (s.wounds ?? 0));
      total += s.wounds ?? 0;
      const who = e.text.split(" suffers ")[0];
      if (who && who !== e.text) named.set(s.figure, who);
    }
    if (s.type === "kill") { kills += 1; told.push(e.text); }
    if (s.type === "trap") told.push(e.text);
    if (s.type === "conquest") conquest += s.amount ?? 0;
  }
  const name = (id: string) => { const n = nameOf(id); return n !== id ? n : named.get(id) ?? n; };
  // in the order things happen to a figure: it moves, is wounded, then may die
  const lines = movers.size ? [`${[...movers].map(name).join(", ")} moved.`] : [];
  for (const [fig, n] of wounds) lines.push(`${name(fig)} suffered ${n} wound${n === 1 ? "" : "s"}.`);
  lines.push(...told);
  if (conquest) lines.push(`Conquest ${conquest > 0 ? "+" : ""}${conquest}.`);
  return { lines, kills, wounds: total, moves, conquest };
}
