"""A database that cannot grow (a full disk) refuses a write with a 503 that says it
was NOT saved, and nothing changes: the chat keeps its messages, the table its action
count, and once there is room again the same action is accepted. SQLite answers its
own errors, so a failed commit never leaves the write in doubt.

Two ways to fill it: a real full filesystem (a small tmpfs, where the test may mount
one: root), and everywhere SQLite's own `PRAGMA max_page_count`."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from .conftest import Made, create, make_client, service_of

LONG = "x" * 990


def _fill(made: Made) -> int:
    """Post long chat messages until the database refuses one; return how many were
    stored (each accepted one is kept)."""
    for stored in range(2000):
        response = made.seats[0].post("chat", {"text": f"{stored} {LONG}"})
        if response.status_code != 201:
            _assert_not_saved(response)
            return stored
    raise AssertionError("the database never filled up")


def _assert_not_saved(response: Any) -> None:
    assert response.status_code == 503, response.text
    body = response.json()
    assert body["key"] == "srv.db_full"
    assert "NOT saved" in body["error"] and "whether it counted" not in body["error"]


def _owing(made: Made) -> tuple[Any, str]:
    """The seat whose turn it is, and its first legal action."""
    for seat in made.seats.values():
        if seat.table_now()["your_turn"]:
            notation: str = seat.get("legal").json()["actions"][0]["notation"]
            return seat, notation
    raise AssertionError(f"nobody's turn: {made.spectator.table_now()['decision']}")


def _fill_log(made: Made) -> None:
    """Act until the log cannot grow either (its rows live in pages of their own; each
    accepted action is stored)."""
    for _ in range(200):
        seat, notation = _owing(made)
        response = seat.act(notation)
        if response.status_code == 503:
            _assert_not_saved(response)
            return
        assert response.status_code == 200, response.text
    raise AssertionError("the log never filled up")


def _refused_then_accepted(client: Any, made: Made, stored: int, make_room: Any) -> None:
    chat = made.admin.get("chat").json()
    assert len(chat) == stored  # the refused message is not there
    _fill_log(made)
    seq = made.spectator.table_now()["seq"]
    seat, notation = _owing(made)
    _assert_not_saved(seat.act(notation))
    german = client.post(f"/api/tables/{made.table}/actions?lang=de",
                         json={"notation": notation},
                         headers={"Authorization": f"Bearer {seat.token}"})
    assert german.status_code == 503 and "NICHT gespeichert" in german.json()["error"]
    assert made.spectator.table_now()["seq"] == seq
    assert len(made.spectator.get("log").json()["actions"]) == seq
    make_room()
    accepted = seat.act(notation)
    assert accepted.status_code == 200, accepted.text
    assert accepted.json()["accepted"] == seq + 1


@pytest.fixture
def small_filesystem(tmp_path: Path) -> Iterator[Path]:
    """A 4 MB tmpfs, mounted for the test (root only)."""
    folder = tmp_path / "small"
    folder.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small filesystem needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({mounted.stderr.strip()})")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def _take_all_space(filler: Path) -> None:
    handle = os.open(filler, os.O_CREAT | os.O_WRONLY, 0o600)
    try:
        for size in (1 << 16, 1 << 12, 1 << 9, 1):
            try:
                while True:
                    os.write(handle, b"\0" * size)
            except OSError:
                pass
    finally:
        os.close(handle)


def test_a_full_filesystem_says_nothing_was_saved(small_filesystem: Path) -> None:
    with make_client(f"sqlite:///{small_filesystem / 'server.sqlite3'}",
                     background=False) as client:
        made = create(client, "rail-line", ["human", "human"])
        filler = small_filesystem / "filler"
        _take_all_space(filler)
        stored = _fill(made)
        _refused_then_accepted(client, made, stored, filler.unlink)


def test_a_database_at_its_page_limit_says_nothing_was_saved(tmp_path: Path) -> None:
    path = tmp_path / "server.sqlite3"
    # small pages, so the log's page fills within a game
    with sqlite3.connect(path) as made_here:
        made_here.executescript("PRAGMA page_size=512; CREATE TABLE t (x); DROP TABLE t;")
    made_here.close()
    with make_client(f"sqlite:///{path}", background=False) as client:
        made = create(client, "rail-line", ["human", "human"])
        engine = service_of(client).engine
        with engine.connect() as conn:
            pages = conn.exec_driver_sql("PRAGMA page_count").scalar()
        limit = {"pages": int(pages or 1) + 2}

        @sa.event.listens_for(engine, "connect")
        def _cap(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.execute(f"PRAGMA max_page_count={limit['pages']}")

        engine.dispose()  # every connection from now on has the limit

        def make_room() -> None:
            limit["pages"] = 1 << 30
            engine.dispose()

        stored = _fill(made)
        _refused_then_accepted(client, made, stored, make_room)

