"""The postal sheets state the placement limit, list the tiles drawn
and the fate of the player's own order, explain stop letters, terminal numbers and the
tree-tile shading; the SVG shows the round and frames the new tiles; the public report
names who sent no order; `status` never calls "in" a file that resolve refuses."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

import pytest

from stellwerk.frontends.postal import commands as judge
from stellwerk.games.linie1.judge.reports import tiles_drawn

from .test_linie1_judge import folder, legal_first_order, run, write_order

__all__ = ["folder"]
SVG = "{http://www.w3.org/2000/svg}"


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_a_resolved_round_tells_each_player_their_fate_and_draw(folder: Path) -> None:
    _, _, state = judge.load(folder)
    before = dict(state.view(0)["me"]["hand"])
    order = legal_first_order(folder, 0)
    write_order(folder, 1, "Anna", order)
    write_order(folder, 1, "Bert", "pass\n")
    assert run("resolve", str(folder), "--round", "1") == 0
    _, _, after = judge.load(folder)
    sheet = read(folder / "private" / "Anna" / "sheet-01.txt")
    square = order.split()[0]
    entry = next(e for e in after.last_report["placements"] if e["seat"] == 0)
    assert "Your order in round 1:" in sheet
    assert f"P1 {square} " in sheet and entry["outcome"] in sheet
    drawn = tiles_drawn(before, after.view(0)["me"]["hand"], [entry])
    assert sum(drawn.values()) == (1 if entry["outcome"] == "placed" else 0)
    assert "Tiles drawn after round 1: " in sheet
    assert "at most 5 placements" in sheet
    assert "you laid nothing" in read(folder / "private" / "Bert" / "sheet-01.txt")
    for text in (sheet, read(folder / "public" / "round-01.txt")):
        assert "digits outside the board: the terminals of each line" in text
        assert "stop sign of that building" in text
    public = read(folder / "public" / "round-01.txt")
    assert "No order arrived from: Cora (they laid nothing)." in public


def test_tiles_drawn_accounts_for_exchanges_and_undone_placements() -> None:
    before = {"straight": 2, "curve": 1}
    own = [{"outcome": "exchanged", "tile": "curve", "replaced": "straight"},
           {"outcome": "undone", "tile": "crossing", "replaced": None},
           {"outcome": "failed", "tile": "straight", "replaced": None}]
    # laid the curve, got a straight back, then drew a crossing and a curve
    after = {"straight": 3, "curve": 1, "crossing": 1}
    assert tiles_drawn(before, after, own) == {"crossing": 1, "curve": 1}


def test_the_svg_shows_the_round_frames_new_tiles_and_has_a_legend(folder: Path) -> None:
    write_order(folder, 1, "Anna", legal_first_order(folder, 0))
    assert run("resolve", str(folder), "--round", "1") == 0
    svg = ElementTree.fromstring(read(folder / "public" / "round-01.svg"))
    texts = [t.text or "" for t in svg.iter(f"{SVG}text")]
    assert "board after round 1" in texts
    assert any("tree tile" in t for t in texts) and any("terminal" in t for t in texts)
    frames = [r for r in svg.iter(f"{SVG}rect") if r.get("stroke") == "#e69500"
              and r.get("fill") == "none"]
    _, _, state = judge.load(folder)
    laid = [e for e in state.last_report["placements"]
            if e["outcome"] in ("placed", "exchanged")]
    assert len(frames) == len(laid) + 1        # one per new tile, one in the legend
    start = ElementTree.fromstring(read(folder / "public" / "round-00.svg"))
    assert "board at the start" in [t.text for t in start.iter(f"{SVG}text")]


def test_status_does_not_call_a_refused_file_in(folder: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    write_order(folder, 1, "Anna", "Z99 straight 0\n")
    write_order(folder, 1, "Bert", "pass\n")
    assert run("status", str(folder)) == 0
    out = capsys.readouterr().out
    assert "Anna: REFUSED (Anna.txt: line 1:" in out
    assert "Bert: order in (Bert.txt)" in out
    assert "missing: Cora, Anna" in out
    assert run("check", str(folder), "Anna") != 0


def test_german_sheets_have_the_new_parts(tmp_path: Path) -> None:
    where = tmp_path / "spiel"
    assert run("new", str(where), "--players", "Anna,Bert", "--seed", "3", "--lang",
               "de") == 0
    assert run("resolve", str(where), "--round", "1") == 0
    sheet = read(where / "private" / "Anna" / "sheet-01.txt")
    assert "Dein Auftrag in Runde 1:" in sheet and "höchstens 5 Plättchen" in sheet
    assert "Nachgezogen nach Runde 1" in sheet and "Legende:" in sheet
    assert "Kein Auftrag kam von: Anna, Bert" in read(where / "public" / "round-01.txt")
