#!/usr/bin/env python3
"""Benchmark the game server: many concurrent tables on loopback.

It starts a real `stellwerk serve` process and N Linie 1 tables of six seats (five
scripted clients and one random bot on the server). Half the tables are new; the other
half are written into the database beforehand already `--depth` actions deep (the log
and the server's snapshots every 50 actions, exactly what a long-running server holds),
so the latency of an action at move ~10 and at move ~400 is measured side by side, under
the same load, without playing 400 moves per table first. The tables are split over
`--client-procs` client processes (default 4; each its own asyncio loop, so one client's
queueing does not inflate the latency another reports); each table then plays
`--window` actions over real HTTP: a scripted seat thinks about `--think`
seconds (as a person, or a paced bot, would; each pause varies by `--jitter`, seeded per
table, so the tables do not act in lockstep), then orders `pass`, or every tenth time the first
candidate order. `--watchers K` also keeps K seats of every table on a WebSocket, so each
action makes the server build and send K seats' views. It reports:

- the offered load: accepted actions per second (the bots' included) over the wall time;
- p50/p99 latency of a submitted action as its client saw it (POST until the answer) and
  as the server timed it (its `Server-Timing` header: request in to answer out);
- p50 near move 10 and near move `--depth`, and their ratio (target: at most 1.2);
- the CPU time per action of the server process and of the clients, which the machine's
  other load does not inflate, and the load average sampled while measuring.

    .venv/bin/python scripts/bench_server.py --think 1 --watchers 1    # SQLite, temp dir
    .venv/bin/python scripts/bench_server.py --think 1 --watchers 1 --postgres
    .venv/bin/python scripts/bench_server.py --think 0                 # unpaced: queueing
    .venv/bin/python scripts/bench_server.py --think 1 --watchers 1 --server-cpu 0
                                          # the server alone on CPU 0, the clients on the rest
    .venv/bin/python scripts/bench_server.py --think 1 --notices off   # or idle, on
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import httpx

from stellwerk.core.contract import SIMULTANEOUS

SCRIPTED = 5


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, data: Path, database: str | None,
                 cpus: set[int] | None = None, notices: str = "idle") -> subprocess.Popen[bytes]:
    """`stellwerk serve` as a process; with `cpus`, it (and every thread it starts) runs
    only on those CPUs. `notices`: off (--no-notices), idle (on, nobody registered) or
    on (the scripted seats' webhooks on loopback, sent without delay)."""
    command = [sys.executable, "-m", "stellwerk", "serve", "--port", str(port),
               "--data", str(data), "--bot-workers", "0",
               # every client and watcher comes from loopback: no per-address limits
               "--create-rate", "0", "--max-tables", "0", "--ws-per-address", "0"]
    if notices == "off":
        command.append("--no-notices")
    elif notices == "on":
        command += ["--webhooks-private", "--notice-delay", "0"]
    if database:
        command += ["--database", database]
    log = (data / "server.log").open("wb")
    pin = None if cpus is None else (lambda: os.sched_setaffinity(0, cpus))
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, preexec_fn=pin)
    for _ in range(300):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return server
        except httpx.HTTPError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


@dataclass
class Table:
    id: str
    tokens: dict[int, str]   # scripted seat -> token
    start: int               # actions already in the log


def policy(turn: int, candidates: Any) -> Any:
    """What a scripted seat orders on its `turn`-th order: mostly nothing, every tenth
    time the first candidate (so the board fills as the game goes on)."""
    return candidates()[0] if turn % 10 == 0 else None


