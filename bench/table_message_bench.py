"""CPU cost of one state message of the web table, with and without what the page reads beyond
the engine's view (names, presented log events, quest tracker, summary, surge previews and
fatigue odds: ``delve.web.present``), measured in one run on the same game states.

    PYTHONPATH=src python bench/table_message_bench.py [--games 2]

"bare" is the engine's view of the seat with the choices' help (odds, previews) and every
visible event dumped raw, rebuilt whole; "full" is ``delve.web.messages.message`` (names,
presented events, quest tracker, summary). Each state is
measured on a fresh game object (the log is presented from scratch, as after a restart) and
then again (the usual case: the log cache holds every earlier event). The exact-odds caches
are cleared before each measurement so that the odds are computed, not looked up.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from typing import Any

import delve.odds.exact as exact
from delve.ai.bots import make_bot
from delve.engine.decision import OVERLORD
from delve.engine.game import Game
from delve.engine.redaction import dump_event
from delve.engine.views import view
from delve.web.annotate import annotate
from delve.web.hub import Hub
from delve.web.messages import message
from delve.web.store import Store


def _clear_odds() -> None:
    for name in dir(exact):
        cached = getattr(exact, name)
        if hasattr(cached, "cache_clear"):
            cached.cache_clear()


def _bare(game: Game, seat: str) -> dict[str, Any]:
    out = view(game, seat, log=False)
    pending = game.pending
    if pending is not None and pending.seat == seat:
        seen = {(s["x"], s["y"]) for s in out["board"]["spaces"]}
        out["pending"]["help"] = annotate(game, pending, seen)
    out["log"] = [dump_event(e) for e in game.state.log if e.visible_for(seat)]
    return out


def _cpu_ms(fn: Callable[[], object]) -> float:
    _clear_odds()
    start = time.process_time()
    fn()
    return 1000 * (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    hub = Hub(Store(f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"))
    bare: list[float] = []
    fresh: list[float] = []
    cached: list[float] = []
    for seed in range(1, args.games + 1):
        live = hub.create(mode="hotseat", seed=seed)
        person = live.people[0]
        bots: dict[str, Any] = {}
        for _ in range(5000):
            decision = live.game.pending
            if decision is None:
                break
            game = live.game.clone()
            seat = decision.seat
            bare.append(_cpu_ms(lambda g=game, s=seat: _bare(g, s)))
            fresh.append(_cpu_ms(lambda g=game, lv=live, p=person: message(lv, p, game=g)))
            cached.append(_cpu_ms(lambda g=game, lv=live, p=person: message(lv, p, game=g)))
            bot = bots.setdefault(seat, make_bot("ai" if seat == OVERLORD else "hero", seed))
            hub.choose(live.id, person.token, bot.choose(decision, live.game), decision.serial)

    def line(name: str, values: list[float]) -> str:
        ordered = sorted(values)
        return (f"{name:<26} mean {statistics.mean(ordered):6.2f} ms   p50 {ordered[len(ordered) // 2]:6.2f}   "
                f"p99 {ordered[int(len(ordered) * 0.99)]:6.2f}   max {ordered[-1]:6.2f}")

    print(f"{len(bare)} states of {args.games} hot-seat tutorial games (CPU time per message)")
    print(line("bare view + raw log", bare))
    print(line("full message, log cached", cached))
    print(line("full message, fresh log", fresh))


if __name__ == "__main__":
    main()
