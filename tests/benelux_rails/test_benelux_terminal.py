"""Playing Benelux Rails in the terminal: the cost query, typed actions, refusals with
a message and a new prompt, the SVG written after each turn, German."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.typed_play import play_typed

from .helpers import TINY


def _run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
         lines: list[str], *extra: str) -> tuple[int, str]:
    played = play_typed(monkeypatch, capsys, ["play", "benelux-rails", "--seats",
                                              "human,planner", "--seed", "4", "--pack",
                                              str(TINY), *extra], lines)
    return played.code, played.out


def test_cost_query_prices_a_path_without_building(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    svg = tmp_path / "map.svg"
    lines = ["?", "1", "start kleindorp", "start noordstad",
             "cost C5 C6 C7", "cost C5 C9", "cost A9 A10", "build C5 C6 C7 C8 C9 C10",
             "build C5 C6 C7", "end", "quit"]
    code, out = _run(monkeypatch, capsys, lines, "--svg", str(svg))
    assert code == 1   # abandoned by quit
    assert "Cost 2 M: plain C6 1, plain C7 1" in out
    assert "C5 and C9 are not neighbouring" in out
    assert "A9 is not on your network" in out
    assert "kleindorp' is not a major city" in out
    # 1 + 1 + 1 + (1 + 2 river) + (5 major city) = 11 M, within the 20 M limit
    assert "builds C5 C6 C7 C8 C9 C10 for 11 M" in out
    assert "the path builds nothing new" in out   # typed again: refused, asked again
    assert svg.read_text(encoding="utf-8").startswith("<svg")


def test_the_prompt_speaks_german(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    lines = ["1", "start noordstad", "kosten C5 C6", "baue C5 C4 C3", "aufgeben"]
    _, out = _run(monkeypatch, capsys, lines, "--lang", "de")
    assert "Kosten 1 Mio.: Ebene C6 1" in out
    assert "der Weg baut nichts Neues" in out
