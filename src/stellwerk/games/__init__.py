"""The registry of games: one package per title, loaded only when asked for.

Adding a title means adding its package and one line here; nothing in the core
changes.
"""

from __future__ import annotations

import argparse
import importlib
from typing import Any

from stellwerk.core.contract import Game
from stellwerk.core.errors import BadOption

_GAMES: dict[str, str] = {
    "rail-line": "stellwerk.games.rail_line:RailLine",
    "linie1": "stellwerk.games.linie1:Linie1",
    "railways": "stellwerk.games.railways:Railways",
    "benelux-rails": "stellwerk.games.benelux_rails:BeneluxRails",
}

# Sub-commands of `stellwerk` that a game brings (so the command line names no game):
# "module:function"; the function adds its parser to the sub-commands and sets the
# parser's default `run` to a callable taking the parsed arguments and returning the
# exit status. Loaded when the command line is built.
_COMMANDS: dict[str, str] = {
    "judge": "stellwerk.games.linie1.judge.commands:add_judge_parser",
}


def add_game_commands(commands: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    for target in _COMMANDS.values():
        module_name, _, function = target.partition(":")
        getattr(importlib.import_module(module_name), function)(commands, parser_class)


def game_ids() -> list[str]:
    return sorted(_GAMES)


def get_game(game_id: str) -> Game:
    target = _GAMES.get(game_id)
    if target is None:
        raise BadOption("cli.unknown_game", game=repr(game_id), games=", ".join(game_ids()))
    module_name, _, class_name = target.partition(":")
    game_class = getattr(importlib.import_module(module_name), class_name)
    game: Game = game_class()
    return game
