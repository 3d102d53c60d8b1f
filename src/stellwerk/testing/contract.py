"""The pytest plugin of the contract tests: which games they run against.

    pytest -p stellwerk.testing.contract --stellwerk-game=my-game tests/contract

`--stellwerk-game ID` (repeatable) narrows every contract test to those games; a test
module may name its game itself with `pytestmark = pytest.mark.stellwerk_game("ID")`,
which wins over the option. Without either, the tests run for every registered game.
A game that is registered only while its tests run (a fixture calling
`stellwerk.games.register`) names its class too, `stellwerk_game("ID",
target="package.module:Class")`, so that its cases can be counted when the tests are
collected; the game is known only for that moment, and its tests still register it.
A test asks for the game by its argument `contract_game` (a game id), and for a seat
count beside it by `contract_seats` (every count the game allows).
"""

from __future__ import annotations

from typing import Any

import pytest

from stellwerk.games import game_ids, get_game, register, unregister

OPTION = "--stellwerk-game"
MARKER = "stellwerk_game"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.getgroup("stellwerk").addoption(
        OPTION, action="append", default=[], metavar="ID", dest="stellwerk_games",
        help="run the contract tests (stellwerk.testing) against this game only; "
             "repeat for several")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", f"{MARKER}(*ids, target=None): the games a module's contract tests "
                   "run against")


def chosen_games(metafunc: pytest.Metafunc) -> list[str]:
    """The marker's games, else the option's, else every registered game; an unknown id
    is a usage error naming the games there are."""
    marker = metafunc.definition.get_closest_marker(MARKER)
    wanted: list[str] = list(marker.args) if marker is not None else \
        list(metafunc.config.getoption("stellwerk_games", default=[]) or [])
    known = game_ids()
    if marker is not None and "target" in marker.kwargs:
        known = [*known, *(game for game in wanted if game not in known)]
    unknown = [game for game in wanted if game not in known]
    if unknown:
        raise pytest.UsageError(f"{OPTION}: no game {', '.join(unknown)}; "
                                f"games: {', '.join(known)}")
    return wanted or list(known)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    names = metafunc.fixturenames
    if "contract_game" not in names:
        return
    games = chosen_games(metafunc)
    if "contract_seats" in names:
        cases: list[Any] = [(game, seats) for game in games
                            for seats in seat_range(metafunc, game)]
        metafunc.parametrize(("contract_game", "contract_seats"), cases,
                             ids=[f"{game}-{seats}" for game, seats in cases])
    else:
        metafunc.parametrize("contract_game", games)


def seat_range(metafunc: pytest.Metafunc, game_id: str) -> range:
    """Every seat count of the game, registering it for the moment when the marker names
    its class and it is not registered now."""
    marker = metafunc.definition.get_closest_marker(MARKER)
    target = None if marker is None else marker.kwargs.get("target")
    passing = isinstance(target, str) and game_id not in game_ids()
    if passing:
        register(game_id, str(target))
    try:
        game = get_game(game_id)
        return range(game.min_seats, game.max_seats + 1)
    finally:
        if passing:
            unregister(game_id)
