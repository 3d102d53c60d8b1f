"""The judge: a postal game run from a folder, round trips, refusals, and secrets kept."""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree

import pytest

from stellwerk.cli import main
from stellwerk.core.chance import Chance
from stellwerk.core.record import GameRecord
from stellwerk.frontends.postal import commands as judge
from stellwerk.games.linie1.judge.reports import public_report

from .helpers import TABLES


def run(*args: str) -> int:
    return main(["judge", "linie1", *args])


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    where = tmp_path / "game"
    assert run("new", str(where), "--players", "Anna,Bert,Cora", "--seed", "11",
               "-o", "rounds=3") == 0
    return where


def write_order(folder: Path, round_number: int, name: str, text: str,
                suffix: str = ".txt") -> None:
    (judge.orders_folder(folder, round_number) / f"{name}{suffix}").write_text(
        text, encoding="utf-8")


def legal_first_order(folder: Path, seat: int) -> str:
    """A one-placement order the seat can surely lay: a tile from its hand at its own
    terminal is not guaranteed, so use a straight or curve in open country."""
    _, _, state = judge.load(folder)
    hand = state.hands[seat]
    tile = next(t for t, c in enumerate(hand) if c)
    return f"{('E8', 'C10', 'G11')[seat]} {TABLES.tile_ids[tile]} 0\n"


def test_new_game_writes_sheets_and_a_start_report(folder: Path) -> None:
    assert (folder / "game.json").exists()
    for name in ("Anna", "Bert", "Cora"):
        sheet = (folder / "private" / name / "sheet-00.txt").read_text(encoding="utf-8")
        assert f"PRIVATE sheet of {name}" in sheet and "Your line:" in sheet
    start = (folder / "public" / "round-00.txt").read_text(encoding="utf-8")
    assert "Your line" not in start and "Anna, Bert, Cora" in start
    assert (folder / "public" / "round-00.svg").read_text().startswith("<svg")
    assert run("new", str(folder), "--players", "X,Y") == 2    # the folder is taken


def test_status_names_the_missing_orders(folder: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    write_order(folder, 1, "bert", "pass\n")
    assert run("status", str(folder)) == 0
    out = capsys.readouterr().out
    assert "Bert: order in (bert.txt)" in out and "missing: Anna, Cora" in out


def test_a_round_trip_and_replay(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_order(folder, 1, "Anna", legal_first_order(folder, 0))
    placement = legal_first_order(folder, 1).split()
    write_order(folder, 1, "Bert", json.dumps({"placements": [
        {"square": placement[0], "tile": placement[1], "rotation": 0}]}), ".json")
    assert run("resolve", str(folder), "--round", "1") == 0
    assert "no order from Cora" in capsys.readouterr().out
    report = (folder / "public" / "round-01.txt").read_text(encoding="utf-8")
    assert "P1 Anna" in report and "P1 Bert" in report and "Orders for round 2" in report
    assert (folder / "private" / "Cora" / "sheet-01.txt").exists()
    svg = ElementTree.parse(folder / "public" / "round-01.svg").getroot()
    assert svg.tag.endswith("svg")
    tracks = [e for e in svg.iter() if e.tag.endswith(("line", "path"))]
    assert len(tracks) >= sum(1 for line in report.splitlines() if ": placed" in line)
    record = GameRecord.load(folder / "game.json")
    assert [seat for seat, _ in record.actions] == [0, 1, 2]
    assert record.actions[2][1] == "pass"
    assert main(["replay", str(folder / "game.json")]) == 0
    # the same round again is refused, and so is a round not yet due
    assert run("resolve", str(folder), "--round", "1") == 2
    assert run("resolve", str(folder), "--round", "3") == 2
    for round_number in (2, 3):
        assert run("resolve", str(folder), "--round", str(round_number)) == 0
    final = (folder / "public" / "round-03.txt").read_text(encoding="utf-8")
    assert "The game is over." in final
    assert GameRecord.load(folder / "game.json").result is not None
    assert main(["replay", str(folder / "game.json")]) == 0
    assert run("resolve", str(folder), "--round", "4") == 2


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize(("name", "text", "message"), [
    ("Anna", "E8 straight 0\nZ3 curve 0\n", "Anna.txt:2: 'Z3' is not a square"),
    ("Anna", "H1 straight 0\n", "Anna.txt:1: H1 holds a building"),
    ("Anna", "round: 2\n", "Anna.txt:1: this order is for round 2"),
    ("Dora", "pass\n", "names no player"),
])
def test_a_bad_file_refuses_the_whole_round(folder: Path, name: str, text: str, message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    write_order(folder, 1, "Bert", "pass\n")
    write_order(folder, 1, name, text)
    before = snapshot(folder)
    assert run("resolve", str(folder), "--round", "1") == 2
    assert message in capsys.readouterr().err
    assert snapshot(folder) == before


def test_two_files_for_one_player_are_refused(folder: Path) -> None:
    write_order(folder, 1, "Anna", "pass\n")
    write_order(folder, 1, "anna", "[]", ".json")
    assert run("resolve", str(folder), "--round", "1") == 2


def test_check_reports_a_players_file(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("check", str(folder), "Anna") == 0
    assert "no order file" in capsys.readouterr().out
    write_order(folder, 1, "Anna", "B4 straight 90\n")
    assert run("check", str(folder), "anna") == 0
    assert "ok — B4 straight 90" in capsys.readouterr().out
    assert run("check", str(folder), "Zoe") == 2


def test_public_reports_reveal_no_secret(folder: Path) -> None:
    write_order(folder, 1, "Anna", legal_first_order(folder, 0))
    assert run("resolve", str(folder), "--round", "1") == 0
    game, record, state = judge.load(folder)
    names = [s.name for s in record.seats]
    report = public_report(state.tables, state.public_view(), names)
    # the same public history with every secret redrawn gives the same report
    for seed in range(5):
        other = state.determinized(0, Chance(seed))
        other.lines[0], other.cards[0] = state.lines[1], state.cards[1]
        assert public_report(other.tables, other.public_view(), names) == report
    for path in (folder / "public").iterdir():
        text = path.read_text(encoding="utf-8")
        assert "Your" not in text and "hand (" not in text
    assert game.id == "linie1"


def test_bad_judge_input_is_one_clear_line(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["judge", "rail-line", "status", str(tmp_path)]) == 2
    assert run("status", str(tmp_path)) == 2
    assert run("new", str(tmp_path / "g"), "--players", "Anna") == 2
    assert run("new", str(tmp_path / "g"), "--players", "Anna,anna") == 2
    assert run("new", str(tmp_path / "g"), "--players", "Anna,../x") == 2
    assert run("new", str(tmp_path / "g"), "--players", "A,B", "-o", "rounds=0") == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("stellwerk:") == 6


def test_reports_and_sheets_in_german(tmp_path: Path) -> None:
    where = tmp_path / "spiel"
    assert run("new", str(where), "--players", "Anna,Bert", "--seed", "2", "--lang", "de") == 0
    sheet = (where / "private" / "Anna" / "sheet-00.txt").read_text(encoding="utf-8")
    assert "PRIVATES Blatt für Anna" in sheet and "Deine Linie:" in sheet
    write_order(where, 1, "Anna", legal_first_order(where, 0))
    (judge.orders_folder(where, 1) / "Anna.txt~").write_text("ignored", encoding="utf-8")
    assert run("resolve", str(where), "--round", "1") == 0
    report = (where / "public" / "round-01.txt").read_text(encoding="utf-8")
    assert "öffentlicher Bericht zu Runde 1" in report and "Aufträge für Runde 2" in report
