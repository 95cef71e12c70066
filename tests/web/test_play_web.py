"""`delve play` starts the web table with a solo tutorial game, prints its address, tries to open
a browser (harmless on a headless machine) and resumes the same game next time."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx


def _start(data_dir: Path, *extra: str) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "BROWSER": "true", "DISPLAY": ""}  # no real browser on a test machine
    proc = subprocess.Popen([sys.executable, "-m", "delve.cli.main", "play", "--port", "0", "--data-dir",
                             str(data_dir), *extra], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert "open http://" in line, line
    url = line.split("open ", 1)[1].strip()
    base = url.split("/play/")[0]
    for _ in range(200):
        try:
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    return proc, url


def test_delve_play_serves_and_resumes_the_tutorial(tmp_path: Path) -> None:
    proc, url = _start(tmp_path)
    try:
        base, rest = url.split("/play/")
        gid, token = rest.split("#")
        page = httpx.get(f"{base}/play/{gid}")
        assert page.status_code == 200 and "play.js" in page.text
        state = httpx.get(f"{base}/api/games/{gid}/state", headers={"X-Seat-Token": token}).json()
        assert state["quest"] == "first-steps" and state["table"]["mode"] == "solo"
        time.sleep(1.5)  # the browser is opened after a second: that must not stop the server
        assert proc.poll() is None
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    again, url2 = _start(tmp_path)
    again.terminate()
    again.wait(timeout=10)
    assert url2.split("/play/")[1] == url.split("/play/")[1]  # the same game and seat
