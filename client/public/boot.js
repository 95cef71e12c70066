// Opens the table's WebSocket and asks for the catalogue as the page starts, before the page's
// scripts have loaded and mounted: the handshake, the hello and the first state message travel
// meanwhile. protocol/connection.ts adopts the socket, its buffered messages and the request.
// Plain JavaScript, copied as it is (client/public): it must not wait for the bundle.
(() => {
  const id = location.pathname.split("/").pop();
  const token = location.hash.slice(1);
  if (!id || !token) return;
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${id}`);
  const early = { id, token, ws, opened: false, messages: [], catalog: null };
  ws.onopen = () => { early.opened = true; ws.send(JSON.stringify({ token, log_from: 0 })); };
  ws.onmessage = (ev) => { early.messages.push(ev.data); };
  early.catalog = fetch(`/api/games/${id}/catalog`, { headers: { "X-Seat-Token": token } }).catch(() => null);
  window.__delveEarly = early;
})();
