// The play page's entry: the game id is the last path segment, the seat token the "#" fragment.
import { mount } from "svelte";
import Play from "./Play.svelte";
import { Table } from "./table.svelte";
import "./styles.css";

const table = new Table(location.pathname.split("/").pop() ?? "", location.hash.slice(1));
mount(Play, { target: document.getElementById("app")!, props: { table } });
table.start();
