// The quest workbench's contract with the server: the draft the editor edits and the answers
// of the /api/workbench requests. The meaning of every field is in docs/workbench.md; the
// server side is src/delve/workbench/ and src/delve/web/workbench_routes.py.

/** A space position [x, y]: x grows to the right, y downward, (0, 0) top-left. */
export type Pos = [number, number];

/** The side between two orthogonally adjacent spaces, the left or upper space first. */
export type Edge = [Pos, Pos];

export type Ruleset = "1e" | "2e";

export interface DraftSpace {
  x: number;
  y: number;
  terrain: string;
  /** The area of the space, or null: it takes the area of its region. */
  area: string | null;
  /** True on the space that carries the region's area label in the .map file. */
  label?: boolean;
  /** The legend letter to use in the .map (a hint; the server may pick another). */
  symbol?: string | null;
}

export interface DraftDoor {
  /** null: the automatic id (door-<n>, rune-door-<colour>). */
  id: string | null;
  kind: "normal" | "rune";
  /** A rune door's colour; null for a normal door. */
  colour: string | null;
  open: boolean;
  edges: [Edge, Edge];
  symbol?: string | null;
}

export interface DraftMap {
  name: string;
  width: number;
  height: number;
  /** Every space that exists; a position not listed is void. */
  spaces: DraftSpace[];
  /** Walls between two spaces (edges next to void or the border are closed anyway). */
  walls: Edge[];
  /** Open edges that separate two areas (':' in the .map). */
  boundaries: Edge[];
  doors: DraftDoor[];
}

export interface DraftArea {
  id: string;
  name: string;
  /** true, false, or null: revealed if it holds a hero start. */
  revealed: boolean | null;
  /** null leaves the area out of the quest file's areas. */
  read_aloud: string | null;
  overlord_notes: string;
}

export type MarkerKind =
  | "chest" | "glyph" | "staircase" | "encounter" | "altar" | "rune_key" | "money" | "relic"
  | "potion" | "bone_pile" | "boulder" | "boulder_ramp" | "crushing_wall" | "dark_glyph";

export interface DraftMarker {
  /** null: the automatic id (<kind>-<n>, glyph-<n>). */
  id: string | null;
  kind: MarkerKind | string;
  x: number;
  y: number;
  /** Chests (copper, silver, gold), staircases and rune keys. */
  colour: string | null;
  /** Glyphs only: active at the start. */
  active: boolean | null;
  /** Further details, e.g. {side: "good"} for an altar, {direction: "east"} for a boulder. */
  data: Record<string, unknown>;
  symbol?: string | null;
}

export interface DraftMonster {
  /** A monster id of the pack, or a named monster id of quest.named_monsters. */
  monster: string;
  master: boolean;
  /** The top-left space of the figure's block and its size (1x1, 1x2, 2x1, 2x2, 2x3, 3x2). */
  x: number;
  y: number;
  w: number;
  h: number;
  symbol?: string | null;
}

export interface DraftHeroStart {
  x: number;
  y: number;
  symbol?: string | null;
}

export type VictoryCondition =
  | { kill_named: string }
  | { reach_area: string; heroes?: "any" | "all" }
  | { complete_action: string }
  | { heroes_out_of_conquest: true }
  | { end_of_round: number };

export interface Goal {
  text: string;
  win_when: VictoryCondition[];
}

export interface Chest {
  colour: "copper" | "silver" | "gold";
  coins?: number;
  treasure?: { copper?: number; silver?: number; gold?: number };
  conquest?: number;
  curses?: number;
}

export interface NamedMonster {
  id: string;
  name: string;
  base: string;
  area?: string | null;
  changes?: {
    speed?: number;
    armor?: number;
    wounds?: number;
    extra_dice?: string[];
    abilities?: string[];
  };
  conquest: number;
  flavour: string;
}

export interface ProlongedAction {
  id: string;
  name: string;
  trait: string;
  difficulty: number | "X";
  disrupted_by?: string[];
  continuous?: boolean;
  group_effort?: boolean;
  area?: string | null;
  text: string;
  effects?: Record<string, unknown>[];
}

export interface Encounter {
  text: string;
  effects?: Record<string, unknown>[];
  once?: boolean;
}

/** The quest file's fields (docs/content.md, "Quests") except map and areas. */
export interface DraftQuest {
  id: string;
  name: string;
  tutorial?: boolean;
  starting_conquest: number;
  treachery?: { green?: number; purple?: number; red?: number };
  /** Keyed by chest number ("1", "2", ...). */
  chests?: Record<string, Chest>;
  named_monsters?: NamedMonster[];
  prolonged_actions?: ProlongedAction[];
  /** Keyed by encounter marker id. */
  encounters?: Record<string, Encounter>;
  goals: { heroes: Goal; overlord: Goal };
  flavour: string;
  solo?: {
    orders?: number;
    command_deck?: number;
    raise_dead_cards?: number;
    deck_loss?: boolean;
    rises?: string[];
  };
  /** Ruleset 2e only. */
  encounter?: number;
  next_encounter?: string | null;
  monster_groups?: { monster: string; area: string }[];
  [field: string]: unknown;
}

