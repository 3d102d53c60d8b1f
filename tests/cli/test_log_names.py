"""`log` at the terminal table names each seat as the table does (You, Greedy 2, the
names given with --names), in the player's language; a game described without the
table's names says "Seat 2"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.typed_play import play_typed

from stellwerk.games import get_game


def log_of(out: str, heading: str) -> list[str]:
    block = out[out.rindex(heading) + len(heading):].strip().split("\n\n")[0]
    return block.splitlines()


@pytest.mark.parametrize(("lang", "word", "heading", "me"),
                         [("en", "log", "The game so far", "You"),
                          ("de", "verlauf", "Das Spiel bisher", "Du")])
def test_rail_line_log_names_the_players(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path, lang: str, word: str, heading: str, me: str) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    out = play_typed(monkeypatch, capsys, ["play", "rail-line", "--seed", "3", "--lang", lang],
                     ["1", "1", word, "quit", "n"]).out
    lines = log_of(out, heading)
    assert [line.split(":")[0] for line in lines] == [me, "Greedy 2", "Greedy 3"]
    assert not any("Seat" in line or "Platz" in line for line in lines)


def test_linie1_log_names_the_players(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    out = play_typed(monkeypatch, capsys, ["play", "linie1", "--seed", "5", "--names",
                                           "Ada,Bo,Cy,Di"],
                     ["A7 straight 90", "", "log", "quit", "n"]).out
    lines = log_of(out, "The game so far")
    named = {re.match(r"round 1, (\w+):", line).group(1) for line in lines}  # type: ignore[union-attr]
    assert named == {"Ada", "Bo", "Cy", "Di"}


def test_without_the_tables_names_a_seat_is_numbered() -> None:
    event = {"key": "rl.ev.lay", "seat": 1, "arg": "A07"}
    game = get_game("rail-line")
    assert game.describe_event(event, "de").startswith("Platz 2")
    assert game.describe_event(event, "en", None, ["Anna", "Bert"]).startswith("Bert")
    assert game.describe_event(event, "en", None, ["Anna"]).startswith("Seat 2")
