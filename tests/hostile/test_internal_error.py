"""A bug never shows a bare traceback: one line, and the full report in a file."""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import pytest

from stellwerk import cli

from .conftest import Stellwerk


def test_an_internal_error_is_one_line_and_a_report_file(
        stellwerk: Stellwerk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(args: argparse.Namespace) -> int:
        raise ZeroDivisionError("a bug planted by the test")

    monkeypatch.setattr(cli, "_dispatch", broken)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    run = stellwerk("games")
    assert run.code == cli.EXIT_INTERNAL
    line = run.refused("internal error (ZeroDivisionError)", "the full report is in")
    report = Path(line.rsplit("the full report is in ", 1)[1])
    assert report.parent == tmp_path / "state" / "stellwerk"
    text = report.read_text(encoding="utf-8")
    assert "Traceback" in text and "a bug planted by the test" in text
    assert "arguments: ['games']" in text


def test_the_report_goes_to_the_temp_dir_when_the_state_folder_cannot_be_made(
        stellwerk: Stellwerk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(args: argparse.Namespace) -> int:
        raise KeyError("planted")

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setattr(cli, "_dispatch", broken)
    monkeypatch.setenv("XDG_STATE_HOME", str(blocker))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    line = stellwerk("games").refused("internal error (KeyError)")
    assert str(tmp_path / "tmp") in line
