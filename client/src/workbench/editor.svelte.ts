// The workbench's state: the draft with its history, the tool, the selection and what the
// server's validator said about the draft. Edits go through `edit` (one undo step) or a stroke
// (one step however long the drag); every change asks for a new validation, debounced.
import type { XY } from "../protocol/types";
import { api } from "./api";
import { addArea } from "./draft";
import { History } from "./history";
import { paint, pickAt, type StrokeAt } from "./paint";
import { highlightOf, joinHighlights, sceneOf, selectionOf, type Highlight, type Selection } from "./scene";
import { defaultTool, type Tool } from "./tools";
import type { Draft, Palette, ValidationError } from "./types";

const VALIDATE_AFTER_MS = 250;

/** A dotted field inside another (or the same): "goals.heroes.text" is within "goals.heroes". */
const within = (field: string, outer: string): boolean => field === outer || field.startsWith(`${outer}.`);

export class Editor {
  private history: History<Draft>;
  draft = $state.raw<Draft>() as Draft;
  canUndo = $state(false);
  canRedo = $state(false);
  tool = $state<Tool>(defaultTool());
  selection = $state.raw<Selection | null>(null);
  errors = $state.raw<ValidationError[]>([]);
  checking = $state(false);
  /** The error the designer clicked in the list (its element is selected). */
  current = $state.raw<ValidationError | null>(null);
  palette = $state.raw<Palette | null>(null);
  /** The name the draft is saved under (null: not saved yet). */
  savedAs = $state<string | null>(null);
  /** The draft as last saved or opened, to tell unsaved changes. */
  private clean = $state("");
  /** A balance heat map drawn over the grid (space "x,y" -> count), and what it counts. */
  heat = $state.raw<Map<string, number> | null>(null);
  heatLabel = $state("");
  /** Counts the drafts loaded (the grid fits its view again for each). */
  generation = $state(0);
  tab = $state<"inspect" | "areas" | "quest" | "errors" | "balance">("inspect");
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inflight: AbortController | null = null;
  private strokeBase: Draft | null = null;
  private strokeFrom: XY = [0, 0];

  constructor(initial: Draft) {
    this.history = new History(initial);
    this.draft = initial;
    this.clean = JSON.stringify(initial);
  }

  readonly scene = $derived(sceneOf(this.draft));
  readonly selected = $derived<Highlight>(highlightOf(this.draft, this.selection));
  readonly errorMarks = $derived<Highlight>(joinHighlights(this.errors.map((e) => highlightOf(this.draft, selectionOf(e.element)))));
  readonly dirty = $derived(JSON.stringify(this.draft) !== this.clean);
  /** Monsters the palette offers: the pack's, then the quest's named monsters (drawn like their base). */
  readonly monsters = $derived.by(() => {
    const pack = this.palette?.monsters ?? [];
    const named = (this.draft.quest.named_monsters ?? []).map((n) => ({
      id: n.id, name: `${n.name || n.id} (named)`, size: pack.find((m) => m.id === n.base)?.size ?? "1x1",
    }));
    return [...pack, ...named];
  });

  private sync(): void {
    this.draft = this.history.present;
    this.canUndo = this.history.canUndo;
    this.canRedo = this.history.canRedo;
    this.dropStaleSelection();
    this.scheduleValidation();
  }

  /** One edit: `change` returns the new draft (or the same one when nothing changes). */
  edit(change: (d: Draft) => Draft): void {
    this.history.apply(change(this.history.present));
    this.sync();
  }

  undo(): void {
    if (this.history.undo()) this.sync();
  }

  redo(): void {
    if (this.history.redo()) this.sync();
  }

  /** Start from another draft (opened, imported or new): no undo across it. */
  load(draft: Draft, savedAs: string | null = null): void {
    this.history.reset(draft);
    this.clean = JSON.stringify(draft);
    this.savedAs = savedAs;
    this.selection = null;
    this.current = null;
    this.generation++;
    this.sync();
  }

  markSaved(name: string): void {
    this.savedAs = name;
    this.clean = JSON.stringify(this.draft);
  }

  /** A point of a pointer or keyboard stroke on the grid. */
  stroke(s: StrokeAt): void {
    if (this.tool.kind === "select") {
      if (s.phase === "start") {
        this.selection = pickAt(this.draft, s.space, s.edge);
        if (this.selection) this.tab = "inspect";
      }
      return;
    }
    if (s.phase === "start") {
      this.history.begin();
      this.strokeBase = this.history.present;
      this.strokeFrom = s.space;
    }
    const sizes = Object.fromEntries(this.monsters.map((m) => [m.id, m.size]));
    if (this.strokeBase) this.history.apply(paint(this.history.present, this.tool, s, this.strokeBase, this.strokeFrom, sizes));
    if (s.phase === "end") {
      this.history.end();
      this.strokeBase = null;
    }
    this.draft = this.history.present;
    if (s.phase === "end") this.sync();
  }

  newArea(): void {
    let id = "";
    this.edit((d) => {
      const made = addArea(d);
      id = made.id;
      return made.draft;
    });
    this.tool.area = id;
  }

  /** Select what an error concerns (and show the form that holds it). */
  show(e: ValidationError): void {
    this.current = e;
    const s = selectionOf(e.element);
    this.selection = s;
    if (s?.kind === "quest" || s?.kind === "map") this.tab = "quest";
    else if (s?.kind === "area") this.tab = "areas";
  }

  /** The errors that concern a selection (for the inspector). */
  errorsOf(s: Selection | null): ValidationError[] {
    if (!s) return [];
    const same = JSON.stringify(s);
    return this.errors.filter((e) => {
      const t = selectionOf(e.element);
      if (!t) return false;
      if (t.kind === "quest" && s.kind === "quest") return within(t.field, s.field) || within(s.field, t.field);
      return JSON.stringify(t) === same;
    });
  }

  private dropStaleSelection(): void {
    const s = this.selection;
    if (!s) return;
    const lists: Record<string, unknown[]> = {
      door: this.draft.map.doors, marker: this.draft.markers, monster: this.draft.monsters, hero_start: this.draft.hero_starts, area: this.draft.areas,
    };
    if ("index" in s && !lists[s.kind]?.[s.index]) this.selection = null;
  }

  scheduleValidation(): void {
    if (this.timer) clearTimeout(this.timer);
    this.checking = true;
    this.timer = setTimeout(() => void this.validate(), VALIDATE_AFTER_MS);
  }

  async validate(): Promise<void> {
    this.inflight?.abort();
    const ctrl = new AbortController();
    this.inflight = ctrl;
    const sent = this.draft;
    try {
      const answer = await api.validate(sent, ctrl.signal);
      if (ctrl.signal.aborted) return;
      this.errors = answer.errors;
      if (this.current && !answer.errors.some((e) => e.message === this.current?.message)) this.current = null;
    } catch (e) {
      if ((e as Error).name === "AbortError") return;
      this.errors = [{ message: `the validator did not answer: ${(e as Error).message}`, file: "draft", entry: "", field: "", line: null, element: null }];
    } finally {
      if (this.inflight === ctrl) {
        this.inflight = null;
        this.checking = false;
      }
    }
  }
}
