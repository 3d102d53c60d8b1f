"""The table service: everything the routes do to a table, on the parts that keep it.

The log is the truth (`log_store.LogStore`: appending, reading, a lost connection tried
again); a table's state is rebuilt from it and kept in memory (`state_cache.StateCache`,
which `TableService` builds on). An action is checked against the kept state, applied
to it and appended to the log; when the append is refused (another browser or process
took that number first) the state is dropped and nothing else changes. On PostgreSQL
an action first trusts the other processes' notices and skips reading the log; the
unique key catches the case an announcement had not yet arrived (`submit`).

The server never names a game: it speaks only the contract (`games.get_game`,
`State.decision/check/apply/view/candidate_actions/events/snapshot`, `Game.restore`).
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError

from stellwerk.core.contract import HUMAN, SIMULTANEOUS, Action, Decision, Game, State
from stellwerk.core.errors import BadOption, IllegalAction, StellwerkError
from stellwerk.core.i18n import holder_of
from stellwerk.core.options import OptionError
from stellwerk.core.record import GameRecord, Seat
from stellwerk.games import get_game
from stellwerk.server import access, chat, deadlines, store
from stellwerk.server.errors import ApiError, fit_text
from stellwerk.server.limits import STATE_CACHE_MB
from stellwerk.server.log_store import LogStore
from stellwerk.server.notices import events
from stellwerk.server.state_cache import CACHE_SIZE, Loaded, StateCache
from stellwerk.server.table_info import BY_BOT, BY_DEADLINE, BY_SEAT, TableInfo
from stellwerk.server.undo import BY_UNDO, effective, undoable

log = logging.getLogger("stellwerk.server")

SNAPSHOT_EVERY = 50     # actions between snapshots (when the game can take one)


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
    invite_token: str


def to_action(value: Any) -> Action:
    """The JSON form of an action (nested lists) as the tuple the engines use."""
    if isinstance(value, list):
        return tuple(to_action(v) for v in value)
    return value


def to_json_form(action: Any) -> Any:
    if isinstance(action, tuple | list):
        return [to_json_form(v) for v in action]
    return action


class TableService(StateCache):
    """Everything the routes do to tables, synchronous (the routes run it in threads)."""

    def __init__(self, engine: Engine, snapshot_every: int = SNAPSHOT_EVERY,
                 cache_size: int = CACHE_SIZE,
                 cache_bytes: int = STATE_CACHE_MB * 2**20) -> None:
        super().__init__(LogStore(engine), cache_size, cache_bytes)
        self.engine = engine
        self.postgres = self.log_store.postgres
        self.snapshot_every = snapshot_every
        self.late_told: dict[str, int] = {}  # table -> the action it was found late after
        self._no_snapshots: set[str] = set()
        # called with (table_id, what) after every committed change: live updates, bots
        self.listeners: list[Callable[[str, str], None]] = []
        # turn notices written with each action (notices/), and how long a turn notice
        # waits for the seat to act before it goes out (app.py sets both)
        self.notices_on = False
        self.notice_batch = 0.0
        self.notices_written: Callable[[], None] | None = None  # wakes the sender

    # --- creating and reading tables ------------------------------------------------------
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
        except OptionError as exc:     # keyed, in the request's language
            raise ApiError(422, exc.option_key, catalog=holder_of(exc.option_key),
                           **exc.params) from None
        except StellwerkError as exc:
            raise ApiError(422, "srv.bad_option", reason=exc) from None
        offered = bots_for(game)   # the generic bots it keeps and the game's own
        for kind in seat_kinds:
            if kind != HUMAN and kind not in offered:
                raise ApiError(422, "srv.bad_option", reason=BadOption(
                    "set.unknown_seat", seat=repr(kind), title=game.title,
                    seats=", ".join([HUMAN, *offered])))
        pack = self.pack_for(game)
        if seed is None:
            seed = secrets.randbelow(2**62)
        try:
            game.new_state(options, seed, pack, len(seat_kinds))
        except StellwerkError as exc:  # e.g. options that only fail when the game is laid out
            raise ApiError(422, "srv.bad_option", reason=exc) from None
        table_id = access.new_table_id()
        admin, spectator, invite = access.new_token(), access.new_token(), access.new_token()
        tokens = {i: access.new_token() for i, kind in enumerate(seat_kinds) if kind == HUMAN}
        now = time.time()

        def write(conn: Connection) -> None:
            conn.execute(store.tables.insert().values(
                id=table_id, game=game.id, engine_version=game.engine_version, options=options,
                pack_id=pack.id, pack_sha256=pack.sha256, seed=seed,
                admin_hash=access.token_hash(admin), spectator_hash=access.token_hash(spectator),
                invite_hash=access.token_hash(invite),
                deadline_seconds=deadline_seconds, created_at=now, turn_started_at=now,
                finished=False, result=None))
            conn.execute(store.seats.insert(), [
                {"table_id": table_id, "seat": i, "name": names[i], "kind": kind,
                 "token_hash": access.token_hash(tokens[i]) if i in tokens else None,
                 "joined": kind != HUMAN}
                for i, kind in enumerate(seat_kinds)])

        self.log_store.write(write)
        self.notify(table_id, "created")
        return Created(table_id, admin, spectator, tokens, invite)

    def authorize(self, table_id: str, token: str | None) -> tuple[access.Access, TableInfo]:
        """Who `token` speaks for at the table. A token changes only when a friend claims
        a seat or the admin hands out a fresh link (seat_links.py); this process then
        forgets its copy of the table's hashes at once and the others at the change's
        notice (at the latest after INFO_SECONDS), so a briefly kept copy answers."""
        info = self.known_info(table_id)
        if not token:
            raise ApiError(401, "srv.no_token")
        digest = access.token_hash(token)
        if secrets.compare_digest(digest, info.admin_hash):
            return access.Access(table_id, access.ADMIN), info
        if secrets.compare_digest(digest, info.spectator_hash):
            return access.Access(table_id, access.SPECTATOR), info
        if info.invite_hash is not None and secrets.compare_digest(digest, info.invite_hash):
            return access.Access(table_id, access.GUEST), info
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
        rows = self.log_store.read(lambda conn: conn.execute(sa.select(
            store.seats.c.table_id, store.seats.c.seat, store.seats.c.token_hash,
            store.seats.c.kind).where(store.seats.c.token_hash.in_(list(digests)))).all())
        return [(digests[h], access.seat_access(t, s, kind != HUMAN))
                for t, s, h, kind in rows]

    def current_seq(self, table_id: str) -> tuple[int, int]:
        """(last action, last chat message) of a table, for change polling."""
        return self.log_store.current_seq(table_id)

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
                           waiting=", ".join(str(s) for s in decision.seats),
                           count=len(decision.seats))
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
            self.step(loaded, seat, action, row)
            changes: dict[str, Any] = {}
            after = state.decision()
            if not _same_round(decision, after):
                changes["turn_started_at"] = now
            if after is None:
                changes.update(finished=True, result=state.result().to_json())
            what = _news(info, after)
            notices = events.after_action(
                after, seat, str(row["notation"]), by == BY_DEADLINE,
                tuple(s.seat for s in info.seats if not s.is_bot),
                new_round="turn_started_at" in changes) if self.notices_on else None
            written = self.log_store.append(row, changes, what, notices, self.notice_batch)
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
        self.notify(info.id, what)
        if written and self.notices_written is not None:
            self.notices_written()
        return seq

    def undo(self, info: TableInfo, seat: int, expected_seq: int | None = None,
             after: Callable[[Loaded], None] | None = None) -> int:
        """Take back `seat`'s newest action where server/undo.py allows it: one undo row
        appended to the log (the unique key makes it atomic and lets a racing action or
        undo win or lose whole), the state rebuilt as the log then reads. In the undo's
        transaction the unsent turn notices of the action taken back are cancelled and
        every seat that owes a decision anew is told (notices/events.after_undo).
        Refusals change nothing. Returns the undo row's number."""
        if not 0 <= seat < len(info.seats):
            raise ApiError(422, "srv.bad_seat", seat=seat)
        if info.seats[seat].is_bot:
            raise ApiError(409, "srv.bot_seat", seat=seat)
        with self.table(info) as loaded:  # the log as read now, never only the notices
            if expected_seq is not None and expected_seq != loaded.seq:
                raise ApiError(409, "srv.stale", expected=expected_seq, seq=loaded.seq)
            step = undoable(loaded.steps, loaded.state, loaded.seq, seat, self.snapshot_every)
            if step is None:
                raise ApiError(409, "srv.no_undo")
            seq = loaded.seq + 1
            row = {"table_id": info.id, "seq": seq, "seat": seat, "notation": step.notation,
                   "decision_kind": step.decision_kind, "by": BY_UNDO, "at": time.time()}
            before = loaded.state.decision()
            assert before is not None  # `undoable` allows no undo after the game's end
            try:
                # the state the undo leaves, first: its decision says who is told
                self.replay(info, loaded, [*self.log_store.action_rows(info.id), row])
                notices = events.after_undo(
                    before, loaded.state.decision(), seat,
                    tuple(s.seat for s in info.seats if not s.is_bot)) \
                    if self.notices_on else None
                written = self.log_store.append(row, {}, "action", notices,
                                                self.notice_batch, taken_back=step.seq)
            except IntegrityError:
                self.forget(info.id)
                raise ApiError(409, "srv.conflict", seq=seq) from None
            except BaseException:
                self.forget(info.id)  # rebuilt from the log when next used
                raise
            what = _news(info, loaded.state.decision())
            self._maybe_snapshot(info.id, loaded)
            if after is not None:
                after(loaded)
        self.notify(info.id, what)
        if written and self.notices_written is not None:
            self.notices_written()
        return seq

    def _maybe_snapshot(self, table_id: str, loaded: Loaded) -> None:
        if loaded.seq % self.snapshot_every or loaded.game.id in self._no_snapshots:
            return
        try:
            data = loaded.state.snapshot()
        except NotImplementedError:
            self._no_snapshots.add(loaded.game.id)
            return
        try:
            self.log_store.store_snapshot(table_id, loaded.seq, data)
        except IntegrityError:
            pass  # another process took the same snapshot
        except (DBAPIError, ApiError) as exc:
            # a snapshot is only a cache of the log: the action it follows is committed
            # and answered as accepted, and a later snapshot (or the log) serves instead
            log.warning("table %s: snapshot at %s not stored (%s)", table_id, loaded.seq, exc)

    def notify(self, table_id: str, what: str) -> None:
        for listener in self.listeners:
            try:
                listener(table_id, what)
            except Exception:  # a listener's trouble never undoes a committed action
                log.exception("listener failed for table %s", table_id)

    # --- seats, chat, deadlines -------------------------------------------------------------
    def join(self, info: TableInfo, seat: int, name: str) -> None:
        fit_text(name, "name")
        self.change_table(info.id, lambda conn: conn.execute(store.seats.update().where(
            store.seats.c.table_id == info.id, store.seats.c.seat == seat).values(
            name=name, joined=True)))

    def change_table(self, table_id: str, write: Callable[[Connection], object]) -> None:
        """A change to a table's row or seats (not its log): `write` in one transaction
        that also announces it to the other processes, then this process's copy of the
        row forgotten and its watchers told."""
        def written(conn: Connection) -> None:
            write(conn)
            self.log_store.announce(conn, table_id, "seats")

        self.log_store.write(written)
        self.forget_info(table_id)
        self.notify(table_id, "seats")

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
        self.change_table(info.id, lambda conn: conn.execute(store.seats.update().where(
            store.seats.c.table_id == info.id, store.seats.c.seat == seat).values(
            kind=kind)))

    def set_deadline(self, info: TableInfo, seconds: int | None) -> None:
        self.change_table(info.id, lambda conn: conn.execute(store.tables.update().where(
            store.tables.c.id == info.id).values(deadline_seconds=seconds)))

    def chat(self, info: TableInfo, seat: int | None, text: str) -> int:
        new_id = chat.post(self.log_store, info.id, seat, text)
        self.notify(info.id, "chat")
        return new_id

    def chat_messages(self, table_id: str, after: int = 0) -> list[dict[str, Any]]:
        return chat.messages(self.log_store, table_id, after)

    def action_rows(self, table_id: str) -> list[Any]:
        return self.log_store.action_rows(table_id)

    def overdue(self, now: float) -> list[str]:
        return deadlines.overdue(self.log_store, now)

    def apply_deadline(self, table_id: str, now: float) -> int:
        return deadlines.apply_deadline(self, table_id, now)

    def unfinished(self) -> list[str]:
        return self.log_store.read(lambda conn: [r[0] for r in conn.execute(sa.select(
            store.tables.c.id).where(store.tables.c.finished.is_(False)))])

    def unfinished_with_bots(self) -> list[str]:
        """The unfinished tables where a bot holds a seat (the ones a bot may owe a
        move at when the server starts)."""
        return self.log_store.read(lambda conn: [r[0] for r in conn.execute(sa.select(
            store.tables.c.id).distinct().join(
            store.seats, store.seats.c.table_id == store.tables.c.id).where(
            store.tables.c.finished.is_(False), store.seats.c.kind != HUMAN))])

    def open_tables(self) -> int:
        """How many unfinished tables the database holds (every process's)."""
        return int(self.log_store.read(lambda conn: conn.execute(sa.select(
            sa.func.count()).select_from(store.tables).where(
            store.tables.c.finished.is_(False))).scalar()) or 0)

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
    def record(self, info: TableInfo, lang: str = "en") -> GameRecord:
        """The full record; only for a finished game (it holds the seed). A seat nobody
        named is named in `lang`."""
        if not info.finished:
            raise ApiError(409, "srv.not_finished")
        rows = self.action_rows(info.id)
        return GameRecord(
            game=info.game, engine_version=info.engine_version, options=info.options,
            pack_id=info.pack_id, pack_sha256=info.pack_sha256, seed=info.seed,
            seats=[Seat(s.shown(lang), s.kind) for s in info.seats],
            actions=[(r["seat"], r["notation"]) for r in effective(rows)],
            result=info.result)


class _Unheard(Exception):
    """An append that trusted the notices found the log ahead of the kept state."""


def _news(info: TableInfo, decision: Decision | None) -> str:
    """What a change announces: "bot-turn" wakes the bot runner too when a bot owes the
    decision now; a plain "action" only the watchers."""
    bots_owe = decision is not None and any(info.seats[s].is_bot for s in decision.seats)
    return "bot-turn" if bots_owe else "action"


def _same_round(before: Decision, after: Decision | None) -> bool:
    """True while a simultaneous decision is still being collected: its deadline keeps
    counting from when it began, not from the last order that came in."""
    return (after is not None and before.kind == SIMULTANEOUS and after.kind == SIMULTANEOUS
            and set(after.seats) < set(before.seats))


def engine_refusal(game: Game, exc: IllegalAction) -> ApiError:
    """An engine's refusal as a 422 in the game's own words (its catalogue, en and de)."""
    params = {k: v for k, v in exc.params.items() if k not in ("key",)}
    return ApiError(422, exc.key, catalog=game.catalog, english=str(exc), **params)
