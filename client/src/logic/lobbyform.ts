// The lobby's form and the request it sends (POST /api/games). Pure: the lobby's components hold
// a LobbyForm, and `requestBody` checks it and turns it into the body, or into errors a person
// can act on (names, never ids). The server checks everything again; this only spares a round trip.

export type Mode = "solo" | "overlord" | "hotseat" | "network";
export type Level = "easy" | "normal" | "hard";

export interface HeroSheet {
  id: string; name: string; speed: number; wounds: number; fatigue: number; armor: number;
  traits: Record<string, number>; skills: Record<string, number>; conquest_value?: number;
  ability?: { name: string; text: string } | null; attributes?: Record<string, number> | null;
  defense_dice?: string[]; summary?: string; flavour?: string;
}

export interface DifficultyRow { games: number; overlord_won: number; run: string }
export interface QuestCardData {
  id: string; name: string; ruleset: string; pack?: string; default?: boolean; tutorial?: boolean; story?: string;
  goals?: { heroes?: string; overlord?: string };
  size?: { width: number; height: number; areas: number; max_heroes: number };
  suggested_heroes?: { id: string; name: string }[];
  difficulty?: { measured: string; levels: Partial<Record<Level, DifficultyRow>> } | null;
}

export interface LobbyForm {
  mode: Mode;
  ruleset: string;
  quest: string;          // a quest id of the ruleset ("" = its tutorial)
  heroes: string[];       // hero ids, in the order picked
  level: Level;           // the automated side's level (the overlord's; the heroes' in overlord mode)
  humanOverlord: boolean; // networked games: a person plays the overlord (with their own link)
  seed: string;           // as typed: digits only
  physical: boolean;
  quick: boolean;
}

export const MAX_SEED = 2 ** 31;
export const MODES: { value: Mode; label: string; help: string }[] = [
  { value: "solo", label: "Solo", help: "You play every hero against an automated overlord." },
  { value: "overlord", label: "Overlord", help: "You play the overlord against automated heroes." },
  { value: "hotseat", label: "Hot-seat", help: "Everybody on this screen; it asks to pass the screen when the side changes." },
  { value: "network", label: "Networked", help: "Each hero player (and the overlord, if a person) joins with their own link." },
];

/** A fresh seed for a new game: random, short enough to read out for a rematch. */
export function randomSeed(rand: () => number = Math.random): string {
  return String(1 + Math.floor(rand() * 999_999));
}

/** Whether the level choice means anything for this mode (hot-seat and an all-people network game have no automated side). */
export function automatedSide(form: Pick<LobbyForm, "mode" | "humanOverlord">): "overlord" | "heroes" | null {
  if (form.mode === "hotseat") return null;
  if (form.mode === "overlord") return "heroes";
  if (form.mode === "network" && form.humanOverlord) return null;
  return "overlord";
}

export interface Request { body: Record<string, unknown> | null; errors: string[] }

/** The request body for the form, or the reasons it cannot be sent. */
export function requestBody(form: LobbyForm, quest: QuestCardData | undefined, heroes: HeroSheet[]): Request {
  const errors: string[] = [];
  const seedText = form.seed.trim();
  const seed = Number(seedText);
  if (!/^\d+$/.test(seedText) || seed > MAX_SEED) errors.push(`The seed must be a whole number from 0 to ${MAX_SEED}.`);
  if (!MODES.some((m) => m.value === form.mode)) errors.push("Choose a mode.");
  const known = new Map(heroes.map((h) => [h.id, h.name]));
  const unknown = form.heroes.filter((id) => !known.has(id));
  if (unknown.length) errors.push("Some picked heroes are not in this edition's box; pick them again.");
  if (new Set(form.heroes).size !== form.heroes.length) errors.push("Each hero can be picked once.");
  const most = quest?.size?.max_heroes ?? 4;
  if (form.heroes.length > Math.min(most, 4)) errors.push(`${quest?.name ?? "This quest"} starts at most ${Math.min(most, 4)} heroes.`);
  if (form.mode === "network" && form.heroes.length === 1 && !form.humanOverlord)
    errors.push("A networked game needs at least two people: pick two heroes or let a person play the overlord.");
  if (errors.length) return { body: null, errors };
  const body: Record<string, unknown> = {
    mode: form.mode, ruleset: form.ruleset, quest: form.quest || null, heroes: [...form.heroes], seed,
    physical_dice: form.physical, quick: form.quick,
  };
  const side = automatedSide(form);
  if (side) body.level = form.level;
  if (form.mode === "network" && form.humanOverlord) body.overlord = "human";
  return { body, errors: [] };
}

/** "easy / fair / hard / very hard" for the heroes, from the share of games the overlord won. */
export function difficultyWord(row: DifficultyRow | undefined): string {
  if (!row || !row.games) return "not measured";
  const share = row.overlord_won / row.games;
  if (share < 0.15) return "easy";
  if (share < 0.4) return "fair";
  if (share < 0.7) return "hard";
  return "very hard";
}

/** "the overlord won 43% of 1,000 games" (few games say so). */
export function difficultyText(row: DifficultyRow | undefined): string {
  if (!row || !row.games) return "not measured";
  const pct = Math.round((100 * row.overlord_won) / row.games);
  const few = row.games < 30 ? " (few games: a rough guide)" : "";
  return `overlord won ${pct}% of ${row.games.toLocaleString("en")} games${few}`;
}

/** Beside a level's radio: how that overlord level did on the chosen quest against the hero AI
 * ("On this quest the hard overlord beat the computer's heroes in 82% of 300 simulated games."). */
export function levelMeasureText(level: string, row: DifficultyRow | undefined): string {
  if (!row || !row.games) return "";
  const pct = Math.round((100 * row.overlord_won) / row.games);
  const few = row.games < 30 ? " (few games: a rough guide)" : "";
  return `On this quest the ${level} overlord beat the computer's heroes in ${pct}% of ${row.games.toLocaleString("en")} simulated games${few}.`;
}

/** The form that sends ``body`` again (a rematch: same quest, heroes, options and seed). */
export function formOf(body: Record<string, unknown>): LobbyForm {
  const mode = MODES.some((m) => m.value === body.mode) ? (body.mode as Mode) : "solo";
  const level = ["easy", "normal", "hard"].includes(String(body.level)) ? (body.level as Level) : mode === "overlord" ? "normal" : "easy";
  return {
    mode, ruleset: typeof body.ruleset === "string" ? body.ruleset : "1e", quest: typeof body.quest === "string" ? body.quest : "",
    heroes: Array.isArray(body.heroes) ? body.heroes.filter((h): h is string => typeof h === "string") : [],
    level, humanOverlord: body.overlord === "human" || (mode === "network" && body.level === undefined),
    seed: String(typeof body.seed === "number" ? body.seed : 0), physical: body.physical_dice === true, quick: body.quick === true,
  };
}
