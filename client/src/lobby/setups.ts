// The setups of the games this browser started (the request each was made with), so that "My
// games" can show a game's seed and start it again for a rematch. Only the starting browser
// knows them: the server lists no seed (it decides the overlord's draws too).

const KEY = "delve.setups";
const MOST = 100;

type Store = Pick<Storage, "getItem" | "setItem">;

export function keptSetups(store: Pick<Storage, "getItem"> = localStorage): Record<string, Record<string, unknown>> {
  try {
    const all: unknown = JSON.parse(store.getItem(KEY) ?? "{}");
    return all && typeof all === "object" && !Array.isArray(all) ? (all as Record<string, Record<string, unknown>>) : {};
  } catch {
    return {};
  }
}

/** Remember the request a game was started with (newest first, at most MOST games). */
export function keepSetup(gameId: string, body: Record<string, unknown>, store: Store = localStorage): void {
  const rest = Object.entries(keptSetups(store)).filter(([id]) => id !== gameId).slice(0, MOST - 1);
  store.setItem(KEY, JSON.stringify(Object.fromEntries([[gameId, body], ...rest])));
}
