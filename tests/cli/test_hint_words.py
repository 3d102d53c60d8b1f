"""The hint says what its action does in the game's words (Rail Line: what it marks
and how the score moves; Railways: how capital, profit, pollution, workers and the score
move; Linie 1: how many tiles an order lays and how many fit the board the seat sees),
never the bare values of a heuristic."""

from __future__ import annotations

import re

import pytest
from tests.typed_play import play_typed


def _hint_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
               argv: list[str], lines: list[str]) -> str:
    out = play_typed(monkeypatch, capsys, argv, lines, columns=200).out
    found = re.search(r"(?:Hint|Tipp) \(.*", out)
    assert found, out[-1000:]
    return found[0]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_rail_line_hints_in_words(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str], lang: str) -> None:
    said = _hint_line(monkeypatch, capsys, ["play", "rail-line", "--seed", "3", "--lang", lang],
                      ["1", "1", "hint" if lang == "en" else "tipp", "quit"])
    assert "heuristic" not in said and "Heuristik" not in said
    words = ("marks", "your score") if lang == "en" else ("markiert", "deine Punkte")
    assert re.search(rf" — ({words[0]} .*; )?{words[1]} ", said), said


def test_railways_hints_in_words(monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    said = _hint_line(monkeypatch, capsys, ["play", "railways", "--seed", "3"],
                      ["dice A1=1 D1=1 E5=2 C7=2", "y", "hint", "quit"])
    assert "heuristic" not in said
    assert re.search(r" — .*\S+ -?\d+ → -?\d+", said), said


def test_linie1_hints_in_words(monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    said = _hint_line(monkeypatch, capsys, ["play", "linie1", "--seed", "5"],
                      ["hint", "quit"])
    assert "heuristic" not in said
    found = re.search(r" — tiles laid: (\d), fitting the board you see: (\d)", said)
    assert found and int(found[2]) <= int(found[1]) >= 1, said
