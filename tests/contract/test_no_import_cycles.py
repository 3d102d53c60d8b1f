"""Railways and Linie 1 imported inside `legal_actions`/`apply` on every call,
because of an import cycle (views -> rules). No game's state may do that: the methods a
bot or server calls in its loops import nothing when they run (Benelux Rails did too
until its phases moved to `phases.py`)."""

from __future__ import annotations

import ast
import inspect
import textwrap

import pytest

from stellwerk.core.contract import State

from .conftest import GAME_IDS, game_and_pack

HOT = ("legal_actions", "candidate_actions", "check", "is_legal", "apply", "view",
       "public_view", "events", "decision", "snapshot", "info_key", "determinized")


def imports_inside(function: object) -> list[str]:
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))   # type: ignore[arg-type]
    return [ast.unparse(node) for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom)]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_state_s_hot_methods_import_nothing_when_called(game_id: str) -> None:
    game, pack = game_and_pack(game_id)
    state = game.new_state({}, 1, pack, game.min_seats)
    found = {}
    for name in HOT:
        method = getattr(type(state), name)
        if getattr(State, name, None) is method:
            continue                    # the contract's own default
        if imports_inside(method):
            found[name] = imports_inside(method)
    assert found == {}


def test_the_finder_finds_an_import_inside_a_method() -> None:
    class Lazy:
        def apply(self) -> None:
            from json import dumps  # noqa: F401

    assert imports_inside(Lazy.apply) == ["from json import dumps"]
