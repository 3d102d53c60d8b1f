"""No client can exhaust the server's memory or connections: a table's state is built
only when the table is used, the kept states stay within their memory budget (an
evicted table is rebuilt from its snapshot and log and plays on exactly), and table
creation and live connections are limited, with a clear refusal that changes nothing."""

from __future__ import annotations

import random
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from stellwerk.core.contract import State
from stellwerk.games import get_game
from stellwerk.server import limits, store
from stellwerk.server.app import Settings, create_app
from stellwerk.server.limits import Limits, RateWindow, client_key, close_reason
from stellwerk.server.table_service import TableService
from stellwerk.server.terms import CATALOG

from .conftest import create, service_of, wait_for

RAIL_LINE_BYTES = get_game("rail-line").state_memory_kib * 1024


def limited_client(url: str, **limit: int) -> TestClient:
    return TestClient(create_app(Settings(database=url, bot_workers=0, bot_delay=0.0,
                                          limits=Limits(**limit))))


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


# --- states on demand and within the budget ------------------------------------------------
def test_a_created_table_keeps_no_state_until_it_is_used(client: TestClient) -> None:
    service = service_of(client)
    humans = create(client, "benelux-rails", ["human", "human"])
    with_bot = create(client, "rail-line", ["human", "random"])
    # the bot's table is built (its bot may owe a move): by then the runner has been
    # asked about the other table too, and needed nothing of it
    wait_for(lambda: with_bot.table in service._cache)
    time.sleep(0.2)
    assert humans.table not in service._cache
    assert humans.seats[0].table_now()["seq"] == 0
    assert humans.table in service._cache  # reading it builds and keeps it


def test_at_start_bots_move_on_and_no_other_table_is_built(database: str) -> None:
    """The server starts by asking the tables where a bot sits, and only those."""
    service = TableService(store.open_engine(database))
    store.migrate(service.engine)
    bot_first = service.create("rail-line", {}, ["random", "human"], ["R", "H"], None,
                               1).table_id
    humans = service.create("rail-line", {}, ["human", "human"], ["A", "B"], None,
                            2).table_id
    service.engine.dispose()
    with limited_client(database) as client:
        started = service_of(client)
        wait_for(lambda: started.action_rows(bot_first))  # the bot made its move
        assert not started.kept(humans)


def fresh_service(folder: str, budget: int, snapshot_every: int = 3) -> TableService:
    service = TableService(store.open_engine(f"sqlite:///{folder}/s.sqlite3"),
                           snapshot_every=snapshot_every, cache_bytes=budget)
    store.migrate(service.engine)
    return service


def reference(service: TableService, table: str) -> State:
    info = service.info(table)
    game = get_game(info.game)
    return game.new_state(game.parse_options(info.options, len(info.seats)), info.seed,
                          game.load_pack(), len(info.seats))


def play_one(service: TableService, table: str, ref: State, rnd: random.Random) -> bool:
    """One move at `table`, the same on the reference state; False once it is over."""
    decision = ref.decision()
    if decision is None:
        return False
    seat = decision.seats[0]
    action = rnd.choice(ref.candidate_actions(seat))
    game = get_game("rail-line")
    service.submit(service.info(table), seat, game.format_action(action), None)
    ref.apply(seat, action)
    return True


@settings(max_examples=8, deadline=None)
@given(tables=st.integers(2, 5), budget_tables=st.integers(1, 3),
       moves=st.lists(st.integers(0, 4), min_size=5, max_size=40), seed=st.integers(0, 99))
