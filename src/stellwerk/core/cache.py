"""A bounded, thread-safe memo for tables that many games share.

A compiled pack's tables are shared by every state (and, in a server, every thread)
playing with that pack, so their caches must neither grow without end nor break when
two threads fill them at once. `BoundedCache` is cachetools' `LRUCache` behind a lock
(cachetools' caches are not thread-safe themselves), with the subset of `dict` the
games use (`get`, `in`, `[]`, `[] =`, `values`), a memo per object (`for_object`), and
pickling that leaves the memo behind.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from cachetools import LRUCache

DEFAULT_SIZE = 50_000   # entries; each is a small tuple or list, so a few MB at most
T = TypeVar("T")


class BoundedCache:
    __slots__ = ("_data", "_lock", "maxsize")

    def __init__(self, maxsize: int = DEFAULT_SIZE) -> None:
        if maxsize < 1:
            raise ValueError("a cache holds at least one entry")
        self.maxsize = maxsize
        self._data: LRUCache[Hashable, Any] = LRUCache(maxsize)
        self._lock = threading.Lock()

    def __reduce__(self) -> tuple[Any, ...]:
        # A pickled cache arrives empty with the same bound: a state sent to another
        # process (the server's bot workers, Ray) carries its tables, whose memo it may
        # rebuild; the lock itself cannot be pickled.
        return (BoundedCache, (self.maxsize,))

    def get(self, key: Hashable, default: Any = None) -> Any:
        with self._lock:
            try:
                return self._data[key]
            except KeyError:
                return default

    def __getitem__(self, key: Hashable) -> Any:
        with self._lock:
            return self._data[key]

    def __setitem__(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._data[key] = value   # beyond `maxsize` the least recently used goes

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._data

    def __len__(self) -> int:
        with self._lock:
            return len(self._data)

    def values(self) -> list[Any]:
        """The values held now (a copy, safe to iterate while others write)."""
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
