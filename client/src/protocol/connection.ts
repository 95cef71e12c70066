// The page's link to the table: one WebSocket (reconnecting) plus the small HTTP API, each request
// carrying the seat token read from the invitation link's "#" fragment.
import type { Catalog, StateMessage } from "./types";

export interface Link {
  choose(choice: string, serial: number): void;
  undo(): void;
  close(): void;
}

export interface LinkEvents {
  state(msg: StateMessage): void;
  error(text: string): void;
  status(connected: boolean): void;
}

/** What public/boot.js started before the bundle loaded: a socket that said hello, the messages
 * it buffered, and the catalogue's request. */
export interface Early { id: string; token: string; ws: WebSocket; opened: boolean; messages: string[]; catalog: Promise<Response | null> | null }

/** The early start for this game and token, taken once (a later connect opens its own socket). */
export function takeEarly(gameId: string, token: string, holder: { __delveEarly?: Early } = globalThis as never): Early | null {
  const early = holder.__delveEarly;
  delete holder.__delveEarly;
  return early && early.id === gameId && early.token === token ? early : null;
}

export function connect(gameId: string, token: string, logLength: () => number, on: LinkEvents, early: Early | null = null): Link {
  let ws: WebSocket | null = null;
  let closed = false;
  const receive = (data: unknown): void => {
    const msg = JSON.parse(String(data));
    if (msg.type === "state") on.state(msg as StateMessage);
    else if (msg.type === "error") on.error(String(msg.error));
  };
  const attach = (socket: WebSocket): void => {
    ws = socket;
    socket.onopen = () => { on.status(true); socket.send(JSON.stringify({ token, log_from: logLength() })); };
    socket.onmessage = (ev) => receive(ev.data);
    socket.onclose = () => {
      on.status(false);
      if (!closed) setTimeout(open, 1500);
    };
  };
  const open = (): void => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    attach(new WebSocket(`${proto}://${location.host}/ws/${gameId}`));
  };
  for (const data of early?.messages.splice(0) ?? []) receive(data);  // what came before the page was ready
  if (early && early.ws.readyState <= 1) {  // connecting or open: adopt it
    attach(early.ws);
    if (early.opened) on.status(true);  // its hello (log_from 0) is sent already
  } else {
    open();
  }
  const send = (data: unknown): void => {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(data));
    else on.error("Not connected: reconnecting...");
  };
  return {
    choose: (choice, serial) => send({ type: "choose", choice, serial }),
    undo: () => send({ type: "undo" }),
    close: () => { closed = true; ws?.close(); },
  };
}

export class Api {
  constructor(private readonly gameId: string, private readonly token: string) {}

  private async get<T>(path: string): Promise<T> {
    const res = await fetch(`/api/games/${this.gameId}${path}`, { headers: { "X-Seat-Token": this.token } });
    const body = await res.json();
    if (!res.ok) throw new Error(body.error ?? `${res.status}`);
    return body as T;
  }

  replay(step: number): Promise<StateMessage> { return this.get(`/replay?step=${step}`); }
  sight(figure: string): Promise<{ spaces: [number, number][] }> { return this.get(`/sight?figure=${encodeURIComponent(figure)}`); }

  /** The pack's catalogue, or null from a server that has none (the page then shows ids). */
  async catalog(early: Promise<Response | null> | null = null): Promise<Catalog | null> {
    try {
      const res = (await early) ?? await fetch(`/api/games/${this.gameId}/catalog`, { headers: { "X-Seat-Token": this.token } });
      return res.ok ? ((await res.json()) as Catalog) : null;
    } catch {
      return null;
    }
  }

  async settings(autoAnswer: boolean): Promise<void> { await this.changeSettings({ auto_answer: autoAnswer }); }

  /** Change this person's table settings (docs/client-protocol.md, "Standing answers"). */
  async changeSettings(changes: Record<string, boolean | number | null>): Promise<void> {
    await fetch(`/api/games/${this.gameId}/settings`, {
      method: "POST", headers: { "X-Seat-Token": this.token, "Content-Type": "application/json" },
      body: JSON.stringify(changes),
    });
  }
}

export interface NewGameAnswer { id: string; invites: { name: string; seats: string[]; url: string }[]; host?: { url: string; token: string } }

export async function newGame(body: Record<string, unknown>): Promise<NewGameAnswer> {
  const res = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) throw new Error(data.error ?? "Could not start the game.");
  return data;
}
