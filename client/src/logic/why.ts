// "Why did the automated player do that": which log entries may ask, the server's answer, and
// how its options read. The server decides what a seat may learn (docs/web.md, "Why did the
// overlord do that"); the page only shows what it is sent.
import type { LogEvent, StateMessage } from "../protocol/types";
import { readableAdvice, sentence, type Advice } from "./advice";
import { readableSpendLabel } from "./surges";

/** Entries that follow an automated player's own decision (an activation, a move, an attack,
 *  a spawn, a card played); other entries would follow the rules or a person. */
export const WHY_KINDS = new Set(["monster_activated", "figure_moved", "attack_declared", "monster_spawned", "monster_placed", "card_played"]);

/** The server's answer: an explanation as presented for a person (``Advice``), with the choice on record. */
export interface WhyAnswer extends Advice {
  chosen: string; chosen_label: string; step: number; filtered: boolean;
}

/** The seat holding hero ``id`` (its figure id), or null for a monster or anything else. */
function heroSeatOf(id: unknown, state: Pick<StateMessage, "seats"> | null): string | null {
  if (typeof id !== "string") return null;
  const seat = Object.entries(state?.seats ?? {}).find(([, s]) => s.heroes?.includes(id));
  return seat ? seat[0] : null;
}

/** The automated seat whose decision an entry follows, or null (a person's decision, setup...).
 *  The figure that acts decides first: a hero striking on a guard order in the overlord's turn
 *  follows its own seat's decision, not the overlord's. Which seats are automated is public. */
export function automatedSeatOf(e: LogEvent, state: Pick<StateMessage, "seats" | "table"> | null): string | null {
  const automated = state?.table?.automated ?? [];
  const data = (e.data ?? {}) as Record<string, unknown>;
  const actor = heroSeatOf(data.attacker ?? data.figure, state);
  if (actor !== null && e.kind !== "card_played") return automated.includes(actor) ? actor : null;
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
  if (!res.ok) throw new Error(sentence(body.error ?? `${res.status}`));
  const why = readableAdvice(body as WhyAnswer);
  return (why.chosen ?? "").startsWith("spend:") ? { ...why, chosen_label: readableSpendLabel(why.chosen_label) } : why;
}
