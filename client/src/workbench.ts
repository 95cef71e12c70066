// The quest workbench's entry (docs/workbench.md): draw a quest, check it, play it, balance it.
import { mount } from "svelte";
import Workbench from "./workbench/Workbench.svelte";
import "./styles.css";
import "./workbench/workbench.css";

mount(Workbench, { target: document.getElementById("app")! });
