"""Two judge commands on one game folder: exactly one works, the other is told why."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from stellwerk.frontends.postal import commands as judge
from stellwerk.frontends.postal.folder import LOCK_FILE, game_lock, write_whole

from .conftest import Stellwerk


@pytest.fixture
def game(stellwerk: Stellwerk, tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    assert stellwerk("judge", "linie1", "new", folder, "--players", "Anna,Bert",
                     "--seed", "5").code == 0
    (judge.orders_folder(folder, 1) / "Anna.txt").write_text("pass\n", encoding="utf-8")
    return folder


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != LOCK_FILE}


def test_a_resolve_while_another_holds_the_lock_is_refused_and_changes_nothing(
        stellwerk: Stellwerk, game: Path) -> None:
    before = snapshot(game)
    fd = os.open(game / LOCK_FILE, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)      # as a resolve in another process would
        stellwerk("judge", "linie1", "resolve", game, "--round", "1").refused(
            "another judge command is working on this game right now; nothing was done")
    finally:
        os.close(fd)
    assert snapshot(game) == before
    assert stellwerk("judge", "linie1", "resolve", game, "--round", "1").code == 0


def test_two_resolves_started_at_once_one_resolves_the_other_is_told_why(game: Path) -> None:
    command = [sys.executable, "-m", "stellwerk", "judge", "linie1", "resolve", str(game),
               "--round", "1"]
    runs = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True) for _ in range(2)]
    results = sorted(((run.wait(timeout=120), *run.communicate()) for run in runs),
                     key=lambda r: r[0])
    (ok_code, ok_out, _), (code, _, err) = results
    assert (ok_code, code) == (0, 2), results
    assert "round 1 resolved" in ok_out
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    # started together, the second either meets the lock or arrives after the first
    assert ("another judge command is working" in err
            or "round 1 is already resolved" in err), err
    record = (game / "game.json").read_text(encoding="utf-8")
    assert record.count('"action"') == 2          # one round of two orders, not two rounds


def test_threads_holding_the_lock_exclude_each_other(tmp_path: Path) -> None:
    entered = threading.Event()
    leave = threading.Event()

    def hold() -> None:
        with game_lock(tmp_path):
            entered.set()
            leave.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    assert entered.wait(10)
    with pytest.raises(judge.JudgeError, match="another judge command"), game_lock(tmp_path):
        pass
    leave.set()
    holder.join()
    with game_lock(tmp_path):       # free again
        pass


def test_writers_of_one_file_never_share_a_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    errors: list[BaseException] = []

    def write(text: str) -> None:
        try:
            for _ in range(50):
                write_whole(target, text)
        except BaseException as exc:  # the test collects any failure
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(c * 5000,)) for c in "ab"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert target.read_text() in ("a" * 5000, "b" * 5000)     # whole, never mixed
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]   # no temporary left


def test_a_refused_new_game_makes_no_folder(stellwerk: Stellwerk, tmp_path: Path) -> None:
    where = tmp_path / "fresh"
    stellwerk("judge", "linie1", "new", where, "--players", "Anna,Bert",
              "-o", "rounds=²").refused("rounds must be a whole number")
    assert not where.exists()


def test_the_next_command_removes_the_temporary_file_of_a_write_that_was_killed(
        stellwerk: Stellwerk, game: Path) -> None:
    killed = subprocess.run(
        [sys.executable, "-c", "import os, sys, tempfile; from pathlib import Path\n"
         "where = Path(sys.argv[1])\n"
         "fd, name = tempfile.mkstemp(prefix='.Anna.txt.', suffix='.tmp', dir=where)\n"
         "os.write(fd, b'half an ord'); os.kill(os.getpid(), 9)",
         str(judge.orders_folder(game, 1))], check=False)
    assert killed.returncode == -9
    left = list(game.rglob("*.tmp"))
    assert len(left) == 1
    kept = judge.orders_folder(game, 1) / ".notes.tmp"      # not a name the judge writes
    kept.write_text("the game master's\n", encoding="utf-8")
    with game_lock(game):       # as every command that writes in the folder does
        assert not left[0].exists()
    assert kept.exists()