def test_kept_states_stay_within_the_budget_and_evicted_tables_play_on(
        tables: int, budget_tables: int, moves: list[int], seed: int) -> None:
    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        service = fresh_service(folder, budget_tables * RAIL_LINE_BYTES)
        ids = [service.create("rail-line", {}, ["human"] * 3, ["A", "B", "C"], None,
                              seed + i).table_id for i in range(tables)]
        assert not service._cache  # creating built nothing
        refs = {table: reference(service, table) for table in ids}
        for pick in moves:
            table = ids[pick % tables]
            play_one(service, table, refs[table], rnd)
            assert service.kept_bytes <= service.cache_bytes
            assert len(service._cache) <= budget_tables
            assert service.kept_bytes == sum(x.size for x in service._cache.values())
        for table, ref in refs.items():  # each, rebuilt or kept, is where its moves led
            with service.table(service.info(table)) as loaded:
                assert loaded.seq == len(service.action_rows(table))
                assert loaded.state.public_view() == ref.public_view()
                assert [loaded.state.view(s) for s in range(3)] == \
                    [ref.view(s) for s in range(3)]
                assert loaded.state.decision() == ref.decision()
        service.engine.dispose()


def test_a_state_in_use_is_not_evicted(tmp_path: Path) -> None:
    service = fresh_service(str(tmp_path), RAIL_LINE_BYTES)
    first, second = (service.create("rail-line", {}, ["human"] * 2, ["A", "B"], None,
                                    i).table_id for i in range(2))
    holding, release = threading.Event(), threading.Event()

    def use_first() -> None:
        with service.table(service.info(first)):
            holding.set()
            release.wait(10)

    user = threading.Thread(target=use_first)
    user.start()
    assert holding.wait(10)
    with service.table(service.info(second)):
        assert first in service._cache  # over budget for a moment: it is being used
    release.set()
    user.join()
    with service.table(service.info(first)):  # the next build evicts the idle one
        pass
    assert list(service._cache) == [first]
    assert service.kept_bytes == RAIL_LINE_BYTES
    service.engine.dispose()


# --- table creation --------------------------------------------------------------------------
def body(game: str = "rail-line") -> dict[str, object]:
    return {"game": game, "seats": [{"kind": "human"}, {"kind": "human"}], "options": {}}


def test_creating_over_the_rate_is_a_429_that_creates_nothing(sqlite_url: str) -> None:
    with limited_client(sqlite_url, create_rate=2) as client:
        service = service_of(client)
        for _ in range(2):
            assert client.post("/api/tables", json=body()).status_code == 201
        refused = client.post("/api/tables", json=body("linie1"),
                              headers={"Accept-Language": "de"})
        assert refused.status_code == 429
        assert refused.json()["key"] == "srv.create_rate"
        assert "höchstens 2 pro Minute" in refused.json()["error"]
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        assert service.open_tables() == 2


def test_creating_beyond_the_open_tables_is_a_429_that_creates_nothing(
        database: str) -> None:
    """Counted in the database, so the limit holds for every process sharing it (on
    PostgreSQL the tests share one database: the limit is set above what it holds)."""
    with limited_client(database, create_rate=0) as client:
        already = service_of(client).open_tables()
    with limited_client(database, create_rate=0, max_tables=already + 3) as client:
        service = service_of(client)
        for _ in range(3):
            assert client.post("/api/tables", json=body()).status_code == 201
        refused = client.post("/api/tables", json=body())
        assert refused.status_code == 429
        assert refused.json() == {"key": "srv.max_tables", "error": CATALOG.text(
            "srv.max_tables", "en", limit=already + 3)}
        assert refused.headers["Retry-After"] == str(limits.FULL_RETRY_SECONDS)
        assert service.open_tables() == already + 3


@settings(max_examples=60, deadline=None)
@given(limit=st.integers(1, 5),
       events=st.lists(st.tuples(st.sampled_from("abc"), st.floats(0, 30)), max_size=60))
def test_a_rate_window_never_lets_more_than_its_limit_through(
        limit: int, events: list[tuple[str, float]]) -> None:
    now = [0.0]
    window = RateWindow(limit, 60.0, clock=lambda: now[0])
    passed: dict[str, list[float]] = {}
    for key, step in events:
        now[0] += step
        wait = window.take(key)
        if wait is None:
            passed.setdefault(key, []).append(now[0])
            times = passed[key]
            assert sum(1 for t in times if now[0] - t < 60.0) <= limit
        else:
            assert 1 <= wait <= 60
            times = passed[key]
            assert sum(1 for t in times if now[0] - t < 60.0) == limit
    now[0] += 61.0
    window.take("d")
    assert window.keys() == 1  # the quiet keys were let go


