"""A module's name says one thing across the product: `tables.py` is a game's content
pack compiled to flat tables, never the server's table service or its routes."""

from __future__ import annotations

from .source import modules, name_of


def test_only_a_game_s_compiled_pack_is_called_tables() -> None:
    named = [name_of(path) for path in modules() if path.stem == "tables"]
    assert named and all(name.startswith("games/") for name in named), named
