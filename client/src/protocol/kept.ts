// The seats this browser holds. The server lists only the games whose seat tokens a browser
// presents (header X-Seat-Tokens), so the lobby keeps every token it is given: the links of the
// games it starts, and the link a table page was opened with (an invitation from a friend).

export interface KeptSeat { id: string; name: string; token: string }

const KEY = "delve.seats";
const MOST = 100; // the server reads at most 100 tokens

export function keptSeats(store: Pick<Storage, "getItem"> = localStorage): KeptSeat[] {
  try {
    const rows: unknown = JSON.parse(store.getItem(KEY) ?? "[]");
    return Array.isArray(rows) ? rows.filter((r): r is KeptSeat => typeof r?.token === "string" && typeof r?.id === "string") : [];
  } catch {
    return [];
  }
}

/** Remember these seats, newest first, without duplicates, at most ``MOST``. */
export function keepSeats(seats: KeptSeat[], store: Pick<Storage, "getItem" | "setItem"> = localStorage): KeptSeat[] {
  const rows = [...seats, ...keptSeats(store)];
  const seen = new Set<string>();
  const kept = rows.filter((s) => !seen.has(s.token) && seen.add(s.token)).slice(0, MOST);
  store.setItem(KEY, JSON.stringify(kept));
  return kept;
}

/** The header that lists this browser's games. */
export function seatTokensHeader(seats: KeptSeat[]): Record<string, string> {
  return seats.length ? { "X-Seat-Tokens": seats.map((s) => s.token).join(",") } : {};
}

export const HOST = "Host"; // the name the lobby keeps a host link under (as GET /api/games lists it)

/** Forget a seat whose link was replaced (re-issued by the host). */
export function forgetSeat(token: string, store: Pick<Storage, "getItem" | "setItem"> = localStorage): void {
  store.setItem(KEY, JSON.stringify(keptSeats(store).filter((s) => s.token !== token)));
}

/** The host token this browser holds for a game, or null. */
export function hostToken(gameId: string, store: Pick<Storage, "getItem"> = localStorage): string | null {
  return keptSeats(store).find((s) => s.id === gameId && s.name === HOST)?.token ?? null;
}
