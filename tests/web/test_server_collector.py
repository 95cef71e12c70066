"""The server process's garbage collector settings (``delve.web.server.settle_collector``)."""

from __future__ import annotations

import gc

from delve.web import server


def test_settle_collector_freezes_the_start_up_heap_and_still_collects_new_cycles() -> None:
    threshold = gc.get_threshold()
    try:
        server.settle_collector()
        assert gc.get_freeze_count() > 0  # the packs and modules loaded at start-up are never scanned again
        assert gc.get_threshold() == threshold  # Python's own thresholds (docs/performance.md)
        assert gc.isenabled()  # cycles are still collected
        garbage: list[object] = []
        garbage.append(garbage)  # a cycle made after settling is still found by a collection
        del garbage
        assert gc.collect() >= 1
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
