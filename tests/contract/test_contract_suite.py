"""The game-independent contract tests (stellwerk.testing.contract_tests), collected
here and run for every registered game, or for the games `--stellwerk-game` names."""

from __future__ import annotations

from stellwerk.testing.contract_tests import *  # noqa: F403  (collected in this module)
from stellwerk.testing.contract_tests import imports_inside


def test_the_finder_finds_an_import_inside_a_method() -> None:
    class Lazy:
        def apply(self) -> None:
            from json import dumps  # noqa: F401

    assert imports_inside(Lazy.apply) == ["from json import dumps"]
