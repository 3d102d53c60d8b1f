"""Hostile content packs: capped counts, and mutated packs either load or are refused
in one line; a pack that loads can be played."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stellwerk.core.content import PACK_META_SCHEMA, load_schema
from stellwerk.core.errors import BadPack
from stellwerk.games import game_ids, get_game

from .conftest import Stellwerk

GAMES = {game_id: get_game(game_id) for game_id in game_ids()}


def uncapped(node: Any, where: str = "") -> list[str]:
    """Every integer without a maximum, array without maxItems, string without a bound."""
    found: list[str] = []
    if isinstance(node, dict):
        kinds = node.get("type")
        kinds = kinds if isinstance(kinds, list) else [kinds]
        bounded = "enum" in node or "const" in node or "$ref" in node
        if "integer" in kinds and not bounded and "maximum" not in node:
            found.append(f"{where}: integer without maximum")
        if "array" in kinds and "maxItems" not in node:
            found.append(f"{where}: array without maxItems")
        pattern = node.get("pattern", "")
        if "string" in kinds and not bounded and "maxLength" not in node and (
                not pattern or re.search(r"[*+]|\{\d+,\}", pattern)):
            found.append(f"{where}: string without maxLength")
        if node.get("type") == "object" and "patternProperties" in node \
                and node.get("additionalProperties") is not False:
            found.append(f"{where}: open object")
        for key, value in node.items():
            found += uncapped(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += uncapped(value, f"{where}[{i}]")
    return found


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_count_and_size_in_the_schema_has_a_maximum(game_id: str) -> None:
    schema = load_schema(GAMES[game_id].default_pack_path().parent / "schema.json")
    assert uncapped(schema) == []
    assert uncapped(PACK_META_SCHEMA) == []


def test_the_uncapped_finder_finds(tmp_path: Path) -> None:
    assert uncapped({"type": "integer", "minimum": 1}) == [": integer without maximum"]
    assert uncapped({"type": "array"}) == [": array without maxItems"]
    assert uncapped({"type": "string", "pattern": "^[a-z]*$"}) == [
        ": string without maxLength"]


def shipped(game_id: str) -> str:
    return GAMES[game_id].default_pack_path().read_text(encoding="utf-8")


def test_a_tile_count_of_ten_to_the_fortieth_is_refused(stellwerk: Stellwerk,
                                                        tmp_path: Path) -> None:
    text = shipped("linie1").replace("count = 36", "count = " + "1" + "0" * 40, 1)
    path = tmp_path / "huge.toml"
    path.write_text(text, encoding="utf-8")
    stellwerk("pack", "linie1", path).refused("item tiles[0].count",
                                              "is greater than the maximum of 144")


def test_the_pack_command_reports_the_figures_the_game_uses(stellwerk: Stellwerk) -> None:
    out = stellwerk("pack", "linie1").out
    assert "tiles: 126 in the pile, 12 kinds" in out and "route cards: 6" in out
    assert "railway cards: 12 A and 25 B" in stellwerk("pack", "rail-line").out
    assert "limits: capital 20" in stellwerk("pack", "railways").out


NUMBER = re.compile(r"(?<![\w.])-?\d+(?![\w.])")


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    game_id = draw(st.sampled_from(sorted(GAMES)))
    lines = shipped(game_id).splitlines()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["number", "delete", "double", "garbage", "cut"]))
        if how == "number" and NUMBER.search(lines[i]):
            value = draw(st.one_of(st.integers(-10**6, 10**6), st.just(10**40),
                                   st.just(-(10**19)), st.sampled_from(["9" * 5000])))
            lines[i] = NUMBER.sub(str(value), lines[i], count=1)
        elif how == "delete":
            del lines[i]
        elif how == "double":
            lines.insert(i, lines[i])
        elif how == "garbage":
            lines[i] = draw(st.text(max_size=30))
        else:
            lines[i] = lines[i][:draw(st.integers(0, len(lines[i])))]
    return game_id, "\n".join(lines) + "\n"


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutated())
def test_a_mutated_pack_loads_and_plays_or_is_refused_in_one_line(
        tmp_path: Path, case: tuple[str, str]) -> None:
    game_id, text = case
    game = GAMES[game_id]
    path = tmp_path / "mutant.toml"
    path.write_text(text, encoding="utf-8")
    try:
        pack = game.load_pack(path)
    except BadPack as exc:
        assert "\n" not in str(exc) and str(exc).startswith(str(path))
        return
    seats = game.min_seats
    state = game.new_state(game.parse_options({}, seats), 1, pack, seats)
    decision = state.decision()
    assert decision is not None
    assert state.legal_actions(decision.seats[0])
