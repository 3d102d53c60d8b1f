"""A record is written in one step: a write that fails half-way (here: the file-size limit
a full disk would set) leaves the old record whole and no temporary file behind."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stellwerk.core.atomic_file import write_text_atomically
from stellwerk.core.errors import StellwerkError
from stellwerk.core.record import GameRecord

FIXTURE = (Path(__file__).parents[1] / "fixtures" / "rail-line" / "rules"
           / "rail-line-3p-sheetI-greedy-greedy-greedy-seed13.json")

# in a child process: a file may grow to LIMIT bytes only, as on a disk that is full
CHILD = """
import resource, signal, sys
from pathlib import Path
from stellwerk.core.errors import StellwerkError
from stellwerk.core.record import GameRecord
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
record = GameRecord.load(Path(sys.argv[1]))
record.actions = record.actions * 3
resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[3]), resource.RLIM_INFINITY))
try:
    record.save(Path(sys.argv[2]))
except StellwerkError as exc:
    print(exc)
    sys.exit(3)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX resource limits")
@pytest.mark.parametrize("share", [0.1, 0.5, 0.99])
def test_a_save_that_fails_half_way_leaves_the_old_record_whole(tmp_path: Path,
                                                                share: float) -> None:
    target = tmp_path / "game.json"
    old = FIXTURE.read_text(encoding="utf-8")
    new = GameRecord.load(FIXTURE)
    new.actions = new.actions * 3
    limit = int(len(new.dumps().encode()) * share)   # the disk fills up part of the way
    target.write_text(old, encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", CHILD, str(FIXTURE), str(target), str(limit)],
                          capture_output=True, text=True, timeout=60, check=False,
                          env={**os.environ})
    assert done.returncode == 3, done.stderr
    assert "cannot write the record" in done.stdout
    assert target.read_text(encoding="utf-8") == old
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


@given(st.text(max_size=300), st.text(max_size=300))
def test_the_file_holds_exactly_the_last_text(first: str, second: str) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "f.txt"
        write_text_atomically(path, first)
        write_text_atomically(path, second)
        assert path.read_bytes() == second.encode("utf-8")
        assert os.listdir(folder) == ["f.txt"]


def test_a_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text("{}", encoding="utf-8")
    path.chmod(0o600)
    write_text_atomically(path, "[]")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_an_unwritable_place_is_one_refusal(tmp_path: Path) -> None:
    record = GameRecord.load(FIXTURE)
    with pytest.raises(StellwerkError, match="cannot write the record"):
        record.save(tmp_path / "no such folder" / "r.json")
    assert list(tmp_path.iterdir()) == []


def test_the_language_is_kept_and_optional() -> None:
    record = GameRecord.load(FIXTURE)
    assert record.lang is None and "lang" not in record.to_json()  # old records stay as is
    record.lang = "de"
    again = GameRecord.from_json(json.loads(record.dumps()))
    assert again.lang == "de"
