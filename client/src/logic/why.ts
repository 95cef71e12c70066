// "Why did the automated player do that": which log entries may ask, the server's answer, and
// how its options read. The server decides what a seat may learn (docs/web.md, "Why did the
// overlord do that"); the page only shows what it is sent.
import type { LogEvent, StateMessage } from "../protocol/types";

/** Entries that follow an automated player's own decision (an activation, a move, an attack,
 *  a spawn, a card played); other entries would follow the rules or a person. */
export const WHY_KINDS = new Set(["monster_activated", "figure_moved", "attack_declared", "monster_spawned", "monster_placed", "card_played"]);

export interface WhyOption { choice: string; label: string; value: number | null; details: Record<string, unknown> }

export interface WhyAnswer {
  seat: string; kind: string; player: string; measure: string; winner: string; ties: string[];
  options: WhyOption[]; chosen: string; chosen_label: string; step: number; filtered: boolean; margin: number; note?: string;
}

/** The automated seat whose turn an entry belongs to, or null (a person's turn, setup...). */
export function automatedSeatOf(e: LogEvent, state: Pick<StateMessage, "seats" | "table"> | null): string | null {
  const automated = state?.table?.automated ?? [];
  if (e.turn === "overlord") return automated.includes("overlord") ? "overlord" : null;
  if (e.kind === "card_played") return automated.includes("overlord") ? "overlord" : null;  // trap and event windows fall in the heroes' turns
  if (!e.turn) return null;
  const seat = Object.entries(state?.seats ?? {}).find(([, s]) => s.heroes?.includes(e.turn as string));
  return seat && automated.includes(seat[0]) ? seat[0] : null;
}

/** Whether an entry gets a "why?" button. */
export function canAskWhy(e: LogEvent, state: Pick<StateMessage, "seats" | "table"> | null): boolean {
  return typeof e.n === "number" && WHY_KINDS.has(e.kind) && automatedSeatOf(e, state) !== null;
}

/** The server's explanation of the decision behind entry ``n`` of this person's log. */
export async function askWhy(gameId: string, token: string, n: number): Promise<WhyAnswer> {
  const res = await fetch(`/api/games/${gameId}/why?event=${n}`, { headers: { "X-Seat-Token": token } });
  const body = await res.json();
  if (!res.ok) throw new Error(body.error ?? `${res.status}`);
  return body as WhyAnswer;
}

/** An option's value as a short figure ("1.42", "-3"), or "" when the player gave none. */
export function valueText(v: number | null): string {
  if (v === null || v === undefined) return "";
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}

/** The figures behind a value, as "expected wounds 1.4, kill 30%" (ids read by ``name``). */
export function detailsText(d: Record<string, unknown>, name: (id: string) => string = (id) => id): string {
  return Object.entries(d ?? {})
    .filter(([, v]) => typeof v === "number" || typeof v === "string")
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${k === "kill" && typeof v === "number" ? `${Math.round(v * 100)}%` : typeof v === "string" ? name(v) : v}`)
    .join(", ");
}

/** How an option stands: the winner, the choice on record, a tie with the winner. */
export function marksOf(o: WhyOption, a: WhyAnswer): string[] {
  const marks: string[] = [];
  if (o.choice === a.chosen) marks.push("chosen");
  if (o.choice === a.winner && a.winner !== a.chosen) marks.push("best now");
  if (a.ties.includes(o.choice)) marks.push("tie");
  return marks;
}
