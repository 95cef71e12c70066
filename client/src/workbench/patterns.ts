// The terrain textures of the editor's grid (the ids logic/symbols.ts gives each terrain), so
// that terrains differ by texture as well as by colour.
export const PATTERNS: { id: string; size: number; paths: { d: string; stroke: string; width?: number }[] }[] = [
  { id: "waves", size: 10, paths: [{ d: "M0 5 Q2.5 2 5 5 T10 5", stroke: "#fff6" }] },
  { id: "cracks", size: 12, paths: [{ d: "M0 0 L6 6 L4 12 M6 6 L12 4", stroke: "#ffd24a88" }] },
  { id: "dots", size: 8, paths: [{ d: "M1 2 a1 1 0 1 0 2 0 a1 1 0 1 0 -2 0 M5 6 a1 1 0 1 0 2 0 a1 1 0 1 0 -2 0", stroke: "#0008", width: 1.3 }] },
  { id: "darts", size: 10, paths: [{ d: "M2 8 L8 2 M6 2 L8 2 L8 4", stroke: "#000a" }] },
  { id: "blades", size: 20, paths: [{ d: "M2 18 Q10 2 18 2", stroke: "#eee", width: 2 }] },
  { id: "cross", size: 40, paths: [{ d: "M6 6 L34 34 M34 6 L6 34", stroke: "#555", width: 2 }] },
];
