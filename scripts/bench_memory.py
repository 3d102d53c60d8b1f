#!/usr/bin/env python3
"""Benchmark the game server's memory: many tables created, then idle (and then read).

It starts a real `stellwerk serve` process on loopback (SQLite in a temporary folder,
or `--database URL`), creates `--tables` tables over HTTP (all human seats, the games
in turn, each at its smallest and largest seat count), lets the server idle
`--idle` seconds and reports its resident memory (VmRSS from /proc) and its peak
(VmHWM). The creation limits are switched off for the run (`--create-rate 0
--max-tables 0`); the state cache has its default budget unless `--state-cache-mb`
says otherwise. With `--read` every table is then read once by one of its seats,
which builds its state: the kept states stay within the budget, so the figure after
it shows what the budget costs.

    .venv/bin/python scripts/bench_memory.py                      # 2,000 tables, SQLite
    .venv/bin/python scripts/bench_memory.py --read --state-cache-mb 64
"""

from __future__ import annotations

import argparse
import itertools
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, data: Path, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "stellwerk", "serve", "--port", str(port),
               "--data", str(data), "--bot-workers", "0",
               "--create-rate", "0", "--max-tables", "0"]
    if args.database:
        command += ["--database", args.database]
    if args.state_cache_mb is not None:
        command += ["--state-cache-mb", str(args.state_cache_mb)]
    log = (data / "server.log").open("wb")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    for _ in range(300):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return server
        except httpx.HTTPError:
            if server.poll() is not None:
                break
            time.sleep(0.1)
    server.kill()
    raise SystemExit(f"the server did not start (see {data / 'server.log'})")


def memory_mb(pid: int) -> dict[str, float]:
    """VmRSS and VmHWM of a process, in MB."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            found[name] = int(value.split()[0]) / 1024
    return found


def table_kinds(client: httpx.Client) -> list[tuple[str, int]]:
    """(game, seats) to create in turn: every game at its smallest and largest table."""
    kinds = []
    for game in client.get("/api/games").json():
        for seats in sorted({game["min_seats"], game["max_seats"]}):
            kinds.append((game["id"], seats))
    return kinds


def create_tables(client: httpx.Client, count: int) -> list[tuple[str, str]]:
    made = []
    for game, seats in itertools.islice(itertools.cycle(table_kinds(client)), count):
        response = client.post("/api/tables", json={
            "game": game, "options": {}, "seats": [{"kind": "human"}] * seats})
        if response.status_code != 201:
            raise SystemExit(f"creating a {game} table: {response.status_code} "
                             f"{response.text}")
        answer: dict[str, Any] = response.json()
        made.append((answer["table"], answer["seats"][0]["token"]))
    return made


def report(label: str, pid: int) -> None:
    figures = memory_mb(pid)
    print(f"{label:<42} RSS {figures['VmRSS']:7.1f} MB   peak {figures['VmHWM']:7.1f} MB",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--idle", type=float, default=10.0, help="seconds to idle")
    parser.add_argument("--read", action="store_true",
                        help="then read every table once (builds its state)")
    parser.add_argument("--state-cache-mb", type=int, default=None)
    parser.add_argument("--database", help="a PostgreSQL URL (default: SQLite, temporary)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(port, Path(folder), args)
        try:
            base = f"http://127.0.0.1:{port}"
            with httpx.Client(base_url=base, timeout=60) as client:
                report("started", server.pid)
                began = time.perf_counter()
                made = create_tables(client, args.tables)
                took = time.perf_counter() - began
                report(f"{len(made)} tables created in {took:.1f} s", server.pid)
                time.sleep(args.idle)
                report(f"after {args.idle:g} s idle", server.pid)
                if args.read:
                    began = time.perf_counter()
                    for table, token in made:
                        response = client.get(f"/api/tables/{table}",
                                              headers={"Authorization": f"Bearer {token}"})
                        response.raise_for_status()
                    took = time.perf_counter() - began
                    report(f"every table read once ({took:.1f} s)", server.pid)
                    time.sleep(args.idle)
                    report(f"after {args.idle:g} s idle", server.pid)
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