export type DraftSource = { pack: string; quest: string } | { draft: string };

export interface Draft {
  format: 1;
  ruleset: Ruleset;
  pack: string;
  source?: DraftSource | null;
  comments?: { map?: string; quest?: string };
  map: DraftMap;
  /** In reveal order. */
  areas: DraftArea[];
  markers: DraftMarker[];
  monsters: DraftMonster[];
  hero_starts: DraftHeroStart[];
  quest: DraftQuest;
}

// --- validation -----------------------------------------------------------------------------

/** The draft element a problem concerns. */
export type ElementRef =
  | { kind: "space"; x: number; y: number }
  | { kind: "edge"; edge: Edge }
  | { kind: "door"; index: number }
  | { kind: "marker"; index: number }
  | { kind: "monster"; index: number }
  | { kind: "hero_start"; index: number }
  | { kind: "area"; index: number; id: string }
  | { kind: "quest"; field: string }
  | { kind: "map" };

export interface ValidationError {
  message: string;
  /** quests/<id>.map, quests/<id>.yaml, or "draft". */
  file: string;
  entry: string;
  field: string;
  line: number | null;
  element: ElementRef | null;
}

export interface ValidateResponse {
  ok: boolean;
  errors: ValidationError[];
  files: { map: string; quest: string };
}

// --- other answers --------------------------------------------------------------------------

export interface Palette {
  ruleset: Ruleset;
  pack: string;
  terrains: { id: string; symbol: string; name: string }[];
  markers: { kind: string; name: string; colours: string[]; blocks_movement: boolean }[];
  door_colours: string[];
  monsters: { id: string; name: string; size: string }[];
  max_heroes: number;
  max_size: number;
}

export interface ShippedQuest {
  pack: string;
  ruleset: Ruleset;
  id: string;
  name: string;
}

export interface DraftResponse {
  draft: Draft;
  ok?: boolean;
  errors?: ValidationError[];
}

export interface SavedDraft {
  name: string;
  quest_id: string;
  title: string;
  modified: string;
}

export interface SaveResponse {
  name: string;
  files: string[];
  ok: boolean;
  errors: ValidationError[];
}

export interface ExportFolderResponse {
  path: string;
  files: string[];
}

export interface PlayRequest {
  draft: Draft;
  mode: "solo" | "hotseat";
  seed?: number;
  level?: string | null;
  heroes?: string[];
}

export interface PlayResponse {
  id: string;
  host: { url: string; token: string };
  invites: { name: string; seats: string[]; url: string }[];
}

export interface BalanceRequest {
  draft: Draft;
  games?: number;
  heroes?: string;
  overlord?: string;
  seed?: number;
}

export type JobStatus = "queued" | "running" | "done" | "cancelled" | "failed";

export interface RoundRow {
  round: number;
  games: number;
  mean: number;
  min: number;
  max: number;
}

export interface HeatCell {
  x: number;
  y: number;
  count: number;
}

export interface DangerousMonster {
  name: string;
  kills: number;
  wounds_dealt: number;
  kills_per_game: number;
  wounds_per_game: number;
}

export interface BalanceResult {
  games: number;
  heroes_won: number;
  overlord_won: number;
  unfinished: number;
  errors: number;
  heroes_win_rate: number;
  heroes_win_ci95: [number, number];
  overlord_win_rate: number;
  overlord_win_ci95: [number, number];
  mean_rounds: number;
  rounds: { min: number; max: number; histogram: { rounds: number; games: number }[] };
  causes: Record<string, number>;
  conquest_by_round: RoundRow[];
  conquest_by_round_won: RoundRow[];
  conquest_by_round_lost: RoundRow[];
  heat: { hero_deaths: HeatCell[]; monster_kills: HeatCell[] };
  dangerous_monsters: DangerousMonster[];
  /** Seeds are 63-bit: strings, as a JavaScript number would round them. */
  lost_seeds: { index: number; seed: string }[];
  replay_command: string;
  config: Record<string, unknown>;
  [key: string]: unknown;
}

export interface BalanceComparison {
  previous_job: string;
  heroes_win_rate: [number, number];
  heroes_win_ci95: [[number, number], [number, number]];
  mean_rounds: [number, number];
  difference: number;
  difference_ci95: [number, number];
}

export interface BalanceJob {
  job: string;
  status: JobStatus;
  quest: string;
  done: number;
  games: number;
  position: number;
  result: BalanceResult | null;
  comparison: BalanceComparison | null;
  error: string | null;
}

export interface BalanceStarted {
  job: string;
  status: JobStatus;
  position: number;
}

/** POST /api/workbench/balance/{job}/replay: a game of the job, stored at the table to watch. */
export interface ReplayResponse {
  id: string;
  url: string;
}

export interface ApiError {
  error: string;
  errors?: ValidationError[];
}
