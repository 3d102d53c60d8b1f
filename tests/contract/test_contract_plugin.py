"""The contract tests as a plugin: a game's own test module collects them for its game
alone, by the marker or by `--stellwerk-game`, and an unknown game is a usage error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import stellwerk

SRC = str(Path(stellwerk.__file__).resolve().parent.parent)
GAMES_TEST = '''import pytest
from stellwerk.testing.contract_tests import *  # noqa: F403
{marker}
'''


def collect(folder: Path, *args: str, marker: str = "") -> subprocess.CompletedProcess[str]:
    (folder / "test_my_game.py").write_text(GAMES_TEST.format(marker=marker))
    env = dict(os.environ, PYTHONPATH=SRC)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         "-p", "stellwerk.testing.contract", "--rootdir", str(folder), "-c", os.devnull,
         *args, str(folder)], capture_output=True, text=True, env=env, cwd=folder,
        timeout=300)


def collected(run: subprocess.CompletedProcess[str]) -> set[str]:
    return {line.partition("[")[2].rstrip("]") for line in run.stdout.splitlines()
            if "::test_" in line}


def test_a_module_names_its_game_with_the_marker_or_the_option(tmp_path: Path) -> None:
    by_marker = collect(tmp_path, marker='pytestmark = pytest.mark.stellwerk_game("railways")')
    assert by_marker.returncode == 0, by_marker.stdout + by_marker.stderr
    assert collected(by_marker) == {"railways", "railways-1"}
    by_option = collect(tmp_path, "--stellwerk-game=rail-line")
    assert by_option.returncode == 0, by_option.stdout + by_option.stderr
    assert collected(by_option) == {"rail-line", "rail-line-2", "rail-line-3"}
    unknown = collect(tmp_path, "--stellwerk-game=chess")
    assert unknown.returncode != 0 and "no game chess" in unknown.stdout + unknown.stderr
