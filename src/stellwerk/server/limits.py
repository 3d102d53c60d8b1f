"""Limits that keep one client from exhausting the server's memory and connections.

- Table creation: at most `create_rate` tables a minute from one client address, and at
  most `max_tables` unfinished tables in the database. Over either, the answer is a 429
  with a Retry-After header, and nothing is created.
- Live connections (WebSockets): at most `ws_per_address` open from one client address
  and `ws_per_table` watching one table; the one over is closed with code 1013 ("try
  again later") and the reason in the client's language.
- Kept table states: at most `state_cache_mb` (estimated) in memory (state_cache.py).

The creation rate and the socket counts are kept per server process (several processes
on one PostgreSQL each allow their own); `max_tables` counts the shared database's
tables, so it holds for all processes together (two creating at the same instant may
both pass at the limit). The client address is the connection's peer, or the address a
trusted reverse proxy names (uvicorn's `--forwarded-allow-ips`, 127.0.0.1 by default);
an IPv6 client counts by its /64 network, which one host commonly holds whole.
A creation or connection limit of 0 turns that limit off; a state cache of 0 MB keeps
only the tables in use at the moment (every request rebuilds its table).
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from cachetools import TTLCache

STATE_CACHE_MB = 256   # memory for kept table states (state_cache.py, estimated per game)
CREATE_RATE = 20       # tables one client address may create a minute
MAX_TABLES = 10_000    # unfinished tables in the database
WS_PER_TABLE = 32      # live connections watching one table
WS_PER_ADDRESS = 32    # live connections from one client address
FULL_RETRY_SECONDS = 60  # the Retry-After when the server holds `max_tables`
CLOSE_TRY_LATER = 1013   # the WebSocket close code for a connection over a limit
CLOSE_REASON_BYTES = 123  # the most a WebSocket close frame's reason may hold (RFC 6455)
RATE_KEYS = 65_536       # client addresses a rate window remembers at most


@dataclass(frozen=True)
class Limits:
    state_cache_mb: int = STATE_CACHE_MB
    create_rate: int = CREATE_RATE
    max_tables: int = MAX_TABLES
    ws_per_table: int = WS_PER_TABLE
    ws_per_address: int = WS_PER_ADDRESS

    def check(self) -> list[str]:
        """The names of the limits that are negative (each must be 0 or more)."""
        return [name for name, value in vars(self).items() if value < 0]


class RateWindow:
    """At most `limit` events per key in any `window` seconds (0: no limit).

    Each key keeps the times of its last `limit` events in a cachetools `TTLCache`: a
    key whose newest counted event is a window old expires, so the memory held is
    bounded by the keys active within one window, and beyond `max_keys` the least
    recently seen are forgotten."""

    def __init__(self, limit: int, window: float = 60.0,
                 clock: Callable[[], float] = time.monotonic,
                 max_keys: int = RATE_KEYS) -> None:
        self.limit = limit
        self.window = window
        self._events: TTLCache[str, deque[float]] = TTLCache(max_keys, window, timer=clock)
        self._lock = threading.Lock()

    def take(self, key: str) -> int | None:
        """Count one event of `key` and return None, or, over the limit, count nothing
        and return the whole seconds until the next one is allowed."""
        if self.limit <= 0:
            return None
        with self._lock:
            now = self._events.timer()
            events = self._events.get(key) or deque(maxlen=self.limit)
            if len(events) >= self.limit and now - events[0] < self.window:
                # the age first: `events[0] + window - now` can round past the window
                return max(1, math.ceil(self.window - (now - events[0])))
            events.append(now)
            self._events[key] = events  # its time to live counts from its newest event
            return None

    def keys(self) -> int:
        """How many keys are remembered now."""
        with self._lock:
            self._events.expire()
            return len(self._events)


class Slots:
    """At most `limit` held at once per key (0: no limit): open connections."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._held: dict[str, int] = {}
        self._lock = threading.Lock()

    def take(self, key: str) -> bool:
        with self._lock:
            held = self._held.get(key, 0)
            if 0 < self.limit <= held:
                return False
            self._held[key] = held + 1
            return True

    def give_back(self, key: str) -> None:
        with self._lock:
            held = self._held.get(key, 0) - 1
            if held > 0:
                self._held[key] = held
            else:
                self._held.pop(key, None)

    def held(self, key: str) -> int:
        with self._lock:
            return self._held.get(key, 0)


def client_key(host: str) -> str:
    """What the per-address limits count a client by: its address, an IPv6 one's /64."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host  # not an address (a test client's name, a Unix socket)
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def close_reason(text: str) -> str:
    """`text` cut to what a WebSocket close frame may carry, on a character boundary."""
    data = text.encode()
    if len(data) <= CLOSE_REASON_BYTES:
        return text
    return data[:CLOSE_REASON_BYTES - 3].decode(errors="ignore") + "..."
