"""`stellwerk pack benelux-rails --generate [OUT]`: the generic hook writes the generated
pack (equal to the shipped one), checks it and shows it; a game without a generator, an
unwritable place or a folder is refused with one line and exit status 2."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from stellwerk.cli import main
from stellwerk.games.benelux_rails import mapgen


def test_generate_writes_the_shipped_pack_and_checks_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "fresh.toml"
    assert main(["pack", "benelux-rails", "--generate", str(out)]) == 0
    assert out.read_bytes() == mapgen.PACK_PATH.read_bytes()
    printed = capsys.readouterr().out
    assert f"{out}: generated (" in printed and "valid Benelux Rails pack" in printed
    assert "reconstructed" in printed


def test_generate_defaults_to_the_pack_name_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["pack", "benelux-rails", "--generate", "--lang", "de"]) == 0
    assert (tmp_path / "benelux-rails.toml").read_bytes() == mapgen.PACK_PATH.read_bytes()
    assert "erzeugt" in capsys.readouterr().out


@pytest.mark.parametrize(("game", "where", "says"), [
    ("rail-line", "x.toml", "Rail Line has no pack generator"),
    ("railways", ".", "Railways has no pack generator"),    # asked before the path
    ("benelux-rails", ".", "is a folder"),
    ("benelux-rails", "no/such/folder/x.toml", "cannot write"),
    ("benelux-rails", "/dev/null", "is a device or other special file"),
    ("benelux-rails", "/dev/full", "is a device or other special file"),
    ("benelux-rails", "x\0.toml", "no file name holds a NUL character"),
])
def test_generate_refuses_cleanly(game: str, where: str, says: str, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["pack", game, "--generate", where]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("stellwerk: pack: ") and says in err[0]
    assert not (tmp_path / "x.toml").exists()


def test_generate_refuses_a_fifo_instead_of_waiting_for_a_reader(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # `pack` on a fifo hung; writing the generated pack into one would too
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    assert main(["pack", "benelux-rails", "--generate", str(fifo)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"stellwerk: pack: {fifo} is a fifo, not a pack file; refusing to write to it"]
