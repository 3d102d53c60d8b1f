"""Seconds one `hint` takes at the terminal table, per game, at an early decision.

    .venv/bin/python scripts/hint_speed.py [--bot search]

The hint runs the game's hint bot (frontends/table/comforts.py) on the player's window;
this times it from a fixed position (seed 5, three seats where the game allows), for
the seat whose decision comes first.
"""

from __future__ import annotations

import argparse
import time

from stellwerk.core.chance import Chance
from stellwerk.core.session import Window
from stellwerk.frontends.table import comforts
from stellwerk.games import game_ids, get_game


def time_hint(game_id: str, bot: str | None = None) -> tuple[float, str]:
    """Seconds one hint takes for the seat that decides first (the game draws who
    starts), and the action it names."""
    game = get_game(game_id)
    seats = min(3, game.max_seats)
    state = game.new_state(game.parse_options({}, seats), 5, game.load_pack(), seats)
    if game_id == "railways":  # past the dice placement, to a real action
        state.apply(0, state.candidate_actions(0)[0])
    if bot:
        game.hint_bot = bot   # this instance only
    decision = state.decision()
    assert decision is not None
    seat = decision.seats[0]
    window = Window(game, state, seat, state.candidate_actions(seat), Chance(1))
    start = time.perf_counter()
    action, _, _ = comforts.hint(window, Chance(2))
    return time.perf_counter() - start, game.format_action(action)


def main() -> None:
    parser = argparse.ArgumentParser(description="time one hint per game")
    parser.add_argument("--bot", help="time this bot instead of each game's hint bot")
    args = parser.parse_args()
    for game_id in game_ids():
        seconds, action = time_hint(game_id, args.bot)
        bot = args.bot or comforts.hint_bot(get_game(game_id))
        print(f"{game_id:10} {bot:8} {seconds:6.2f} s  {action}")


if __name__ == "__main__":
    main()
