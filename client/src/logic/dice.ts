// A rolled die's label in words, for the log's die chips (their title and what a screen reader
// says): "1/3S" reads "range 1, 3 damage and a surge". The labels follow delve/data/dice.yaml:
// range/damage with S for a surge, X a miss, and the power die's "enh", "surge" and "blank";
// the server's prompts say the same in words (delve.rules.dice.face_words).

const POWER: Record<string, string> = { enh: "an enhancement", surge: "a surge", blank: "a blank", X: "a miss" };

/** One face label in words; an unknown label comes back as it is. */
export function faceWords(label: string): string {
  if (label in POWER) return POWER[label];
  const m = /^(\d+)\/(\d+)(S*)$/.exec(label);
  if (!m) return label;
  const [range, damage, surges] = [Number(m[1]), Number(m[2]), m[3].length];
  const parts = [
    ...(range ? [`range ${range}`] : []),
    ...(damage ? [`${damage} damage`] : []),
    ...(surges ? [surges === 1 ? "a surge" : `${surges} surges`] : []),
  ];
  if (!parts.length) return "nothing";
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}
