"""The registry of games: one package per title, loaded only when asked for.

A game is named by its id and found by a "module:Class" target. Three places name
games, and `game_ids` / `get_game` read them all:

- the shipped titles below (adding one means adding its package and one line here);
- installed packages that declare an entry point in the `stellwerk.games` group
  (`[project.entry-points."stellwerk.games"] toy = "my_package:ToyGame"` in their
  pyproject.toml), read once, when a game is first looked up;
- `register(game_id, "module:Class")` at run time, for a script or a test; it holds in
  the process that calls it (and the server's bot workers, which are handed the game's
  class), not in other processes.

A shipped id cannot be taken over by either; an id one of them repeats with another
target is refused.
"""

from __future__ import annotations

import importlib
import re
from importlib import metadata

from stellwerk.core.contract import Game
from stellwerk.core.errors import BadOption

ENTRY_POINT_GROUP = "stellwerk.games"

_GAMES: dict[str, str] = {
    "rail-line": "stellwerk.games.rail_line:RailLine",
    "linie1": "stellwerk.games.linie1:Linie1",
    "railways": "stellwerk.games.railways:Railways",
    "benelux-rails": "stellwerk.games.benelux_rails:BeneluxRails",
}

GAME_ID = re.compile(r"^[a-z][a-z0-9-]{0,31}$")
TARGET = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")

_registered: dict[str, str] = {}
_installed: dict[str, str] | None = None


def register(game_id: str, target: str) -> None:
    """Make the game whose class `target` names ("package.module:Class") known as
    `game_id`. Nothing is imported until the game is first asked for. Registering the
    same id with the same target again does nothing; any other clash is refused."""
    if not GAME_ID.match(game_id):
        raise ValueError(f"a game id is lower-case letters, digits and '-', not {game_id!r}")
    if not TARGET.match(target):
        raise ValueError(f"a game is named as 'module:Class', not {target!r}")
    known = _targets().get(game_id)
    if known is not None and known != target:
        raise ValueError(f"the game id {game_id!r} is taken by {known}")
    _registered[game_id] = target


def unregister(game_id: str) -> None:
    """Forget a game `register` added (a test's clean-up); shipped and installed games
    stay."""
    _registered.pop(game_id, None)


def _installed_games() -> dict[str, str]:
    """The games installed packages declare as entry points, read once. An entry that
    reuses a shipped id, or is not "module:Class", is left out."""
    global _installed
    if _installed is None:
        found: dict[str, str] = {}
        for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
            if entry.name not in _GAMES and GAME_ID.match(entry.name) \
                    and TARGET.match(entry.value):
                found.setdefault(entry.name, entry.value)
        _installed = found
    return _installed


def _targets() -> dict[str, str]:
    return {**_registered, **_installed_games(), **_GAMES}


def game_ids() -> list[str]:
    return sorted(_targets())


def get_game(game_id: str) -> Game:
    target = _targets().get(game_id)
    if target is None:
        raise BadOption(f"unknown game {game_id!r}; known games: {', '.join(game_ids())}")
    module_name, _, class_name = target.partition(":")
    game_class = getattr(importlib.import_module(module_name), class_name)
    game: Game = game_class()
    return game
