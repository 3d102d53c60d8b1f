"""The kept states: each table's state rebuilt from the log, kept in memory and brought
up to date before every use.

A table's state is built only when someone reads or plays the table (or a bot must
move there), not when it is created, and is kept after it is first built (from the
newest snapshot when the game can restore one, else replayed from the seed); each new
action is applied to the kept state, so an action costs the same at move 500 as at
move 5. The cache is bounded by memory: each kept state counts its game's estimate
(`Game.state_memory_kib`), and past the budget the least recently used table is
dropped, to be rebuilt from its snapshot and log when next used. Before every use the
cache catches up with actions other server processes appended (one indexed query), so
several processes may share one database. On PostgreSQL an action may skip that read
while no other process has announced a change to the table since the last one
(LISTEN/NOTIFY, `trust_notices`). Within one process a lock per table serialises the
work on it.

A table's row and seats are kept too, briefly (`known_info`): the token check and the
payloads ask for them at every request and every live update.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from cachetools import LRUCache

from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Game, State
from stellwerk.core.errors import StellwerkError
from stellwerk.games import get_game
from stellwerk.server.errors import ApiError
from stellwerk.server.limits import STATE_CACHE_MB
from stellwerk.server.log_store import LogStore
from stellwerk.server.table_info import TableInfo
from stellwerk.server.undo import BY_UNDO, Step, applied, barrier, effective

log = logging.getLogger("stellwerk.server")

CACHE_SIZE = 2000       # tables whose row and seats are kept; the least recently used go
# How long a table's row and seats, once read, answer the token check and the payloads
# without reading them again. This process's own changes update or drop the copy at
# once; another process's (PostgreSQL) drop it when its NOTIFY arrives, and at the
# latest after this long (a seat handed to a bot elsewhere, a name, a deadline).
INFO_SECONDS = 1.0
# The same while a PgListener hears the other processes' notices (`listening`): each
# change then drops the copy when announced, and a lost LISTEN connection ends the
# longer trust at once (`set_listening`). Without it, players who think about one
# second would make nearly every action read the row and seats again.
INFO_SECONDS_LISTENING = 30.0


@dataclass
class Loaded:
    """One table's cached state: `seq` actions of the log applied. `encoded` keeps the
    payloads already encoded at this `seq` (payloads.py `table_json`), one per viewer,
    so a seat's view is built once per version, not once per request and socket."""

    game: Game
    pack: ContentPack
    state: State
    seq: int
    lock: threading.RLock = field(default_factory=threading.RLock)
    encoded: dict[tuple[Any, ...], str] = field(default_factory=dict)
    encoded_seq: int = -1
    # other processes' notices about this table: how many were heard, and how many had
    # been when the log was last read (equal: nothing announced since the read)
    heard: int = 0
    heard_at_read: int = -1
    trusted: bool = False  # this use skipped reading the log (`StateCache.table`)
    size: int = 0  # the bytes it counts against the state cache's budget
    # the standing actions since the newest snapshot point, for undo (server/undo.py),
    # the game's reveal count now, and the log rows between snapshot points
    steps: list[Step] = field(default_factory=list)
    reveals: int | None = None
    snapshot_every: int = 50


