"""The toy game registered for each test here, and forgotten after it, so the shipped
games' tests never meet it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from stellwerk.games import register, unregister

TOY = "tests.toy_game:ToyGame"


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[str]:
    register("toy", TOY)
    yield "toy"
    unregister("toy")
