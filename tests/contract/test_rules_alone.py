"""A game's rules stand alone: getting a game, making a state, playing and describing
it imports neither the terminal library (`rich`) nor any drawing code. Those belong to
the game's companions (`stellwerk.core.companions`), imported when a front end asks
for them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from stellwerk.games import game_ids

SRC = str(Path(__file__).resolve().parents[2] / "src")

PLAY = """
import json, sys
from stellwerk.core.chance import Chance
from stellwerk.games import get_game

game = get_game(sys.argv[1])
pack = game.load_pack()
seats = game.min_seats
state = game.new_state(game.parse_options({}, seats), 3, pack, seats)
chance = Chance(3)
for _ in range(8):
    decision = state.decision()
    if decision is None:
        break
    seat = decision.seats[0]
    listed = state.candidate_actions(seat)
    action = game.parse_action(game.format_action(listed[chance.below(len(listed))]))
    game.describe_action(action, "de")
    state.apply(seat, action)
words = [game.describe_event(event, "de", state) for event in state.events(None)]
words += [game.describe_event(event, "en") for event in state.events(0)]
state.view(0), state.public_view()
print(json.dumps(sorted(sys.modules)))
"""


def drawing_or_terminal(module: str) -> bool:
    """`rich`, the core's SVG helpers, a game's SVG or web drawing, or a companion that
    shows a game (its terminal or picture)."""
    last = module.rpartition(".")[2]
    return (module == "rich" or module.startswith("rich.") or module == "stellwerk.core.drawing"
            or (module.startswith("stellwerk.games.")
                and last in ("svg", "web", "render", "compact", "terminal", "picture")))


@pytest.mark.parametrize("game_id", game_ids())
def test_playing_a_games_rules_imports_no_terminal_and_no_drawing(game_id: str) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (SRC, os.environ.get("PYTHONPATH", "")) if p)}
    done = subprocess.run([sys.executable, "-c", PLAY, game_id], env=env, check=True,
                          capture_output=True, text=True, timeout=120)
    loaded = json.loads(done.stdout)
    assert f"stellwerk.games.{game_id.replace('-', '_')}.rules" in loaded
    assert [m for m in loaded if drawing_or_terminal(m)] == []


def test_the_check_sees_what_a_front_end_imports() -> None:
    assert drawing_or_terminal("rich.console") and drawing_or_terminal("stellwerk.core.drawing")
    assert drawing_or_terminal("stellwerk.games.linie1.svg")
    assert drawing_or_terminal("stellwerk.games.benelux_rails.terminal")
    assert not drawing_or_terminal("stellwerk.games.linie1.rules")
    assert not drawing_or_terminal("stellwerk.games.benelux_rails.words")
