"""scripts/generate_benelux_pack.py: writes the pack and the picture, refuses a bad path."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from stellwerk.games.benelux_rails import mapgen

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "generate_benelux_pack.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, timeout=120, check=False)


def test_the_script_writes_the_pack_and_the_picture(tmp_path):
    done = run(str(tmp_path / "pack.toml"), "--svg", str(tmp_path / "map.svg"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "pack.toml").read_bytes() == mapgen.PACK_PATH.read_bytes()
    assert (tmp_path / "map.svg").read_text(encoding="utf-8").startswith("<svg")


def test_the_script_refuses_a_path_it_cannot_write_in_one_line(tmp_path):
    done = run(str(tmp_path / "missing" / "pack.toml"))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "cannot write" in done.stderr
    assert "Traceback" not in done.stderr
