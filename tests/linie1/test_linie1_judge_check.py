"""`judge linie1 check` tells the truth: it runs the terminal's pre-check over the whole
order, so "ok" means every placement is laid unless another player's tile of the same
round gets in the way, and a placement it names as failing does fail when the order is
resolved alone (the property and the round's-end cases: test_linie1_judge_agreement.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stellwerk.frontends.postal import commands as judge

from .test_linie1_judge import run, write_order


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """Bert holds two straights, two straight-curve-lefts and no curve; his line starts
    at the north edge of F1/G1."""
    where = tmp_path / "g2"
    assert run("new", str(where), "--players", "Anna,Bert,Cora,Dirk", "--seed", "42",
               "--lang", "en") == 0
    _, _, state = judge.load(where)
    hand = state.view(1)["me"]["hand"]
    assert hand["straight"] == 2 and "curve" not in hand
    return where


def check(game: Path, order: str, capsys: pytest.CaptureFixture[str],
          *lang: str) -> tuple[int, str]:
    write_order(game, 1, "Bert", order)
    capsys.readouterr()
    code = run("check", str(game), "Bert", *lang)
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_check_names_a_tile_used_up_by_an_earlier_priority(
        game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, said = check(game, "F1 straight 0\nF2 straight 0\nF3 straight 0\n", capsys)
    assert code == 2 and "ok" not in said.split()
    assert "Bert.txt:3: placement 3: would fail: straight is not in the hand now" in said
    assert ":1:" not in said and ":2:" not in said
    code, said = check(game, "F1 gerade 0\nF2 gerade 0\nF3 gerade 0\n", capsys, "--lang", "de")
    assert "Bert.txt:3: Eintrag 3: würde scheitern: gerade ist gerade nicht auf der Hand" in said
    # resolve accepts the file, and the third placement fails as `check` said
    assert run("resolve", str(game), "--round", "1") == 0
    sheet = (game / "private" / "Bert" / "sheet-01.txt").read_text(encoding="utf-8")
    assert "P3 F3 straight 0: failed: straight is not in the hand now" in sheet


def test_check_names_a_placement_off_the_board(
        game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, said = check(game, "F1 straight 0\nA1 straight 0\n", capsys)
    assert code == 2
    assert ("Bert.txt:2: placement 2: would fail: a track on A1 runs off the board at its "
            "N edge") in said
    code, said = check(game, "A1 straight 0\n", capsys, "--lang", "de")
    assert code == 2
    assert "Bert.txt:1: Eintrag 1: würde scheitern:" in said and "A1" in said


def test_check_names_a_square_laid_on_earlier_in_the_same_order(
        game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, said = check(game, "F1 straight 0\nF1 straight 0\n", capsys)
    assert code == 2
    assert ("Bert.txt:2: placement 2: would fail: the exchange adds no track to the "
            "straight on F1") in said


def test_check_says_ok_when_every_placement_is_laid(
        game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, said = check(game, "F1 straight 0\nF2 straight 0\n", capsys)
    assert code == 0 and "Bert.txt: ok — F1 straight 0; F2 straight 0" in said


def test_status_says_which_placements_check_names(
        game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_order(game, 1, "Bert", "F1 straight 0\nA1 straight 0\nF1 straight 0\n")
    write_order(game, 1, "Anna", "pass\n")
    assert run("status", str(game)) == 0
    out = capsys.readouterr().out
    assert ("Bert: order in (Bert.txt), but on the board as it is now these placements "
            "would fail: 2, 3; see `check`") in out
    assert "Anna: order in (Anna.txt)\n" in out
    assert "missing: Cora, Dirk" in out            # resolve takes Bert's file as it is
    assert run("status", str(game), "--lang", "de") == 0
    assert "würden diese Einträge scheitern: 2, 3" in capsys.readouterr().out
