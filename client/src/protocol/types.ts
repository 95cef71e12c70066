// The table's messages as docs/client-protocol.md describes them. Fields marked optional are the
// ones a server may not send yet (issue 15's additions): the page degrades to ids and plain texts.

export type XY = [number, number];

export interface Space { x: number; y: number; terrain: string | null; area?: string | null }
export interface Door { id: string; open: boolean; rune: string | null; edges: [XY, XY][]; name?: string }
export interface Marker { id: string; kind: string; pos: XY; data: Record<string, unknown>; name?: string }
export interface Area { id: string; name?: string; revealed?: boolean }

export interface Board {
  width: number;
  height: number;
  spaces: Space[];
  walls: [XY, XY][];
  doors: Door[];
  markers: Marker[];
  areas?: Area[];
}

export interface Ability { name: string; rank?: number | null; label?: string; glossary?: string }

export interface Figure {
  id: string;
  kind: "hero" | "monster" | string;
  side?: string;
  name: string;
  content_id?: string;
  master?: boolean;
  named?: boolean;
  seat?: string | null;
  footprint: { x: number; y: number; w: number; h: number };
  in_town?: boolean;
  alive?: boolean;
  speed?: number;
  armor?: number;
  max_wounds: number;
  wounds: number;
  max_fatigue?: number;
  fatigue?: number;
  traits?: Record<string, number>;
  dice?: string[];
  attack_type?: string;
  abilities?: Ability[];
  immunities?: string[];
  tokens?: Record<string, number>;
  order?: string | null;
  conquest_value?: number;
  coins?: number;
  equipped?: string[];
  pack?: string[];
  exhausted?: string[];
  skills?: string[];
}

export interface Familiar { id: string; kind?: string; owner: string; x: number; y: number; carrier?: string | null }

export interface Choice {
  id: string;
  label: string;
  data?: Record<string, unknown> | null;
  target?: { space?: XY; figure?: string; item?: string; card?: string; skill?: string; door?: string; familiar?: string };
}

export interface Odds {
  attacker?: string;
  target: string;
  hit: number;
  kill: number;
  expected: number;
  wounds: number[];
  armor: number;
  target_wounds: number;
}

export interface Preview {
  damage?: number; range?: number; needed_range?: number; reaches?: boolean; pierce?: number;
  wounds?: number; kill?: number; target?: string; target_wounds?: number;
}

export interface ChoiceHelp {
  odds?: Odds;
  fatigue_odds?: { fatigue: number; hit: number; expected: number; kill: number }[];
  template?: XY[];
  preview?: Preview;
}

export interface Pending {
  seat: string;
  kind: string;
  serial: number;
  yours: boolean;
  side?: string;  // "overlord" or "heroes": whose decision it is
  prompt?: string;
  choices?: Choice[];
  help?: Record<string, ChoiceHelp>;
}

export interface Show {
  type: string;
  figure?: string;
  at?: XY | null;
  from?: XY | null;
  to?: XY;
  faces?: string[];
  wounds?: number;
  left?: number;
  by?: string | null;
  card?: string;
  condition?: string;
  count?: number;
  amount?: number;
  total?: number;
  cause?: string;
  turn?: string;
  turn_name?: string;
  round?: number;
  winner?: string;
}

export interface LogEvent {
  n?: number;
  kind: string;
  text: string;
  ref?: string | null;
  glossary?: string | null;
  data?: Record<string, unknown>;
  round?: number;
  turn?: string | null;
  turn_name?: string;
  show?: Show;
  /** the attack's roll again, unchanged since its dice were rolled: the log leaves it out */
  repeat?: boolean;
}

export interface Objective {
  side: string; text: string; kind?: string; target_name?: string; done?: boolean;
  progress?: { value: number; goal: number };
}
export interface MeterChange { round?: number; turn?: string | null; amount: number; total: number; cause?: string }
export interface QuestState {
  id: string; name: string; round?: number;
  objectives: Objective[];
  /** null: the game does not use it (a 2nd-edition quest: no conquest goal, cards cost no threat) */
  conquest?: { value: number; start?: number; changes: MeterChange[] } | null;
  threat?: { value: number; changes: MeterChange[] } | null;
}

export interface Summary {
  winner: string; reason?: string; rounds: number;
  conquest: { round: number; value: number }[];
  figures: { id: string; name: string; side: string; kills: number; deaths: number; wounds_dealt?: number }[];
  monsters_killed?: number; heroes_died?: number;
  /** "knocked out" in a 2nd-edition game (its heroes are never killed), else "killed" */
  heroes_fall?: string;
  treasure?: { coins: number; items: { hero: string; item: string; name: string }[]; chests?: number };
}

