"""`stellwerk serve` as a real process on a free port, for the tests that send it HTTP
and kill it with SIGKILL."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(port: int, data: Path, database: str | None,
          options: Sequence[str] = ()) -> subprocess.Popen[bytes]:
    """`serve` with no bots on `port`, its data in `data` (SQLite) or `database`, and
    `options`; returned once it answers. Its output is kept in `stdout` (the server's
    messages and tracebacks come with it) and is what a failed start says."""
    command = [sys.executable, "-m", "stellwerk", "serve", "--port", str(port), "--data",
               str(data), "--bot-workers", "0", *options]
    if database is not None:
        command += ["--database", database]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(process.stdout.read().decode() if process.stdout else "")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.05)
    process.kill()
    raise AssertionError("the server did not start")


def stop(process: subprocess.Popen[bytes]) -> None:
    """Kill the server (SIGKILL) and close its output."""
    process.kill()
    process.wait(timeout=10)
    if process.stdout:
        process.stdout.close()
