// How things look: a shape per monster kind, marker and terrain icons, condition tokens.
// Colours follow the Okabe-Ito palette (safe for the common colour-blindnesses) and every
// distinction is also made by shape or letters, never by colour alone.

export const PALETTE = {
  hero: "#0072B2",      // blue
  monster: "#D55E00",   // vermillion
  master: "#E69F00",    // orange: masters get an orange ring and a crown mark
  named: "#CC79A7",     // reddish purple: named monsters get a double ring and a star
  move: "#009E73",      // bluish green
  target: "#D55E00",
  sight: "#F0E442",     // yellow
  familiar: "#56B4E9",  // sky blue
};

/** Monster shapes: SVG paths on a unit square (0..1), told apart by outline alone. */
export const SHAPES: Record<string, string> = {
  diamond: "M.5 .06 L.94 .5 L.5 .94 L.06 .5Z",
  triangle: "M.5 .06 L.95 .9 L.05 .9Z",
  hexagon: "M.27 .08 L.73 .08 L.96 .5 L.73 .92 L.27 .92 L.04 .5Z",
  square: "M.1 .1 L.9 .1 L.9 .9 L.1 .9Z",
  pentagon: "M.5 .05 L.95 .38 L.78 .93 L.22 .93 L.05 .38Z",
  octagon: "M.32 .05 L.68 .05 L.95 .32 L.95 .68 L.68 .95 L.32 .95 L.05 .68 L.05 .32Z",
  invtriangle: "M.05 .1 L.95 .1 L.5 .94Z",
  trapezoid: "M.28 .1 L.72 .1 L.95 .9 L.05 .9Z",  // (no star: a star marks named monsters)
  cross: "M.35 .05 L.65 .05 L.65 .35 L.95 .35 L.95 .65 L.65 .65 L.65 .95 L.35 .95 L.35 .65 L.05 .65 L.05 .35 L.35 .35Z",
  shield: "M.1 .08 L.9 .08 L.9 .5 Q.9 .85 .5 .96 Q.1 .85 .1 .5Z",
};
const SHAPE_ORDER = ["diamond", "triangle", "hexagon", "square", "pentagon", "octagon", "invtriangle", "trapezoid", "cross", "shield"];

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0;
  return h;
}

/** The shape of a monster kind: kinds are numbered in sorted order of the kinds known (the
 * pack's catalogue, or the figures seen), so kinds on one board never share a shape while
 * there are shapes left; beyond that the two-letter abbreviation tells them apart. */
export function monsterShape(kind: string, known: string[]): string {
  const sorted = [...new Set(known)].sort();
  const i = sorted.indexOf(kind);
  return SHAPE_ORDER[(i >= 0 ? i : hash(kind)) % SHAPE_ORDER.length];
}

/** Two letters for a figure: the initials of a two-word name, else its first two letters. */
export function abbreviation(name: string): string {
  const words = name.replace(/^master\s+/i, "").split(/[\s-]+/).filter((w) => /^[A-Za-z]/.test(w) && !/^(the|of)$/i.test(w));
  if (words.length >= 2) return (words[0][0] + words[1][0]).toUpperCase();
  const w = words[0] ?? name;
  return (w[0] ?? "?").toUpperCase() + (w[1] ?? "").toLowerCase();
}

/** Condition tokens: an abbreviation and a colour each (the letters carry the meaning). */
export const CONDITIONS: Record<string, { abbr: string; colour: string }> = {
  bleed: { abbr: "Bl", colour: "#D55E00" },
  burn: { abbr: "Bu", colour: "#E69F00" },
  poison: { abbr: "Po", colour: "#009E73" },
  stun: { abbr: "St", colour: "#F0E442" },
  web: { abbr: "We", colour: "#BBBBBB" },
  curse: { abbr: "Cu", colour: "#CC79A7" },
  immobilize: { abbr: "Im", colour: "#56B4E9" },
  daze: { abbr: "Dz", colour: "#56B4E9" },
  knocked_down: { abbr: "Kd", colour: "#999999" },
};
export function condition(name: string): { abbr: string; colour: string } {
  return CONDITIONS[name] ?? { abbr: name.slice(0, 2).replace(/^./, (c) => c.toUpperCase()), colour: "#DDDDDD" };
}

/** Marker icons: a glyph drawn in a small disc, and the legend's words. */
// Glyphs from the basic Unicode blocks every system font has (a missing glyph draws a box).
export const MARKERS: Record<string, { icon: string; colour: string; label: string }> = {
  chest: { icon: "▣", colour: "#A0522D", label: "Treasure chest" },
  money: { icon: "$", colour: "#F0E442", label: "Money" },
  glyph: { icon: "✦", colour: "#56B4E9", label: "Glyph of transport" },
  dark_glyph: { icon: "✦", colour: "#6a3d7a", label: "Dark glyph" },
  relic: { icon: "R", colour: "#CC79A7", label: "Relic" },
  altar: { icon: "Ω", colour: "#EEEEEE", label: "Altar" },
  staircase: { icon: "≡", colour: "#999999", label: "Staircase" },
  rune_key: { icon: "K", colour: "#E69F00", label: "Rune key" },
  potion: { icon: "+", colour: "#009E73", label: "Potion" },
  encounter: { icon: "!", colour: "#F0E442", label: "Encounter" },
  bone_pile: { icon: "☠", colour: "#d8d0c0", label: "Bone pile" },
  boulder: { icon: "●", colour: "#8d8172", label: "Boulder" },
  boulder_ramp: { icon: "◢", colour: "#8d8172", label: "Boulder ramp" },
  crushing_wall: { icon: "▥", colour: "#777777", label: "Crushing wall" },
};
export function marker(kind: string): { icon: string; colour: string; label: string } {
  return MARKERS[kind] ?? { icon: kind[0]?.toUpperCase() ?? "?", colour: "#DDDDDD", label: kind.replace(/_/g, " ") };
}

/** Terrain: fill colours plus a pattern id, so that water and lava differ by texture too. */
export const TERRAIN: Record<string, { fill: string; pattern?: string; label: string }> = {
  floor: { fill: "#8a7f70", label: "Floor" },
  water: { fill: "#3b6ea5", pattern: "waves", label: "Water" },
  lava: { fill: "#b8401c", pattern: "cracks", label: "Lava" },
  pit: { fill: "#1a1a1a", pattern: "cross", label: "Pit" },
  rubble: { fill: "#5b544c", pattern: "dots", label: "Rubble" },
  mud: { fill: "#6b5233", pattern: "dots", label: "Mud" },
  fog: { fill: "#a8a8b8", pattern: "waves", label: "Fog" },
  corrupted: { fill: "#5e4a6e", pattern: "dots", label: "Corrupted ground" },
  dart_field: { fill: "#8a7f70", pattern: "darts", label: "Dart field" },
  scything_blade: { fill: "#7d5a50", pattern: "blades", label: "Scything blade" },
};
export function terrain(name: string | null): { fill: string; pattern?: string; label: string } {
  return TERRAIN[name ?? "floor"] ?? { fill: "#7d776e", pattern: "dots", label: name ?? "floor" };
}

export const DIE_COLOURS: Record<string, string> = {
  red: "#c0392b", blue: "#2c6fbb", white: "#eeeeee", green: "#2e8b57", yellow: "#e0c000", black: "#222222",
  brown: "#7a4b24", grey: "#888888", gray: "#888888", silver: "#c0c0c0", gold: "#d4a017",
};
