// Undo and redo for the workbench: a list of whole drafts, one per finished edit.
// Why snapshots rather than inverse operations: a draft is small (a few hundred spaces), so a
// copy per edit costs little, and undo can never drift from what was drawn. A drag that paints
// many spaces is one "stroke": begin() ... end() keeps a single step however many spaces changed.

/** The drafts before and after the present one, and the stroke under way. */
export class History<T> {
  private past: T[] = [];
  private future: T[] = [];
  private strokeStart: T | null = null;
  present: T;

  constructor(initial: T, private readonly limit = 200) {
    this.present = initial;
  }

  /** Replace the present draft with `next` as one undoable step (a no-op when nothing changed). */
  apply(next: T): void {
    if (this.strokeStart !== null) {
      this.present = next;
      return;
    }
    if (same(next, this.present)) return;
    this.past.push(this.present);
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
    this.present = next;
  }

  /** Start a stroke: the edits until end() make one step. */
  begin(): void {
    if (this.strokeStart === null) this.strokeStart = this.present;
  }

  /** Finish the stroke; true when it changed the draft. */
  end(): boolean {
    const start = this.strokeStart;
    if (start === null) return false;
    this.strokeStart = null;
    if (same(start, this.present)) {
      this.present = start;
      return false;
    }
    const next = this.present;
    this.present = start;
    this.apply(next);
    return true;
  }

  get canUndo(): boolean {
    return this.past.length > 0 && this.strokeStart === null;
  }

  get canRedo(): boolean {
    return this.future.length > 0 && this.strokeStart === null;
  }

  undo(): boolean {
    if (!this.canUndo) return false;
    this.future.push(this.present);
    this.present = this.past.pop() as T;
    return true;
  }

  redo(): boolean {
    if (!this.canRedo) return false;
    this.past.push(this.present);
    this.present = this.future.pop() as T;
    return true;
  }

  /** Start again from `draft` (a file opened or imported): no step to undo. */
  reset(draft: T): void {
    this.past = [];
    this.future = [];
    this.strokeStart = null;
    this.present = draft;
  }
}

function same<T>(a: T, b: T): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
