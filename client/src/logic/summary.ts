// The end-of-quest summary: the server's, or (older servers) one counted from the log.
import type { LogEvent, StateMessage, Summary } from "../protocol/types";
import { showOf } from "./playback";

export function summaryOf(state: StateMessage, log: LogEvent[], nameOf: (id: string) => string): Summary | null {
  if (state.summary) return state.summary;
  if (!state.winner) return null;
  const rows = new Map<string, { id: string; name: string; side: string; kills: number; deaths: number }>();
  const row = (id: string) => {
    let r = rows.get(id);
    if (!r) {
      const f = state.figures.find((g) => g.id === id);
      r = { id, name: nameOf(id), side: f ? (f.kind === "hero" ? "heroes" : "overlord") : id.startsWith("hero") ? "heroes" : "overlord", kills: 0, deaths: 0 };
      rows.set(id, r);
    }
    return r;
  };
  for (const f of state.figures.filter((g) => g.kind === "hero")) row(f.id);
  const conquest: { round: number; value: number }[] = [];
  let reason = "";
  for (const e of log) {
    const s = showOf(e);
    if (s?.type === "kill" && s.figure) {
      row(s.figure).deaths += 1;
      if (s.by) row(s.by).kills += 1;
    }
    if (s?.type === "conquest" && s.total !== undefined) conquest.push({ round: e.round ?? 0, value: s.total });
    if (e.kind === "game_over") reason = e.text;
  }
  const figures = [...rows.values()].filter((r) => r.side === "heroes" || r.kills > 0);
  return {
    winner: state.winner, reason, rounds: state.round, conquest, figures,
    monsters_killed: [...rows.values()].filter((r) => r.side !== "heroes").reduce((n, r) => n + r.deaths, 0),
    heroes_died: [...rows.values()].filter((r) => r.side === "heroes").reduce((n, r) => n + r.deaths, 0),
  };
}

/** "the heroes win" / "the overlord wins": the winning side in a sentence. */
export function winsText(winner: string): string {
  return winner === "overlord" ? "the overlord wins" : `the ${winner} win`;
}
