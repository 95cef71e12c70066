// Finding the game objects an event or label mentions, so that each mention opens its card.
import type { CardKind, CardRef, LogEvent } from "../protocol/types";

export interface Segment { text: string; ref?: CardRef }

const DATA_KINDS: [string, CardKind][] = [
  ["figure", "hero"], ["hero", "hero"], ["target", "hero"], ["attacker", "hero"], ["monster", "hero"],
  ["item", "item"], ["weapon", "item"], ["card", "overlord"], ["skill", "skill"], ["familiar", "familiar"],
];

/** The ids an event's data names, with the card kind each opens ("hero" stands for any figure:
 * the card view shows a hero sheet or a monster card by the figure's kind). */
export function mentionsOf(data: Record<string, unknown> | null | undefined, target?: Record<string, unknown>): CardRef[] {
  const out: CardRef[] = [];
  for (const source of [target, data]) {
    if (!source) continue;
    for (const [field, kind] of DATA_KINDS) {
      const v = source[field];
      if (typeof v === "string" && !out.some((r) => r.id === v)) out.push({ kind, id: v });
    }
  }
  return out;
}

/** Splits a text into plain parts and the parts that name a mentioned object (longest names
 * first, each name linked where it appears). */
export function linkify(text: string, named: { name: string; ref: CardRef }[]): Segment[] {
  const usable = named.filter((n) => n.name.length > 1).sort((a, b) => b.name.length - a.name.length);
  let segments: Segment[] = [{ text }];
  for (const n of usable) {
    const next: Segment[] = [];
    for (const s of segments) {
      if (s.ref) { next.push(s); continue; }
      const parts = s.text.split(n.name);
      parts.forEach((p, i) => {
        if (i > 0) next.push({ text: n.name, ref: n.ref });
        if (p) next.push({ text: p });
      });
    }
    segments = next;
  }
  return segments;
}

/** The glossary key of a condition token (`bleed` -> `bleed-token`) or an order (`guard-order`). */
export const tokenKey = (token: string): string => `${token}-token`;
export const orderKey = (order: string): string => `${order}-order`;

/** The glossary entry a rulebook reference or ability name points at, if the glossary has one. */
export function glossaryKey(name: string | null | undefined, glossary: Record<string, unknown> | undefined): string | null {
  if (!name || !glossary) return null;
  const k = name.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
  for (const candidate of [k, k.replace(/_/g, "-"), k.replace(/_\d+$/, "")]) if (candidate in glossary) return candidate;
  return null;
}

export function eventMentions(e: LogEvent): CardRef[] {
  return mentionsOf(e.data as Record<string, unknown> | undefined);
}
