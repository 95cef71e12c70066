// The play page: draws the seat's view (SVG) and turns clicks into choice ids.
// It never decides a rule: every highlighted space and button is one of the server's legal choices.
"use strict";

const CELL = 34;
const gameId = location.pathname.split("/").pop();
const token = location.hash.slice(1);
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const POSITIONAL = /^(move|place|knockback|jump|land|step|space|push|pull|drop):/;

let S = null;            // the last state message
let logEntries = [];     // every event seen so far
let ws = null;
let selected = null;     // selected figure id
let sight = [];          // spaces the selected figure sees
let hoverChoice = null;  // choice id under the pointer (odds and template)
let focusCell = null;    // a clicked target space with several attack choices
let replay = null;       // {step, of} while stepping through a replay
let shownSide = null;    // hot-seat: whose screen this is now
let sending = false;

function el(tag, attrs = {}, parent = null, ns = SVG) {
  const node = document.createElementNS(ns, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}
function html(tag, attrs = {}, parent = null, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}
const key = (x, y) => `${x},${y}`;

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${gameId}`);
  ws.onopen = () => ws.send(JSON.stringify({token, log_from: logEntries.length}));
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") { sending = false; receive(msg); }
    else if (msg.type === "error") { sending = false; showError(msg.error); }
  };
  ws.onclose = () => { $("status").textContent = "Disconnected; reconnecting..."; setTimeout(connect, 1500); };
}

function receive(msg) {
  if (msg.board === null && S) msg.board = S.board;  // unchanged: the server sends it only when it changes
  if (msg.log_from === 0) logEntries = [];
  logEntries = logEntries.concat(msg.log);
  S = msg;
  if (replay) return;
  focusCell = null;
  render(S);
}

function showError(text) {
  const p = html("p", {class: "error"}, null, text);
  $("choices").prepend(p);
}

function choose(choiceId) {
  if (!S || !S.pending || sending || replay) return;
  sending = true;
  ws.send(JSON.stringify({type: "choose", choice: choiceId, serial: S.pending.serial}));
}

function side(seat) { return seat === "overlord" ? "overlord" : "heroes"; }

function render(st) {
  const pending = st.pending;
  const hot = st.table.mode === "hotseat" && pending && pending.yours && pending.seat !== "table";
  if (hot && shownSide !== null && side(pending.seat) !== shownSide && !replay) {
    $("handover-text").textContent = `Pass the screen to the ${side(pending.seat) === "overlord" ? "overlord" : "heroes"}.`;
    $("handover").hidden = false;
    $("handover-ok").onclick = () => { $("handover").hidden = true; shownSide = side(pending.seat); render(st); };
    return;
  }
  if (hot) shownSide = side(pending.seat);
  document.body.dataset.serial = pending ? String(pending.serial) : "over";
  document.body.dataset.kind = pending && pending.yours ? pending.kind : "";
  renderStatus(st);
  renderBoard(st);
  renderDecision(st);
  renderParty(st);
  renderLog();
}

function renderStatus(st) {
  const p = st.pending;
  let text;
  if (st.winner) text = `The game is over: the ${st.winner} win.`;
  else if (!p) text = "The game is over.";
  else if (p.yours) text = `Your decision (${p.seat === "table" ? "dice" : p.seat})`;
  else text = `Waiting for ${p.seat}...`;
  if (replay) text = `Replay: after choice ${replay.step} of ${replay.of}`;
  $("status").textContent = text;
  $("ruleset").textContent = `Descent ${st.ruleset === "2e" ? "2nd" : st.ruleset === "1e" ? "1st" : st.ruleset} edition rules`;
  $("ruleset").dataset.ruleset = st.ruleset;
  $("counters").textContent = `Quest ${st.quest} - round ${st.round} - conquest ${st.conquest} - threat ${st.overlord.threat}`;
  $("undo").hidden = !st.table.can_undo || !!replay;
}

function positional(p) {
  const moves = new Map(), targets = new Map();
  if (!p || !p.yours || !p.choices) return {moves, targets};
  for (const c of p.choices) {
    if (c.data == null || c.data.x === undefined || c.data.y === undefined) continue;
    const k = key(c.data.x, c.data.y);
    if (c.id.startsWith("attack:")) { if (!targets.has(k)) targets.set(k, []); targets.get(k).push(c); }
    else if (POSITIONAL.test(c.id)) { if (!moves.has(k)) moves.set(k, c); }
  }
  return {moves, targets};
}

function renderBoard(st) {
  const svg = $("board");
  svg.innerHTML = "";
  const b = st.board;
  svg.setAttribute("width", b.width * CELL);
  svg.setAttribute("height", b.height * CELL);
  const layer = (name) => el("g", {class: name}, svg);
  const spaces = layer("spaces"), hl = layer("highlights"), walls = layer("walls"), marks = layer("markers");
  const figs = layer("figures"), top = layer("top");
  for (const s of b.spaces) {
    const t = ["floor", "water", "lava", "pit", "rubble", "mud", "fog", null].includes(s.terrain) ? String(s.terrain) : "other";
    const r = el("rect", {x: s.x * CELL, y: s.y * CELL, width: CELL, height: CELL, class: `space t-${t}`,
                          "data-x": s.x, "data-y": s.y}, spaces);
    if (s.terrain && s.terrain !== "floor") el("title", {}, r).textContent = s.terrain;
  }
  const edge = (a, bb, cls, parent) => {
    const [ax, ay] = a, [bx, by] = bb;
    let x1, y1, x2, y2;
    if (ax !== bx) { const x = Math.max(ax, bx) * CELL; x1 = x2 = x; y1 = ay * CELL; y2 = y1 + CELL; }
    else { const y = Math.max(ay, by) * CELL; y1 = y2 = y; x1 = ax * CELL; x2 = x1 + CELL; }
    return el("line", {x1, y1, x2, y2, class: cls}, parent);
  };
  for (const [a, bb] of b.walls) edge(a, bb, "wall", walls);
  for (const d of b.doors) for (const [a, bb] of d.edges) {
    const line = edge(a, bb, `door${d.open ? " open" : ""}`, walls);
    el("title", {}, line).textContent = `${d.id}${d.rune ? ` (${d.rune} rune)` : ""}${d.open ? " (open)" : ""}`;
  }
  for (const m of b.markers) {
    const g = el("g", {class: `marker m-${m.kind}`}, marks);
    const cx = m.pos[0] * CELL + CELL - 9, cy = m.pos[1] * CELL + 9;
    const colour = {chest: "#c96", money: "#fd4", glyph: m.data.active ? "#6cf" : "#468", relic: "#c6f",
                    altar: "#eee", staircase: "#999", rune_key: m.data.colour || "#f6a"}[m.kind] || "#ddd";
    el("circle", {cx, cy, r: 7, fill: colour, stroke: "#000"}, g);
    el("text", {x: cx - 3, y: cy + 3}, g).textContent = m.kind[0].toUpperCase();
    el("title", {}, g).textContent = `${m.kind} ${Object.entries(m.data).map(([k, v]) => `${k}: ${v}`).join(", ")}`;
  }
  const {moves, targets} = positional(st.pending);
  for (const [x, y] of sight) el("rect", {x: x * CELL, y: y * CELL, width: CELL, height: CELL, class: "hl-sight"}, hl);
  for (const [k, c] of moves) {
    const r = el("rect", {x: c.data.x * CELL + 2, y: c.data.y * CELL + 2, width: (c.data.w || 1) * CELL - 4,
                          height: (c.data.h || 1) * CELL - 4, class: "hl-move", "data-choice": c.id, "data-cell": k}, top);
    el("title", {}, r).textContent = c.label;
    r.addEventListener("click", () => choose(c.id));
  }
  for (const f of st.figures) {
    if (f.in_town || (f.alive === false)) continue;
    const fp = f.footprint;
    const cls = `fig ${f.kind}${f.master || f.named ? " master" : ""}${selected === f.id ? " selected" : ""}`;
    const g = el("g", {class: cls, "data-figure": f.id}, figs);
    const x = fp.x * CELL, y = fp.y * CELL;
    if (fp.w > 1 || fp.h > 1) el("rect", {x: x + 3, y: y + 3, width: fp.w * CELL - 6, height: fp.h * CELL - 6, rx: 8}, g);
    else el("circle", {cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 2 - 4}, g);
    el("text", {x: x + CELL / 2 - 4, y: y + CELL / 2 + 4}, g).textContent = f.name[0];
    el("text", {x: x + 2, y: y + CELL - 2, class: "wounds"}, g).textContent = `${f.wounds}`;
    let i = 0;
    for (const [tok, n] of Object.entries(f.tokens || {})) {
      if (!n) continue;
      el("circle", {cx: x + CELL - 5, cy: y + 6 + i * 9, r: 4.5, fill: "#fd0", stroke: "#000"}, g);
      el("text", {x: x + CELL - 7.5, y: y + 8.5 + i * 9, class: "tok"}, g).textContent = tok[0].toUpperCase();
      i += 1;
    }
    el("title", {}, g).textContent = `${f.name}: ${f.wounds}/${f.max_wounds} wounds` +
      (f.kind === "hero" ? `, ${f.fatigue}/${f.max_fatigue} fatigue` : "") +
      (f.order ? `, order: ${f.order}` : "") +
      (Object.keys(f.tokens || {}).length ? `, conditions: ${Object.entries(f.tokens).map(([k, v]) => `${k} ${v}`).join(", ")}` : "");
    g.addEventListener("click", () => selectFigure(f.id));
  }
  for (const [k, list] of targets) {
    const [tx, ty] = k.split(",").map(Number);
    const r = el("rect", {x: tx * CELL + 1, y: ty * CELL + 1, width: CELL - 2, height: CELL - 2, class: "hl-target",
                          "data-cell": k, "data-choice": list[0].id}, top);
    el("title", {}, r).textContent = list.map((c) => c.label).join("\n");
    r.addEventListener("mouseenter", () => { hoverChoice = list[0].id; renderOverlay(); });
    r.addEventListener("click", () => {
      if (list.length === 1) choose(list[0].id);
      else { focusCell = k; renderDecision(S); }
    });
  }
  el("g", {id: "overlay"}, svg);
  renderOverlay();
}

function renderOverlay() {
  const g = $("overlay");
  if (!g || !S || !S.pending || !S.pending.help) return;
  g.innerHTML = "";
  const help = hoverChoice ? S.pending.help[hoverChoice] : null;
  if (help && help.template) {
    for (const [x, y] of help.template) el("rect", {x: x * CELL, y: y * CELL, width: CELL, height: CELL, class: "hl-template"}, g);
  }
  renderOdds(help);
}

function pct(p) { return `${Math.round(p * 100)}%`; }
function renderOdds(help) {
  const box = $("odds");
  box.innerHTML = "";
  if (!help || !help.odds || help.odds.hit === undefined) return;
  const o = help.odds;
  html("p", {}, box, `${o.attacker ? `${o.attacker} against` : "Against"} ${o.target} (armor ${o.armor}, ${o.target_wounds} wounds left): ` +
       `hit ${pct(o.hit)}, kill ${pct(o.kill)}, ${o.expected.toFixed(2)} wounds expected (exact odds).`);
  const t = html("table", {}, box);
  const r1 = html("tr", {}, t), r2 = html("tr", {}, t);
  html("td", {}, r1, "wounds"); html("td", {}, r2, "chance");
  o.wounds.forEach((p, k) => { if (p > 0.0005) { html("td", {}, r1, String(k)); html("td", {}, r2, pct(p)); } });
}

async function selectFigure(id) {
  selected = selected === id ? null : id;
  sight = [];
  if (selected) {
    const res = await fetch(`/api/games/${gameId}/sight?figure=${encodeURIComponent(id)}`, {headers: {"X-Seat-Token": token}});
    if (res.ok) sight = (await res.json()).spaces;
  }
  renderBoard(replay ? S : S);
}

const GROUPS = [["attack", /^attack:/], ["area attacks", /^(breath|bolt):/], ["actions", /^action:/],
                ["dice", /^(die|face|enter|roll)/], ["cards", /^(play|discard|add|card):/],
                ["shopping", /^(buy|sell|shop)/], ["equipment", /^(equip|unequip|swap|place:|pack|drop|give|cursed)/]];

function renderDecision(st) {
  const p = st.pending;
  $("prompt").textContent = p && p.yours && !replay ? p.prompt : (p ? `Waiting for ${p.seat}` : "");
  const box = $("choices");
  box.innerHTML = "";
  if (!p || !p.yours || replay) { renderOdds(null); return; }
  const {moves} = positional(p);
  let list = p.choices.filter((c) => !(c.data && c.data.x !== undefined && moves.has(key(c.data.x, c.data.y)) &&
                                      moves.get(key(c.data.x, c.data.y)).id === c.id));
  if (focusCell) {
    const [fx, fy] = focusCell.split(",").map(Number);
    list = list.filter((c) => c.data && c.data.x === fx && c.data.y === fy);
    html("p", {}, box, "Several ways to attack that space: pick one.");
  }
  if (moves.size) html("p", {class: "group"}, box, `${moves.size} spaces are highlighted on the board: click one.`);
  for (const c of list) {
    const help = (p.help || {})[c.id];
    const b = html("button", {"data-choice": c.id, class: c.id.startsWith("attack:") ? "attack" : ""}, box, c.label);
    if (help && help.odds && help.odds.hit !== undefined) b.textContent += `  [hit ${pct(help.odds.hit)}, kill ${pct(help.odds.kill)}]`;
    b.addEventListener("click", () => choose(c.id));
    b.addEventListener("mouseenter", () => { hoverChoice = c.id; renderOverlay(); });
  }
  if (moves.size) {
    const d = html("details", {}, box);
    html("summary", {}, d, "Spaces as a list");
    for (const c of moves.values()) {
      const b = html("button", {"data-choice": c.id}, d, c.label);
      b.addEventListener("click", () => choose(c.id));
    }
  }
}

function renderParty(st) {
  const box = $("party");
  box.innerHTML = "";
  for (const f of st.figures.filter((x) => x.kind === "hero")) {
    const conds = Object.entries(f.tokens || {}).filter(([, n]) => n).map(([k, n]) => `${k} ${n}`).join(", ");
    html("div", {class: "party-row"}, box, `${f.name}: ${f.wounds}/${f.max_wounds} wounds, ${f.fatigue}/${f.max_fatigue} ` +
         `fatigue, ${f.coins} coins${f.order ? `, ${f.order} order` : ""}${conds ? `, ${conds}` : ""}; ` +
         `uses ${(f.equipped || []).join(", ") || "nothing"}`);
  }
  const o = st.overlord;
  html("div", {class: "party-row"}, box, `Overlord: ${o.threat} threat, ${o.hand_size} cards in hand, ${o.deck_size} in the deck` +
       (o.hand ? `; hand: ${o.hand.join(", ")}` : ""));
}

function renderLog() {
  const ol = $("log");
  ol.innerHTML = "";
  for (const e of logEntries.slice(-150).reverse()) {
    const li = html("li", {}, ol);
    const faces = e.data && Array.isArray(e.data.faces) ? e.data.faces : null;
    if (faces) {
      li.append(e.text.replace(/rolled .*$/, "rolled "));
      for (const f of faces) html("span", {class: `die${f === "X" ? " miss" : ""}`}, li, f);
    } else li.append(e.text);
    if (e.ref) html("span", {class: "ref"}, li, ` (rulebook: ${e.ref})`);
  }
}

// -- replays and undo --------------------------------------------------------------------
async function showReplay(step) {
  const res = await fetch(`/api/games/${gameId}/replay?step=${step}`, {headers: {"X-Seat-Token": token}});
  const msg = await res.json();
  if (!res.ok) { showError(msg.error); return; }
  replay = msg.replay;
  $("replay-step").max = replay.of;
  $("replay-step").value = replay.step;
  $("replay-label").textContent = `${replay.step} / ${replay.of}`;
  const saved = logEntries;
  logEntries = msg.log;
  render(msg);
  logEntries = saved;
}
$("replay-toggle").onclick = () => {
  if (replay) { replay = null; $("replay-bar").hidden = true; render(S); return; }
  $("replay-bar").hidden = false;
  showReplay(0);
};
$("replay-step").oninput = (ev) => showReplay(Number(ev.target.value));
$("replay-start").onclick = () => showReplay(0);
$("replay-back").onclick = () => showReplay(Math.max(0, (replay ? replay.step : 0) - 1));
$("replay-next").onclick = () => showReplay((replay ? replay.step : 0) + 1);
$("replay-end").onclick = () => showReplay(S ? S.table.choices_made : 0);
$("undo").onclick = () => ws.send(JSON.stringify({type: "undo"}));

connect();
