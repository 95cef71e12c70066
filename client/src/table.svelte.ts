// The play page's controller: receives state messages, plays their events back, and holds what
// the components show. Components read it and call its methods; it never decides a rule.
import { Api, connect, takeEarly, type Link } from "./protocol/connection";
import { merge, nameOf, type Received } from "./protocol/merge";
import type { CardRef, Catalog, Figure, LogEvent, StateMessage, XY } from "./protocol/types";
import { condition } from "./logic/symbols";
import { PlaybackQueue, startPositions, stepsOf, summarise, type Step, type StretchSummary } from "./logic/playback";
import { passesScreen, SLOW_ANSWER_MS } from "./logic/turn";

export interface Floater { id: number; figure: string; text: string; kind: string }
export interface Notice { text: string; kind: string }

const SPEEDS = [0, 0.5, 1, 2, 4];
const reducedMotion = (): boolean => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function storedSpeed(): number {
  const raw = localStorage.getItem("delve.speed");
  if (raw !== null && SPEEDS.includes(Number(raw))) return Number(raw);
  return reducedMotion() ? 0 : 1;
}

export class Table {
  readonly gameId: string;
  readonly token: string;
  readonly api: Api;
  private link: Link | null = null;

  received = $state<Received | null>(null);
  replayState = $state<StateMessage | null>(null);
  replayLog = $state<LogEvent[]>([]);
  catalog = $state<Catalog | null>(null);
  connected = $state(false);
  error = $state<string | null>(null);
  sending = $state(false);
  /** The hint's suggestion (decision serial and choice id), outlined in the panel and on the board
   * until the decision changes. */
  hinted = $state<{ serial: number; choice: string } | null>(null);
  answering = $state(false);  // a sent choice has waited SLOW_ANSWER_MS for its answer (say why)

  card = $state<CardRef | null>(null);
  peek = $state<CardRef | null>(null);  // a card shown while the pointer rests on a mention
  selected = $state<string | null>(null);
  sight = $state<XY[]>([]);
  hoverChoice = $state<string | null>(null);
  hoverSpace = $state<XY | null>(null);
  focusCell = $state<string | null>(null);

  speed = $state(1);
  playing = $state(false);
  playFrom = $state<StateMessage | null>(null);  // the state the running playback started from
  positions = $state<Record<string, XY>>({});
  ghosts = $state<Figure[]>([]);
  removed = $state<string[]>([]);
  floaters = $state<Floater[]>([]);
  notice = $state<Notice | null>(null);
  dice = $state<{ who: string; faces: string[] } | null>(null);
  attack = $state<{ figure: string; at: XY } | null>(null);  // the attack being played back
  stretch = $state<StretchSummary | null>(null);

  briefingOpen = $state(false);
  endHidden = $state(false);  // the end screen was put aside to look at the board
  shownSide = $state<string | null>(null);
  handover = $state<string | null>(null);

  private queue = new PlaybackQueue(wait);
  private chain: Promise<void> = Promise.resolve();
  private floaterId = 0;
  private answerTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(gameId: string, token: string) {
    this.gameId = gameId;
    this.token = token;
    this.api = new Api(gameId, token);
    this.speed = storedSpeed();
  }

  /** The message the board draws: a replay step while replaying, else the live state. */
  get state(): StateMessage | null { return this.replayState ?? this.received?.state ?? null; }
  /** What the counters, meters, objectives and hero panel show: while a playback runs, the state it
   * started from (the board plays the steps; these catch up when it ends, so the round, a wound
   * or the game's end is never shown before the board has played it); else ``state``. */
  get shown(): StateMessage | null { return this.playing && this.playFrom && !this.replayState ? this.playFrom : this.state; }
  get log(): LogEvent[] { return this.replayState ? this.replayLog : this.received?.log ?? []; }
  get replaying(): boolean { return this.replayState !== null; }

  name = (id: string | null | undefined): string => nameOf(id, this.state, this.catalog);