export interface Person { name: string; seats: string[]; connected?: boolean }
export interface Turn { seat: string; side: string; name: string; person: string | null }
export interface ChatLine { n: number; name: string; seats: string[]; text: string; at: number }

export interface TableInfo {
  id: string; mode: string; ruleset: string; you: Person; people: Person[]; automated: string[];
  /** The level ("easy", "normal", "hard") of each automated seat played at one of the levels. */
  levels?: Record<string, string>;
  choices_made: number; can_undo: boolean; physical_dice: boolean; finished?: boolean; auto_answer?: boolean;
  side?: string; turn?: Turn | null;
  /** This person's standing answers for card windows (overlord seats). */
  pass_traps_round?: number | null; ask_max_cost?: number | null; ask_every_window?: boolean;
}

export interface StateMessage {
  type?: "state";
  seat: string;
  ruleset: string;
  quest: string;
  round: number;
  conquest: number;
  winner: string | null;
  seats?: Record<string, { id: string; heroes?: string[]; name?: string }>;
  board: Board | null;
  figures: Figure[];
  familiars?: Familiar[];
  overlord: { threat: number; hand_size: number; deck_size: number; discard?: string[]; hand?: string[] };
  turn_tokens?: Record<string, string>;
  pending: Pending | null;
  log: LogEvent[];
  log_from: number;
  log_length: number;
  names?: Record<string, string>;
  hero_skills?: Record<string, string[]>;
  quest_state?: QuestState;
  summary?: Summary | null;
  table: TableInfo;
  replay?: { step: number; of: number };
  chat?: ChatLine[];
  chat_length?: number;
  /** The acknowledgement of this page's own request that caused the message (one frame per request). */
  ack?: Ack;
}

/** What the server says of an accepted request: its kind, and the request's own ``id`` when it sent one. */
export interface Ack { type: "ack"; choice?: string; undo?: true; chat?: true; id?: unknown }

// -- the catalogue (GET /api/games/{id}/catalog) --------------------------------------------
export interface ItemCard {
  id: string; name: string; deck?: string; kind?: string; attack_type?: string | null; hands?: number;
  dice?: string[]; surges?: { surges: number; text: string }[]; abilities?: Ability[]; armor?: number;
  cost?: number | null; cursed?: boolean; text?: string; summary?: string; flavour?: string;
}
export interface MonsterStats { speed: number; armor: number; wounds: number; dice: string[]; abilities: Ability[] }
export interface MonsterCard {
  id: string; name: string; size?: { w: number; h: number }; attack_type?: string; named?: boolean;
  stats?: Record<string, { normal: MonsterStats; master: MonsterStats }>; flavour?: string;
}
export interface OverlordCard {
  id: string; name: string; type?: string; cost?: number; value?: number; timing?: string; text?: string; copies?: number;
}
export interface GlossaryEntry { id: string; name: string; kind?: string; ranked?: boolean; text: string }
export interface QuestBriefing {
  id: string; name: string; tutorial?: boolean; story?: string; goals?: { heroes?: string; overlord?: string };
  starting_conquest?: number; rules?: { term: string; text: string }[];
}
export interface Catalog {
  pack?: string; ruleset?: string; players?: number;
  heroes: Record<string, { id: string; name: string; ability?: { name: string; text: string }; flavour?: string; skills?: Record<string, number> }>;
  skills: Record<string, { id: string; name: string; deck?: string; text?: string }>;
  items: Record<string, ItemCard>;
  monsters: Record<string, MonsterCard>;
  named_monsters: Record<string, { id: string; name: string; base?: string; flavour?: string; conquest?: number }>;
  familiars: Record<string, { id: string; name: string; speed?: number; text?: string; abilities?: Ability[]; flavour?: string }>;
  overlord_cards: Record<string, OverlordCard>;
  quest?: QuestBriefing;
  glossary: Record<string, GlossaryEntry>;
  pack_name?: string;
  terrain?: Record<string, { id: string; name: string; text: string }>;
  markers?: Record<string, { id: string; name: string; text: string }>;
}

export interface QuestEntry extends QuestBriefing { ruleset: string; pack?: string; default?: boolean }

export type CardKind = "hero" | "item" | "monster" | "overlord" | "familiar" | "glossary" | "skill" | "rules";
export interface CardRef { kind: CardKind; id: string }
