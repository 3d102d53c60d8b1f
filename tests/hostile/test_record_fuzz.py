"""Hostile game records: a record replays or is refused with one BadRecord line."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stellwerk.core.errors import BadRecord
from stellwerk.core.record import GameRecord, replay
from stellwerk.games import get_game

from .conftest import Stellwerk
from .strategies import HOSTILE_WORDS, hostile_text

FIXTURES = Path(__file__).parent.parent
RULES = FIXTURES / "fixtures" / "rail-line" / "rules"
SOURCES = [RULES / "rail-line-3p-sheetI-greedy-greedy-greedy-seed13.json",
           FIXTURES / "linie1/fixtures/planners-77.json"]


def short(path: Path, actions: int = 8) -> dict[str, Any]:
    """A record cut to its first actions (no result), so a replay takes milliseconds."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:actions]
    data["result"] = None
    return data


RECORDS = [short(path) for path in SOURCES]
REAL_ACTIONS = [entry["action"] for data in RECORDS for entry in data["actions"]]

json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
              st.text(max_size=10), st.sampled_from(HOSTILE_WORDS),
              st.sampled_from([2**64, -1, 10**30, 10**4000])),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=8)


def paths(node: Any, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [where]
    if isinstance(node, dict):
        for key, value in node.items():
            found += paths(value, (*where, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += paths(value, (*where, i))
    return found


@st.composite
def hostile_records(draw: st.DrawFn) -> Any:
    data = copy.deepcopy(draw(st.sampled_from(RECORDS)))
    for _ in range(draw(st.integers(1, 2))):
        where = draw(st.sampled_from(paths(data)))
        if not where:
            return draw(json_values)
        parent = data
        for key in where[:-1]:
            parent = parent[key]
        if where[-1] == "action":
            parent["action"] = draw(hostile_text(REAL_ACTIONS))
        elif draw(st.booleans()) or not isinstance(parent, dict):
            parent[where[-1]] = draw(json_values)
        else:
            del parent[where[-1]]
    return data


def one_line(exc: Exception) -> None:
    assert str(exc) and len(str(exc).splitlines()) == 1, str(exc)


@settings(max_examples=150)
@given(hostile_records())
def test_a_hostile_record_replays_or_is_refused(data: Any) -> None:
    try:
        record = GameRecord.from_json(data)
        replay(record, get_game(record.game))
    except BadRecord as exc:
        one_line(exc)
    except Exception as exc:      # an unknown game is a BadOption, also one line
        assert type(exc).__name__ == "BadOption", repr(exc)
        one_line(exc)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.one_of(
    st.sampled_from(RECORDS).map(json.dumps).flatmap(
        lambda text: st.integers(0, len(text)).map(lambda cut: text[:cut])),
    st.sampled_from(RECORDS).map(json.dumps).flatmap(
        lambda text: st.tuples(st.integers(0, len(text)), st.sampled_from(HOSTILE_WORDS)).map(
            lambda pair: text[:pair[0]] + pair[1] + text[pair[0]:])),
    st.text(max_size=200)))
def test_the_replay_command_on_a_hostile_file_is_one_line(
        stellwerk: Stellwerk, tmp_path: Path, text: str) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    run = stellwerk("replay", path)
    if run.code != 0:
        run.refused()
    assert run.code in (0, 1, 2)


def test_a_seed_beyond_64_bits_is_refused() -> None:
    data = copy.deepcopy(RECORDS[0])
    data["seed"] = 2**64
    with pytest.raises(BadRecord, match=r"record.seed: must be from 0 to 2\*\*64 - 1"):
        GameRecord.from_json(data)


def test_json_lines_larger_than_one_read_are_replayed_a_line_at_a_time(
        stellwerk: Stellwerk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from stellwerk.frontends import replaying

    line = json.dumps(RECORDS[0])
    path = tmp_path / "many.jsonl"
    path.write_text(f"{line}\n\n{line}\n{line}\n", encoding="utf-8")
    monkeypatch.setattr(replaying, "MAX_RECORD_BYTES", len(line) + 10)   # forces streaming
    run = stellwerk("replay", path)
    assert run.code == 0, run.err
    assert [row.split(": ")[0] for row in run.out.splitlines()] == [
        f"{path}:1", f"{path}:3", f"{path}:4"]
    monkeypatch.setattr(replaying, "MAX_RECORD_LINE_BYTES", len(line) - 1)
    stellwerk("replay", path).refused(f"{path}: line 1: too long for a record")
    path.write_text("\n" * (len(line) + 20), encoding="utf-8")
    stellwerk("replay", path).refused("no record in the file")
