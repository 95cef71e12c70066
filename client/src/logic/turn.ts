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
