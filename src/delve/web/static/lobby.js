// The lobby: start a game and show its invitation links (each carries its seat's secret token).
"use strict";
// The server lists only the games whose seat tokens this browser presents (X-Seat-Tokens): keep them.
const KEPT = "delve.seats";
const kept = () => { try { return JSON.parse(localStorage.getItem(KEPT) || "[]"); } catch { return []; } };
const form = document.getElementById("new-game");
form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = new FormData(form);
  const body = {
    mode: f.get("mode"), ruleset: f.get("ruleset") || "1e", quest: f.get("quest") || null, seed: Number(f.get("seed") || 1),
    heroes: String(f.get("heroes") || "").split(",").map((s) => s.trim()).filter(Boolean),
    overlord: f.get("overlord"), physical_dice: f.get("physical_dice") === "on", quick: f.get("quick") === "on",
  };
  const res = await fetch("/api/games", {method: "POST", headers: {"Content-Type": "application/json"},
                                         body: JSON.stringify(body)});
  const data = await res.json();
  const box = document.getElementById("invites");
  if (!res.ok) { box.textContent = data.error || "Could not start the game."; return; }
  const seats = data.invites.map((inv) => ({id: data.id, name: inv.name, token: inv.url.split("#")[1]}));
  localStorage.setItem(KEPT, JSON.stringify([...seats, ...kept()].slice(0, 100)));
  if (data.invites.length === 1) { location.href = data.invites[0].url; return; }
  box.innerHTML = "<h2>Invitation links</h2><p>Send each person their own link; keep yours.</p>";
  const ul = document.createElement("ul");
  for (const inv of data.invites) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = inv.url; a.textContent = location.origin + inv.url;
    li.append(`${inv.name} (${inv.seats.filter((s) => s !== "table").join(", ")}): `, a);
    ul.append(li);
  }
  box.append(ul);
});
const EDITIONS = {"1e": "Descent 1st edition", "2e": "Descent 2nd edition"};
fetch("/api/rulesets").then((r) => r.json()).then((names) => {  // whatever rulesets the server knows
  const select = document.getElementById("ruleset");
  select.innerHTML = "";
  for (const name of names) {
    const option = document.createElement("option");
    option.value = name; option.textContent = EDITIONS[name] || name;
    select.append(option);
  }
});
fetch("/api/games", {headers: {"X-Seat-Tokens": kept().map((s) => s.token).join(",")}})
  .then((r) => r.json()).then((games) => {
    const ul = document.getElementById("games");
    for (const g of games.slice(0, 30)) {
      const li = document.createElement("li");
      const seat = kept().find((s) => s.id === g.id && s.name === g.name);
      const a = document.createElement("a");
      a.textContent = `${g.quest} (${g.ruleset}, ${g.mode}, ${g.status}, ${g.name})`;
      if (seat) a.href = `/play/${g.id}#${seat.token}`;
      li.append(a, ` ${new Date(g.created * 1000).toLocaleString()}`);
      ul.append(li);
    }
  });
