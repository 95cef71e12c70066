// The your-turn signal: the tab title and when to beep. Pure: the page's TurnSignal component
// applies them to document.title and to a WebAudio beep.
import type { StateMessage } from "../protocol/types";

export const YOUR_TURN_TITLE = "● Your turn - Delve";

/** Whether the state asks this page for a decision now (a finished game asks nothing). */
export function isYourTurn(st: StateMessage | null | undefined): boolean {
  return !!st && !st.winner && !!st.pending?.yours;
}

/** The tab title: a marked one while it is your turn, else the quest's name. */
export function pageTitle(st: StateMessage | null | undefined, questName: string): string {
  if (isYourTurn(st)) return YOUR_TURN_TITLE;
  return questName ? `${questName} - Delve` : "Delve table";
}

/** Beep only when the decision comes back to you after someone else's (not on the page's first
 * message, not between two of your own decisions). */
export function shouldBeep(before: boolean | null, now: boolean): boolean {
  return before === false && now;
}

/** Who decides now, in words, from `table.turn` (null when the game is over). */
export function turnText(st: StateMessage | null | undefined): string {
  const turn = st?.table.turn;
  if (!st || st.winner || !turn) return st?.winner ? "The quest is over." : "";
  if (st.pending?.yours) return `Your turn (${turn.name})`;
  return turn.person ? `${turn.person} decides (${turn.name})` : `${turn.name} (automated) is playing`;
}

/** How long a sent choice may wait for its answer before the page says why it waits (ms). A
 * choice is answered in milliseconds, except when an automated seat takes its turn in answer: a
 * hard overlord searches each activation, up to a second or two for a whole turn. */
export const SLOW_ANSWER_MS = 400;

/** What the page says while a sent choice waits for its answer: who is taking their turn in answer
 * (the automated seats of `table.automated`), else the server. The wait itself is no secret (the
 * page waits either way); the words name only the seats that are automated. */
export function answeringText(st: StateMessage | null | undefined): string {
  const automated = st?.table.automated ?? [];
  const overlord = automated.includes("overlord");
  const heroes = automated.some((seat) => seat !== "overlord" && seat !== "table");
  if (overlord && heroes) return "Your choice is in. The automated players are thinking...";
  if (overlord) return "Your choice is in. The overlord is thinking...";
  if (heroes) return "Your choice is in. The heroes are thinking...";
  return "Your choice is in. Waiting for the table's answer...";
}

/** Whom the person plays against, by level ("hard overlord", "normal heroes"), from
 * `table.levels`; empty when no automated seat plays at a level (people on both sides). */
export function levelText(st: StateMessage | null | undefined): string {
  const levels = st?.table.levels ?? {};
  const overlord = levels["overlord"];
  const heroes = [...new Set(Object.entries(levels).filter(([seat]) => seat !== "overlord").map(([, level]) => level))];
  const parts = [];
  if (overlord) parts.push(`${overlord} overlord`);
  if (heroes.length) parts.push(`${heroes.join("/")} heroes`);
  return parts.join(", ");
}

/** Hot-seat: whether this message is for the other side than the one on screen, so the screen is
 * about to be passed (the page covers it at once and plays nothing of it back first). */
export function passesScreen(st: Pick<StateMessage, "table">, shownSide: string | null): boolean {
  return st.table.mode === "hotseat" && shownSide !== null && !!st.table.side && st.table.side !== shownSide;
}
