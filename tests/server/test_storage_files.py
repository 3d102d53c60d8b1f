"""The server's storage on disk: private to its owner, and refused honestly when it
cannot be used. A database file that is truncated, overwritten, zeroed or of a schema a
newer Stellwerk wrote makes `stellwerk serve` say in one line which file is wrong and
what to do (exit status 2, no internal-error report), and leaves the file as it was."""

from __future__ import annotations

import logging
import os
import random
import sqlite3
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from stellwerk.cli import main
from stellwerk.server import store
from stellwerk.server.table_service import TableService

from .conftest import fresh_postgres_databases

PAGE = 4096


@pytest.fixture(autouse=True)
def _no_listening(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    import uvicorn

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **_: served.append(app))
    yield served


@pytest.fixture
def shared_umask() -> Iterator[None]:
    """A umask that lets everybody read new files (a common default)."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def _database(folder: Path) -> Path:
    """A data folder holding a real database with a table in it."""
    folder.mkdir(parents=True, exist_ok=True)
    engine = store.open_engine(store.database_url(None, folder))
    store.migrate(engine)
    TableService(engine).create("rail-line", {}, ["human", "human"], ["A", "B"], None, seed=7)
    engine.dispose()
    path = folder / "stellwerk.sqlite3"
    assert path.stat().st_size > 4 * PAGE
    return path


def _truncated(data: bytes) -> bytes:
    return data[:len(data) // 2 + 100]


def _garbage(data: bytes) -> bytes:
    return random.Random(1).randbytes(len(data))


def _garbage_inside(data: bytes) -> bytes:
    return data[:2 * PAGE] + random.Random(2).randbytes(2 * PAGE) + data[4 * PAGE:]


def _zeroed_pages(data: bytes) -> bytes:
    return data[:PAGE] + bytes(len(data) - PAGE)


def _all_zero(data: bytes) -> bytes:
    return bytes(len(data))


@pytest.mark.parametrize("damage", [_truncated, _garbage, _garbage_inside, _zeroed_pages,
                                    _all_zero])
def test_a_damaged_database_is_named_with_what_to_do(
        damage: Callable[[bytes], bytes], tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    reports = tmp_path / "state"
    monkeypatch.setenv("XDG_STATE_HOME", str(reports))  # where a crash report would go
    path = _database(tmp_path / "data")
    path.write_bytes(damage(path.read_bytes()))
    before = path.read_bytes()
    assert main(["serve", "--data", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("stellwerk: serve: "), err
    assert str(path.resolve()) in lines[0]
    assert "restore it from a backup, or move it away to start afresh" in lines[0]
    assert "internal error" not in err and "Traceback" not in err
    assert path.read_bytes() == before  # refused before anything was written
    assert not reports.exists() or not any(reports.rglob("crash-*"))


def test_damage_is_told_in_german(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _database(tmp_path / "data")
    path.write_bytes(_zeroed_pages(path.read_bytes()))
    assert main(["serve", "--lang", "de", "--data", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    assert "ist beschädigt" in err and "Sicherung" in err and "internal" not in err


def test_a_newer_schema_asks_for_a_newer_stellwerk(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = _database(tmp_path / "data")
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    conn.close()
    before = path.read_bytes()
    assert main(["serve", "--data", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and str(path.resolve()) in lines[0], err
    assert "schema revision 9999" in lines[0] and "use a newer Stellwerk" in lines[0]
    assert "internal error" not in err
    assert path.read_bytes() == before
    assert main(["serve", "--lang", "de", "--data", str(tmp_path / "data")]) == 2
    assert "nimm ein neueres Stellwerk" in capsys.readouterr().err


@pytest.mark.postgres
def test_a_newer_schema_on_postgresql_asks_for_a_newer_stellwerk(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import sqlalchemy as sa

    with fresh_postgres_databases(1) as (url,):
        engine = store.open_engine(url)
        store.migrate(engine)
        with engine.begin() as conn:
            conn.exec_driver_sql("UPDATE alembic_version SET version_num = '9999'")
        engine.dispose()
        assert main(["serve", "--database", url, "--data", str(tmp_path / "data")]) == 2
        err = capsys.readouterr().err
        lines = err.strip().splitlines()
        assert len(lines) == 1 and "schema revision 9999" in lines[0], err
        assert sa.engine.make_url(url).database in lines[0]  # names the database
        assert "internal error" not in err


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_data_folder_and_database_are_private(shared_umask: None, tmp_path: Path,
                                                    _no_listening: list[Any]) -> None:
    data = tmp_path / "data"
    assert main(["serve", "--data", str(data)]) == 0
    assert _no_listening  # the app was made (its engine holds the database open)
    assert _mode(data) == 0o700
    database = data / "stellwerk.sqlite3"
    assert _mode(database) == 0o600
    companions = [data / f"stellwerk.sqlite3{end}" for end in ("-wal", "-shm")]
    assert any(c.exists() for c in companions)
    for companion in companions:
        if companion.exists():
            assert _mode(companion) == 0o600, companion


def test_existing_files_open_to_others_are_made_private(
        shared_umask: None, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    data = tmp_path / "data"
    path = _database(data)
    for made in (data, path):
        assert _mode(made) & 0o044  # everybody could read them
    with caplog.at_level(logging.WARNING, "stellwerk.server"):
        assert main(["serve", "--data", str(data)]) == 0
    assert _mode(data) == 0o700 and _mode(path) == 0o600
    assert "made it private" in caplog.text


def test_a_database_url_elsewhere_gets_a_private_file(shared_umask: None,
                                                      tmp_path: Path) -> None:
    path = tmp_path / "elsewhere" / "games.db"
    path.parent.mkdir()
    assert main(["serve", "--database", f"sqlite:///{path}",
                 "--data", str(tmp_path / "unused")]) == 0
    assert _mode(path) == 0o600
    assert _mode(path.parent) == 0o755  # a folder it did not make is left alone