  start(): void {
    const early = takeEarly(this.gameId, this.token);  // public/boot.js may have started both already
    this.api.catalog(early?.catalog ?? null).then((c) => {
      this.catalog = c;
      if (c) document.body.dataset.catalog = "1";  // for tests and tools: names and card texts are there
    });
    this.link = connect(this.gameId, this.token, () => this.received?.log.length ?? 0, {
      state: (msg) => { this.answered(); this.chain = this.chain.then(() => this.receive(msg)); },
      error: (text) => { this.answered(); this.sending = false; this.error = text; },
      status: (up) => { this.connected = up; },
    }, early);
  }

  private async receive(msg: StateMessage): Promise<void> {
    const prev = this.received;
    const next = merge(prev, msg);
    const steps = prev ? stepsOf(next.fresh, this.speed) : [];
    const automated = next.fresh.some((e) => e.turn === "overlord" || /^(overlord|monster|solo|guard|trap)/.test(e.kind));
    // Hot-seat: a message for the other side goes straight behind the hand-over cover, never
    // played back first (a playback drew that side's board and panel, e.g. the overlord's hand
    // and the unexplored map on the heroes' screen).
    if (prev && steps.length && this.speed > 0 && !this.replaying && !passesScreen(next.state, this.shownSide)) {
      await this.playBack(prev.state, next.state, steps);
    }
    this.sending = false;
    this.error = null;
    this.focusCell = null;
    this.peek = null;  // the mention under the pointer may be gone
    if (prev && prev.state.pending?.serial !== next.state.pending?.serial) {
      this.selected = null;
      this.sight = [];  // sight belongs to the state it was asked in
    }
    this.received = next;
    if (prev && automated && next.fresh.length) {
      const s = summarise(next.fresh, this.name);
      this.stretch = s.lines.length ? s : null;
    }
    if (!prev && next.state.table.choices_made === 0 && !localStorage.getItem(`delve.briefed.${this.gameId}`)) {
      this.briefingOpen = true;
    }
    this.checkHandover();
  }

  private async playBack(before: StateMessage, after: StateMessage, steps: Step[]): Promise<void> {
    const where = new Map<string, XY>(before.figures.map((f) => [f.id, [f.footprint.x, f.footprint.y] as XY]));
    const starts = startPositions(steps, where);
    const alive = new Set(after.figures.map((f) => f.id));
    this.ghosts = before.figures.filter((f) => !alive.has(f.id));
    this.positions = Object.fromEntries(starts);
    this.removed = [...new Set(steps.filter((s) => s.show.type === "place" && s.show.figure && !where.has(s.show.figure))
      .map((s) => s.show.figure!))];
    this.received = { ...this.received!, state: { ...after, board: after.board ?? before.board } , log: this.received!.log };
    this.playFrom = before;
    this.playing = true;
    document.body.dataset.playing = "1";
    await this.queue.play(steps, (s) => this.applyStep(s));
    this.playing = false;
    this.playFrom = null;
    delete document.body.dataset.playing;
    this.positions = {};
    this.ghosts = [];
    this.removed = [];
    this.dice = null;
    this.attack = null;
    this.notice = null;
  }

  private applyStep(step: Step): void {
    const s = step.show;
    const fig = s.figure;
    switch (s.type) {
      case "move":
      case "place":
        if (fig && s.to) {
          this.positions = { ...this.positions, [fig]: s.to };
          this.removed = this.removed.filter((id) => id !== fig);
        }
        break;
      case "attack":
        this.attack = fig && s.at ? { figure: fig, at: s.at } : null;
        break;
      case "dice":
        this.dice = { who: fig ? this.name(fig) : "", faces: s.faces ?? [] };
        break;
      case "wounds":
        if (fig) this.float(fig, `-${s.wounds ?? 0}`, "wound");
        break;
      case "kill":
        if (fig) this.removed = [...this.removed, fig];
        this.notice = { text: step.event.text, kind: "kill" };
        break;
      case "trap":
        this.notice = { text: step.event.text, kind: "trap" };
        if (fig) this.float(fig, "trap!", "trap");
        break;
      case "condition":
        if (fig && s.condition) this.float(fig, `+${condition(s.condition).abbr}`, "condition");
        break;
      case "turn":
        this.notice = { text: step.event.text, kind: "turn" };
        break;
      case "round":
        this.notice = { text: step.event.text, kind: "round" };
        break;
      case "end":
        this.notice = { text: step.event.text, kind: "end" };
        break;
      default:
        break;
    }
  }

