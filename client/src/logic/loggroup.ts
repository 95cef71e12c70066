// The log in game order, grouped by round and turn, with filters by what an event is about.
import type { LogEvent } from "../protocol/types";

export type Category = "combat" | "movement" | "cards" | "quest" | "other";

const CATEGORY: [Category, RegExp][] = [
  // "kill" as a word of the kind (figure_killed), not inside "skill" (skill_gained is a card)
  ["combat", /attack|wound|(^|_)kill|dice|roll|damage|stun|bleed|poison|burn|immune|dodge|guard/],
  ["movement", /move|jump|stairs|place|knock|door|town/],
  ["cards", /card|trap|skill|treachery|spawn|power|event/],
  ["quest", /conquest|threat|glyph|round|game|quest|chest|treasure|coins|rune|relic|altar/],
];

export function categoryOf(e: LogEvent): Category {
  return CATEGORY.find(([, re]) => re.test(e.kind))?.[0] ?? "other";
}

/** Whether the log lists ``e`` under ``filter``: never an attack's roll repeated unchanged (the
 * server marks it ``repeat``: the roll's own line already shows those dice). */
export function listed(e: LogEvent, filter: Category | "all"): boolean {
  return !e.repeat && (filter === "all" || categoryOf(e) === filter);
}

export interface TurnGroup { turn: string; title: string; events: LogEvent[] }
export interface RoundGroup { round: number; title: string; turns: TurnGroup[] }

/** Rounds then turns, oldest first. Events without round/turn fields (older servers) are placed
 * by the round_started / *_turn_started events among them. */
export function groupLog(events: LogEvent[], keep: (e: LogEvent) => boolean = () => true): RoundGroup[] {
  const rounds: RoundGroup[] = [];
  let round = 0;
  let turn = "setup", title = "Setup";
  for (const e of events) {
    const d = (e.data ?? {}) as Record<string, unknown>;
    if (e.round !== undefined) round = e.round;
    else if (e.kind === "round_started") round = Number(d.round ?? round + 1);
    if (e.turn !== undefined) {
      // between turns the server names the round ("Round 1"): the round's own heading says that
      turn = e.turn ?? "between";
      title = e.turn ? e.turn_name ?? e.turn : round === 0 ? "Setup" : "Between turns";
    } else if (e.kind === "hero_turn_started") {
      turn = String(d.hero ?? "hero");
      title = e.text.replace(/'s turn begins\.?$/, "");
    } else if (e.kind === "overlord_turn_started") {
      turn = "overlord"; title = "Overlord";
    } else if (e.kind === "round_started") {
      turn = "between"; title = "Start of the round";
    }
    if (!keep(e)) continue;
    let r = rounds[rounds.length - 1];
    if (!r || r.round !== round) {
      r = { round, title: round === 0 ? "Setup" : `Round ${round}`, turns: [] };
      rounds.push(r);
    }
    let t = r.turns[r.turns.length - 1];
    if (!t || t.turn !== turn || t.title !== title) {
      t = { turn, title, events: [] };
      r.turns.push(t);
    }
    t.events.push(e);
  }
  return rounds;
}
