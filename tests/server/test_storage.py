"""Storage, on SQLite and on PostgreSQL (the same tests on both): the schema migrates
itself, the log rebuilds the state after a restart, conflicting appends end with exactly
one applied (threads in one process, and two "processes": two services with their own
caches on one database), snapshots are used when a game has them, deadlines apply the
postal default."""

from __future__ import annotations

import threading
import time
from copy import deepcopy
from typing import Any

import pytest
import sqlalchemy as sa

from stellwerk.core.contract import State
from stellwerk.server import store
from stellwerk.server.deadlines import late_without_default, sweep_once
from stellwerk.server.errors import ApiError
from stellwerk.server.table_service import TableService


def service(url: str, **kwargs: Any) -> TableService:
    engine = store.open_engine(url)
    store.migrate(engine)
    return TableService(engine, **kwargs)


def new_table(svc: TableService, game: str = "rail-line", kinds: tuple[str, ...] = (
        "human", "human", "human"), deadline: int | None = None, **options: Any) -> str:
    made = svc.create(game, options, list(kinds), [f"P{i}" for i in range(len(kinds))],
                      deadline, seed=1234)
    return made.table_id


def play(svc: TableService, table: str, steps: int) -> None:
    """`steps` actions, each the first candidate of the first seat that owes one."""
    for _ in range(steps):
        info = svc.info(table)
        with svc.table(info) as loaded:
            decision = loaded.state.decision()
            assert decision is not None
            seat = decision.seats[0]
            action = loaded.state.candidate_actions(seat)[0]
            notation = loaded.game.format_action(action)
        svc.submit(info, seat, notation, None)


def state_of(svc: TableService, table: str) -> State:
    with svc.table(svc.info(table)) as loaded:
        return loaded.state


def test_migrations_are_idempotent(database: str) -> None:
    engine = store.open_engine(database)
    store.migrate(engine)
    store.migrate(engine)  # a second start-up changes nothing
    names = set(sa.inspect(engine).get_table_names())
    assert {"tables", "seats", "actions", "snapshots", "chat", "alembic_version"} <= names


def test_a_new_process_rebuilds_the_same_state_from_the_log(database: str) -> None:
    first = service(database)
    table = new_table(first)
    play(first, table, 25)
    second = service(database)  # a restarted server: nothing cached
    assert state_of(second, table).view(0) == state_of(first, table).view(0)
    play(second, table, 5)
    # the first process catches up with what the second appended before it acts
    assert state_of(first, table).view(1) == state_of(second, table).view(1)
    play(first, table, 1)


