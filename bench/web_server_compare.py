"""Two or more server set-ups measured in one run, alternating (not a test): the real server's CPU
per choice and its parts (``bench/web_server_parts.py``) for each, ``--runs`` times, medians.

Why alternating: the machine is shared and its load drifts; each variant's runs are spread over
the same minutes, so a difference between medians is the set-up's, not the hour's. A variant is
the extra arguments of one ``web_server_parts.py`` run, for example another tree's code or
another event loop:

    python bench/web_server_compare.py --runs 4 "--src /work/wt/base/src" ""
    python bench/web_server_compare.py --runs 4 "--loop asyncio" "--loop uvloop"
    python bench/web_server_compare.py --runs 5 --choices 100 -- "--plain --src /work/wt/base/src" "--plain"

A variant that starts with ``--`` goes after a lone ``--`` (else it reads as this script's own
option). ``--plain`` variants time no parts: compare totals that way (the parts' wrappers add a
few microseconds a choice to every variant).
"""

from __future__ import annotations

import argparse
import json
import shlex
import statistics
import subprocess
import sys
from pathlib import Path

PARTS = "parts_ms_per_choice (the collector runs inside the others)"


def run(variant: str, games: int, choices: int) -> dict[str, float]:
    """One ``web_server_parts.py`` run of ``variant``: total and parts, ms per choice."""
    script = str(Path(__file__).with_name("web_server_parts.py"))
    done = subprocess.run([sys.executable, script, "--games", str(games), "--choices", str(choices),
                           *shlex.split(variant)], capture_output=True, text=True, check=True)
    out = json.loads(done.stdout.strip().splitlines()[-1])
    return {"total": out["server_cpu_ms_per_choice"], **out[PARTS], "load": out["load"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="+", help="each: the extra arguments of one web_server_parts.py run")
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--choices", type=int, default=40)
    args = parser.parse_args()
    results: dict[str, list[dict[str, float]]] = {v: [] for v in args.variants}
    for _ in range(args.runs):
        for variant in args.variants:
            results[variant].append(run(variant, args.games, args.choices))
            print(f"{variant or '(as shipped)'}: {results[variant][-1]}", flush=True)
    print(f"medians of {args.runs} runs, ms of server CPU per choice:")
    for variant, rows in results.items():
        medians = {key: round(statistics.median(r[key] for r in rows), 3) for key in rows[0]}
        print(f"  {variant or '(as shipped)'}: {json.dumps(medians)}")


if __name__ == "__main__":
    main()
