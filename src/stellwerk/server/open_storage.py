"""Opening the server's storage: private on disk, honest about a database it cannot use,
and safe when several server processes start on one database at once.

- SQLite's file (and its -wal, -shm and -journal companions, which SQLite creates with
  the database's own mode) is made readable by its owner only: it holds every hand and
  the seed of every unfinished game. Files found open to others are tightened.
- A file that is no SQLite database, a damaged one (truncated, overwritten, zeroed
  pages: `PRAGMA quick_check`) or one whose schema a newer Stellwerk wrote is refused
  with one line naming the file and what to do, before anything is written to it.
- The schema is created or upgraded under a lock (PostgreSQL: an advisory lock held
  for the migration's transaction; SQLite: the write lock, `BEGIN IMMEDIATE`), so of
  two processes starting at once one migrates and the other finds the schema made.
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from stellwerk.core.errors import BadOption
from stellwerk.server import store

log = logging.getLogger("stellwerk.server")

SQLITE_HEADER = b"SQLite format 3\x00"
PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700
COMPANIONS = ("-wal", "-shm", "-journal")
# the advisory lock's key: any fixed number, the same in every Stellwerk process
MIGRATION_LOCK = 0x5374_656C_6C77_6B  # "Stellwk"
# SQLite's result codes for a file that is damaged or not a database at all
DAMAGE_CODES = ("SQLITE_CORRUPT", "SQLITE_NOTADB")


class UnusableStorage(BadOption):
    """The database exists but cannot be used as it is (damaged, not a database, or
    of a newer schema); the line says which file and what to do."""


def open_storage(url: str) -> Engine:
    """An engine on `url` with the schema up to date, or UnusableStorage."""
    path = sqlite_file(url)
    if path is not None:
        make_private_file(path)
        _check_header(path)
    engine = store.open_engine(url)
    where = str(path) if path is not None else engine.url.render_as_string(
        hide_password=True)
    try:
        if path is not None:
            _check_integrity(engine, where)
        migrate(engine, where)
    except sa.exc.DBAPIError as exc:
        engine.dispose()
        if is_damage(exc):
            raise _damaged(where, exc.orig) from None
        raise
    except BaseException:
        engine.dispose()
        raise
    return engine


def sqlite_file(url: str) -> Path | None:
    """The file of an SQLite URL (None: another database, or SQLite in memory)."""
    parsed = sa.engine.make_url(url)
    if not parsed.drivername.startswith("sqlite"):
        return None
    name = parsed.database or ""
    if name in ("", ":memory:") or name.startswith("file:"):
        return None
    return Path(name)


def is_damage(exc: sa.exc.DBAPIError) -> bool:
    """True when SQLite says the file is damaged or no database."""
    name = str(getattr(exc.orig, "sqlite_errorname", ""))
    return name.startswith(DAMAGE_CODES)


def make_private_folder(folder: Path) -> None:
    """Make `folder` (with its parents) or, if it exists, take access to it from
    everybody but its owner (warn if that is not allowed)."""
    folder.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    _tighten(folder, PRIVATE_FOLDER)


def make_private_file(path: Path) -> None:
    """Create the database file for its owner only (an empty file is an empty SQLite
    database), or tighten it and its companions if others may read them."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, PRIVATE_FILE))
    except FileExistsError:
        pass
    except OSError:
        return  # a folder that cannot be written: opening the database says so
    for candidate in (path, *(path.with_name(path.name + end) for end in COMPANIONS)):
        _tighten(candidate, PRIVATE_FILE)


def _tighten(path: Path, mode: int) -> None:
    try:
        current = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return  # not there: nothing to tighten
    if not current & 0o077:
        return
    try:
        os.chmod(path, mode)
    except OSError as exc:
        log.warning("%s is open to other users (mode %o) and could not be made private "
                    "(%s): run chmod %o on it", path, current, exc.strerror, mode)
    else:
        log.warning("%s was open to other users (mode %o); made it private (%o)",
                    path, current, mode)


def _check_header(path: Path) -> None:
    try:
        with path.open("rb") as handle:
            head = handle.read(len(SQLITE_HEADER))
    except OSError:
        return  # unreadable: opening the database says why
    if head and head != SQLITE_HEADER:
        raise UnusableStorage("sv.not_sqlite", path=path)


def _check_integrity(engine: Engine, where: str) -> None:
    with engine.connect() as conn:
        rows = [str(r[0]) for r in conn.exec_driver_sql("PRAGMA quick_check").fetchall()]
    if rows != ["ok"]:
        raise _damaged(where, rows[0] if rows else "no answer")


def _damaged(where: str, reason: object) -> UnusableStorage:
    detail = " ".join(str(reason).split())[:200]
    return UnusableStorage("sv.damaged", path=where, detail=detail)


def migrate(engine: Engine, where: str = "") -> None:
    """Create or upgrade the schema to the newest Alembic revision (at every start-up),
    under the migration lock; refuse a schema newer than this code knows."""
    from alembic import command
    from alembic.config import Config
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(Path(store.__file__).parent / "migrations"))
    known = {script.revision for script in ScriptDirectory.from_config(config).walk_revisions()}
    with engine.begin() as connection:
        _lock_for_migration(connection)
        found = MigrationContext.configure(connection).get_current_heads()
        newer = sorted(set(found) - known)
        if newer:
            raise UnusableStorage("sv.newer", path=where or engine.url.render_as_string(),
                                  revision=", ".join(newer))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def _lock_for_migration(connection: Connection) -> None:
    """Hold the migration lock until this transaction ends."""
    if connection.dialect.name == "postgresql":
        connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"),
                           {"key": MIGRATION_LOCK})
    elif connection.dialect.name == "sqlite":
        connection.exec_driver_sql("BEGIN IMMEDIATE")
