"""An action appended without reading the log first (one round trip on
PostgreSQL). A process that hears the others' notices trusts them; these tests make it
trust wrongly (another process's action it has not heard of) and check that the unique
(table, seq) key and the second try still give exactly the answers a read would have:
the later seat's action applies, a repeated turn is refused, nothing else changes.

Two services on one database stand for two server processes; `set_listening(True)`
stands for A's PgListener, whose notices the tests withhold on purpose."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa

from stellwerk.server import state_cache, store, table_info, table_service
from stellwerk.server.errors import ApiError

Services = tuple[table_service.TableService, table_service.TableService, str]


@pytest.fixture
def two(database: str) -> Services:
    a, b = (table_service.TableService(store.open_engine(database)) for _ in range(2))
    store.migrate(a.engine)
    table = a.create("rail-line", {}, ["human", "human"], ["P0", "P1"], None, 11).table_id
    a.set_listening(True)
    return a, b, table


class Statements:
    """Every SQL statement an engine sends while the block runs."""

    def __init__(self, engine: sa.engine.Engine) -> None:
        self.engine = engine
        self.sent: list[str] = []

    def _heard(self, _conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        self.sent.append(" ".join(statement.split()))

    def __enter__(self) -> Statements:
        sa.event.listen(self.engine, "before_cursor_execute", self._heard)
        return self

    def __exit__(self, *_exc: Any) -> None:
        sa.event.remove(self.engine, "before_cursor_execute", self._heard)

    def log_reads(self) -> list[str]:
        return [s for s in self.sent if s.startswith("SELECT") and "FROM actions" in s]


def owing(service: table_service.TableService, table: str) -> tuple[int, list[str]]:
    """The seat that owes the decision and its legal actions' notations, as read."""
    with service.table(service.info(table)) as loaded:
        seat = loaded.state.decision().seats[0]  # type: ignore[union-attr]
        return seat, [loaded.game.format_action(a)
                      for a in loaded.state.legal_actions(seat)]


def log_of(service: table_service.TableService, table: str) -> list[tuple[int, int, str]]:
    return [(r["seq"], r["seat"], r["notation"]) for r in service.action_rows(table)]


@pytest.fixture
def heard_nothing(two: Services) -> Iterator[Services]:
    """A has read the table (action 0); B then appends action 1, unheard by A."""
    a, b, table = two
    owing(a, table)
    seat, notations = owing(b, table)
    b.submit(b.info(table), seat, notations[0], None)
    yield two


def test_a_trusted_action_reads_no_log(two: Services) -> None:
    a, _b, table = two
    seat, notations = owing(a, table)
    info = a.known_info(table)  # the route's token check keeps it (INFO_SECONDS)
    with Statements(a.engine) as sql:
        assert a.submit(info, seat, notations[0], None) == 1
    assert sql.log_reads() == []
    if a.postgres:  # the action, the turn's start and the notice in one statement
        assert len(sql.sent) == 1 and sql.sent[0].startswith("WITH appended AS (INSERT")


def test_the_next_seat_acts_through_a_process_that_had_not_heard(
        heard_nothing: Services) -> None:
    a, b, table = heard_nothing
    seat, notations = owing(b, table)  # the seat after B's action, as the log says
    with Statements(a.engine) as sql:
        assert a.submit(a.info(table), seat, notations[-1], None) == 2
    assert sql.log_reads()  # the second try read the log
    assert log_of(a, table)[-1] == (2, seat, notations[-1])
    assert owing(a, table) == owing(b, table)


def test_a_repeated_step_is_refused_as_if_the_log_had_been_read(
        heard_nothing: Services) -> None:
    """Rail Line's first step (a side) sent again through A: A's kept state would take
    it, the key refuses the append, and the log as read refuses the step in the game's
    own words (the seat now owes its track, not a side), not as a bare conflict."""
    a, b, table = heard_nothing
    before = log_of(b, table)
    (_seq, first, side), = before
    assert side.startswith("side") and owing(b, table)[0] == first
    with pytest.raises(ApiError) as refused:
        a.submit(a.info(table), first, side, None)
    assert refused.value.status == 422 and refused.value.key != "srv.conflict"
    assert log_of(a, table) == before  # nothing else changed
    assert owing(a, table) == owing(b, table)


