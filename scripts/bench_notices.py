#!/usr/bin/env python3
"""Benchmark the turn notices: the delay from an action to its notice leaving the outbox.

It starts a real `stellwerk serve` (notices on, no delay, webhooks to loopback allowed)
and a webhook receiver in this process, makes `--tables` Rail Line tables of two seats
over HTTP, registers a webhook for each seat and plays `--window` actions per table,
each seat thinking about `--think` seconds. For each notice that arrives, the delay is
its arrival at the receiver minus the moment its action was committed (the outbox row's
`created_at`, written in the action's transaction). It reports p50 and p99 of that
delay, how many notices went out and how many were dropped as stale (the seat acted
first), and the server's CPU time per action.

    .venv/bin/python scripts/bench_notices.py                   # 100 tables, SQLite
    .venv/bin/python scripts/bench_notices.py --database postgresql+psycopg://...
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).parent))
from bench_server import cpu_seconds, free_port, percentile


def sink(port: int, out: str) -> None:
    """The webhook receiver, in a process of its own (the clients' loop would delay it):
    one line "ARRIVAL_TIME OUTBOX_ID" per notice."""
    lock = threading.Lock()
    written = open(out, "a", buffering=1)  # noqa: SIM115 (open while the process lives)

    class Sink(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            with lock:
                written.write(f"{time.time()} {int(json.loads(body)['id'])}\n")
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *_args: object) -> None:
            return

    ThreadingHTTPServer(("127.0.0.1", port), Sink).serve_forever()


def start_server(port: int, data: Path, database: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "stellwerk", "serve", "--port", str(port),
               "--data", str(data), "--bot-workers", "0", "--database", database,
               "--create-rate", "0", "--max-tables", "0", "--ws-per-address", "0",
               "--webhooks-private", "--notice-delay", "0"]
    log = (data / "server.log").open("wb")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    for _ in range(600):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return server
        except httpx.HTTPError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


async def make_table(client: httpx.AsyncClient, hook: str) -> tuple[str, dict[int, Any]]:
    """A table of two seats, each with its webhook registered."""
    made = (await client.post("/api/tables", json={
        "game": "rail-line", "seats": [{"kind": "human"}, {"kind": "human"}]})).json()
    table = made["table"]
    tokens = {s["seat"]: {"Authorization": f"Bearer {s['token']}"} for s in made["seats"]}
    for headers in tokens.values():
        answer = await client.post(f"/api/tables/{table}/notices", headers=headers,
                                   json={"webhook": hook})
        answer.raise_for_status()
    return table, tokens


async def play_table(client: httpx.AsyncClient, table: str, tokens: dict[int, Any],
                     window: int, think: float, rng: random.Random) -> int:
    payload = (await client.get(f"/api/tables/{table}", headers=tokens[0])).json()
    acted = 0
    for _ in range(window):
        decision = payload.get("decision")
        if not decision:
            break
        seat = decision["seats"][0]
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        legal = (await client.get(f"/api/tables/{table}/legal", headers=tokens[seat])).json()
        answer = await client.post(f"/api/tables/{table}/actions", headers=tokens[seat],
                                   json={"notation": legal["actions"][0]["notation"]})
        answer.raise_for_status()
        payload = answer.json()["table"]
        acted += 1
    return acted


async def play(base: str, hook: str, tables: int, window: int, think: float,
               server_pid: int) -> tuple[int, float, float]:
    """(actions, seconds, server CPU seconds) of the play, the tables made first."""
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        made = [await make_table(client, hook) for _ in range(tables)]
        cpu, began = cpu_seconds(server_pid), time.perf_counter()
        done = await asyncio.gather(*(play_table(client, table, tokens, window, think,
                                                 random.Random(i))
                                      for i, (table, tokens) in enumerate(made)))
        await asyncio.sleep(3)  # the last notices go out
    return sum(done), time.perf_counter() - began, cpu_seconds(server_pid) - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--window", type=int, default=20, help="actions played per table")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a seat thinks before each action (x 0.5-1.5)")
    parser.add_argument("--database", help="a database URL (default: SQLite in a temp dir)")
    args = parser.parse_args()
    import sqlalchemy as sa

    from stellwerk.server import store

    with tempfile.TemporaryDirectory() as folder:
        sink_port, arrivals = free_port(), Path(folder) / "arrivals.txt"
        receiver = multiprocessing.Process(target=sink, args=(sink_port, str(arrivals)),
                                           daemon=True)
        receiver.start()
        hook = f"http://127.0.0.1:{sink_port}/hook"
        database = args.database or f"sqlite:///{Path(folder) / 'stellwerk.sqlite3'}"
        port = free_port()
        server = start_server(port, Path(folder), database)
        try:
            actions, wall, cpu = asyncio.run(play(f"http://127.0.0.1:{port}", hook,
                                                  args.tables, args.window, args.think,
                                                  server.pid))
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
        engine = sa.create_engine(database)
        o = store.outbox.c
        with engine.connect() as conn:
            rows = {r.id: r for r in conn.execute(sa.select(o.id, o.created_at, o.outcome))}
        engine.dispose()
        receiver.terminate()
        arrived = [(float(at), int(i)) for at, i in
                   (line.split() for line in arrivals.read_text().splitlines())]
    delays = [at - rows[i].created_at for at, i in arrived if i in rows]
    outcomes = [r.outcome for r in rows.values()]
    figures: dict[str, Any] = {
        "tables": args.tables, "actions": actions, "wall_seconds": round(wall, 1),
        "notices_written": len(rows), "notices_sent": outcomes.count("sent"),
        "notices_stale": outcomes.count("skipped"), "notices_unsent": outcomes.count(None),
        "delay_p50_ms": round(statistics.median(delays) * 1000, 1) if delays else None,
        "delay_p99_ms": round(percentile(delays, 0.99) * 1000, 1) if delays else None,
        # the play only (the tables were made and registered before), notices included
        "server_cpu_ms_per_action": round(cpu / max(actions, 1) * 1000, 2),
        "load_average": round(os.getloadavg()[0], 1),
        "storage": "postgresql" if database.startswith("postgresql") else "sqlite"}
    print(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
