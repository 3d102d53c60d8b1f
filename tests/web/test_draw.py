"""`python -m stellwerk.web.draw`: a recorded game drawn to an SVG file from the terminal;
bad input refused in one line."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from stellwerk.core.record import GameRecord
from stellwerk.web.draw import main
from tests.web.conftest import random_record


def _record(tmp_path: Path) -> tuple[Path, GameRecord]:
    record = random_record("rail-line", ["Ann", "Bo"], 4, steps=25)
    path = tmp_path / "game.json"
    record.save(path)
    return path, record


def test_draws_a_seats_view_after_n_steps(tmp_path: Path, capsys) -> None:
    path, _ = _record(tmp_path)
    out = tmp_path / "table.svg"
    assert main([str(path), "--out", str(out), "--step", "10", "--seat", "1",
                 "--lang", "de"]) == 0
    root = ET.parse(out).getroot()
    assert root.get("viewBox")
    assert "Die Strecke" in out.read_text()  # German
    assert "Deine Hand" in out.read_text()   # seat 1's hand is drawn
    public = tmp_path / "public.svg"
    assert main([str(path), "--out", str(public)]) == 0
    assert "Deine Hand" not in public.read_text() and "Your hand" not in public.read_text()


def test_bad_input_one_line(tmp_path: Path, capsys) -> None:
    path, record = _record(tmp_path)
    out = tmp_path / "x.svg"
    assert main([str(path), "--out", str(out), "--seat", "5"]) == 2
    assert main([str(path), "--out", str(out), "--step", "-1"]) == 2
    assert main([str(tmp_path / "missing.json"), "--out", str(out)]) == 1
    data = record.to_json()
    data["actions"][3]["action"] = "lay Q99"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert main([str(bad), "--out", str(out)]) == 1
    assert main([str(path), "--out", str(tmp_path / "no" / "dir.svg")]) == 2
    errors = capsys.readouterr().err.strip().splitlines()
    assert len(errors) == 5 and all(line.startswith("draw: ") for line in errors)
    assert not out.exists()


def test_unknown_language_refused() -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["x.json", "--out", "y.svg", "--lang", "fr"])
    assert exit_.value.code == 2


def test_messages_in_german_with_lang_de_or_a_german_locale(
        tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    path, _ = _record(tmp_path)
    out = tmp_path / "x.svg"
    assert main([str(path), "--out", str(out), "--seat", "5", "--lang", "de"]) == 2
    assert main([str(path), "--out", str(out), "--step", "-1", "--lang=de"]) == 2
    assert main([str(path), "--out", str(tmp_path / "no" / "d.svg"), "--lang", "de"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "draw: --seat muss zwischen 0 und 1 liegen, nicht 5",
        "draw: --step muss 0 oder mehr sein",
        f"draw: {tmp_path / 'no' / 'd.svg'} nicht schreibbar (No such file or directory)"]
    assert not out.exists()
    assert main([str(path), "--out", str(out), "--lang", "de"]) == 0
    assert capsys.readouterr().out == f"{out} geschrieben\n"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")     # the locale: messages German, the
    monkeypatch.delenv("LC_ALL", raising=False)   # drawing English (--lang's default)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert main([str(path), "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"{out} geschrieben\n"
    drawn = out.read_text()
    assert "The line" in drawn and "Die Strecke" not in drawn


def test_messages_in_english_by_default(tmp_path: Path, capsys,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    path, _ = _record(tmp_path)
    out = tmp_path / "x.svg"
    assert main([str(path), "--out", str(out), "--step", "-1"]) == 2
    assert main([str(path), "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert captured.err == "draw: --step must be 0 or more\n"
    assert captured.out == f"wrote {out}\n"
