"""Game records: JSON round trip, every malformed-record path, and replay's refusals."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from stellwerk.core.errors import BadRecord
from stellwerk.core.record import FORMAT_VERSION, GameRecord, Seat, replay
from stellwerk.frontends.jobs import Job, play_one
from stellwerk.games import get_game

GAME = get_game("rail-line")
PACK = GAME.load_pack()


def finished(seed: int = 5, seats: tuple[str, ...] = ("greedy", "random")) -> dict[str, Any]:
    job = Job(GAME.id, str(PACK.path), {"sheet": "I"}, seats, seed, keep_record=True)
    record: dict[str, Any] = play_one(job, GAME, PACK)["record"]
    return record


@pytest.fixture(scope="module")
def good() -> dict[str, Any]:
    return finished()


@pytest.fixture
def data(good: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(good)


def refused(data: Any) -> str:
    with pytest.raises(BadRecord) as caught:
        replay(GameRecord.from_json(data), GAME)
    return str(caught.value)


# --- the JSON form ------------------------------------------------------------------------

def test_round_trip_keeps_every_field(good: dict[str, Any]) -> None:
    record = GameRecord.from_json(good)
    assert record.to_json() == good
    again = GameRecord.from_json(json.loads(record.dumps()))
    assert again == record
    assert record.seats == [Seat("greedy-1", "greedy"), Seat("random-2", "random")]
    assert record.actions[0] == (0, good["actions"][0]["action"])


def test_save_and_load(tmp_path: Path, good: dict[str, Any]) -> None:
    record = GameRecord.from_json(good)
    path = tmp_path / "game.json"
    record.save(path)
    assert GameRecord.load(path) == record
    assert path.read_text(encoding="utf-8").endswith("\n")


def test_save_to_an_impossible_place_is_one_clear_error(tmp_path: Path,
                                                         good: dict[str, Any]) -> None:
    with pytest.raises(Exception, match="cannot write the record") as caught:
        GameRecord.from_json(good).save(tmp_path / "missing" / "game.json")
    assert "\n" not in str(caught.value)


def test_a_good_record_replays_to_its_result(good: dict[str, Any]) -> None:
    state = replay(GameRecord.from_json(good), GAME)
    assert state.is_over()
    assert state.result().to_json() == good["result"]


def test_an_unfinished_record_without_result_replays(good: dict[str, Any]) -> None:
    data = copy.deepcopy(good)
    data["actions"] = data["actions"][:10]
    data["result"] = None
    state = replay(GameRecord.from_json(data), GAME)
    assert not state.is_over()


@pytest.mark.parametrize(("text", "message"), [
    ("{", "not valid JSON"),
    ("", "not valid JSON"),
])
def test_load_refuses_text_that_is_not_json(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadRecord, match=message):
        GameRecord.load(path)


def test_load_refuses_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(BadRecord, match="not UTF-8"):
        GameRecord.load(path)


def test_load_refuses_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(BadRecord, match="cannot read"):
        GameRecord.load(tmp_path / "nowhere.json")


def test_load_refuses_absurdly_nested_json(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    with pytest.raises(BadRecord, match="not valid JSON"):
        GameRecord.load(path)


# --- malformed records: each gives BadRecord with a message that says what is wrong ---------

def _drop(data: dict[str, Any], *path: str) -> None:
    target = data
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]


def _set(data: dict[str, Any], value: Any, *path: Any) -> None:
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


@pytest.mark.parametrize("top", [[], "record", 3, None])
def test_top_level_must_be_an_object(top: Any) -> None:
    with pytest.raises(BadRecord, match="top level must be a JSON object"):
        GameRecord.from_json(top)


@pytest.mark.parametrize("fmt", ["chess-pgn", None, 1])
def test_wrong_format(data: dict[str, Any], fmt: Any) -> None:
    data["format"] = fmt
    with pytest.raises(BadRecord, match="not a Stellwerk record"):
        GameRecord.from_json(data)


def test_missing_format(data: dict[str, Any]) -> None:
    del data["format"]
    with pytest.raises(BadRecord, match="not a Stellwerk record"):
        GameRecord.from_json(data)


def test_wrong_format_version(data: dict[str, Any]) -> None:
    data["format_version"] = FORMAT_VERSION + 1
    with pytest.raises(BadRecord, match=f"format version {FORMAT_VERSION + 1} is not supported"):
        GameRecord.from_json(data)


@pytest.mark.parametrize("path", [
    ("format_version",), ("game",), ("engine_version",), ("options",), ("pack",),
    ("pack", "id"), ("pack", "sha256"), ("seed",), ("seats",), ("actions",),
])
def test_missing_keys_are_named(data: dict[str, Any], path: tuple[str, ...]) -> None:
    _drop(data, *path)
    with pytest.raises(BadRecord, match=f"missing '{path[-1]}'"):
        GameRecord.from_json(data)


@pytest.mark.parametrize(("path", "value", "where"), [
    (("seed",), [5], "record.seed"),           # (its decimal string is a seed: see below)
    (("seed",), True, "record.seed"),          # a bool is not a number of the record
    (("seed",), 5.0, "record.seed"),
    (("format_version",), True, "record.format_version"),
    (("game",), 7, "record.game"),
    (("engine_version",), None, "record.engine_version"),
    (("options",), [], "record.options"),
    (("pack",), "rail-line", "record.pack"),
    (("pack", "sha256"), 0, "record.pack.sha256"),
    (("seats",), {"name": "x"}, "record.seats"),
    (("seats", 1, "name"), 2, "seats[1].name"),
    (("seats", 0, "kind"), None, "seats[0].kind"),
    (("actions",), "pass", "record.actions"),
    (("actions",), {"0": "pass"}, "record.actions"),
    (("actions", 3, "seat"), True, "actions[3].seat"),
    (("actions", 3, "seat"), "0", "actions[3].seat"),
    (("actions", 4, "action"), ["pass"], "actions[4].action"),
])
def test_wrong_types_are_named(data: dict[str, Any], path: tuple[Any, ...], value: Any,
                               where: str) -> None:
    _set(data, value, *path)
    with pytest.raises(BadRecord, match=rf"^{re.escape(where)}: wrong type"):
        GameRecord.from_json(data)


@pytest.mark.parametrize(("path", "value", "message"), [
    (("seats", 0), "greedy", r"seats\[0\]: missing 'name'"),
    (("actions", 2), [0, "pass"], r"actions\[2\]: missing 'seat'"),
])
def test_entries_that_are_not_objects(data: dict[str, Any], path: tuple[Any, ...], value: Any,
                                      message: str) -> None:
    _set(data, value, *path)
    with pytest.raises(BadRecord, match=message):
        GameRecord.from_json(data)


@pytest.mark.parametrize("result", [[1, 2], "won", 3])
def test_result_must_be_an_object_or_null(data: dict[str, Any], result: Any) -> None:
    data["result"] = result
    with pytest.raises(BadRecord, match=r"record\.result: must be an object or null"):
        GameRecord.from_json(data)


# --- replay's refusals ----------------------------------------------------------------------

def test_replay_refuses_another_game(data: dict[str, Any]) -> None:
    data["game"] = "linie-1"
    assert refused(data) == "record is for 'linie-1', not 'rail-line'"


def test_replay_refuses_another_engine_version(data: dict[str, Any]) -> None:
    data["engine_version"] = "rail-line/0"
    assert "engine 'rail-line/0'" in refused(data)


def test_replay_refuses_another_pack(data: dict[str, Any]) -> None:
    data["pack"]["sha256"] = "0" * 64
    message = refused(data)
    assert "SHA-256" in message and PACK.sha256[:12] in message and "000000000000" in message


def test_replay_refuses_bad_options(data: dict[str, Any]) -> None:
    data["options"] = {"sheet": "III"}
    assert "sheet must be I or II" in refused(data)


def test_replay_refuses_a_seat_count_the_game_does_not_have(data: dict[str, Any]) -> None:
    data["seats"] = data["seats"][:1]
    assert "not 1" in refused(data)


def test_replay_names_the_index_of_an_illegal_action(data: dict[str, Any]) -> None:
    data["actions"][7]["action"] = "gain coal"
    with pytest.raises(BadRecord) as caught:
        replay(GameRecord.from_json(data), GAME)
    assert caught.value.index == 7
    assert str(caught.value).startswith("action 7: 'gain coal' by seat ")


def test_replay_names_the_index_of_text_that_is_not_an_action(data: dict[str, Any]) -> None:
    data["actions"][2]["action"] = "fly away"
    message = refused(data)
    assert message.startswith("action 2: 'fly away'") and "unknown action" in message


def test_replay_refuses_the_wrong_seat(data: dict[str, Any]) -> None:
    data["actions"][5]["seat"] = 1 - data["actions"][5]["seat"]
    assert refused(data).startswith("action 5: ")


@pytest.mark.parametrize("seat", [2, -1, 99])
def test_replay_refuses_a_seat_number_out_of_range(data: dict[str, Any], seat: int) -> None:
    data["actions"][4]["seat"] = seat
    assert refused(data) == f"action 4: there is no seat {seat}"


def test_replay_refuses_actions_after_the_end(data: dict[str, Any]) -> None:
    count = len(data["actions"])
    data["actions"].append({"seat": 0, "action": "pass"})
    assert refused(data) == f"action {count}: the game is already over"


def test_replay_refuses_a_result_that_does_not_match(data: dict[str, Any]) -> None:
    data["result"]["scores"][0] += 1
    message = refused(data)
    assert message.startswith("the replay ends with scores ")
    assert "the record says scores" in message


def test_replay_refuses_other_winners(data: dict[str, Any]) -> None:
    data["result"]["winners"] = [0, 1]
    assert "the record says" in refused(data)


def test_replay_refuses_a_result_for_an_unfinished_game(data: dict[str, Any]) -> None:
    data["actions"] = data["actions"][:-3]
    assert refused(data) == "the record has a result but its actions do not finish the game"


def test_the_record_is_not_changed_by_a_failed_replay(data: dict[str, Any]) -> None:
    data["actions"][7]["action"] = "gain coal"
    record = GameRecord.from_json(data)
    before = copy.deepcopy(record)
    with pytest.raises(BadRecord):
        replay(record, GAME)
    assert record == before


def test_a_seed_as_its_decimal_string_reads_as_the_number_and_nothing_else(
        data: dict[str, Any]) -> None:
    # JSON for browsers writes a seed beyond 2**53 - 1 as its decimal string
    for seed in (str(2**64 - 1), 2**64 - 1):
        assert GameRecord.from_json({**data, "seed": seed}).seed == 2**64 - 1
    assert GameRecord.from_json({**data, "seed": "0"}).seed == 0
    for bad in ("", "-1", "1e3", " 12", "12 ", "+5", "\u0663", str(2**64), "0x10", "9" * 21):
        with pytest.raises(BadRecord, match=r"^record.seed"):
            GameRecord.from_json({**data, "seed": bad})
