// The hint and the "why?" dialog read one shape: an automated player's explanation as the
// server presents it for a person (``delve.web.advice``): who decided, the choice by its label,
// what the scores mean, one line of reason, and every option as a row (``top``: the few shown
// first; the rest behind a toggle). The server decides what a seat may learn; the page only
// shows what it is sent.
import type { StateMessage } from "../protocol/types";
import { readableSpendLabel } from "./surges";

export interface AdviceRow {
  choice: string; label: string; value: number | null; score: string; said: string; marks: string[]; top: boolean;
}

export interface Advice {
  seat: string; kind: string; player: string; who: string; winner: string; winner_label: string;
  ties: string[]; tie_labels: string[]; meaning: string; rule: string; reason: string;
  rows: AdviceRow[]; more: number; more_why: string; margin: number; note?: string;
}

/** The rows to show: the top ones, or all of them once the person asked for more. */
export function shownRows(a: Pick<Advice, "rows">, all: boolean): AdviceRow[] {
  return all ? a.rows : a.rows.filter((r) => r.top);
}

/** The toggle's words: "31 more options (lower scores)"; "" when there is nothing more. */
export function moreText(a: Pick<Advice, "more" | "more_why">): string {
  if (!a.more) return "";
  return `${a.more} more option${a.more === 1 ? "" : "s"} (${a.more_why})`;
}

/** Whether a scores column is worth showing (some row has a score). */
export function hasScores(a: Pick<Advice, "rows">): boolean {
  return a.rows.some((r) => r.score !== "");
}

/** A server's error as a sentence: capitalised, with a full stop. */
export function sentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  const s = t[0].toUpperCase() + t.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

type HintState = Pick<StateMessage, "pending" | "table"> | null;

/** Whether the Hint button shows: the person's own pending decision, on their own side's
 *  screen (hot-seat: not while the screen is being passed, not on the other side's), and not
 *  during a replay or a playback. */
export function canAskHint(state: HintState,
                           flags: { replaying: boolean; playing: boolean; handover: unknown; sending?: boolean }): boolean {
  const p = state?.pending;
  if (!p || !p.yours || !p.choices?.length) return false;
  // sending: the person's choice is in and its answer is slow to come (the decision shown is spent)
  if (flags.replaying || flags.playing || flags.handover || flags.sending) return false;
  const side = state?.table?.side;
  return !side || !p.side || p.side === side;
}

/** Advice with its spend choices' labels in words (`readableSpendLabel`): the engine's label
 * names a surge ability by its cost and effect ("1x 2:+2 damage"). */
export function readableAdvice<T extends Advice>(a: T): T {
  const words = (id: string, label: string): string => ((id ?? "").startsWith("spend:") ? readableSpendLabel(label) : label);
  return {
    ...a,
    winner_label: words(a.winner ?? "", a.winner_label ?? ""),
    tie_labels: (a.tie_labels ?? []).map((label, i) => words(a.ties?.[i] ?? "", label)),
    rows: (a.rows ?? []).map((r) => ({ ...r, label: words(r.choice, r.label) })),
  };
}

/** The server's hint for the person's pending decision. */
export async function askHint(gameId: string, token: string): Promise<Advice> {
  const res = await fetch(`/api/games/${gameId}/hint`, { headers: { "X-Seat-Token": token } });
  const body = await res.json();
  if (!res.ok) throw new Error(sentence(body.error ?? `${res.status}`));
  return readableAdvice(body as Advice);
}
