// The game chat's lines: the last lines each state message carries merged with the whole list
// fetched once, by line number; and the server's refusals in words.

import type { ChatLine } from "../protocol/types";

export type { ChatLine };

export const KEPT = 200;

/** Both lists, one line per number, oldest first, at most KEPT. */
export function mergeChat(kept: ChatLine[], fresh: ChatLine[] | undefined): ChatLine[] {
  if (!fresh?.length) return kept;
  const byN = new Map(kept.map((l) => [l.n, l]));
  for (const line of fresh) byN.set(line.n, line);
  return [...byN.values()].sort((a, b) => a.n - b.n).slice(-KEPT);
}

/** What to tell the person when a line is refused. */
export function chatError(status: number, serverText: string): string {
  if (status === 429) return "Slow down: at most 5 lines in 10 seconds. Try again in a moment.";
  if (status === 422) return "That line is too long: at most 300 characters.";
  if (status === 403) return "This link can no longer chat (it was replaced or is a host link).";
  return serverText || "The line was not sent.";
}
