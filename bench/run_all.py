"""Run every benchmark in bench/ one after another (`make bench`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCHES = ["board_bench.py", "odds_bench.py", "engine_bench.py"]

if __name__ == "__main__":
    here = Path(__file__).parent
    for name in BENCHES:
        print(f"\n=== {name}", flush=True)
        subprocess.run([sys.executable, str(here / name), *sys.argv[1:]], check=True)
