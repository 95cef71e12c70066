// The editor's tools: what a click or a drag on the grid does. One tool is chosen at a time;
// its options (which terrain, which door colour, which monster...) travel with it.

export type ToolKind = "select" | "terrain" | "erase" | "wall" | "boundary" | "door" | "area" | "marker" | "monster" | "start";

export interface Tool {
  kind: ToolKind;
  terrain: string;
  door: { kind: "normal" | "rune"; colour: string };
  marker: { kind: string; colour: string; active: boolean };
  monster: { kind: string; master: boolean; turned: boolean };
  area: string;
  /** Area tool: a click puts the whole room (the region around the space) in the area. */
  fillRoom: boolean;
}

/** The tools with their key, the words on the button and what they act on. */
export const TOOLS: { kind: ToolKind; key: string; label: string; icon: string; on: "space" | "edge" | "any" }[] = [
  { kind: "select", key: "v", label: "Select", icon: "➤", on: "any" },
  { kind: "terrain", key: "b", label: "Spaces", icon: "▦", on: "space" },
  { kind: "wall", key: "w", label: "Wall", icon: "▬", on: "edge" },
  { kind: "door", key: "d", label: "Door", icon: "▯", on: "edge" },
  { kind: "boundary", key: "u", label: "Area boundary", icon: "┊", on: "edge" },
  { kind: "area", key: "a", label: "Area", icon: "◫", on: "space" },
  { kind: "marker", key: "m", label: "Marker", icon: "✦", on: "space" },
  { kind: "monster", key: "o", label: "Monster", icon: "◆", on: "space" },
  { kind: "start", key: "h", label: "Hero start", icon: "H", on: "space" },
  { kind: "erase", key: "e", label: "Erase", icon: "⌫", on: "any" },
];

export const TERRAINS = ["floor", "mud", "water", "pit", "lava", "rubble", "fog", "corrupted", "dart_field", "scything_blade"];
export const MARKER_KINDS = ["chest", "glyph", "dark_glyph", "potion", "money", "relic", "staircase", "rune_key", "encounter",
  "altar", "bone_pile", "boulder", "boulder_ramp", "crushing_wall"];
export const RUNE_COLOURS = ["red", "blue", "yellow", "green"];
export const CHEST_COLOURS = ["copper", "silver", "gold"];
/** The marker kinds that need a colour, and the colours they may have (docs/maps.md). */
export function markerColours(kind: string): string[] {
  if (kind === "chest") return CHEST_COLOURS;
  if (kind === "staircase" || kind === "rune_key") return RUNE_COLOURS;
  return [];
}

export function defaultTool(): Tool {
  return {
    kind: "terrain",
    terrain: "floor",
    door: { kind: "normal", colour: "red" },
    marker: { kind: "chest", colour: "copper", active: false },
    monster: { kind: "goblin", master: false, turned: false },
    area: "",
    fillRoom: true,
  };
}