def test_threads_racing_for_one_turn_end_with_exactly_one_applied(database: str) -> None:
    svc = service(database)
    table = new_table(svc)
    outcomes: list[Any] = []
    barrier = threading.Barrier(8)

    def act(choice: str) -> None:
        barrier.wait()
        try:
            outcomes.append(svc.submit(svc.info(table), 0, choice, None))
        except ApiError as exc:
            outcomes.append(exc)

    threads = [threading.Thread(target=act, args=(f"side {1 + i % 2}",)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    accepted = [o for o in outcomes if isinstance(o, int)]
    refused = [o for o in outcomes if isinstance(o, ApiError)]
    assert accepted == [1] and len(refused) == 7
    assert all(400 <= r.status < 500 and r.text("en") for r in refused)
    with svc.engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(store.actions).where(
            store.actions.c.table_id == table)).scalar() == 1


def test_two_processes_appending_the_same_action_number(database: str) -> None:
    """Each service stands for a server process with its own cache; both believe the
    table is at action 3 and append action 4: the database lets exactly one win."""
    one, two = service(database), service(database)
    table = new_table(one)
    play(one, table, 3)
    assert state_of(two, table) is not None  # both caches are at action 3 now
    results: list[Any] = []
    barrier = threading.Barrier(2)

    def racing(svc: TableService) -> None:
        info = svc.info(table)
        with svc.table(info) as loaded:
            decision = loaded.state.decision()
            assert decision is not None
            seat = decision.seats[0]
            action = loaded.state.candidate_actions(seat)[0]
            barrier.wait()  # both have checked the action on their own cache
            try:
                results.append(svc._append(info, loaded, seat, action, decision, "seat"))
            except ApiError as exc:
                results.append(exc)

    threads = [threading.Thread(target=racing, args=(svc,)) for svc in (one, two)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(r for r in results if isinstance(r, int)) == [4]
    loser = next(r for r in results if isinstance(r, ApiError))
    assert loser.status == 409 and "another action" in loser.text("en")
    # the loser rebuilds from the log and agrees with the winner
    assert state_of(one, table).view(0) == state_of(two, table).view(0)
    play(two, table, 1)
    play(one, table, 1)


def test_snapshots_are_written_and_used_when_the_game_has_them(database: str,
                                                                monkeypatch: Any) -> None:
    from stellwerk.games.rail_line.game import RailLine
    from stellwerk.games.rail_line.rules import RailLineState

    # a stand-in for h7-contract's snapshots: the data names a deep copy kept here
    restored: list[int] = []
    keep: dict[int, State] = {}

    def snapshot(self: RailLineState) -> dict[str, Any]:
        copy = deepcopy(self)
        keep[id(copy)] = copy
        return {"copy": id(copy)}

    def restore(self: RailLine, data: Any, pack: Any) -> State:
        restored.append(data["copy"])
        return deepcopy(keep[data["copy"]])

    monkeypatch.setattr(RailLineState, "snapshot", snapshot)
    monkeypatch.setattr(RailLine, "restore", restore)
    first = service(database, snapshot_every=10)
    table = new_table(first)
    play(first, table, 23)
    with first.engine.connect() as conn:
        seqs = sorted(conn.execute(sa.select(store.snapshots.c.seq).where(
            store.snapshots.c.table_id == table)).scalars())
    assert seqs == [10, 20]
    second = service(database)
    assert state_of(second, table).view(0) == state_of(first, table).view(0)
    assert len(restored) == 1  # from the snapshot at 20, then 3 actions of the log


def test_a_game_without_snapshots_replays_its_log(database: str) -> None:
    svc = service(database, snapshot_every=5)
    table = new_table(svc)
    play(svc, table, 12)  # rail-line writes no snapshot: nothing is written
    again = service(database)
    assert state_of(again, table).view(2) == state_of(svc, table).view(2)


def test_a_deadline_gives_missing_orders_no_placements(database: str) -> None:
    svc = service(database)
    table = new_table(svc, "linie1", ("human", "human", "human"), deadline=60)
    info = svc.info(table)
    svc.submit(info, 1, "pass", None)
    round_before = state_of(svc, table).view(0)["round"]
    assert table not in svc.overdue(time.time())  # not yet overdue
    assert table in svc.overdue(time.time() + 61)
    # (on PostgreSQL other tests' tables share the database: count this table's only)
    sweep_once(svc, time.time() + 61)  # seats 0 and 2 missed it
    assert state_of(svc, table).view(0)["round"] == round_before + 1
    with svc.engine.connect() as conn:
        rows = conn.execute(sa.select(store.actions.c.seat, store.actions.c.notation,
                                      store.actions.c.by).where(
            store.actions.c.table_id == table).order_by(store.actions.c.seq)).all()
    assert [tuple(r) for r in rows] == [(1, "pass", "seat"), (0, "pass", "deadline"),
                                        (2, "pass", "deadline")]


def test_a_deadline_in_a_turn_game_applies_the_rules_default_for_the_late_seat_only(
        database: str) -> None:
    svc = service(database)
    table = new_table(svc, "rail-line", ("human", "human"), deadline=30)
    # the Starting Station side has no default in the rules: nothing is applied, the
    # table waits and says so
    assert svc.apply_deadline(table, time.time() + 31) == 0
    info = svc.info(table)
    assert late_without_default(info, state_of(svc, table), time.time() + 31) == [0]
    assert late_without_default(info, state_of(svc, table), time.time()) == []
    # play on to the optional step, where doing nothing (`pass`) is the rules' own choice
    while state_of(svc, table).decision().prompt != "rl.ask.optional":  # type: ignore[union-attr]
        play(svc, table, 1)
    seq = state_of(svc, table)
    late_seat = seq.decision().seats[0]  # type: ignore[union-attr]
    assert svc.apply_deadline(table, time.time() + 31) == 1
    assert svc.apply_deadline(table, time.time() + 10) == 0  # the clock restarted
    with svc.engine.connect() as conn:
        last = conn.execute(sa.select(store.actions.c.seat, store.actions.c.notation,
                                      store.actions.c.by).where(
            store.actions.c.table_id == table).order_by(store.actions.c.seq.desc())).first()
    assert tuple(last) == (late_seat, "pass", "deadline")  # type: ignore[arg-type]


def test_a_missed_benelux_turn_ends_the_turn(database: str) -> None:
    svc = service(database)
    table = new_table(svc, "benelux-rails", ("human", "human"), deadline=30)
    while state_of(svc, table).decision().prompt not in (  # type: ignore[union-attr]
            "br.ask.build", "br.ask.turn"):
        play(svc, table, 1)
    late_seat = state_of(svc, table).decision().seats[0]  # type: ignore[union-attr]
    assert svc.apply_deadline(table, time.time() + 31) == 1
    assert state_of(svc, table).decision().seats[0] != late_seat  # type: ignore[union-attr]
    assert svc.action_rows(table)[-1]["notation"] == "end"


@pytest.mark.parametrize("kind", ["search"])
def test_search_bots_think_in_a_worker_process(sqlite_db: str, kind: str) -> None:
    from fastapi.testclient import TestClient

    from stellwerk.server.app import Settings, create_app

    from .conftest import create, wait_for

    app = create_app(Settings(database=sqlite_db, bot_workers=1, bot_delay=0.0))
    with TestClient(app) as client:
        made = create(client, "rail-line", [kind, "human"])
        # the bot's first decisions (side, track) are quick even for a search bot
        wait_for(lambda: made.seats[1].table_now()["your_turn"], 60)
        log = made.seats[1].get("log").json()["actions"]
        assert log and log[0]["by"] == "bot"


def test_postgres_notifies_other_processes(database: str) -> None:
    """Every commit on PostgreSQL runs pg_notify; a listening process hears the table."""
    if not database.startswith("postgresql"):
        pytest.skip("LISTEN/NOTIFY is PostgreSQL's; SQLite connections poll instead")
    from stellwerk.server.live import PgListener

    heard: list[str] = []

    class Ear:
        def publish(self, table_id: str, what: str) -> None:
            heard.append(table_id)

        def publish_all(self, what: str) -> None:  # on connecting: nothing watched here
            pass

    listener = PgListener(database, Ear())  # type: ignore[arg-type]
    listener.start()
    try:
        time.sleep(0.5)  # LISTEN is in place
        other = service(database)  # another process's service, no listeners
        table = new_table(other)
        play(other, table, 1)
        deadline = time.monotonic() + 10
        while table not in heard and time.monotonic() < deadline:
            time.sleep(0.05)
        assert table in heard
    finally:
        listener.stop()