def test_a_client_ahead_of_the_process_makes_it_read(heard_nothing: Services) -> None:
    a, b, table = heard_nothing
    seat, notations = owing(b, table)
    assert a.submit(a.info(table), seat, notations[0], None, expected_seq=1) == 2
    with pytest.raises(ApiError) as refused:  # a truly stale client is still told so
        a.submit(a.info(table), owing(b, table)[0], owing(b, table)[1][0], None,
                 expected_seq=1)
    assert refused.value.key == "srv.stale"


def test_a_heard_notice_or_no_listener_means_reading_first(two: Services) -> None:
    a, b, table = two
    owing(a, table)
    a.heard(table)  # what PgListener does with B's notice
    seat, notations = owing(b, table)
    with Statements(a.engine) as sql:
        a.submit(a.info(table), seat, notations[0], None)
    assert len(sql.log_reads()) == 1  # read once, before the append: no second try
    a.set_listening(False)  # the LISTEN connection is lost: trust nothing
    seat, notations = owing(b, table)
    with Statements(a.engine) as sql:
        a.submit(a.info(table), seat, notations[0], None)
    assert len(sql.log_reads()) == 1


def test_listening_again_reads_every_kept_table_once(two: Services) -> None:
    a, b, table = two
    a.set_listening(False)
    owing(a, table)
    seat, notations = owing(b, table)
    b.submit(b.info(table), seat, notations[0], None)  # announced while A was deaf
    a.set_listening(True)
    seat, notations = owing(b, table)
    with Statements(a.engine) as sql:
        assert a.submit(a.info(table), seat, notations[0], None) == 2
    assert len(sql.log_reads()) == 1  # one read before, no refused append


def test_a_listening_process_keeps_a_tables_row_until_a_notice(
        two: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    """While notices are heard, the row and seats are not read again each second (a
    player thinking about one second would read them at nearly every action); a notice
    drops them at once, and losing the LISTEN connection returns to INFO_SECONDS."""
    a, b, table = two
    monkeypatch.setattr(state_cache, "INFO_SECONDS", 0.0)
    assert a.known_info(table).seats[1].kind == "human"
    b.replace_with_bot(b.info(table), 1, "random")
    assert a.known_info(table).seats[1].kind == "human"  # kept: no notice yet
    a.heard(table)
    assert a.known_info(table).seats[1].kind == "random"
    b.set_deadline(b.info(table), 60)
    a.set_listening(False)  # deaf: kept for INFO_SECONDS (here 0) only
    assert a.known_info(table).deadline_seconds == 60


def test_a_row_read_while_a_notice_arrived_is_not_kept(two: Services) -> None:
    a, b, table = two
    read = a.info(table)  # the read begins ...
    b.replace_with_bot(b.info(table), 1, "random")
    a.heard(table)  # ... B's notice arrives before it is kept
    a._keep_info(read)
    assert a.known_info(table).seats[1].kind == "random"


def test_a_bot_trusts_the_notices_and_a_missed_action_drops_its_move(
        database: str) -> None:
    """A bot seat's job and move read no log while no notice came; when another process
    had acted unheard, the bot's move is dropped (it is asked again) and the log keeps
    only the other action."""
    a, b = (table_service.TableService(store.open_engine(database)) for _ in range(2))
    store.migrate(a.engine)
    table = a.create("rail-line", {}, ["random", "human"], ["Bot", "P1"], None, 11).table_id
    a.set_listening(True)
    owing(a, table)
    with Statements(a.engine) as sql:
        job = a.bot_job(table)
        assert job is not None and job.seat == 0
        first = job.state.legal_actions(0)[0]
        a.submit_bot(table, job.seat, first, job.seq)
    assert sql.log_reads() == []
    assert [seat for _seq, seat, _n in log_of(b, table)] == [0]
    job = a.bot_job(table)  # the bot's next step (its track), at action 1 ...
    assert job is not None and job.seq == 1
    step = [job.game.format_action(x) for x in job.state.legal_actions(job.seat)]
    assert len(step) > 1
    # ... while B, standing in for the bot elsewhere, takes another one first
    b.submit(b.info(table), job.seat, step[-1], None, by=table_info.BY_BOT)
    a.submit_bot(table, job.seat, job.game.parse_action(step[0]), job.seq)
    assert [(seq, notation) for seq, _s, notation in log_of(a, table)] == [
        (1, log_of(b, table)[0][2]), (2, step[-1])]
    assert owing(a, table) == owing(b, table)
