// The /api/workbench requests (docs/workbench.md, "Requests"): thin typed wrappers over fetch.
import type {
  BalanceJob, BalanceRequest, BalanceStarted, Draft, DraftResponse, ExportFolderResponse, Palette, PlayRequest, PlayResponse, ReplayResponse,
  SaveResponse, SavedDraft, ShippedQuest, ValidateResponse, ValidationError,
} from "./types";

const BASE = "/api/workbench";

/** A refused request: the server's words, and the validator's errors when it sent them. */
export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly errors: ValidationError[] = []) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit & { json?: unknown }): Promise<T> {
  const { json, ...rest } = init ?? {};
  const r = await fetch(BASE + path, {
    ...rest,
    ...(json !== undefined ? { body: JSON.stringify(json), headers: { "Content-Type": "application/json" } } : {}),
  });
  if (!r.ok) {
    const body = await r.json().catch(() => ({}));
    throw new ApiError(body.error ?? `${r.status} ${r.statusText}`, r.status, body.errors ?? []);
  }
  return (await r.json()) as T;
}

export const api = {
  palette: (ruleset: string) => call<Palette>(`/palette?ruleset=${encodeURIComponent(ruleset)}`),
  quests: () => call<ShippedQuest[]>("/quests"),
  shipped: (pack: string, quest: string) => call<DraftResponse>(`/quests/${encodeURIComponent(pack)}/${encodeURIComponent(quest)}`),
  fresh: (ruleset: string, width: number, height: number) => call<DraftResponse>(`/new?ruleset=${ruleset}&width=${width}&height=${height}`),
  validate: (draft: Draft, signal?: AbortSignal) => call<ValidateResponse>("/validate", { method: "POST", json: { draft }, signal }),
  drafts: () => call<SavedDraft[]>("/drafts"),
  open: (name: string) => call<DraftResponse>(`/drafts/${encodeURIComponent(name)}`),
  save: (name: string, draft: Draft) => call<SaveResponse>(`/drafts/${encodeURIComponent(name)}`, { method: "PUT", json: { draft } }),
  play: (req: PlayRequest) => call<PlayResponse>("/play", { method: "POST", json: req }),
  balance: (req: BalanceRequest) => call<BalanceStarted>("/balance", { method: "POST", json: req }),
  job: (job: string) => call<BalanceJob>(`/balance/${encodeURIComponent(job)}`),
  cancel: (job: string) => call<{ job: string; status: string }>(`/balance/${encodeURIComponent(job)}`, { method: "DELETE" }),
  /** A game of the job played again and stored at the table (the path names the job: behind the
   * worker router it reaches the worker that holds it). */
  replay: (job: string, seed: string) => call<ReplayResponse>(`/balance/${encodeURIComponent(job)}/replay`, { method: "POST", json: { seed } }),
  /** The pack written into the server's workbench folder (exports/<quest id>). */
  exportFolder: (draft: Draft) => call<ExportFolderResponse>("/export?as=folder", { method: "POST", json: { draft } }),
  /** The pack as a zip file (a Blob to download). */
  async exportZip(draft: Draft): Promise<Blob> {
    const r = await fetch(`${BASE}/export?as=zip`, { method: "POST", body: JSON.stringify({ draft }), headers: { "Content-Type": "application/json" } });
    if (!r.ok) {
      const body = await r.json().catch(() => ({}));
      throw new ApiError(body.error ?? `${r.status} ${r.statusText}`, r.status, body.errors ?? []);
    }
    return r.blob();
  },
};

/** A saved draft's name from the quest id: the server accepts 1 to 40 of a-z 0-9 -. */
export function draftName(questId: string): string {
  const s = questId.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40);
  return s || "my-quest";
}
