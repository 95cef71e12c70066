"""The browser client's speed as a person meets it: first page load and click-to-repaint latency.

Starts a table server on a free localhost port, opens the solo tutorial in headless Chromium and
measures, inside the page (performance.now()):

- first load: from navigation start to the first decision on screen (the board drawn, the
  decision panel filled), and the browser's load event;
- local interactions (no server round trip): opening a card, zooming the board, switching a
  log filter, hovering a choice (odds and template);
- choices: from the click to the repaint after the server's answer (playback at "instant").

Each latency is measured to the frame after the change (requestAnimationFrame, then a task),
so it includes Svelte's update, style, layout and paint. The target (issue 15): every
interaction under 100 ms, first load under 1 s. Wall-clock figures on a shared 2-core machine:
run it on an idle machine, several times.

    PYTHONPATH=src python bench/client_bench.py [--rounds 20] [--loads 9] [--compare OLD/src]

``--compare OLD/src`` also starts a server from another source tree (say a checkout of the
previous commit: its Python code and its built client) and alternates first loads between the two
servers, so both are measured in one run under the same machine load. Each first load is cold (a
new browser context: empty cache) and reports, besides the wall-clock time to the first decision
on screen, the page's main-thread busy time (Chromium's TaskDuration) and the server process's
CPU time during the load, which depend less on what else the machine runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]

# Send an event ('click' or 'pointerenter') to the first element matching a selector; resolve
# after the next frame has been painted.
LOCAL = """async ([sel, type]) => {
  const node = document.querySelector(sel);
  if (!node) return null;
  const t0 = performance.now();
  node.dispatchEvent(type === 'click' ? new MouseEvent('click', {bubbles: true}) : new PointerEvent(type));
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - t0;
}"""
# Click a choice; resolve after the page shows the next decision and has painted it.
CHOICE = """async (sel) => {
  const node = document.querySelector(sel);
  if (!node) return null;
  const serial = document.body.dataset.serial;
  const t0 = performance.now();
  node.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  const done = await new Promise((resolve) => {
    const poll = () => (document.body.dataset.serial && document.body.dataset.serial !== serial)
      ? requestAnimationFrame(() => setTimeout(() => resolve(true), 0))
      : performance.now() - t0 > 5000 ? resolve(false) : setTimeout(poll, 1);
    poll();
  });
  return done ? performance.now() - t0 : null;
}"""


def free_port() -> int:
    from delve.web.server import free_port as port

    return port()


# Record when the page first shows a decision (body[data-serial] set) and when that frame is painted.
SHOWN = """document.addEventListener('DOMContentLoaded', () => new MutationObserver((_, obs) => {
  if (!document.body.dataset.serial) return;
  obs.disconnect();
  window.__shown = performance.now();
  requestAnimationFrame(() => setTimeout(() => { window.__painted = performance.now(); }, 0));
}).observe(document.body, {attributes: true}));"""


def start_server(folder: Path, sources: str | None = None) -> tuple[subprocess.Popen[bytes], str]:
    url = f"http://127.0.0.1:{free_port()}"
    env = {**os.environ, "PYTHONPATH": sources} if sources else None
    proc = subprocess.Popen([sys.executable, "-m", "delve.cli.main", "serve", "--host", "127.0.0.1", "--port",
                             url.rsplit(":", 1)[1], "--database", f"sqlite:///{folder / 'bench.sqlite3'}"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    for _ in range(300):
        try:
            if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def summary(name: str, samples: list[float]) -> str:
    samples = [s for s in samples if s is not None]
    if not samples:
        return f"{name:34s} (not measured)"
    q = statistics.quantiles(samples, n=20, method="inclusive") if len(samples) > 1 else [samples[0]] * 19
    return (f"{name:34s} n={len(samples):3d} median {statistics.median(samples):7.1f} ms  "
            f"p95 {q[18]:7.1f} ms  max {max(samples):7.1f} ms")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def first_load(browser: Any, base: str, proc: subprocess.Popen[bytes], seed: int) -> dict[str, float]:
    """One cold first load of a new solo tutorial game: times in ms from navigation start."""
    created = httpx.post(base + "/api/games", json={"mode": "solo", "seed": seed, "quick": True}).json()
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.add_init_script("localStorage.setItem('delve.speed', '0');" + SHOWN)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    cpu0 = cpu_seconds(proc.pid)
    page.goto(base + created["invites"][0]["url"])
    page.wait_for_function("() => window.__painted", timeout=20_000)
    page.wait_for_function("() => document.body.dataset.catalog", timeout=20_000)
    server_cpu = (cpu_seconds(proc.pid) - cpu0) * 1000
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    out = page.evaluate("""() => ({shown: window.__shown, painted: window.__painted,
        load: performance.getEntriesByType('navigation')[0].loadEventEnd,
        bytes: performance.getEntriesByType('resource').reduce((n, e) => n + e.transferSize, 0)
               + performance.getEntriesByType('navigation')[0].transferSize})""")
    out.update(main_thread=metrics.get("TaskDuration", 0) * 1000, script=metrics.get("ScriptDuration", 0) * 1000,
               server_cpu=server_cpu)
    context.close()
    return out


def compare_loads(loads: int, old_sources: str | None) -> None:
    """First loads, alternating between the servers of this tree and of ``old_sources``."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        servers: dict[str, tuple[subprocess.Popen[bytes], str]] = {}
        try:
            if old_sources:
                (Path(tmp) / "old").mkdir()
                servers["before"] = start_server(Path(tmp) / "old", old_sources)
            servers["after" if old_sources else "this tree"] = start_server(Path(tmp))
            samples: dict[str, list[dict[str, float]]] = {label: [] for label in servers}
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=FLAGS)
                warm = browser.new_page()  # the browser's own first page costs more than any later one
                warm.goto("about:blank")
                warm.close()
                order = list(servers.items())
                for k in range(loads):
                    for label, (proc, base) in order if k % 2 == 0 else order[::-1]:  # each goes first in turn
                        samples[label].append(first_load(browser, base, proc, k + 1))
                browser.close()
        finally:
            for proc, _ in servers.values():
                proc.terminate()
                proc.wait(timeout=10)
    for label, runs in samples.items():
        print(f"-- first loads, {label} ({len(runs)}, each in a new browser context; the first is the server's first)")
        print(f"{'   the very first: decision painted':34s} {runs[0]['painted']:7.1f} ms, server CPU "
              f"{runs[0]['server_cpu']:5.1f} ms, main thread {runs[0]['main_thread']:5.1f} ms")
        for key, name in (("painted", "decision painted"), ("load", "load event"),
                          ("main_thread", "page main thread busy"), ("script", "page script"),
                          ("server_cpu", "server CPU"), ("bytes", "bytes transferred")):
            values = [r[key] for r in runs[1:]] or [runs[0][key]]
            unit = "B " if key == "bytes" else "ms"
            print(f"   {name:31s} median {statistics.median(values):9.1f} {unit}  max {max(values):9.1f} {unit}")