def prepare(database: str, tables: int, depth: int, hook: str | None = None) -> list[Table]:
    """Make the tables in the database before the server starts: the first half new,
    the second half already `depth` actions deep (log rows and snapshots); with `hook`,
    every scripted seat's turn notices go to that webhook."""
    import sqlalchemy as sa

    from stellwerk.server import store
    from stellwerk.server.table_service import SNAPSHOT_EVERY, TableService

    engine = store.open_engine(database)
    store.migrate(engine)
    service = TableService(engine)
    kinds = ["human"] * SCRIPTED + ["random"]
    made = []
    for i in range(tables):
        created = service.create("linie1", {"rounds": str(depth // 6 + 20)}, kinds,
                                 [f"P{s}" for s in range(6)], None, seed=i)
        start = 0 if i < (tables + 1) // 2 else depth
        if start:
            write_deep_log(service, created.table_id, start, SNAPSHOT_EVERY, sa)
        made.append(Table(created.table_id, created.seat_tokens, start))
        if hook:
            with engine.begin() as conn:
                conn.execute(store.notice_targets.insert(), [
                    {"table_id": created.table_id, "seat": seat, "channel": "webhook",
                     "address": hook, "style": "json", "lang": "en", "confirmed": True,
                     "secret": "bench", "created_at": time.time()}
                    for seat in created.seat_tokens])
    engine.dispose()
    return made


def write_deep_log(service: Any, table_id: str, depth: int, every: int, sa: Any) -> None:
    from stellwerk.server import store

    info = service.info(table_id)
    with service.table(info) as loaded:
        state, game = loaded.state, loaded.game
        rows, snaps = [], []
        for seq in range(1, depth + 1):
            seat = state.decision().seats[0]
            action = policy(seq, lambda seat=seat: state.candidate_actions(seat)) \
                or game.parse_action("pass")
            state.apply(seat, action)
            rows.append({"table_id": table_id, "seq": seq, "seat": seat,
                         "notation": game.format_action(action),
                         "decision_kind": SIMULTANEOUS,
                         "by": "bot" if seat == SCRIPTED else "seat", "at": time.time()})
            if seq % every == 0:
                snaps.append({"table_id": table_id, "seq": seq, "data": state.snapshot()})
    with service.engine.begin() as conn:
        conn.execute(store.actions.insert(), rows)
        conn.execute(store.snapshots.insert(), snaps)
    service.forget(table_id)


async def play_table(client: aiohttp.ClientSession, base: str, table: Table, window: int,
                     think: float, jitter: float, latencies: list[tuple[int, float]],
                     server_times: list[tuple[int, float]], go: asyncio.Event) -> int:
    # Each table draws its seats' pauses from its own seeded generator: people do not
    # act in lockstep, and 100 tables released together with equal pauses would send
    # their actions in the same millisecond every second (a burst, not a load).
    pauses = random.Random(table.id)
    heads = {s: {"Authorization": f"Bearer {t}"} for s, t in table.tokens.items()}
    url = f"{base}/api/tables/{table.id}"
    state: dict[str, Any] | None = await get(client, url, heads[0])  # loads it: not timed
    await go.wait()
    turn = table.start // 6 * SCRIPTED
    while True:
        if state is None:
            state = await get(client, url, heads[0])
        if state["finished"] or state["seq"] >= table.start + window:
            return int(state["seq"]) - table.start
        owing = [s for s in state["decision"]["seats"] if s in heads]
        state = None
        if not owing:
            await asyncio.sleep(0.05)  # the bot's order is still to come
            continue
        for seat in owing:
            turn += 1
            if think:
                await asyncio.sleep(think * (1 + jitter * (2 * pauses.random() - 1)))
            notation = "pass"
            if turn % 10 == 0:
                legal = await get(client, f"{url}/legal", heads[seat])
                notation = legal["actions"][0]["notation"]
            began = time.perf_counter()
            try:
                async with client.post(f"{url}/actions", headers=heads[seat],
                                       json={"notation": notation}) as response:
                    body = await response.read()
                    took = time.perf_counter() - began
                    timing = server_timing(response.headers.get("server-timing", ""))
                    status = response.status
            except aiohttp.ClientConnectionError:
                break  # a dropped connection: read the table again and see what is owed
            if status == 200:
                answer = json.loads(body)  # once, after the clock stopped: a six-seat
                # table's payload is large
                latencies.append((answer["accepted"], took))
                server_times.append((answer["accepted"], timing))
                state = answer["table"]


def server_timing(header: str) -> float:
    """The server's own time over a request, in seconds (its Server-Timing header)."""
    try:
        return float(header.split("dur=")[1]) / 1000
    except (IndexError, ValueError):
        return float("nan")


async def watch(address: str, table: Table, seat: int, stop: asyncio.Event) -> int:
    """A seat's WebSocket, read until the bench ends; returns the messages received."""
    import websockets

    received = 0
    async with websockets.connect(f"ws://{address}/api/tables/{table.id}/live",
                                  max_size=2**24) as socket:
        await socket.send(json.dumps({"token": table.tokens[seat]}))
        while not stop.is_set():
            try:
                await asyncio.wait_for(socket.recv(), 0.5)
                received += 1
            except TimeoutError:
                continue
    return received


async def get(client: aiohttp.ClientSession, url: str, headers: dict[str, str]) -> Any:
    """A GET's JSON, tried again if the connection dropped (an idle keep-alive connection
    the server closed just as the client reused it)."""
    for attempt in range(3):
        try:
            async with client.get(url, headers=headers) as response:
                return json.loads(await response.read())
        except aiohttp.ClientConnectionError:
            if attempt == 2:
                raise
            await asyncio.sleep(0.1)
    return None


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load_average() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Measured:
    """What one client process (or the in-process client) measured."""

    latencies: list[tuple[int, float]]   # (accepted seq, seconds from POST to answer)
    server_times: list[tuple[int, float]]  # the same actions' Server-Timing (seconds)
    actions: int
    messages: int                        # WebSocket frames received
    client_cpu: float                    # this client's CPU seconds while measuring


async def play(base: str, made: list[Table], window: int, think: float, jitter: float,
               watchers: int, ready: Any, go: Any) -> Measured:
    """Play `made` and watch them; `ready()` is awaited once every table is loaded and
    every socket open, `go()` until the measurement starts."""
    latencies: list[tuple[int, float]] = []
    server_times: list[tuple[int, float]] = []
    started, stop = asyncio.Event(), asyncio.Event()
    address = base.removeprefix("http://")
    # aiohttp, not httpx's async client: httpx spent about 3 ms of CPU an action in the
    # client, and on a shared machine that CPU showed in the latencies it reported
    connector = aiohttp.TCPConnector(limit=len(made))
    async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(
            total=120)) as client:
        watching = [asyncio.create_task(watch(address, t, seat, stop))
                    for t in made for seat in range(watchers)]
        players = [asyncio.create_task(play_table(client, base, t, window, think, jitter,
                                                    latencies, server_times, started))
                   for t in made]
        await asyncio.sleep(2.0 + 0.05 * len(made))  # every table loaded, sockets open
        await ready()
        await go()
        client_cpu = time.process_time()
        started.set()
        actions = sum(await asyncio.gather(*players))
        client_cpu = time.process_time() - client_cpu
        stop.set()
        messages = sum(await asyncio.gather(*watching))
    return Measured(latencies, server_times, actions, messages, client_cpu)


def client_process(base: str, made: list[Table], window: int, think: float, jitter: float,
                   watchers: int, barrier: Any, results: Any) -> None:
    """One client process of `--client-procs`: its share of the tables, on its own event
    loop, so no client's queueing delays another's timing."""

    async def ready() -> None:
        await asyncio.to_thread(barrier.wait)   # every process has loaded its tables

    async def go() -> None:
        await asyncio.to_thread(barrier.wait)   # the parent has read the counters

    results.put(asyncio.run(play(base, made, window, think, jitter, watchers, ready, go)))


def in_processes(base: str, made: list[Table], window: int, think: float, jitter: float,
                 watchers: int, procs: int, mark: Any) -> list[Measured]:
    """Split the tables over `procs` spawned client processes and gather what each
    measured; `mark()` runs when all are ready, just before they start."""
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(procs + 1), context.Queue()
    shares = [made[i::procs] for i in range(procs)]
    workers = [context.Process(target=client_process, daemon=True, args=(
        base, share, window, think, jitter, watchers, barrier, results)) for share in shares]
    for worker in workers:
        worker.start()
    barrier.wait(timeout=300)   # loaded
    mark()
    barrier.wait(timeout=60)    # go
    measured = [results.get(timeout=3600) for _ in workers]
    for worker in workers:
        worker.join(timeout=30)
    return measured


class LoadSampler:
    """The 1-minute load average every few seconds while measuring (a background thread)."""

    def __init__(self, every: float = 5.0) -> None:
        import threading

        self.samples: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(every,), daemon=True)

    def __enter__(self) -> LoadSampler:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()
        self.samples.append(load_average())

    def _run(self, every: float) -> None:
        while not self._stop.is_set():
            self.samples.append(load_average())
            self._stop.wait(every)


