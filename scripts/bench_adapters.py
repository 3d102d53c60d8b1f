"""The research adapters' costs beyond play (not a timed test; needs OpenSpiel).

    python scripts/bench_adapters.py --moves 40 --repeats 20

For every game at every seat count, at the position after the seed and `--moves`
seeded random actions: the bytes and CPU milliseconds of an OpenSpiel
`serialize_game_and_state` + `deserialize_game_and_state` round trip, and of one
PettingZoo `state()` (the bytes it fills of `state_bytes`) and one observation.
Prints JSON.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import pyspiel

from stellwerk.core.chance import Chance
from stellwerk.games import game_ids, get_game
from stellwerk.research.openspiel_game import load
from stellwerk.research.pettingzoo_env import env


def cpu_ms(repeats: int, work: Any) -> float:
    start = time.process_time()
    for _ in range(repeats):
        work()
    return round((time.process_time() - start) / repeats * 1000, 2)


def measure(game_id: str, seats: int, moves: int, repeats: int) -> dict[str, Any]:
    game = load(game_id, seats)
    state = game.new_initial_state()
    state.apply_action(1)
    chance = Chance(1)
    taken = []
    for _ in range(moves):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        taken.append(legal[chance.below(len(legal))])
        state.apply_action(taken[-1])
    text = pyspiel.serialize_game_and_state(game, state)
    aec = env(game_id, seats=seats)
    aec.reset(seed=1)
    for action in taken:
        aec.step(action)
    whole = bytes(aec.state()).rstrip(b"\0")
    return {"game": game_id, "seats": seats, "moves": len(taken),
            "serialized_bytes": len(text),
            "round_trip_ms": cpu_ms(repeats, lambda: pyspiel.deserialize_game_and_state(
                pyspiel.serialize_game_and_state(game, state))),
            "state_bytes_used": len(whole), "state_bytes": aec.state_bytes,
            "state_ms": cpu_ms(repeats, aec.state),
            "observe_ms": cpu_ms(repeats, lambda: aec.observe(aec.agent_selection))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    rows = [measure(game_id, seats, args.moves, args.repeats) for game_id in game_ids()
            for seats in range(get_game(game_id).min_seats, get_game(game_id).max_seats + 1)]
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
