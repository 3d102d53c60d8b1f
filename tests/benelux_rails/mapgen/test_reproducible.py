"""The generator is reproducible and the shipped pack is its output."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.games.benelux_rails import mapgen
from stellwerk.games.benelux_rails.mapgen import writer


@pytest.fixture(scope="module")
def fresh() -> mapgen.Generated:
    return mapgen.Generated()


def test_generating_twice_gives_the_same_bytes(tmp_path, fresh):
    written = mapgen.generate(tmp_path / "again.toml")
    assert written == fresh.text().encode("utf-8") == (tmp_path / "again.toml").read_bytes()


def test_the_shipped_pack_is_a_fresh_generation(fresh):
    assert mapgen.PACK_PATH.read_bytes() == fresh.text().encode("utf-8"), \
        "the shipped pack is stale: run python3 scripts/generate_benelux_pack.py"


def test_the_written_toml_reads_back_as_the_built_data(fresh):
    assert tomllib.loads(fresh.text()) == fresh.document()


@settings(max_examples=200)
@given(st.text(max_size=40))
def test_any_string_survives_the_writer(text):
    assert tomllib.loads(f"v = {writer.inline([text, {'k': text}])}")["v"] == [text, {"k": text}]


def test_the_writer_refuses_what_toml_cannot_hold():
    with pytest.raises(TypeError):
        writer.scalar(None)
    with pytest.raises(TypeError):
        writer.scalar(True)


def test_the_picture_in_the_docs_is_the_current_drawing(fresh):
    from pathlib import Path

    from stellwerk.games.benelux_rails.svg import draw_map
    picture = Path(__file__).resolve().parents[3] / "docs" / "benelux-rails-map.svg"
    assert picture.read_text(encoding="utf-8") == draw_map(fresh.document()), \
        "run python3 scripts/generate_benelux_pack.py --svg docs/benelux-rails-map.svg"