def run(base: str, made: list[Table], window: int, think: float, jitter: float,
        watchers: int, server_pid: int, procs: int) -> dict[str, Any]:
    marks: dict[str, float] = {}

    def mark() -> None:
        marks["server_cpu"], marks["began"] = cpu_seconds(server_pid), time.perf_counter()

    async def nothing() -> None:
        return None

    async def mark_now() -> None:
        mark()

    with LoadSampler() as load:
        if procs:
            measured = in_processes(base, made, window, think, jitter, watchers, procs, mark)
        else:
            measured = [asyncio.run(play(base, made, window, think, jitter, watchers,
                                         nothing, mark_now))]
        wall = time.perf_counter() - marks["began"]
        server_cpu = cpu_seconds(server_pid) - marks["server_cpu"]
    latencies = [x for m in measured for x in m.latencies]
    server_times = [x for m in measured for x in m.server_times]
    actions = sum(m.actions for m in measured)
    deep = min(t.start for t in made if t.start) if any(t.start for t in made) else 0
    times = [t for _, t in latencies]
    early = [t for seq, t in latencies if 10 <= seq < 40]
    late = [t for seq, t in latencies if deep + 10 <= seq < deep + 40]
    server_early = [t for seq, t in server_times if 10 <= seq < 40]
    server_late = [t for seq, t in server_times if deep + 10 <= seq < deep + 40]
    server_times_only = [t for _, t in server_times]
    return {
        "tables": len(made),
        "client_processes": procs or "in the bench process",
        "think_seconds": think,
        "think_jitter": jitter,
        "watchers_per_table": watchers,
        "actions": actions,
        "seconds": round(wall, 1),
        "actions_per_second": round(actions / wall, 1),
        "websocket_messages": sum(m.messages for m in measured),
        # an action as its client saw it: POST until the answer was read
        "client_p50_ms": round(1000 * statistics.median(times), 2),
        "client_p99_ms": round(1000 * percentile(times, 0.99), 2),
        # the same actions timed inside the server (Server-Timing): without the time a
        # loaded client takes to send and to notice the answer
        "server_p50_ms": round(1000 * statistics.median(server_times_only), 2),
        "server_p99_ms": round(1000 * percentile(server_times_only, 0.99), 2),
        "client_p50_ms_near_move_10": round(1000 * statistics.median(early), 2),
        f"client_p50_ms_near_move_{deep + 10}": round(1000 * statistics.median(late), 2),
        "ratio_deep_to_early": round(statistics.median(late) / statistics.median(early), 2),
        "server_ratio_deep_to_early": round(
            statistics.median(server_late) / statistics.median(server_early), 2),
        "server_cpu_ms_per_action": round(1000 * server_cpu / actions, 2),
        "server_cpu_share_of_a_core": round(server_cpu / wall, 2),
        "client_cpu_ms_per_action": round(
            1000 * sum(m.client_cpu for m in measured) / actions, 2),
        "load_average_while_measuring": {
            "min": round(min(load.samples), 1), "max": round(max(load.samples), 1),
            "mean": round(statistics.fmean(load.samples), 1)},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--depth", type=int, default=380,
                        help="actions already played at the deep half of the tables")
    parser.add_argument("--window", type=int, default=40, help="actions played per table")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a scripted seat thinks before each action (0: every "
                        "client as fast as the server answers, which measures queueing)")
    parser.add_argument("--jitter", type=float, default=0.5,
                        help="each pause is think x (1 +- jitter), drawn per table with a "
                        "fixed seed (0: every table in lockstep, a burst each second)")
    parser.add_argument("--watchers", type=int, default=0, choices=range(0, SCRIPTED + 1),
                        metavar="0-5", help="seats per table kept on a WebSocket")
    parser.add_argument("--client-procs", type=int, default=4, metavar="N",
                        help="client processes the tables are split over (0: one asyncio "
                        "client inside the bench process, whose own queueing then shows "
                        "in the latencies it reports)")
    parser.add_argument("--database", help="a database URL (default: SQLite in a temp dir)")
    parser.add_argument("--notices", choices=("off", "idle", "on"), default="idle",
                        help="turn notices: off (serve --no-notices), idle (on, nobody "
                        "registered: the default server), on (every scripted seat's "
                        "webhook on loopback, sent at once)")
    parser.add_argument("--postgres", action="store_true",
                        help="start a throwaway PostgreSQL server (fsync on) and use it")
    parser.add_argument("--server-cpu", type=int, metavar="N",
                        help="run the server on CPU N alone and everything else (the "
                        "clients, the bench, a throwaway PostgreSQL) on the other CPUs: "
                        "a stand-in for clients on another machine")
    parser.add_argument("--postgres-with-server", action="store_true",
                        help="with --postgres and --server-cpu: the throwaway PostgreSQL "
                        "runs on the server's CPU, the clients alone on the others (a "
                        "stand-in for one machine with the server and its database, the "
                        "players elsewhere)")
    args = parser.parse_args()
    if not 0 <= args.client_procs <= args.tables:
        parser.error("--client-procs must be 0 to --tables")
    server_cpus = None
    if args.server_cpu is not None:
        every = os.sched_getaffinity(0)
        if args.server_cpu not in every or len(every) < 2:
            parser.error(f"--server-cpu must be one of {sorted(every)}, and there must be "
                         "another CPU for the clients")
        server_cpus = {args.server_cpu}
        os.sched_setaffinity(0, every - server_cpus)   # inherited by all started after
    if args.postgres_with_server and (server_cpus is None or not args.postgres):
        parser.error("--postgres-with-server needs --postgres and --server-cpu")
    sys.path.insert(0, str(Path(__file__).parent))
    with tempfile.TemporaryDirectory() as folder, \
            _postgres_on(server_cpus if args.postgres_with_server else None) \
            if args.postgres else _nothing() as pg:
        if args.postgres and pg is None:
            return 1
        database = pg or args.database or f"sqlite:///{Path(folder) / 'stellwerk.sqlite3'}"
        prepared = time.perf_counter()
        hook = _sink() if args.notices == "on" else None
        made = prepare(database, args.tables, args.depth, hook)
        prepared = time.perf_counter() - prepared
        port = free_port()
        server = start_server(port, Path(folder), database, server_cpus, args.notices)
        try:
            figures = run(f"http://127.0.0.1:{port}", made, args.window, args.think,
                          args.jitter, args.watchers, server.pid, args.client_procs)
        except httpx.HTTPError as exc:
            print(f"bench: {exc!r}; the server's log ends:", file=sys.stderr)
            print((Path(folder) / "server.log").read_text()[-3000:], file=sys.stderr)
            return 1
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
        figures["storage"] = "postgresql" if database.startswith("postgresql") else "sqlite"
        figures["notices"] = args.notices
        figures["notices_received"] = SINK_RECEIVED[0]
        figures["cpus"] = os.cpu_count()
        figures["server_cpu"] = args.server_cpu
        figures["prepare_seconds"] = round(prepared, 1)
        print(json.dumps(figures, indent=1))
    return 0


SINK_RECEIVED = [0]


def _sink() -> str:
    """A webhook receiver on loopback in this process (it counts what arrives)."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Sink(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            SINK_RECEIVED[0] += 1
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *_args: object) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Sink)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/hook"


@contextlib.contextmanager
def _postgres_on(cpus: set[int] | None) -> Iterator[str | None]:
    """A throwaway PostgreSQL (fsync on); with `cpus`, its server and every backend it
    forks later run only there (they inherit the affinity of the process that starts
    them, so the bench takes those CPUs for the moment of the start)."""
    from throwaway_postgres import postgres_for_tests

    mine = os.sched_getaffinity(0)
    if cpus is not None:
        os.sched_setaffinity(0, cpus)
    try:
        with postgres_for_tests(fsync=True) as url:
            os.sched_setaffinity(0, mine)
            yield url
    finally:
        os.sched_setaffinity(0, mine)


class _nothing:  # a context manager that yields None
    def __enter__(self) -> None:
        return None

    def __exit__(self, *_: object) -> None:
        return None


if __name__ == "__main__":
    sys.exit(main())
