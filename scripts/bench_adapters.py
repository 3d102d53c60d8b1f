"""The research adapters' speed and costs (not a timed test; needs OpenSpiel).

    python scripts/bench_adapters.py --moves 40 --repeats 20 --games 3

For every game at every seat count: the steps per CPU second of `--games` seeded
random games through the OpenSpiel game (chance nodes sampled by their
probabilities, every chance outcome and every decision a step) and through the
PettingZoo AEC environment (every `step` a step, the observation of the agent to act
read each step); and at the position after the deal and `--moves` seeded random
actions, the bytes and CPU milliseconds of an OpenSpiel `serialize_game_and_state` +
`deserialize_game_and_state` round trip, and of one PettingZoo `state()` (the bytes it
fills of `state_bytes`) and one observation. Prints JSON.
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


def deal(state: Any, chance: Chance) -> None:
    """Sample chance nodes until a seat decides (or the game ends)."""
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        pick, total, index = chance.below(1 << 30) / (1 << 30), 0.0, 0
        while index < len(outcomes) - 1:
            total += outcomes[index][1]
            if pick < total:
                break
            index += 1
        state.apply_action(outcomes[index][0])


def spiel_steps_per_s(game: Any, games: int) -> float:
    steps, start = 0, time.process_time()
    for seed in range(games):
        chance = Chance(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                deal(state, chance)
                steps += 1
                continue
            legal = state.legal_actions()
            state.apply_action(legal[chance.below(len(legal))])
            steps += 1
    return round(steps / (time.process_time() - start))


def aec_steps_per_s(game_id: str, seats: int, games: int) -> float:
    aec = env(game_id, seats=seats)
    steps, start = 0, time.process_time()
    for seed in range(games):
        chance = Chance(seed)
        aec.reset(seed=seed)
        while not all(aec.terminations.values()):
            mask = aec.observe(aec.agent_selection)["action_mask"]
            valid = [int(i) for i in mask.nonzero()[0]]
            aec.step(valid[chance.below(len(valid))])
            steps += 1
    return round(steps / (time.process_time() - start))


def measure(game_id: str, seats: int, moves: int, repeats: int, games: int) -> dict[str, Any]:
    game = load(game_id, seats)
    state = game.new_initial_state()
    chance = Chance(1)
    deal(state, chance)
    taken = []
    for _ in range(moves):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        taken.append(legal[chance.below(len(legal))])
        state.apply_action(taken[-1])
        deal(state, chance)
    text = pyspiel.serialize_game_and_state(game, state)
    aec = env(game_id, seats=seats)
    aec.reset(seed=1)
    for _ in range(len(taken)):
        if all(aec.terminations.values()):
            break
        aec.step(int(aec.observe(aec.agent_selection)["action_mask"].nonzero()[0][0]))
    whole = bytes(aec.state()).rstrip(b"\0")
    return {"game": game_id, "seats": seats, "moves": len(taken),
            "spiel_steps_per_s": spiel_steps_per_s(game, games),
            "aec_steps_per_s": aec_steps_per_s(game_id, seats, games),
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
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("game", nargs="*", help="game ids (default: every game)")
    args = parser.parse_args()
    rows = [measure(game_id, seats, args.moves, args.repeats, args.games)
            for game_id in args.game or game_ids()
            for seats in range(get_game(game_id).min_seats, get_game(game_id).max_seats + 1)]
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
