#!/usr/bin/env python3
"""A throwaway PostgreSQL server for the test suite (standard library only).

`dev.py test` calls `postgres_for_tests()`: it finds PostgreSQL's binaries (Debian's
`postgresql` package; installed with apt-get when running as root and missing), makes a
cluster in a temporary folder, starts it on a free port on 127.0.0.1 as a non-root user
(postgres refuses to run as root) and exports its URL as STELLWERK_TEST_POSTGRES_URL;
it stops the server and deletes the folder afterwards. When it cannot, it says so
loudly and the PostgreSQL tests skip.

    python3 scripts/throwaway_postgres.py      # start one, print its URL, stop on Enter

Set STELLWERK_TEST_POSTGRES_URL yourself to test against a server you run; set
STELLWERK_NO_POSTGRES=1 to skip without trying.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from debian_packages import apt_install

ENV = "STELLWERK_TEST_POSTGRES_URL"
USER = "postgres"  # the system account Debian's package makes


def _loud(message: str) -> None:
    bar = "!" * 78
    print(f"\n{bar}\n!!! PostgreSQL: {message}\n!!! The PostgreSQL storage tests will be "
          f"SKIPPED; only SQLite is tested.\n{bar}\n", file=sys.stderr, flush=True)


def _bindir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _install() -> None:
    apt_install("postgresql", "PostgreSQL for the tests")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_user(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", USER, "--", *command]


@contextlib.contextmanager
def postgres_for_tests(fsync: bool = False) -> Iterator[str | None]:
    """Yield a database URL (also exported in the environment), or None after a loud
    message saying why there is none. Tests run without fsync (faster, and a throwaway
    database needs no crash safety); the benchmark asks for it."""
    if os.environ.get(ENV):
        yield os.environ[ENV]
        return
    if os.environ.get("STELLWERK_NO_POSTGRES"):
        _loud("STELLWERK_NO_POSTGRES is set")
        yield None
        return
    bindir = _bindir()
    if bindir is None:
        _install()
        bindir = _bindir()
    if bindir is None:
        _loud("no PostgreSQL binaries (initdb) found, and they could not be installed "
              "(needs root and apt-get)")
        yield None
        return
    folder = Path(tempfile.mkdtemp(prefix="stellwerk-pg-"))
    data, port = folder / "data", _free_port()
    started = False
    try:
        if os.geteuid() == 0:
            shutil.chown(folder, USER, USER)
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "text": True}
        init = subprocess.run(_as_user([str(bindir / "initdb"), "-D", str(data), "-U",
                                        "stellwerk", "--auth=trust", "-E", "UTF8"]),
                              **quiet)  # type: ignore[call-overload]
        if init.returncode != 0:
            _loud(f"initdb failed: {init.stderr.strip()[-300:]}")
            yield None
            return
        options = (f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 "
                   f"-c fsync={'on' if fsync else 'off'} -c max_connections=200")
        start = subprocess.run(_as_user([str(bindir / "pg_ctl"), "-D", str(data), "-o",
                                         options, "-l", str(folder / "log"), "-w", "start"]),
                               **quiet)  # type: ignore[call-overload]
        if start.returncode != 0:
            _loud(f"pg_ctl start failed: {start.stderr.strip()[-300:]}")
            yield None
            return
        started = True
        url = f"postgresql+psycopg://stellwerk@127.0.0.1:{port}/postgres"
        os.environ[ENV] = url
        print(f"PostgreSQL for the tests: {url}", file=sys.stderr, flush=True)
        yield url
    finally:
        if started:
            os.environ.pop(ENV, None)
            subprocess.run(_as_user([str(bindir / "pg_ctl"), "-D", str(data), "-m",
                                     "immediate", "stop"]), stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    with postgres_for_tests() as found:
        if found:
            print(found)
            input("Enter stops it ... ")