def test_a_rate_window_remembers_a_bounded_number_of_addresses() -> None:
    window = RateWindow(1, 60.0, clock=lambda: 0.0, max_keys=100)
    for n in range(1000):
        assert window.take(f"10.0.{n // 256}.{n % 256}") is None
        assert window.keys() <= 100
    assert window.take("10.0.3.231") is not None  # the recent ones are still counted


def test_an_ipv6_client_counts_by_its_network() -> None:
    assert client_key("2001:db8::1") == client_key("2001:db8::ffff:2") == "2001:db8::/64"
    assert client_key("2001:db8:0:1::1") != client_key("2001:db8::1")
    assert client_key("::ffff:192.0.2.7") == client_key("192.0.2.7") == "192.0.2.7"
    assert client_key("testclient") == "testclient"


def test_a_close_reason_fits_a_close_frame() -> None:
    for lang in ("en", "de"):
        for key in ("srv.ws_address", "srv.ws_table"):
            text = CATALOG.text(key, lang, limit=10**9)
            assert close_reason(text) == text and len(text.encode()) <= 123
    long = "Live-Verbindungsüberschreitung " * 10
    cut = close_reason(long)
    assert len(cut.encode()) <= 123 and long.startswith(cut[:-3])


# --- live connections --------------------------------------------------------------------------
@pytest.fixture
def one_socket_each(sqlite_url: str) -> Iterator[TestClient]:
    with limited_client(sqlite_url, ws_per_address=2, ws_per_table=1) as client:
        yield client


def refused_with(socket: object, key: str, lang: str) -> None:
    frame = socket.receive_json()  # type: ignore[attr-defined]
    assert frame["key"] == key
    with pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_json()  # type: ignore[attr-defined]
    assert closed.value.code == 1013
    assert closed.value.reason == frame["error"]
    assert ("Live-Verbindungen" in frame["error"]) == (lang == "de")


def test_live_connections_over_the_limits_are_closed_with_the_reason(
        one_socket_each: TestClient) -> None:
    client = one_socket_each
    made = create(client, "rail-line", ["human", "human"])
    other = create(client, "rail-line", ["human", "human"])
    url = f"/api/tables/{made.table}/live"
    with client.websocket_connect(url) as first:
        first.send_json({"token": made.seats[0].token})
        assert first.receive_json()["type"] == "table"
        # a second watcher of the same table: over the table's limit
        with client.websocket_connect(url, headers={"Accept-Language": "de"}) as second:
            second.send_json({"token": made.seats[1].token})
            refused_with(second, "srv.ws_table", "de")
        # the other table still has room, and uses this address's second connection
        with client.websocket_connect(f"/api/tables/{other.table}/live") as third:
            third.send_json({"token": other.seats[0].token})
            assert third.receive_json()["type"] == "table"
            # a third from this address is refused before it may even say its token
            with client.websocket_connect(url) as fourth:
                refused_with(fourth, "srv.ws_address", "en")
    # closed connections give their places back
    with client.websocket_connect(url) as again:
        again.send_json({"token": made.seats[1].token})
        assert again.receive_json()["type"] == "table"


def test_a_wrong_token_takes_no_place_at_the_table(one_socket_each: TestClient) -> None:
    client = one_socket_each
    made = create(client, "rail-line", ["human", "human"])
    url = f"/api/tables/{made.table}/live"
    with client.websocket_connect(url) as stranger:
        stranger.send_json({"token": "not-a-token"})
        assert stranger.receive_json()["key"] == "srv.bad_token"
    with client.websocket_connect(url) as player:
        player.send_json({"token": made.seats[0].token})
        assert player.receive_json()["type"] == "table"
