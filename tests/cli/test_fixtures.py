"""Recorded games: each stored record must replay to exactly its stored result.

A rules or content change that alters any of these games fails here loudly; see
tests/fixtures/rail-line/README.md for how to regenerate them deliberately.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from stellwerk.cli import main
from stellwerk.core.record import GameRecord, replay
from stellwerk.games import get_game

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "rail-line"
NAME = re.compile(r"rail-line-(\d)p-sheet(I|II)-([a-z-]+)-seed(\d+)\.json")

# file -> (scores, winners, number of actions) as recorded
EXPECTED: dict[str, tuple[list[int], list[int], int]] = {
    "rail-line-2p-sheetI-greedy-greedy-seed11.json": ([49, 34], [0], 57),
    "rail-line-2p-sheetII-greedy-random-seed12.json": ([41, 24], [0], 50),
    "rail-line-2p-sheetII-random-random-seed15.json": ([43, 25], [0], 49),
    "rail-line-3p-sheetI-greedy-greedy-greedy-seed13.json": ([39, 35, 27], [0], 72),
    "rail-line-3p-sheetI-random-random-greedy-seed16.json": ([17, 37, 41], [2], 81),
    "rail-line-3p-sheetII-random-greedy-random-seed14.json": ([36, 53, 22], [1], 84),
}

GAME = get_game("rail-line")


def test_every_fixture_is_listed() -> None:
    assert sorted(p.name for p in FIXTURES.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_replays_to_its_stored_result(name: str) -> None:
    path = FIXTURES / name
    record = GameRecord.load(path)
    players, sheet, seats, seed = NAME.fullmatch(name).groups()  # type: ignore[union-attr]
    # the file name tells the truth about the record
    assert len(record.seats) == int(players)
    assert record.options == {"sheet": sheet}
    assert [s.kind for s in record.seats] == seats.split("-")
    assert record.seed == int(seed)
    scores, winners, actions = EXPECTED[name]
    assert record.result is not None
    assert record.result["scores"] == scores
    assert record.result["winners"] == winners
    assert len(record.actions) == actions
    state = replay(record, GAME)
    assert state.is_over()
    result = state.result()
    assert result.to_json() == record.result
    assert list(result.scores) == scores
    assert sum(result.ranks[w] == 1 for w in winners) == len(winners)
    # the breakdown adds up to the score
    for seat, parts in enumerate(result.breakdown):
        assert sum(parts.values()) == result.scores[seat]


def test_fixtures_replay_through_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    for name, (scores, _, actions) in EXPECTED.items():
        assert main(["replay", str(FIXTURES / name), "--json"]) == 0
        outcome = json.loads(capsys.readouterr().out)
        assert outcome["result"]["scores"] == scores
        assert outcome["actions"] == actions


@pytest.mark.parametrize("name", sorted(EXPECTED)[:2])
def test_the_same_seed_plays_the_same_game_again(name: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    record = GameRecord.load(FIXTURES / name)
    again = tmp_path / "again.json"
    assert main(["play", "rail-line", "--seats", ",".join(s.kind for s in record.seats),
                 "-o", f"sheet={record.options['sheet']}", "--seed", str(record.seed),
                 "--record", str(again)]) == 0
    capsys.readouterr()
    assert GameRecord.load(again).actions == record.actions


def test_simulate_plays_the_same_game_as_play(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    name = "rail-line-2p-sheetII-greedy-random-seed12.json"
    record = GameRecord.load(FIXTURES / name)
    lines = tmp_path / "sim.jsonl"
    assert main(["simulate", "rail-line", "--seats", "greedy,random", "-o", "sheet=II",
                 "--seed", "12", "-n", "1", "--record", str(lines), "--json"]) == 0
    capsys.readouterr()
    simulated = GameRecord.from_json(json.loads(lines.read_text(encoding="utf-8")))
    assert simulated.actions == record.actions
    assert simulated.result == record.result
