// The play page's entry: the game id is the last path segment, the seat token the "#" fragment.
// A host link ("#host:TOKEN") holds no seat: it opens the seats page instead of the table.
import { mount } from "svelte";
import Play from "./Play.svelte";
import HostPage from "./together/HostPage.svelte";
import { Table } from "./table.svelte";
import { HOST, keepSeats, keptSeats } from "./protocol/kept";
import "./styles.css";

const gameId = location.pathname.split("/").pop() ?? "";
const fragment = location.hash.slice(1);
if (fragment.startsWith("host:")) {
  const hostToken = fragment.slice("host:".length);
  if (!keptSeats().some((s) => s.token === hostToken)) keepSeats([{ id: gameId, name: HOST, token: hostToken }]);
  mount(HostPage, { target: document.getElementById("app")!, props: { gameId, hostToken } });
} else {
  const table = new Table(gameId, fragment);
  // A link opened here (an invitation from a friend, say) joins this browser's games in the lobby.
  if (table.token && !keptSeats().some((s) => s.token === table.token)) keepSeats([{ id: table.gameId, name: "", token: table.token }]);
  // Connect first: the WebSocket's handshake and the catalogue's request travel while the page mounts.
  table.start();
  mount(Play, { target: document.getElementById("app")!, props: { table } });
}
