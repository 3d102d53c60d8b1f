"""Tables: the action log in the database, the state rebuilt from it and kept in memory.

The log is the truth. A table's state is built only when someone reads or
plays the table (or a bot must move there), not when it is created, and is cached after
it is first built (from the newest snapshot when the game can restore one, else
replayed from the seed); each new action is applied to the cached state, so an action
costs the same at move 500 as at move 5. The cache is bounded by memory: each kept
state counts its game's estimate (`Game.state_memory_kib`), and past the budget the
least recently used table is dropped, to be rebuilt from its snapshot and log when
next used. Before every use the cache catches up with actions other server
processes appended (one indexed query), so several processes may share one database.
On PostgreSQL an action skips that read while no other process has announced a change
to the table since the last one (LISTEN/NOTIFY): it is appended at once, and the unique
key below catches the case the announcement had not yet arrived (`submit`).

Appending action N is an insert of (table, N): the primary key lets exactly one of two
conflicting appends succeed (two browsers, two processes); the other is told why and
nothing else changes. Within one process a lock per table serialises the same work.

The server never names a game: it speaks only the contract (`games.get_game`,
`State.decision/check/apply/view/candidate_actions/events/snapshot`, `Game.restore`).
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError

from stellwerk.core.content import ContentPack
from stellwerk.core.contract import SIMULTANEOUS, Action, Decision, Game, State
from stellwerk.core.errors import IllegalAction, StellwerkError
from stellwerk.core.inputs import character_name, unfit_character
from stellwerk.core.record import GameRecord, Seat
from stellwerk.games import get_game
from stellwerk.server import access, store
from stellwerk.server.errors import ApiError
from stellwerk.server.limits import STATE_CACHE_MB

log = logging.getLogger("stellwerk.server")

HUMAN = "human"
SNAPSHOT_EVERY = 50     # actions between snapshots (when the game can take one)
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
BY_SEAT, BY_BOT, BY_DEADLINE = "seat", "bot", "deadline"

# The hot path's statements, built once (building a statement costs more than running
# it on SQLite): a table, its seats, the log after an action, one appended action.
_T: sa.BindParameter[str] = sa.bindparam("t")
Q_TABLE = sa.select(store.tables).where(store.tables.c.id == _T)
Q_SEATS = sa.select(store.seats).where(store.seats.c.table_id == _T).order_by(
    store.seats.c.seat)
Q_LOG_AFTER = sa.select(store.actions.c.seq, store.actions.c.seat,
                        store.actions.c.notation).where(
    store.actions.c.table_id == _T, store.actions.c.seq > sa.bindparam("after")).order_by(
    store.actions.c.seq)
INSERT_ACTION = store.actions.insert()
Q_ACTION = sa.select(store.actions.c.seat, store.actions.c.notation, store.actions.c.at).where(
    store.actions.c.table_id == _T, store.actions.c.seq == sa.bindparam("seq"))
# PostgreSQL: an action, the new turn's start and the notice to the other processes in
# one statement, run in autocommit: one round trip and one transaction (all of it or
# nothing), where BEGIN, INSERT, UPDATE, SELECT pg_notify and COMMIT took five. A
# data-modifying WITH runs whether or not anything reads it (PostgreSQL's docs).
PG_APPEND = sa.text(
    "WITH appended AS (INSERT INTO actions (table_id, seq, seat, notation, decision_kind, "
    "\"by\", \"at\") VALUES (:table_id, :seq, :seat, :notation, :decision_kind, :by, :at) "
    "RETURNING seq), "
    "moved AS (UPDATE tables SET turn_started_at = :at WHERE id = :table_id AND :moved) "
    "SELECT pg_notify('stellwerk', :notice) FROM appended")
T = TypeVar("T")


@dataclass
class SeatInfo:
    seat: int
    name: str
    kind: str
    joined: bool
    token_hash: str | None = field(default=None, repr=False)

    @property
    def is_bot(self) -> bool:
        return self.kind != HUMAN


@dataclass
class TableInfo:
    """A table's row and seats as stored, as read at `read_at` (`TableService.known_info`
    keeps it for INFO_SECONDS; `info` reads it fresh)."""

    id: str
    game: str
    engine_version: str
    options: dict[str, Any]
    pack_id: str
    pack_sha256: str
    seed: int
    deadline_seconds: int | None
    created_at: float
    turn_started_at: float
    finished: bool
    result: dict[str, Any] | None
    seats: list[SeatInfo]
    admin_hash: str = field(repr=False)
    spectator_hash: str = field(repr=False)
    read_at: float = field(default_factory=time.monotonic, repr=False)

    def deadline_at(self) -> float | None:
        if self.deadline_seconds is None or self.finished:
            return None
        return self.turn_started_at + self.deadline_seconds


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
    trusted: bool = False  # this use skipped reading the log (`TableService.table`)
    size: int = 0  # the bytes it counts against the state cache's budget


@dataclass
class BotJob:
    seat: int
    kind: str
    seq: int
    state: State  # a clone: the bot sees it only through a Window
    game: Game
    table_seed: int


@dataclass
class Created:
    table_id: str
    admin_token: str
    spectator_token: str
    seat_tokens: dict[int, str]


def to_action(value: Any) -> Action:
    """The JSON form of an action (nested lists) as the tuple the engines use."""
    if isinstance(value, list):
        return tuple(to_action(v) for v in value)
    return value


def to_json_form(action: Any) -> Any:
    if isinstance(action, tuple | list):
        return [to_json_form(v) for v in action]
    return action


def fit_text(text: str, where: str) -> str:
    """`text`, or a 422 naming the character no stored text may hold (the API's schemas
    refuse it first; this keeps every other caller of the service to the same rule)."""
    char = unfit_character(text)
    if char is not None:
        raise ApiError(422, "srv.bad_character", where=where, char=character_name(char))
    return text


class TableService:
    """Everything the routes do to tables, synchronous (the routes run it in threads)."""

    def __init__(self, engine: Engine, snapshot_every: int = SNAPSHOT_EVERY,
                 cache_size: int = CACHE_SIZE,
                 cache_bytes: int = STATE_CACHE_MB * 2**20) -> None:
        self.engine = engine
        self.reader = store.reader(engine)  # PostgreSQL: reads in autocommit (one round trip)
        self.postgres = store.is_postgres(engine)
        self.snapshot_every = snapshot_every
        self.cache_size = cache_size
        self._cache: OrderedDict[str, Loaded] = OrderedDict()
        self.cache_bytes = cache_bytes  # the budget of the kept states
        self.kept_bytes = 0  # their estimated sum (`Loaded.size`)
        self._cache_lock = threading.Lock()
        self._packs: dict[str, ContentPack] = {}
        self._infos: OrderedDict[str, TableInfo] = OrderedDict()
        self._heard_at: OrderedDict[str, float] = OrderedDict()  # table -> its last notice
        self._late_told: dict[str, int] = {}  # table -> the action it was found late after
        self._no_snapshots: set[str] = set()
        # called with (table_id, what) after every committed change: live updates, bots
        self.listeners: list[Callable[[str, str], None]] = []
        self.origin = secrets.token_hex(6)  # names this process in its NOTIFY messages
        # True while a PgListener hears the other processes' notices (app.py sets it):
        # only then may an action skip reading the log first (`table`)
        self.listening = False

    # --- creating and reading tables ------------------------------------------------------
    def pack_for(self, game: Game) -> ContentPack:
        pack = self._packs.get(game.id)
        if pack is None:
            pack = self._packs[game.id] = game.load_pack()
        return pack

    def create(self, game_id: str, raw_options: Mapping[str, Any], seat_kinds: Sequence[str],
               names: Sequence[str], deadline_seconds: int | None, seed: int | None) -> Created:
        from stellwerk.bots import bots_for

        for name in names:
            fit_text(name, "name")
        try:
            game = get_game(game_id)
            game.check_seats(len(seat_kinds))
            options = game.parse_options(
                {str(k): v if isinstance(v, str) else str(v) for k, v in raw_options.items()},
                len(seat_kinds))
        except StellwerkError as exc:
            raise ApiError(422, "srv.bad_option", reason=str(exc)) from None
        offered = bots_for(game)   # the generic bots it keeps and the game's own
        for kind in seat_kinds:
            if kind != HUMAN and kind not in offered:
                raise ApiError(422, "srv.bad_option", reason=(
                    f"unknown seat kind {kind!r} for {game.title}; seats may be: human, "
                    f"{', '.join(offered)}"))
        pack = self.pack_for(game)
        if seed is None:
            seed = secrets.randbelow(2**62)
        try:
            game.new_state(options, seed, pack, len(seat_kinds))
        except StellwerkError as exc:  # e.g. options that only fail when the game is laid out
            raise ApiError(422, "srv.bad_option", reason=str(exc)) from None
        table_id = access.new_table_id()
        admin, spectator = access.new_token(), access.new_token()
        tokens = {i: access.new_token() for i, kind in enumerate(seat_kinds) if kind == HUMAN}
        now = time.time()

        def write(conn: Connection) -> None:
            conn.execute(store.tables.insert().values(
                id=table_id, game=game.id, engine_version=game.engine_version, options=options,
                pack_id=pack.id, pack_sha256=pack.sha256, seed=seed,
                admin_hash=access.token_hash(admin), spectator_hash=access.token_hash(spectator),
                deadline_seconds=deadline_seconds, created_at=now, turn_started_at=now,
                finished=False, result=None))
            conn.execute(store.seats.insert(), [
                {"table_id": table_id, "seat": i, "name": names[i], "kind": kind,
                 "token_hash": access.token_hash(tokens[i]) if i in tokens else None,
                 "joined": kind != HUMAN}
                for i, kind in enumerate(seat_kinds)])

        self._write(write)
        self._notify(table_id, "created")
        return Created(table_id, admin, spectator, tokens)

    def info(self, table_id: str) -> TableInfo:
        if unfit_character(table_id) is not None:
            # no table id holds one, and PostgreSQL would refuse a NUL as an error
            raise ApiError(404, "srv.no_table", table=table_id)
        asked_at = time.monotonic()  # a notice heard after this may not be in the answer

        def read(c: Connection) -> tuple[Any, list[SeatInfo]]:
            row = c.execute(Q_TABLE, {"t": table_id}).mappings().first()
            if row is None:
                raise ApiError(404, "srv.no_table", table=table_id)
            seat_rows = c.execute(Q_SEATS, {"t": table_id}).mappings()
            return row, [SeatInfo(r["seat"], r["name"], r["kind"], bool(r["joined"]),
                                  r["token_hash"]) for r in seat_rows]

        row, seats = self._read(read)
        return TableInfo(
            id=row["id"], game=row["game"], engine_version=row["engine_version"],
            options=dict(row["options"]), pack_id=row["pack_id"],
            pack_sha256=row["pack_sha256"], seed=int(row["seed"]),
            deadline_seconds=row["deadline_seconds"], created_at=row["created_at"],
            turn_started_at=row["turn_started_at"], finished=bool(row["finished"]),
            result=row["result"], seats=seats, admin_hash=row["admin_hash"],
            spectator_hash=row["spectator_hash"], read_at=asked_at)

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
            self._infos.move_to_end(info.id)
            while len(self._infos) > self.cache_size:
                self._infos.popitem(last=False)

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
            self._heard_at.move_to_end(table_id)
            while len(self._heard_at) > self.cache_size:
                self._heard_at.popitem(last=False)
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

    def authorize(self, table_id: str, token: str | None) -> tuple[access.Access, TableInfo]:
        """Who `token` speaks for at the table. Tokens never change once made, so a
        briefly kept copy of the table's hashes answers as truly as a fresh one."""
        info = self.known_info(table_id)
        if not token:
            raise ApiError(401, "srv.no_token")
        digest = access.token_hash(token)
        if secrets.compare_digest(digest, info.admin_hash):
            return access.Access(table_id, access.ADMIN), info
        if secrets.compare_digest(digest, info.spectator_hash):
            return access.Access(table_id, access.SPECTATOR), info
        for seat in info.seats:
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return access.seat_access(table_id, seat.seat, seat.is_bot), info
        raise ApiError(403, "srv.bad_token", table=table_id)

    @staticmethod
    def still(who: access.Access, info: TableInfo) -> access.Access:
        """What `who` (authorized earlier, e.g. when a live connection opened) may do
        at the table as `info` shows it: a seat handed to a bot since is watched only."""
        if who.role != access.SEAT or who.seat is None or not 0 <= who.seat < len(info.seats):
            return who
        return access.seat_access(who.table_id, who.seat, info.seats[who.seat].is_bot)

    def find_tokens(self, tokens: Sequence[str]) -> list[tuple[str, access.Access]]:
        """(token, access) for each token that opens a seat (for "my tables")."""
        digests = {access.token_hash(t): t for t in tokens}
        rows = self._read(lambda conn: conn.execute(sa.select(
            store.seats.c.table_id, store.seats.c.seat, store.seats.c.token_hash,
            store.seats.c.kind).where(store.seats.c.token_hash.in_(list(digests)))).all())
        return [(digests[h], access.seat_access(t, s, kind != HUMAN))
                for t, s, h, kind in rows]

    # --- the database, with a lost connection tried again ----------------------------------
    def _read(self, work: Callable[[Connection], T]) -> T:
        """`work` on a connection, once more on a fresh one if the first had died (the
        pool pings no connection before use, store.open_engine). A read changes
        nothing, so trying it again is always safe."""
        for attempt in (1, 2):
            try:
                with self.reader.connect() as conn:
                    return work(conn)
            except DBAPIError as exc:
                self._lost(exc, attempt, "srv.db_lost")
        raise AssertionError("unreachable")

    def _write(self, work: Callable[[Connection], T]) -> T:
        """`work` in one write transaction, tried once more if the connection was lost
        before the commit (then nothing was written). Lost during the commit itself,
        nobody can say whether it counted: a 503 (`srv.db_unsure`) says so."""
        for attempt in (1, 2):
            committing = False
            try:
                with store.writing(self.engine) as conn:
                    result = work(conn)
                    committing = True  # what fails from here on is the commit
                return result
            except DBAPIError as exc:
                self._lost(exc, 2 if committing else attempt,
                           "srv.db_unsure" if committing else "srv.db_lost")
        raise AssertionError("unreachable")

    def _lost(self, exc: DBAPIError, attempt: int, key: str) -> None:
        """Re-raise `exc` unless it is a lost connection on the first try (the caller then
        tries again); on the second, a 503 with `key`'s clear reason, never a 500. A
        storage that is full is said so: the write certainly did not count."""
        if store.is_full(exc):
            log.error("the database is full (%s): nothing saved", " ".join(
                str(exc.orig).split())[:200])
            raise ApiError(503, "srv.db_full") from None
        if not store.is_disconnect(exc):
            raise exc
        reason = " ".join(str(exc.orig).split())[:200]
        if attempt == 1:
            log.warning("database connection lost (%s); trying once more", reason)
            return
        log.error("database connection lost again (%s): 503", reason)
        raise ApiError(503, key) from None

    # --- the cached state -----------------------------------------------------------------
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
                self._catch_up(info.id, loaded)
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
        snap = self._read(lambda conn: conn.execute(sa.select(
            store.snapshots.c.seq, store.snapshots.c.data).where(
            store.snapshots.c.table_id == info.id).order_by(
            store.snapshots.c.seq.desc()).limit(1)).first())
        if snap is not None:
            try:
                return Loaded(game, pack, game.restore(snap.data, pack), int(snap.seq))
            except (NotImplementedError, StellwerkError) as exc:
                log.warning("table %s: snapshot %s not usable (%s); replaying", info.id,
                            snap.seq, exc)
        state = game.new_state(game.parse_options(info.options, len(info.seats)), info.seed,
                               pack, len(info.seats))
        return Loaded(game, pack, state, 0)

    def _catch_up(self, table_id: str, loaded: Loaded) -> None:
        heard = loaded.heard  # before the read: a notice during it forces the next read
        rows = self._read(lambda conn: conn.execute(
            Q_LOG_AFTER, {"t": table_id, "after": loaded.seq}).all())
        for seq, seat, notation in rows:
            if seq != loaded.seq + 1:
                raise RuntimeError(f"table {table_id}: log gap before action {seq}")
            loaded.state.apply(seat, loaded.game.parse_action(notation))
            loaded.seq = seq
        loaded.heard_at_read = heard

    def current_seq(self, table_id: str) -> tuple[int, int]:
        """(last action, last chat message) of a table, for change polling."""
        def read(conn: Connection) -> tuple[int, int]:
            seq = conn.execute(sa.select(sa.func.max(store.actions.c.seq)).where(
                store.actions.c.table_id == table_id)).scalar()
            chat = conn.execute(sa.select(sa.func.max(store.chat.c.id)).where(
                store.chat.c.table_id == table_id)).scalar()
            return int(seq or 0), int(chat or 0)

        return self._read(read)

    # --- acting ---------------------------------------------------------------------------
    def parse(self, game: Game, notation: str | None, action_json: Any) -> Action:
        """The action a request names, by notation or JSON form (exactly one), made
        canonical by a round trip through the notation, or a 422 saying what is wrong."""
        if (notation is None) == (action_json is None):
            raise ApiError(422, "srv.need_one")
        try:
            if notation is not None:
                return game.parse_action(notation)
            action = to_action(action_json)
            if not isinstance(action, tuple) or not action:
                raise IllegalAction("srv.bad_request", "an action's JSON form is a "
                                    "non-empty list")
            return game.parse_action(game.format_action(action))
        except IllegalAction as exc:
            raise engine_refusal(game, exc) from None
        except Exception:  # the engine promises IllegalAction only; never let it be a 500
            log.exception("%s could not read %r / %r", game.id, notation, action_json)
            raise ApiError(422, "srv.engine_refused") from None

    def submit(self, info: TableInfo, seat: int, notation: str | None, action_json: Any,
               expected_seq: int | None = None, by: str = BY_SEAT,
               after: Callable[[Loaded], None] | None = None) -> int:
        """Apply one action of `seat`; return its sequence number. Refusals change nothing.
        `after` sees the table just after the action, still under its lock (the route
        builds its answer there instead of reading the table again).

        On PostgreSQL the first try trusts the other processes' notices and appends
        without reading the log (one round trip, `table`). If another process had
        appended meanwhile unheard, the unique (table, seq) key refuses the append; the
        action is then tried once more against the log as read, exactly as it would have
        been had the read come first: it applies if still legal, else its refusal says
        why."""
        if not 0 <= seat < len(info.seats):
            raise ApiError(422, "srv.bad_seat", seat=seat)
        if by == BY_SEAT and info.seats[seat].is_bot:
            raise ApiError(409, "srv.bot_seat", seat=seat)
        try:
            return self._submit(info, seat, notation, action_json, expected_seq, by, after,
                                trust_notices=True)
        except _Unheard:
            return self._submit(info, seat, notation, action_json, expected_seq, by, after,
                                trust_notices=False)

    def _submit(self, info: TableInfo, seat: int, notation: str | None, action_json: Any,
                expected_seq: int | None, by: str, after: Callable[[Loaded], None] | None,
                trust_notices: bool) -> int:
        with self.table(info, trust_notices) as loaded:
            try:
                action, decision = self._checked(loaded, seat, notation, action_json,
                                                 expected_seq)
                seq = self._append(info, loaded, seat, action, decision, by)
            except ApiError as exc:
                # a refusal, or the key refusing the append, may only mean that this
                # process had not yet heard of another's action: read the log and decide
                # again (`_append` has dropped the state after a conflict)
                if loaded.trusted and exc.status < 500:
                    raise _Unheard from None
                raise
            if after is not None:
                after(loaded)
            return seq

    def _checked(self, loaded: Loaded, seat: int, notation: str | None, action_json: Any,
                 expected_seq: int | None) -> tuple[Action, Decision]:
        """The action `seat` asks for and the decision it answers, or the refusal."""
        game, state = loaded.game, loaded.state
        if expected_seq is not None and expected_seq != loaded.seq:
            raise ApiError(409, "srv.stale", expected=expected_seq, seq=loaded.seq)
        decision = state.decision()
        if decision is None:
            raise ApiError(409, "srv.game_over")
        if seat not in decision.seats:
            raise ApiError(409, "srv.not_your_turn", seat=seat,
                           waiting=", ".join(str(s) for s in decision.seats))
        action = self.parse(game, notation, action_json)
        try:
            state.check(seat, action)
        except IllegalAction as exc:
            raise engine_refusal(game, exc) from None
        except Exception:
            log.exception("%s: check failed on %r", game.id, action)
            raise ApiError(422, "srv.engine_refused") from None
        return action, decision

    def _append(self, info: TableInfo, loaded: Loaded, seat: int, action: Action,
                decision: Decision, by: str) -> int:
        """Apply `action` to the cached state and store it. The state moves first (the
        table's new decision says what else the row must record); if the store fails,
        the state is dropped and rebuilt from the log next time, so a refused or failed
        append never leaves an action applied that the log does not hold."""
        game, state = loaded.game, loaded.state
        seq = loaded.seq + 1
        now = time.time()
        row = {"table_id": info.id, "seq": seq, "seat": seat,
               "notation": game.format_action(action), "decision_kind": decision.kind,
               "by": by, "at": now}
        try:
            # checked above, so this applies; if it did not, nothing is stored
            state.apply(seat, action)
            loaded.seq = seq
            changes: dict[str, Any] = {}
            after = state.decision()
            if not _same_round(decision, after):
                changes["turn_started_at"] = now
            if after is None:
                changes.update(finished=True, result=state.result().to_json())
            bots_owe = after is not None and any(info.seats[s].is_bot for s in after.seats)
            # "bot-turn" wakes the bot runner too; a plain "action" only the watchers
            what = "bot-turn" if bots_owe else "action"
            self._store_action(row, changes, what)
        except IntegrityError:
            # another process appended action `seq` first; our state has advanced past
            # the log: rebuild it from the log next time
            self.forget(info.id)
            raise ApiError(409, "srv.conflict", seq=seq) from None
        except BaseException:
            self.forget(info.id)
            raise
        if changes:
            # the caller's copy of the row stays true without reading it again
            info.turn_started_at = changes.get("turn_started_at", info.turn_started_at)
            info.finished = changes.get("finished", info.finished)
            info.result = changes.get("result", info.result)
            with self._cache_lock:
                if self._infos.get(info.id) not in (None, info):
                    self._infos.pop(info.id)  # an older copy: read it again
        self._maybe_snapshot(info.id, loaded)
        self._notify(info.id, what)
        return seq

    def _store_action(self, row: dict[str, Any], changes: dict[str, Any], what: str) -> None:
        """Append `row` to the log with the table's `changes`, announcing `what`."""
        if self.postgres and set(changes) <= {"turn_started_at"}:
            self._store_action_at_once(row, bool(changes), what)
            return

        def write(conn: Connection) -> None:
            conn.execute(INSERT_ACTION, row)
            if changes:
                conn.execute(store.tables.update().where(
                    store.tables.c.id == row["table_id"]).values(**changes))
            self._announce(conn, row["table_id"], what)

        try:
            self._write(write)
        except ApiError as exc:
            if exc.key == "srv.db_unsure" and self._stored(row):
                return  # the commit went through before the connection dropped
            raise
        except IntegrityError:
            raise  # the conflict: `_append` answers it
        except DBAPIError as exc:  # SQLite: busy beyond its timeout, disk trouble
            log.error("table %s: storing action %s failed (%s)", row["table_id"], row["seq"],
                      exc.orig)
            raise ApiError(503, "srv.busy") from None

    def _store_action_at_once(self, row: dict[str, Any], moved: bool, what: str) -> None:
        """PostgreSQL's usual append: one statement in autocommit (PG_APPEND). When the
        connection drops around it, the log says whether it was committed: if so it
        counts, if not it is sent once more, and a second loss is a 503."""
        params = {**row, "moved": moved,
                  "notice": f"{row['table_id']}:{what}:{self.origin}"}
        for attempt in (1, 2):
            try:
                with self.reader.connect() as conn:  # autocommit: the statement commits
                    conn.execute(PG_APPEND, params)
                return
            except IntegrityError:
                if attempt == 2 and self._stored(row):
                    return  # the first try committed after all (a late commit)
                raise
            except DBAPIError as exc:
                if not store.is_disconnect(exc):
                    raise
                if self._stored(row):
                    return
                self._lost(exc, attempt, "srv.db_lost")

    def _stored(self, row: dict[str, Any]) -> bool:
        """Whether the log holds exactly `row` (after a lost connection, whether its
        append was committed); another action at its number raises the conflict."""
        found = self._read(lambda conn: conn.execute(
            Q_ACTION, {"t": row["table_id"], "seq": row["seq"]}).first())
        if found is None:
            return False
        if (found.seat, found.notation, found.at) != (row["seat"], row["notation"], row["at"]):
            raise IntegrityError("another action at this number", None, Exception())
        return True

    def _maybe_snapshot(self, table_id: str, loaded: Loaded) -> None:
        if loaded.seq % self.snapshot_every or loaded.game.id in self._no_snapshots:
            return
        try:
            data = loaded.state.snapshot()
        except NotImplementedError:
            self._no_snapshots.add(loaded.game.id)
            return
        try:
            self._write(lambda conn: conn.execute(store.snapshots.insert().values(
                table_id=table_id, seq=loaded.seq, data=data)))
        except IntegrityError:
            pass  # another process took the same snapshot
        except (DBAPIError, ApiError) as exc:
            # a snapshot is only a cache of the log: the action it follows is committed
            # and answered as accepted, and a later snapshot (or the log) serves instead
            log.warning("table %s: snapshot at %s not stored (%s)", table_id, loaded.seq, exc)

    def _announce(self, conn: Connection, table_id: str, what: str) -> None:
        """On PostgreSQL, tell the other server processes at commit (LISTEN/NOTIFY): the
        table, what changed and which process changed it (each ignores its own news,
        which `_notify` has already delivered)."""
        if self.postgres:
            conn.execute(sa.text("SELECT pg_notify('stellwerk', :n)"),
                         {"n": f"{table_id}:{what}:{self.origin}"})

    def _notify(self, table_id: str, what: str) -> None:
        for listener in self.listeners:
            try:
                listener(table_id, what)
            except Exception:  # a listener's trouble never undoes a committed action
                log.exception("listener failed for table %s", table_id)

    # --- seats, chat, deadlines -------------------------------------------------------------
    def join(self, info: TableInfo, seat: int, name: str) -> None:
        fit_text(name, "name")
        def write(conn: Connection) -> None:
            conn.execute(store.seats.update().where(
                store.seats.c.table_id == info.id, store.seats.c.seat == seat).values(
                name=name, joined=True))
            self._announce(conn, info.id, "seats")

        self._write(write)
        self.forget_info(info.id)
        self._notify(info.id, "seats")

    def replace_with_bot(self, info: TableInfo, seat: int, kind: str) -> None:
        """The admin hands a seat to a bot (a player left); its link then only watches
        (`access.seat_access`)."""
        from stellwerk.bots import bots_for

        if not 0 <= seat < len(info.seats):
            raise ApiError(422, "srv.bad_seat", seat=seat)
        offered = bots_for(get_game(info.game))
        if kind not in offered:
            raise ApiError(422, "srv.bad_option",
                           reason=f"unknown bot {kind!r}; bots: {', '.join(offered)}")
        if info.seats[seat].is_bot:
            raise ApiError(409, "srv.already_bot", seat=seat)
        def write(conn: Connection) -> None:
            conn.execute(store.seats.update().where(
                store.seats.c.table_id == info.id, store.seats.c.seat == seat).values(
                kind=kind))
            self._announce(conn, info.id, "seats")

        self._write(write)
        self.forget_info(info.id)
        self._notify(info.id, "seats")

    def set_deadline(self, info: TableInfo, seconds: int | None) -> None:
        def write(conn: Connection) -> None:
            conn.execute(store.tables.update().where(store.tables.c.id == info.id).values(
                deadline_seconds=seconds))
            self._announce(conn, info.id, "seats")

        self._write(write)
        self.forget_info(info.id)
        self._notify(info.id, "seats")

    def chat(self, info: TableInfo, seat: int | None, text: str) -> int:
        fit_text(text, "text")
        def write(conn: Connection) -> Any:
            new_id = conn.execute(store.chat.insert().values(
                table_id=info.id, seat=seat, text=text, at=time.time())).inserted_primary_key
            self._announce(conn, info.id, "chat")
            return new_id

        new_id = self._write(write)
        self._notify(info.id, "chat")
        return int(new_id[0]) if new_id else 0

    def chat_messages(self, table_id: str, after: int = 0) -> list[dict[str, Any]]:
        rows = self._read(lambda conn: conn.execute(sa.select(store.chat).where(
            store.chat.c.table_id == table_id, store.chat.c.id > after).order_by(
            store.chat.c.id)).mappings().all())
        return [{"id": r["id"], "seat": r["seat"], "text": r["text"], "at": r["at"]}
                for r in rows]

    def action_rows(self, table_id: str) -> list[Any]:
        return self._read(lambda conn: list(conn.execute(sa.select(store.actions).where(
            store.actions.c.table_id == table_id).order_by(store.actions.c.seq)).mappings()))

    def overdue(self, now: float) -> list[str]:
        rows = self._read(lambda conn: conn.execute(sa.select(store.tables.c.id).where(
            store.tables.c.finished.is_(False),
            store.tables.c.deadline_seconds.is_not(None),
            store.tables.c.turn_started_at + store.tables.c.deadline_seconds < now)).all())
        return [r[0] for r in rows]

    def unfinished(self) -> list[str]:
        return self._read(lambda conn: [r[0] for r in conn.execute(sa.select(
            store.tables.c.id).where(store.tables.c.finished.is_(False)))])

    def unfinished_with_bots(self) -> list[str]:
        """The unfinished tables where a bot holds a seat (the ones a bot may owe a
        move at when the server starts)."""
        return self._read(lambda conn: [r[0] for r in conn.execute(sa.select(
            store.tables.c.id).distinct().join(
            store.seats, store.seats.c.table_id == store.tables.c.id).where(
            store.tables.c.finished.is_(False), store.seats.c.kind != HUMAN))])

    def open_tables(self) -> int:
        """How many unfinished tables the database holds (every process's)."""
        return int(self._read(lambda conn: conn.execute(sa.select(
            sa.func.count()).select_from(store.tables).where(
            store.tables.c.finished.is_(False))).scalar()) or 0)

    def apply_deadline(self, table_id: str, now: float) -> int:
        """Every human seat that owes the overdue decision gets the action its game's
        rules prescribe for a missed deadline (`State.default_action`: Linie 1's empty
        order, Benelux Rails' end of turn, ...). A seat whose game gives none is left
        owing: the table waits for its admin, who may seat a bot, and every payload says
        so (`late_without_default`); the table's watchers are told once, when it
        becomes late (nothing else changed, so nothing else would wake them). Returns
        how many actions were applied."""
        info = self.info(table_id)
        deadline = info.deadline_at()
        if deadline is None or deadline > now:
            return 0
        applied = 0
        with self.table(info) as loaded:
            decision = loaded.state.decision()
            owing = [] if decision is None else [
                s for s in decision.seats if not info.seats[s].is_bot]
            for seat in owing:
                decision = loaded.state.decision()
                if decision is None or seat not in decision.seats:
                    continue
                action = loaded.state.default_action(seat)
                if action is None:
                    continue
                self._append(info, loaded, seat, action, decision, BY_DEADLINE)
                applied += 1
            late = bool(late_without_default(info, loaded.state, now))
            newly_late = late and self._late_told.get(table_id) != loaded.seq
            if newly_late:
                self._late_told[table_id] = loaded.seq
            elif not late:
                self._late_told.pop(table_id, None)
        if newly_late:
            self._notify(table_id, "late")
        return applied

    # --- bots -------------------------------------------------------------------------------
    def bot_job(self, table_id: str) -> BotJob | None:
        """The next bot seat that owes a decision, with a copy of the state to think on."""
        info = self.known_info(table_id)
        if info.finished or not any(seat.is_bot for seat in info.seats):
            return None  # no state is built for a table no bot plays at
        # trusting the notices: a job on a state that missed another process's action
        # ends in `submit_bot`'s conflict, and that action's notice asks again
        with self.table(info, trust_notices=True) as loaded:
            decision = loaded.state.decision()
            if decision is None:
                return None
            for seat in decision.seats:
                if info.seats[seat].is_bot:
                    return BotJob(seat, info.seats[seat].kind, loaded.seq,
                                  loaded.state.clone(), loaded.game, info.seed)
        return None

    def submit_bot(self, table_id: str, seat: int, action: Action, seq: int) -> None:
        info = self.known_info(table_id)
        if not info.seats[seat].is_bot:
            return  # the admin's change raced the bot: nothing to do
        with self.table(info, trust_notices=True) as loaded:
            if loaded.seq != seq:
                return  # the table moved on while the bot thought; it will be asked again
            decision = loaded.state.decision()
            if decision is None or seat not in decision.seats:
                return
            loaded.state.check(seat, action)
            try:
                self._append(info, loaded, seat, action, decision, BY_BOT)
            except ApiError as exc:
                # the key refused it: another process's action (unheard) came first, so
                # the table moved on too, and that action's notice asks the bot again
                if not (loaded.trusted and exc.key == "srv.conflict"):
                    raise

    # --- records ----------------------------------------------------------------------------
    def record(self, info: TableInfo) -> GameRecord:
        """The full record; only for a finished game (it holds the seed)."""
        if not info.finished:
            raise ApiError(409, "srv.not_finished")
        rows = self.action_rows(info.id)
        return GameRecord(
            game=info.game, engine_version=info.engine_version, options=info.options,
            pack_id=info.pack_id, pack_sha256=info.pack_sha256, seed=info.seed,
            seats=[Seat(s.name, s.kind) for s in info.seats],
            actions=[(r["seat"], r["notation"]) for r in rows], result=info.result)


class _Unheard(Exception):
    """An append that trusted the notices found the log ahead of the kept state."""


def late_without_default(info: TableInfo, state: State, now: float) -> list[int]:
    """The human seats past the deadline whose game prescribes no default action: the
    table waits for them or for the admin (who may hand the seat to a bot)."""
    deadline = info.deadline_at()
    if deadline is None or deadline > now:
        return []
    decision = state.decision()
    if decision is None:
        return []
    return [s for s in decision.seats
            if not info.seats[s].is_bot and state.default_action(s) is None]


def _same_round(before: Decision, after: Decision | None) -> bool:
    """True while a simultaneous decision is still being collected: its deadline keeps
    counting from when it began, not from the last order that came in."""
    return (after is not None and before.kind == SIMULTANEOUS and after.kind == SIMULTANEOUS
            and set(after.seats) < set(before.seats))


def engine_refusal(game: Game, exc: IllegalAction) -> ApiError:
    """An engine's refusal as a 422 in the game's own words (its catalogue, en and de)."""
    params = {k: v for k, v in exc.params.items() if k not in ("key",)}
    return ApiError(422, exc.key, catalog=game.catalog, english=str(exc), **params)
