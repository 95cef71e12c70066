// The play page's entry: the game id is the last path segment, the seat token the "#" fragment.
import { mount } from "svelte";
import Play from "./Play.svelte";
import { Table } from "./table.svelte";
import { keepSeats, keptSeats } from "./protocol/kept";
import "./styles.css";

const table = new Table(location.pathname.split("/").pop() ?? "", location.hash.slice(1));
// A link opened here (an invitation from a friend, say) joins this browser's games in the lobby.
if (table.token && !keptSeats().some((s) => s.token === table.token)) keepSeats([{ id: table.gameId, name: "", token: table.token }]);
// Connect first: the WebSocket's handshake and the catalogue's request travel while the page mounts.
table.start();
mount(Play, { target: document.getElementById("app")!, props: { table } });
