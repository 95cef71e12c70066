// Folding state messages into what the page shows. Pure functions: unit-tested without a browser.
import type { Catalog, LogEvent, StateMessage } from "./types";

export interface Received {
  state: StateMessage;
  log: LogEvent[];     // every visible event so far, oldest first
  fresh: LogEvent[];   // the events this message added (played back on the board)
}

/** Folds a state message into the previous one: the server sends the board only when it changed
 * (`board: null`) and the log only from `log_from` on (0 restarts it, e.g. after an undo). */
export function merge(prev: Received | null, msg: StateMessage): Received {
  const board = msg.board ?? prev?.state.board ?? null;
  const state: StateMessage = { ...msg, board };
  const restart = !prev || msg.log_from === 0;
  const base = restart ? [] : prev.log.slice(0, msg.log_from);
  const numbered = msg.log.map((e, i) => (e.n === undefined ? { ...e, n: msg.log_from + i } : e));
  const log = base.concat(numbered);
  // After an undo the log restarts shorter: nothing new to play back.
  const known = prev ? prev.log.length : log.length;
  const fresh = log.length > known ? log.slice(known) : [];
  return { state, log, fresh };
}

/** A display name for any id a person may meet: the message's names, then the catalogue, then
 * the figures; the id itself as the last resort (an older server sends no names). */
export function nameOf(id: string | null | undefined, state: StateMessage | null, catalog: Catalog | null): string {
  if (!id) return "";
  const fromNames = state?.names?.[id];
  if (fromNames) return fromNames;
  const fig = state?.figures.find((f) => f.id === id);
  if (fig) return fig.name;
  const seat = state?.seats?.[id];
  if (seat) {
    if (id === "overlord") return "the overlord";
    const heroes = (seat.heroes ?? []).map((h) => state?.figures.find((f) => f.id === h)?.name ?? h);
    if (heroes.length) return heroes.join(" and ");
  }
  if (id === "overlord") return "the overlord";
  if (id === "table") return "the table (dice)";
  if (catalog) {
    for (const table of [catalog.items, catalog.monsters, catalog.overlord_cards, catalog.familiars, catalog.skills,
                         catalog.heroes, catalog.named_monsters, catalog.glossary]) {
      const entry = table?.[id];
      if (entry) return entry.name;
    }
  }
  return id.replace(/[-_]/g, " ");
}