  private float(figure: string, text: string, kind: string): void {
    const id = ++this.floaterId;
    this.floaters = [...this.floaters, { id, figure, text, kind }];
    setTimeout(() => { this.floaters = this.floaters.filter((f) => f.id !== id); }, 1200);
  }

  skip(): void { this.queue.skip(); }

  setSpeed(speed: number): void {
    this.speed = speed;
    localStorage.setItem("delve.speed", String(speed));
    if (speed === 0) this.queue.skip();
  }

  choose(choice: string): void {
    const st = this.received?.state;
    const p = st?.pending;
    if (!p || !p.yours || this.sending || this.replaying || this.playing) return;
    this.sending = true;
    this.stretch = null;
    this.answered();
    this.answerTimer = setTimeout(() => { this.answering = this.sending; }, SLOW_ANSWER_MS);
    this.link?.choose(choice, p.serial);
  }

  /** The answer to the page's choice came (or a refusal): stop saying why it waits. */
  private answered(): void {
    if (this.answerTimer !== null) clearTimeout(this.answerTimer);
    this.answerTimer = null;
    this.answering = false;
  }

  undo(): void { this.link?.undo(); }

  async setAutoAnswer(on: boolean): Promise<void> { await this.api.settings(on); }

  /** The overlord's standing answers: no traps this round, or card windows only up to a cost. */
  async setStanding(changes: { pass_traps_this_round?: boolean; ask_max_cost?: number | null;
                               ask_every_window?: boolean }): Promise<void> {
    await this.api.changeSettings(changes);
  }

  async toggleSight(figure: string): Promise<void> {
    if (this.selected === figure) { this.selected = null; this.sight = []; return; }
    this.selected = figure;
    this.sight = [];
    if (this.replaying) return;  // the sight endpoint answers for the live game only
    try {
      const serial = this.received?.state.pending?.serial;
      const res = await this.api.sight(figure);
      if (this.selected === figure && this.received?.state.pending?.serial === serial) this.sight = res.spaces;
    } catch (e) {
      this.error = String((e as Error).message);
    }
  }

  async showReplay(step: number): Promise<void> {
    try {
      const msg = await this.api.replay(Math.max(0, step));
      this.replayLog = msg.log;
      this.replayState = msg;
      this.selected = null;
      this.sight = [];
    } catch (e) {
      this.error = String((e as Error).message);
    }
  }

  leaveReplay(): void { this.replayState = null; this.replayLog = []; }

  open(card: CardRef): void { this.card = card; }

  closeBriefing(): void {
    this.briefingOpen = false;
    localStorage.setItem(`delve.briefed.${this.gameId}`, "1");
  }

  private side(seat: string): string { return seat === "overlord" ? "overlord" : "heroes"; }

  /** Hot-seat: when the decision passes to the other side, cover the screen until they are ready
   * (``passesScreen``). */
  private checkHandover(): void {
    const st = this.received?.state;
    const p = st?.pending;
    if (!st || !p || st.table.mode !== "hotseat" || !p.yours || p.seat === "table") return;
    const side = this.side(p.seat);
    if (this.shownSide !== null && side !== this.shownSide) this.handover = side;
    else this.shownSide = side;
  }

  handedOver(): void {
    if (this.handover) this.shownSide = this.handover;
    this.handover = null;
  }
}

export { SPEEDS };
