"""Seconds one `hint` takes at the terminal table, per game, at an early decision.

    .venv/bin/python scripts/hint_speed.py [--bot search]

The hint runs the game's hint bot (frontends/table/comforts.py) on the player's window;
this times it from a fixed position (seed 5, three seats where the game allows).
"""

from __future__ import annotations

import argparse
import time

from stellwerk.core.chance import Chance
from stellwerk.core.session import Window
from stellwerk.frontends.table import comforts
from stellwerk.games import game_ids, get_game


def main() -> None:
    parser = argparse.ArgumentParser(description="time one hint per game")
    parser.add_argument("--bot", help="time this bot instead of each game's hint bot")
    args = parser.parse_args()
    for game_id in game_ids():
        game = get_game(game_id)
        seats = min(3, game.max_seats)
        state = game.new_state(game.parse_options({}, seats), 5, game.load_pack(), seats)
        if game_id == "railways":  # past the dice placement, to a real action
            state.apply(0, state.candidate_actions(0)[0])
        bot = args.bot or comforts.hint_bot(game)
        window = Window(game, state, 0, state.candidate_actions(0), Chance(1))
        start = time.perf_counter()
        action, _, _ = comforts.hint(window, Chance(2), bot)
        print(f"{game_id:10} {bot:8} {time.perf_counter() - start:6.2f} s"
              f"  {game.format_action(action)}")


if __name__ == "__main__":
    main()
