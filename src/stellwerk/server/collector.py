"""Keep the garbage collector's pauses out of the actions' latency tail.

CPython's cyclic collector stops every thread while it walks a generation, and what
it walks is what survived: on a busy server that is the tables' states, replaced a
little at every action. Measured on the 100-table bench (PostgreSQL, 40 s
windows): with the first generation at 50,000 allocations, a young collection paused
the server 42-52 ms and a middle one 146-183 ms; at CPython's 700 the young ones were
short but a full collection of the whole heap (58-66 ms) came four times in 40 s. Each
pause holds every request that arrives during it.

Nearly all of that walking is wasted: the states have no reference cycles (reference
counting frees them), and the server makes only a few dozen cyclic objects a minute
(25 in 10 s on the bench). So, as `serve` runs:

- at start, everything imported is collected once and frozen (`gc.freeze`: moved to a
  permanent generation that collections skip);
- every `FREEZE_SECONDS`, whatever survived since is frozen too, so an automatic
  collection only ever walks the last second's objects (on the bench none ran at all);
  frozen objects are still freed by reference counting the moment they are dropped;
- every `FULL_SECONDS`, the permanent generation is thawed and collected in full, which
  frees the cyclic garbage frozen meanwhile, then frozen again. This is the one long
  pause left: about 230 ms with 100 busy tables loaded, once in ten minutes (about
  0.04 % of the actions at the bench's 100 a second);
- and sooner, whenever the permanent generation has grown by more than `FULL_GROWTH`
  of what the last full pass left (and by at least `FULL_MIN_GROWTH` objects): some
  states do hold cycles (Linie 1's network: about 5,000 cyclic objects a state, left
  as garbage by every table created and every state dropped from the cache), and a
  flood of them would otherwise stay frozen for up to `FULL_SECONDS` (2,000 tables
  created in 40 s kept 100 MB). So freezing keeps at most about half the live heap of
  garbage, and each full pass walks a heap at most that much larger than the last one's,
  so its cost per object frozen stays bounded, as CPython's own full collections do.
  Counting the frozen objects walks the whole permanent generation (a linked list:
  tens of milliseconds on a loaded server's heap), so the growth is looked at every
  `GROWTH_CHECK_SECONDS`, not at every freeze.

Tests' apps do not do this (Settings.settle_gc is off there): a test process makes many
apps, and freezing one's garbage would keep it until the next full pass.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable

GC_FIRST_GENERATION = 50_000   # allocations between young collections (CPython's: 700)
FREEZE_SECONDS = 1.0
FULL_SECONDS = 600.0
FULL_GROWTH = 0.5            # a full pass once the frozen objects grew by half ...
FULL_MIN_GROWTH = 100_000    # ... and by at least this many since the last one
GROWTH_CHECK_SECONDS = 15.0  # how often that growth is counted


def settle() -> None:
    """Collect and freeze what start-up made (the games' compiled tables, the framework),
    and make young collections rarer."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_FIRST_GENERATION, *gc.get_threshold()[1:])


def frozen_count() -> int:
    """How many objects are frozen (a walk over all of them)."""
    return gc.get_freeze_count()


def collect_frozen() -> int:
    """Thaw, collect everything, freeze again; returns the unreachable objects found."""
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    return found


class Schedule:
    """When to freeze the survivors and when to collect in full, on a given clock (the
    tests give their own)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 freeze_seconds: float | None = None,
                 full_seconds: float | None = None,
                 check_seconds: float | None = None) -> None:
        self.clock = clock
        self.freeze_seconds = FREEZE_SECONDS if freeze_seconds is None else freeze_seconds
        self.full_seconds = FULL_SECONDS if full_seconds is None else full_seconds
        self.check_seconds = GROWTH_CHECK_SECONDS if check_seconds is None else check_seconds
        self.last_full = self.last_check = clock()
        self.frozen_after_full = frozen_count()

    def tick(self) -> str:
        """Do what is due now: "full" (thaw, collect, freeze) or "freeze"."""
        now = self.clock()
        if now - self.last_full >= self.full_seconds or self._grown_past_bound(now):
            self.last_full = self.last_check = now
            collect_frozen()
            self.frozen_after_full = frozen_count()
            return "full"
        gc.freeze()
        return "freeze"

    def _grown_past_bound(self, now: float) -> bool:
        if now - self.last_check < self.check_seconds:
            return False
        self.last_check = now
        grown = frozen_count() - self.frozen_after_full
        return grown > max(FULL_MIN_GROWTH, FULL_GROWTH * self.frozen_after_full)

    async def run(self) -> None:
        while True:
            await asyncio.sleep(self.freeze_seconds)
            self.tick()
