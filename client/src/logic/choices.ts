// Sorting the server's legal choices into what the board shows and what the panel lists.
// No rule is decided here: every highlight is one of the choices received.
import type { Choice, Pending, XY } from "../protocol/types";
import { key } from "./geometry";

export interface BoardTarget { cell: string; x: number; y: number; w: number; h: number; choices: Choice[]; attack: boolean }

/** The space a choice points at, from `target.space` or the older `data.x`/`data.y`. */
export function spaceOf(c: Choice): XY | null {
  if (c.target?.space) return c.target.space;
  const d = c.data;
  if (d && typeof d.x === "number" && typeof d.y === "number") return [d.x, d.y];
  return null;
}

export const isAttack = (c: Choice): boolean => /^(attack|breath|bolt|blast|familiar:attack):/.test(c.id);

/** Choices that point at a space become board targets, grouped by space. */
export function boardTargets(p: Pending | null): Map<string, BoardTarget> {
  const out = new Map<string, BoardTarget>();
  if (!p || !p.yours || !p.choices) return out;
  for (const c of p.choices) {
    const s = spaceOf(c);
    if (!s) continue;
    const k = key(s[0], s[1]);
    const d = c.data ?? {};
    let t = out.get(k);
    if (!t) {
      t = { cell: k, x: s[0], y: s[1], w: Number(d.w ?? 1), h: Number(d.h ?? 1), choices: [], attack: false };
      out.set(k, t);
    }
    t.choices.push(c);
    if (isAttack(c)) t.attack = true;
  }
  return out;
}

export interface ChoiceGroup { name: string; choices: Choice[] }

const GROUPS: [string, RegExp][] = [
  ["Attacks", /^(attack|breath|bolt|blast):/],
  ["Actions", /^action:/],
  ["Spend surges", /^spend:/],
  ["Moves", /^fatigue:move$/],  // fatigue spent for a movement point is a move, not a die
  ["Dice", /^(die|face|enter|roll|power|fatigue)/],
  ["Cards", /^(play|discard|add|card|treachery|trap):/],
  ["Shopping", /^(buy|sell|shop)/],
  ["Equipment", /^(equip|unequip|swap|place:|pack|drop|give|cursed)/],
  ["Moves", /^(move|step|jump|land|knockback|push|pull|familiar)/],
];

/** The panel's list: choices grouped by what they do, in the server's order within a group. */
export function groupChoices(choices: Choice[]): ChoiceGroup[] {
  const groups = new Map<string, Choice[]>();
  for (const c of choices) {
    const name = GROUPS.find(([, re]) => re.test(c.id))?.[0] ?? "Other";
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name)!.push(c);
  }
  return [...groups].map(([name, list]) => ({ name, choices: list }));
}

/** Surge spending: the server offers every combination; the panel shows them ordered by what
 * they buy (fewest surges first), so a player builds the spend one surge at a time. */
export function spendSteps(choices: Choice[]): Choice[] {
  const spent = (c: Choice): number => {
    const m = /^spend:[^:]*:(.*)$/.exec(c.id);
    return m && m[1] ? m[1].split(",").filter(Boolean).length : 0;
  };
  return [...choices].sort((a, b) => spent(a) - spent(b));
}

/** The single choice to send when a board space is clicked, or null when the player must pick
 * between several choices at that space. */
export function soleChoice(t: BoardTarget): Choice | null {
  return t.choices.length === 1 ? t.choices[0] : null;
}
