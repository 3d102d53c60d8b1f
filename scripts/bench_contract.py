"""Cost of the contract's promises, per game: info_key (the game's own
against the default JSON-of-view key), check (the game's own against a clone + apply),
snapshot, restore and determinized, in microseconds per call on states from random play.

    .venv/bin/python scripts/bench_contract.py [-n STATES]
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from stellwerk.core.chance import Chance
from stellwerk.core.contract import State
from stellwerk.games import game_ids, get_game


def states(game_id: str, count: int) -> list[tuple[Any, int]]:
    game = get_game(game_id)
    pack = game.load_pack()
    seats = min(game.max_seats, 3)
    found: list[tuple[Any, int]] = []
    seed = 0
    while len(found) < count:
        state = game.new_state({}, seed, pack, seats)
        chance = Chance(seed)
        while state.decision() is not None and len(found) < count:
            seat = state.decision().seats[0]
            found.append((state.clone(), seat))
            legal = state.candidate_actions(seat)
            state.apply(seat, legal[chance.below(len(legal))])
        seed += 1
    return found


def per_call(work: Callable[[Any, int], object], sample: list[tuple[Any, int]]) -> float:
    start = time.perf_counter()
    for state, seat in sample:
        work(state, seat)
    return (time.perf_counter() - start) / len(sample) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="states per game (default 200)")
    args = parser.parse_args()
    print(f"{'game':10} {'info_key':>9} {'json key':>9} {'check':>8} {'clone+apply':>12} "
          f"{'snapshot':>9} {'restore':>8} {'determ.':>8}   (microseconds per call)")
    for game_id in game_ids():
        game = get_game(game_id)
        pack = game.load_pack()
        sample = states(game_id, args.n)
        firsts = [(s, seat, s.candidate_actions(seat)[0]) for s, seat in sample]
        snaps = [(json.loads(json.dumps(s.snapshot())), seat) for s, seat in sample]
        figures = [
            per_call(lambda s, seat: s.info_key(seat), sample),
            per_call(lambda s, seat: State.info_key(s, seat), sample),
            per_call(lambda item, _: item[0].check(item[1], item[2]),
                     [(f, 0) for f in firsts]),
            per_call(lambda item, _: item[0].clone().apply(item[1], item[2]),
                     [(f, 0) for f in firsts]),
            per_call(lambda s, _: s.snapshot(), sample),
            per_call(lambda data, _, g=game, p=pack: g.restore(data, p), snaps),
            per_call(lambda s, seat: s.determinized(seat, Chance(1)), sample),
        ]
        print(f"{game_id:10} " + " ".join(f"{v:>{w}.1f}" for v, w in
                                         zip(figures, (9, 9, 8, 12, 9, 8, 8), strict=True)))


if __name__ == "__main__":
    main()