def run(rounds: int) -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start_server(Path(tmp))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=FLAGS)
                created = httpx.post(base + "/api/games", json={"mode": "solo", "seed": 1, "quick": True}).json()
                page = browser.new_page(viewport={"width": 1280, "height": 720})
                page.add_init_script("localStorage.setItem('delve.speed', '0')")
                page.goto(base + created["invites"][0]["url"])
                page.wait_for_function("() => document.body.dataset.serial", timeout=20_000)
                local: dict[str, list[float]] = {"open a card": [], "zoom the board": [], "switch a log filter": [],
                                                 "hover a choice (odds)": [], "choice (server round trip)": []}
                for _ in range(rounds):
                    if page.locator(".briefing").count():
                        page.click("#briefing-ok")
                    local["open a card"].append(page.evaluate(LOCAL, [".party .ref-link", "click"]))
                    page.keyboard.press("Escape")
                    local["zoom the board"].append(page.evaluate(LOCAL, [".board-tools button", "click"]))
                    local["switch a log filter"].append(page.evaluate(LOCAL, [".filters button:nth-child(2)", "click"]))
                    page.evaluate(LOCAL, [".filters button:nth-child(1)", "click"])
                    hover = page.evaluate(LOCAL, ["#choices button.choice", "pointerenter"])
                    local["hover a choice (odds)"].append(hover)
                    if page.evaluate("document.body.dataset.serial") == "over":
                        break
                    sel = ('rect.hl-target, #choices button[data-choice="end_turn"], '
                           '#choices .choice-row > button.choice')
                    local["choice (server round trip)"].append(page.evaluate(CHOICE, sel))
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    print("-- interactions (this tree)")
    for name, samples in local.items():
        print(summary(name, samples))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20, help="interactions measured (0: none)")
    parser.add_argument("--loads", type=int, default=9, help="cold first loads per server")
    parser.add_argument("--compare", metavar="OLD_SRC", help="another source tree to measure first loads against")
    args = parser.parse_args(argv)
    compare_loads(args.loads, args.compare)
    if args.rounds:
        run(args.rounds)


if __name__ == "__main__":
    main()
