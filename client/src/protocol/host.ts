// The host link's requests (docs/client-protocol.md): who holds which link and whether they are
// connected, a new link for a person (the old one is refused from then on), spectator links.

export interface PersonRow { index: number; name: string; seats: string[]; connected: boolean }
export interface Link { name: string; seats: string[]; url: string }

async function call<T>(gameId: string, hostToken: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/api/games/${gameId}/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "X-Seat-Token": hostToken, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.error ?? `The server answered ${res.status}.`);
  return data as T;
}

export const listPeople = (gameId: string, host: string): Promise<PersonRow[]> => call(gameId, host, "people");
export const reissue = (gameId: string, host: string, person: number): Promise<Link> => call(gameId, host, "reissue", { person });
export const addSpectator = (gameId: string, host: string, name: string): Promise<Link> => call(gameId, host, "spectators", { name });

/** Whether ``token`` is a game's host link (the host page, not the table, then opens). */
export async function isHostLink(gameId: string, token: string): Promise<boolean> {
  try {
    await listPeople(gameId, token);
    return true;
  } catch {
    return false;
  }
}
