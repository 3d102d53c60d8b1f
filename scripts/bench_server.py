#!/usr/bin/env python3
"""Benchmark the game server: many concurrent tables on loopback (issue 10 §8).

It starts a real `stellwerk serve` process, creates N Linie 1 tables of six seats (five
scripted clients and one random bot on the server), and lets one asyncio client per
table play until the table passes action `--depth`. A scripted seat orders `pass`, or
every tenth time the first candidate order, over real HTTP. It reports:

- actions per second (every accepted action, bots' included, over the wall time);
- p50/p99 latency of a submitted action (POST until the answer), all actions;
- the ratio of p50 latency at action ~400 to action ~10 (a state cached in memory makes
  an action cost the same deep in a game: the target is at most 1.2);
- the server process's CPU time per action (bots' moves, polls and reads included),
  which the machine's other load does not inflate, and the load average at the end.

    .venv/bin/python scripts/bench_server.py                  # SQLite in a temp folder
    .venv/bin/python scripts/bench_server.py --postgres       # a throwaway PostgreSQL
    .venv/bin/python scripts/bench_server.py --database postgresql+psycopg://...
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

SCRIPTED = 5


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, data: Path, database: str | None) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "stellwerk", "serve", "--port", str(port),
               "--data", str(data), "--bot-workers", "0"]
    if database:
        command += ["--database", database]
    log = (data / "server.log").open("wb")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    for _ in range(300):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return server
        except httpx.HTTPError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


async def play_table(client: httpx.AsyncClient, depth: int, rounds: int, think: float,
                     latencies: list[tuple[int, float]]) -> int:
    made = (await client.post("/api/tables", json={
        "game": "linie1", "options": {"rounds": rounds},
        "seats": [{"kind": "human"}] * SCRIPTED + [{"kind": "random"}]})).json()
    table = made["table"]
    heads = {s["seat"]: {"Authorization": f"Bearer {s['token']}"} for s in made["seats"]}
    turn = 0
    state: dict[str, Any] | None = None
    while True:
        if state is None:
            state = await get(client, f"/api/tables/{table}", heads[0])
        if state["finished"] or state["seq"] >= depth:
            return int(state["seq"])
        owing = [s for s in state["decision"]["seats"] if s in heads]
        state = None
        if not owing:
            await asyncio.sleep(0.05)  # the bot's order is still to come
            continue
        for seat in owing:
            turn += 1
            if think:
                await asyncio.sleep(think)
            notation = "pass"
            if turn % 10 == 0:
                legal = await get(client, f"/api/tables/{table}/legal", heads[seat])
                notation = legal["actions"][0]["notation"]
            began = time.perf_counter()
            try:
                response = await client.post(f"/api/tables/{table}/actions",
                                             headers=heads[seat], json={"notation": notation})
            except httpx.TransportError:
                break  # a dropped connection: read the table again and see what is owed
            took = time.perf_counter() - began
            if response.status_code == 200:
                latencies.append((response.json()["accepted"], took))
                state = response.json()["table"]


async def get(client: httpx.AsyncClient, url: str, headers: dict[str, str]) -> Any:
    """A GET's JSON, tried again if the connection dropped (an idle keep-alive connection
    the server closed just as the client reused it)."""
    for attempt in range(3):
        try:
            return (await client.get(url, headers=headers)).json()
        except httpx.TransportError:
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


async def run(base: str, tables: int, depth: int, think: float) -> dict[str, Any]:
    latencies: list[tuple[int, float]] = []
    rounds = depth // 6 + 10
    limits = httpx.Limits(max_connections=tables, max_keepalive_connections=tables)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client:
        began = time.perf_counter()
        seqs = await asyncio.gather(*(play_table(client, depth, rounds, think, latencies)
                                      for _ in range(tables)))
        wall = time.perf_counter() - began
    times = [t for _, t in latencies]
    early = [t for seq, t in latencies if 10 <= seq < 40]
    late = [t for seq, t in latencies if depth - 30 <= seq < depth]
    return {
        "tables": tables,
        "think_seconds": think,
        "actions": sum(seqs),
        "seconds": round(wall, 1),
        "actions_per_second": round(sum(seqs) / wall, 1),
        "p50_ms": round(1000 * statistics.median(times), 2),
        "p99_ms": round(1000 * percentile(times, 0.99), 2),
        "p50_ms_near_10": round(1000 * statistics.median(early), 2),
        f"p50_ms_near_{depth}": round(1000 * statistics.median(late), 2),
        "ratio": round(statistics.median(late) / statistics.median(early), 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--depth", type=int, default=420, help="actions per table")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a scripted seat waits before each action (0: closed "
                        "loop, every client as fast as the server answers)")
    parser.add_argument("--database", help="a database URL (default: SQLite in a temp dir)")
    parser.add_argument("--postgres", action="store_true",
                        help="start a throwaway PostgreSQL server (fsync on) and use it")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).parent))
    from throwaway_postgres import postgres_for_tests

    with tempfile.TemporaryDirectory() as folder, \
            postgres_for_tests(fsync=True) if args.postgres else _nothing() as pg:
        if args.postgres and pg is None:
            return 1
        database = pg or args.database
        port = free_port()
        server = start_server(port, Path(folder), database)
        try:
            cpu_before = cpu_seconds(server.pid)
            figures = asyncio.run(run(f"http://127.0.0.1:{port}", args.tables, args.depth,
                                     args.think))
            # the server's own CPU per action: what the machine's other load cannot inflate
            figures["server_cpu_ms_per_action"] = round(
                1000 * (cpu_seconds(server.pid) - cpu_before) / figures["actions"], 2)
            figures["load_average"] = round(load_average(), 1)
        except httpx.HTTPError as exc:
            print(f"bench: {exc!r}; the server's log ends:", file=sys.stderr)
            print((Path(folder) / "server.log").read_text()[-3000:], file=sys.stderr)
            return 1
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
        figures["storage"] = "postgresql" if database else "sqlite"
        figures["cpus"] = os.cpu_count()
        print(json.dumps(figures, indent=1))
    return 0


class _nothing:  # a context manager that yields None
    def __enter__(self) -> None:
        return None

    def __exit__(self, *_: object) -> None:
        return None


if __name__ == "__main__":
    sys.exit(main())
