"""How long a seat's view and its compact drawing take, per game (not a timed test).

    python scripts/bench_views.py            # 200 repetitions on positions mid-game

The views now carry what a decision needs (Rail Line works out every row's next box on
copies of the sheets), so a front end pays for them once per screen; bots never ask for
views in their inner loops. Prints milliseconds per `view(seat)` and per
`render_compact` (drawn to a null console, 80 columns).
"""

from __future__ import annotations

import argparse
import io
import random
import time

from rich.console import Console

from stellwerk.games import get_game
from stellwerk.games.linie1.render import render_compact as linie1_compact
from stellwerk.games.rail_line.render import render_compact as rail_line_compact
from stellwerk.games.railways.render import render_compact as railways_compact
from stellwerk.testing.states import deciding_seats

POSITIONS = {"rail-line": (3, 60), "linie1": (4, 8), "railways": (1, 10)}
COMPACT = {"rail-line": rail_line_compact, "linie1": linie1_compact,
           "railways": railways_compact}


def position(game_id: str, seats: int, steps: int, seed: int = 1):  # type: ignore[no-untyped-def]
    game = get_game(game_id)
    state = game.new_state({}, seed, game.load_pack(), seats)
    chooser = random.Random(seed)
    for seat in deciding_seats(state, steps):
        state.apply(seat, chooser.choice(state.candidate_actions(seat)))
    return state


def per_call(work, repeat: int) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    for _ in range(repeat):
        work()
    return (time.perf_counter() - start) / repeat * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--repeat", type=int, default=200)
    args = parser.parse_args()
    console = Console(file=io.StringIO(), width=80)
    for game_id, (seats, steps) in POSITIONS.items():
        state = position(game_id, seats, steps)
        view = state.view(0)
        draw = COMPACT[game_id]
        view_ms = per_call(lambda s=state: s.view(0), args.repeat)
        draw_ms = per_call(lambda v=view, d=draw: console.print(d(v, "en")), args.repeat)
        print(f"{game_id:<10} view {view_ms:6.2f} ms   render_compact {draw_ms:6.2f} ms")


if __name__ == "__main__":
    main()
