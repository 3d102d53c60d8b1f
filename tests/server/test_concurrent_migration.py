"""Two server processes starting at once on an empty database both come up: the schema
is made under a lock (PostgreSQL: an advisory lock; SQLite: the write lock), so one
process migrates and the other finds the schema made. Several tries, each on a fresh
database, with both processes released at the same moment."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

import stellwerk

from .conftest import fresh_postgres_databases

TRIES = 3
# the children import the same Stellwerk as this test
SRC = Path(stellwerk.__file__).resolve().parents[1]
# each process: open the engine and load Alembic first, then wait for the word "go",
# so that both migrate at the same moment
CHILD = """
import sys, time
from pathlib import Path
from alembic import command  # noqa: F401  (loaded before the start)
from stellwerk.server import store
engine = store.open_engine(sys.argv[1])
go = Path(sys.argv[2])
Path(sys.argv[3]).touch()  # ready
while not go.exists():
    time.sleep(0.001)
store.migrate(engine)
"""


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh_databases(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[list[str]]:
    """TRIES empty databases of one kind."""
    if request.param == "sqlite":
        yield [f"sqlite:///{tmp_path / f'empty{i}.sqlite3'}" for i in range(TRIES)]
        return
    with fresh_postgres_databases(TRIES) as urls:
        yield urls


def test_two_processes_migrate_an_empty_database_at_once(fresh_databases: list[str],
                                                         tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(SRC), *filter(None, [os.environ.get("PYTHONPATH")])])}
    for i, url in enumerate(fresh_databases):
        go = tmp_path / f"go{i}"
        ready = [tmp_path / f"ready{i}-{child}" for child in range(2)]
        children = [subprocess.Popen([sys.executable, "-c", CHILD, url, str(go), str(mark)],
                                     env=env, stderr=subprocess.PIPE, text=True)
                    for mark in ready]
        end = time.monotonic() + 60
        while not all(mark.exists() for mark in ready) and time.monotonic() < end:
            time.sleep(0.01)
        time.sleep(0.05)  # both are in their waiting loop
        go.touch()
        for child in children:
            _, err = child.communicate(timeout=120)
            assert child.returncode == 0, f"try {i + 1}: {err.strip().splitlines()[-4:]}"
        engine = sa.create_engine(url)
        with engine.connect() as conn:
            assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").all() == [
                (newest_revision(),)]
            assert conn.exec_driver_sql("SELECT count(*) FROM tables").scalar() == 0
        engine.dispose()


def newest_revision() -> str:
    """The head of the migrations the package ships (what a migrated database holds)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    import stellwerk.server.store as store

    config = Config()
    config.set_main_option("script_location", str(Path(store.__file__).parent / "migrations"))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head