class StateCache:
    """The kept states and table rows of one server process (`TableService` builds on it)."""

    snapshot_every = 50  # log rows between snapshots, and the points no undo passes

    def __init__(self, log_store: LogStore, cache_size: int = CACHE_SIZE,
                 cache_bytes: int = STATE_CACHE_MB * 2**20) -> None:
        self.log_store = log_store
        self.cache_size = cache_size
        # Not a cachetools cache: the budget skips the states in use (`_evict`), which
        # no library's eviction knows about.
        self._cache: OrderedDict[str, Loaded] = OrderedDict()
        self.cache_bytes = cache_bytes  # the budget of the kept states
        self.kept_bytes = 0  # their estimated sum (`Loaded.size`)
        self._cache_lock = threading.Lock()
        self._packs: dict[str, ContentPack] = {}
        self._infos: LRUCache[str, TableInfo] = LRUCache(cache_size)
        self._heard_at: LRUCache[str, float] = LRUCache(cache_size)  # table -> last notice
        # True while a PgListener hears the other processes' notices (app.py sets it):
        # only then may an action skip reading the log first (`table`)
        self.listening = False

    def pack_for(self, game: Game) -> ContentPack:
        pack = self._packs.get(game.id)
        if pack is None:
            pack = self._packs[game.id] = game.load_pack()
        return pack

    def info(self, table_id: str) -> TableInfo:
        """The table's row and seats as stored now, or a 404."""
        return self.log_store.info(table_id)

    def known_info(self, table_id: str) -> TableInfo:
        """The table's row and seats, read at most INFO_SECONDS ago (INFO_SECONDS_LISTENING
        while the other processes' notices are heard; the token check and
        the payloads ask for them at every request and every live update)."""
        with self._cache_lock:
            info = self._infos.get(table_id)
            keep = INFO_SECONDS_LISTENING if self.listening else INFO_SECONDS
            if info is not None and time.monotonic() - info.read_at < keep:
                return info
        info = self.info(table_id)
        self._keep_info(info)
        return info

    def _keep_info(self, info: TableInfo) -> None:
        with self._cache_lock:
            if info.read_at <= self._heard_at.get(info.id, -1.0):
                return  # another process announced a change while it was being read
            self._infos[info.id] = info

    def forget_info(self, table_id: str) -> None:
        """Read the table's row and seats afresh next time (they changed)."""
        with self._cache_lock:
            self._infos.pop(table_id, None)

    def heard(self, table_id: str) -> None:
        """Another process announced a change to the table (PgListener): read its row,
        seats and log before the next use."""
        with self._cache_lock:
            self._infos.pop(table_id, None)
            self._heard_at[table_id] = time.monotonic()
            loaded = self._cache.get(table_id)
            if loaded is not None:
                loaded.heard += 1

    def set_listening(self, listening: bool) -> None:
        """Whether the other processes' notices are heard from now on. When they start
        being heard, every kept table reads its log, row and seats once more: what
        changed before was never announced here."""
        with self._cache_lock:
            if listening and not self.listening:
                for loaded in self._cache.values():
                    loaded.heard += 1
                self._infos.clear()
            self.listening = listening

    @contextmanager
    def table(self, info: TableInfo, trust_notices: bool = False) -> Iterator[Loaded]:
        """The table's state, caught up with the log, locked for the caller's use.
        `trust_notices` (an append, `submit`) skips reading the log when this process
        listens to the others' notices and none was heard for the table since the last
        read; `Loaded.trusted` then says the log was not read."""
        loaded = self._cached(info)
        with loaded.lock:
            loaded.trusted = (trust_notices and self.listening
                              and loaded.heard == loaded.heard_at_read)
            if not loaded.trusted:
                self._catch_up(info, loaded)
            yield loaded

    def _cached(self, info: TableInfo) -> Loaded:
        with self._cache_lock:
            loaded = self._cache.get(info.id)
            if loaded is not None:
                self._cache.move_to_end(info.id)
                if self.kept_bytes > self.cache_bytes:  # one was in use at the last build
                    self._evict(keep=info.id)
                return loaded
        loaded = self._build(info)
        loaded.size = loaded.game.state_memory_kib * 1024
        loaded.reveals = loaded.state.reveals()
        loaded.snapshot_every = self.snapshot_every
        with self._cache_lock:
            existing = self._cache.get(info.id)
            if existing is not None:  # another thread built it meanwhile: use one only
                return existing
            self._cache[info.id] = loaded
            self.kept_bytes += loaded.size
            self._evict(keep=info.id)
        return loaded

    def _evict(self, keep: str) -> None:
        """Drop the least recently used states until the rest fit the budget (under
        `_cache_lock`). `keep`, the one just built, stays even alone over the budget;
        so does a state some thread is using now (its lock is held), so no action on
        it ever meets a second copy built from the log."""
        for table_id in list(self._cache):
            if self.kept_bytes <= self.cache_bytes:
                return
            loaded = self._cache[table_id]
            if table_id == keep or not loaded.lock.acquire(blocking=False):
                continue
            try:
                self._drop(table_id)
            finally:
                loaded.lock.release()

    def _drop(self, table_id: str) -> None:
        """Stop keeping a table's state (under `_cache_lock`)."""
        loaded = self._cache.pop(table_id, None)
        if loaded is not None:
            self.kept_bytes -= loaded.size

    def kept(self, table_id: str) -> bool:
        """Whether the table's state is kept in memory now."""
        with self._cache_lock:
            return table_id in self._cache

    def forget(self, table_id: str) -> None:
        with self._cache_lock:
            self._drop(table_id)
            self._infos.pop(table_id, None)

    def forget_all(self) -> None:
        """Drop every kept table (the NOTIFY listener lost its connection: whatever it
        missed meanwhile may have changed any table's seats or row)."""
        with self._cache_lock:
            self._cache.clear()
            self.kept_bytes = 0
            self._infos.clear()

    def _build(self, info: TableInfo) -> Loaded:
        """A cold start: the newest usable snapshot, else a new game from the seed; the
        catch-up that follows replays whatever the log holds beyond it."""
        game = get_game(info.game)
        pack = self.pack_for(game)
        if pack.sha256 != info.pack_sha256 or game.engine_version != info.engine_version:
            raise ApiError(409, "srv.old_pack", table=info.id, pack=info.pack_id,
                           sha=info.pack_sha256[:12])
        snap = self.log_store.newest_snapshot(info.id)
        if snap is not None:
            try:
                return Loaded(game, pack, game.restore(snap.data, pack), int(snap.seq))
            except (NotImplementedError, StellwerkError) as exc:
                log.warning("table %s: snapshot %s not usable (%s); replaying", info.id,
                            snap.seq, exc)
        return Loaded(game, pack, self._new_state(info, game, pack), 0)

    @staticmethod
    def _new_state(info: TableInfo, game: Game, pack: ContentPack) -> State:
        return game.new_state(game.parse_options(info.options, len(info.seats)), info.seed,
                              pack, len(info.seats))

    def _catch_up(self, info: TableInfo, loaded: Loaded) -> None:
        heard = loaded.heard  # before the read: a notice during it forces the next read
        rows = self.log_store.actions_after(info.id, loaded.seq)
        if any(row["by"] == BY_UNDO for row in rows):
            self.replay(info, loaded)
        else:
            for row in rows:
                if row["seq"] != loaded.seq + 1:
                    raise RuntimeError(f"table {info.id}: log gap before action {row['seq']}")
                self.step(loaded, row["seat"], loaded.game.parse_action(row["notation"]), row)
        loaded.heard_at_read = heard

    def step(self, loaded: Loaded, seat: int, action: Any, row: Any) -> None:
        """Apply one logged action to the kept state, remembering it for undo."""
        done = applied(loaded.state, seat, action, row, loaded.reveals)
        loaded.seq, loaded.reveals = done.seq, done.reveals_after
        since = barrier(loaded.seq, loaded.snapshot_every)
        loaded.steps = [s for s in loaded.steps if s.seq > since] + (
            [done] if done.seq > since else [])

    def replay(self, info: TableInfo, loaded: Loaded, rows: list[Any] | None = None) -> None:
        """Rebuild the kept state from the seed and the whole log, undo rows included
        (a snapshot may hold an action taken back since); `rows`: the log as it is
        about to be (the caller drops the state if that append fails)."""
        rows = self.log_store.action_rows(info.id) if rows is None else rows
        loaded.state = self._new_state(info, loaded.game, loaded.pack)
        loaded.reveals = loaded.state.reveals()
        loaded.steps = []
        for row in effective(rows):
            self.step(loaded, row["seat"], loaded.game.parse_action(row["notation"]), row)
        loaded.seq = rows[-1]["seq"] if rows else 0
        since = barrier(loaded.seq, loaded.snapshot_every)
        loaded.steps = [s for s in loaded.steps if s.seq > since]
