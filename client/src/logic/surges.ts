// Spending surges and enhancements one at a time. The server offers every legal combination as
// one choice (`spend:<to_range>:<buys>`, data {to_range, buys}); the panel lets a player build the
// combination a step at a time ("+1 range", "buy +1 damage") and sends the combination reached.
// Only steps that lead to an offered combination are shown, so nothing illegal can be built.
import type { Choice } from "../protocol/types";

export interface Spend { id: string; toRange: number; buys: number[]; label: string }
export interface SpendState { toRange: number; buys: number[] }
export interface SpendStep { label: string; next: SpendState; id: string }

/** The combinations, or null when the choices are not all spendings (the plain list is shown). */
export function parseSpends(choices: Choice[]): Spend[] | null {
  const out: Spend[] = [];
  for (const c of choices) {
    const d = c.data ?? {};
    if (!c.id.startsWith("spend:") || typeof d.to_range !== "number" || !Array.isArray(d.buys)) return null;
    out.push({ id: c.id, toRange: d.to_range, buys: (d.buys as unknown[]).map(Number), label: c.label });
  }
  return out.length ? out : null;
}

const same = (a: SpendState, b: SpendState): boolean =>
  a.toRange === b.toRange && a.buys.length === b.buys.length && a.buys.every((n, i) => n === b.buys[i]);

export function find(spends: Spend[], s: SpendState): Spend | undefined {
  return spends.find((c) => same(c, s));
}

/** What each surge ability buys, read from the combinations that buy it alone. */
export function abilityNames(spends: Spend[]): string[] {
  const width = Math.max(0, ...spends.map((s) => s.buys.length));
  return Array.from({ length: width }, (_, i) => {
    const alone = spends.find((s) => s.buys[i] === 1 && s.buys.every((n, j) => j === i || n === 0));
    const m = alone ? /; buy 1x (.*)$/.exec(alone.label) : null;
    return m ? readableAbility(m[1]) : `surge ability ${i + 1}`;
  });
}

/** A surge ability as the engine labels it, its cost first ("2:+2 damage"), in words: "+2 damage
 * (2 surges)". Labels without a cost are kept as they are. */
export function readableAbility(label: string): string {
  const m = /^(\d+):\s*(.+)$/.exec(label);
  if (!m) return label;
  const cost = Number(m[1]);
  return `${m[2]} (${cost} surge${cost === 1 ? "" : "s"})`;
}

/** A spend choice's label in a player's words: the bought surge abilities as `readableAbility`
 * writes them ("...; buy 1x 2:+2 damage" -> "...; buy +2 damage (2 surges)"). The hint and the
 * "why?" tables show spend choices by their labels; the spend panel builds its own words. */
export function readableSpendLabel(label: string): string {
  const at = label.indexOf("; buy ");
  if (at < 0) return label;
  const bought = label.slice(at + 6).split(/, (?=\d+x )/).map((part) => {
    const m = /^(\d+)x (.+)$/.exec(part);
    if (!m) return part;
    return m[1] === "1" ? readableAbility(m[2]) : `${m[1]} times ${readableAbility(m[2])}`;
  });
  return `${label.slice(0, at)}; buy ${bought.join(", ")}`;
}

/** The starting point: nothing bought, nothing to range (or the smallest offered combination). */
export function start(spends: Spend[]): SpendState {
  const width = Math.max(0, ...spends.map((s) => s.buys.length));
  const zero = { toRange: 0, buys: Array(width).fill(0) };
  if (find(spends, zero)) return zero;
  const least = [...spends].sort((a, b) => a.toRange + a.buys.reduce((x, y) => x + y, 0) - (b.toRange + b.buys.reduce((x, y) => x + y, 0)))[0];
  return { toRange: least.toRange, buys: [...least.buys] };
}

/** The single steps from a state that reach an offered combination. */
export function stepsFrom(spends: Spend[], s: SpendState, names: string[]): SpendStep[] {
  const out: SpendStep[] = [];
  const range = { toRange: s.toRange + 1, buys: s.buys };
  const r = find(spends, range);
  if (r) out.push({ label: "+1 enhancement to range", next: range, id: r.id });
  s.buys.forEach((n, i) => {
    const next = { toRange: s.toRange, buys: s.buys.map((m, j) => (j === i ? m + 1 : m)) };
    const hit = find(spends, next);
    if (hit) out.push({ label: `buy ${names[i]}`, next, id: hit.id });
  });
  return out;
}
