// The lobby page's entry.
import { mount } from "svelte";
import Lobby from "./Lobby.svelte";
import "./styles.css";

mount(Lobby, { target: document.getElementById("app")! });
