"""A bounded, thread-safe memo for tables that many games share.

A compiled pack's tables are shared by every state (and, in a server, every thread)
playing with that pack, so their caches must neither grow without end nor break when
two threads fill them at once. `BoundedCache` is a small LRU map (writes
behind a lock, `get` without) with the subset of `dict` the games use (`get`, `in`,
`[]`, `[] =`, `values`).

Written here rather than taken from cachetools, which the server's caches use: its
caches are not thread-safe, and behind a lock its `get` costs several times this one's
(a miss raises and catches KeyError inside), which showed as slower random Railways
games and a slower first Linie 1 order list (scripts/bench_railways.py bench --only
random, scripts/bench_linie1.py --only legal).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

_MISSING = object()
DEFAULT_SIZE = 50_000   # entries; each is a small tuple or list, so a few MB at most
T = TypeVar("T")


class BoundedCache:
    __slots__ = ("_data", "_lock", "maxsize")

    def __init__(self, maxsize: int = DEFAULT_SIZE) -> None:
        if maxsize < 1:
            raise ValueError("a cache holds at least one entry")
        self.maxsize = maxsize
        self._data: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def __reduce__(self) -> tuple[Any, ...]:
        # A pickled cache arrives empty with the same bound: a state sent to another
        # process (the server's bot workers, Ray) carries its tables, whose memo it may
        # rebuild; the lock itself cannot be pickled.
        return (BoundedCache, (self.maxsize,))

    def get(self, key: Hashable, default: Any = None) -> Any:
        # The hot path of legal-action listing (Railways, Linie 1), so without the lock:
        # each OrderedDict call is one atomic C call under the GIL, and a key another
        # thread evicts between the two calls is simply not moved.
        value = self._data.get(key, _MISSING)
        if value is _MISSING:
            return default
        try:  # noqa: SIM105  (contextlib.suppress costs a context manager per call)
            self._data.move_to_end(key)
        except KeyError:
            pass
        return value

    def __getitem__(self, key: Hashable) -> Any:
        with self._lock:
            value = self._data[key]
            self._data.move_to_end(key)
            return value

    def __setitem__(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.maxsize:
                self._data.popitem(last=False)   # the least recently used

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._data

    def __len__(self) -> int:
        with self._lock:
            return len(self._data)

    def values(self) -> list[Any]:
        """The values held now, least recently used first (a copy, safe to iterate)."""
        with self._lock:
            return list(self._data.values())

    def for_object(self, obj: object, make: Callable[[], T]) -> T:
        """`make()`, remembered under `obj`'s identity (compiled pack tables, which are
        compared by identity, not value). The entry keeps `obj` itself, so an id that a
        later object reuses after `obj` is gone is never taken for it."""
        cached = self.get(id(obj))
        if cached is not None and cached[0] is obj:
            found: T = cached[1]
            return found
        found = make()
        self[id(obj)] = (obj, found)
        return found

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
