"""Recorded games (tests/fixtures/<game>/{rules,bots,old}; see tests/fixtures/README.md).

rules/: each record must replay to exactly its stored result (the expected scores are
listed here too, so a rules change shows in the diff which results moved).
bots/: the same bots from the same seed must choose the same actions again.
old/: a record of an earlier engine version is refused, naming both versions.
Regenerate deliberately with `python scripts/regenerate_fixtures.py`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stellwerk.cli import main
from stellwerk.core.errors import BadRecord
from stellwerk.core.record import GameRecord, replay
from stellwerk.games import get_game

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

# path under tests/fixtures -> (scores, winners, number of actions) as recorded
EXPECTED: dict[str, tuple[list[float], list[int], int]] = {
    "rail-line/bots/rail-line-2p-sheetI-greedy-greedy-seed11.json": ([49, 34], [0], 57),
    "rail-line/bots/rail-line-2p-sheetII-greedy-random-seed12.json": ([41, 24], [0], 50),
    "rail-line/rules/rail-line-2p-sheetII-random-random-seed15.json": ([43, 25], [0], 49),
    "rail-line/rules/rail-line-3p-sheetI-greedy-greedy-greedy-seed13.json":
        ([39, 35, 27], [0], 72),
    "rail-line/rules/rail-line-3p-sheetI-random-random-greedy-seed16.json":
        ([17, 37, 41], [2], 81),
    "rail-line/rules/rail-line-3p-sheetII-random-greedy-random-seed14.json":
        ([36, 53, 22], [1], 84),
    # the issue-7 finding: engine 1 scored seat 0 18 (the beet behind the red line lost)
    "rail-line/rules/rail-line-2p-sheetII-random-greedy-seed2412-sugar-first.json":
        ([22, 56], [1], 57),
    "railways/bots/railways-greedy-seed4.json": ([10.0], [0], 25),
    "railways/rules/railways-random-seed1.json": ([18.0], [0], 24),
    "railways/rules/railways-greedy-seed2.json": ([29.0], [0], 24),
    "railways/rules/railways-greedy-seed3-challenges-1-3.json": ([35.0], [0], 24),
    "railways/rules/railways-random-seed5-challenges-2-4.json": ([12.0], [0], 25),
    "railways/rules/railways-search-seed6-challenges-3.json": ([34.0], [0], 24),
}
OLD = "rail-line/old/rail-line-engine1-2p-sheetI-greedy-greedy-seed11.json"
# refused in tests/benelux_rails/test_benelux_seed_rulings.py (the tiny map's record)
OLD_BENELUX = "benelux-rails/old/benelux-rails-engine1-tiny-planner-greedy-standard-seed11.json"


def test_every_fixture_is_listed() -> None:
    found = {str(p.relative_to(FIXTURES)) for p in FIXTURES.glob("*/*/*.json")}
    assert found == {*EXPECTED, OLD, OLD_BENELUX}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_replays_to_its_stored_result(name: str) -> None:
    record = GameRecord.load(FIXTURES / name)
    game = get_game(record.game)
    # the file name tells the truth about the record
    assert f"seed{record.seed}" in name
    assert "-".join(s.kind for s in record.seats) in name
    assert record.engine_version == game.engine_version
    scores, winners, actions = EXPECTED[name]
    assert record.result is not None
    assert record.result["scores"] == scores
    assert record.result["winners"] == winners
    assert len(record.actions) == actions
    state = replay(record, game)
    assert state.is_over()
    result = state.result()
    assert result.to_json() == record.result
    # the breakdown adds up to the score
    for seat, parts in enumerate(result.breakdown):
        assert sum(parts.values()) == result.scores[seat]


def test_the_sugar_factory_is_marked_before_the_beet_in_the_seed_2412_game() -> None:
    # `simulate rail-line --seats random,greedy -n 1 --seed 2412 -o sheet=II`
    # under engine 1; replayed now, seat 0 ends with Sugar factory 7, total 22 (not 18).
    name = "rail-line/rules/rail-line-2p-sheetII-random-greedy-seed2412-sugar-first.json"
    state = replay(GameRecord.load(FIXTURES / name), get_game("rail-line"))
    result = state.result()
    assert result.breakdown[0]["sugar"] == 7
    assert result.scores[0] == 22


def test_railways_fixtures_with_challenges_report_them() -> None:
    record = GameRecord.load(FIXTURES / "railways/rules/railways-greedy-seed3-challenges-1-3.json")
    assert record.options == {"challenges": [1, 3]}
    state = replay(record, get_game("railways"))
    assert state.challenges == (1, 3)      # type: ignore[attr-defined]


def test_fixtures_replay_through_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    for name, (scores, _, actions) in EXPECTED.items():
        assert main(["replay", str(FIXTURES / name), "--json"]) == 0
        outcome = json.loads(capsys.readouterr().out)
        assert outcome["result"]["scores"] == scores
        assert outcome["actions"] == actions


def test_a_record_of_the_old_engine_is_refused_naming_both_versions(
        capsys: pytest.CaptureFixture[str]) -> None:
    record = GameRecord.load(FIXTURES / OLD)
    assert record.engine_version == "rail-line/1"
    with pytest.raises(BadRecord) as refused:
        replay(record, get_game("rail-line"))
    assert "'rail-line/1'" in str(refused.value) and "'rail-line/2'" in str(refused.value)
    assert main(["replay", str(FIXTURES / OLD)]) == 1
    err = capsys.readouterr().err
    assert "rail-line/1" in err and "rail-line/2" in err
    assert "Traceback" not in err


BOTS = sorted(n for n in EXPECTED if "/bots/" in n)


@pytest.mark.parametrize("name", BOTS)
def test_the_same_bots_from_the_same_seed_choose_the_same_actions(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = GameRecord.load(FIXTURES / name)
    lines = tmp_path / "sim.jsonl"
    options = [f"{k}={','.join(map(str, v)) if isinstance(v, list) else v}"
               for k, v in record.options.items() if v != []]
    assert main(["simulate", record.game, "--seats", ",".join(s.kind for s in record.seats),
                 *[w for o in options for w in ("-o", o)], "--seed", str(record.seed),
                 "-n", "1", "--record", str(lines), "--json", "--quiet"]) == 0
    capsys.readouterr()
    simulated = GameRecord.from_json(json.loads(lines.read_text(encoding="utf-8")))
    assert simulated.actions == record.actions
    assert simulated.result == record.result


def test_play_plays_the_same_game_as_simulate(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    record = GameRecord.load(FIXTURES / "rail-line/bots"
                             / "rail-line-2p-sheetII-greedy-random-seed12.json")
    again = tmp_path / "again.json"
    assert main(["play", "rail-line", "--seats", "greedy,random", "-o", "sheet=II",
                 "--seed", "12", "--record", str(again)]) == 0
    capsys.readouterr()
    assert GameRecord.load(again).actions == record.actions
