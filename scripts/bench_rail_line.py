#!/usr/bin/env python3
"""Rail Line speed figures (a benchmark, not a test): run with the project's Python,
e.g. `.venv/bin/python scripts/bench_rail_line.py`.

Reports, on one core: complete random 3-player games per second (bots through the
same play-out loop `stellwerk simulate` uses), greedy games per second, the cost
of `clone`, `apply` and `legal_actions` in microseconds on mid-game states, the
heuristic's cost, and the search bot's seconds per decision on mid-game states.
`--only search` skips the game figures (to compare two checkouts quickly:
`PYTHONPATH=/other/checkout/src python scripts/bench_rail_line.py --only search`).
`--only rollout` times what one ISMCTS rollout step costs: the rollout
policy's choice and `apply` of it, in CPU microseconds per step, on every state of
policy play-outs (two players, both sheets), each state met afresh (the best of five
passes); compare two checkouts the same way.
"""

from __future__ import annotations

import argparse
import json
import time
from statistics import median

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.companions import knowledge
from stellwerk.core.session import Window, play_out
from stellwerk.games.rail_line import RailLine


def games_per_second(game: RailLine, pack, bots: list[str], seconds: float) -> tuple[float, int]:
    played, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        state = game.new_state({}, seed, pack, len(bots))
        chance = Chance(seed)
        play_out(game, state, [make_bot(b, chance) for b in bots], chance)
        played += 1
        seed += 1
    return played / (time.perf_counter() - start), played


def mid_game_states(game: RailLine, pack, count: int) -> list:
    states = []
    for seed in range(count):
        state = game.new_state({}, seed, pack, 3)
        chance = Chance(seed)
        for _ in range(20 + seed % 30):
            seat = state.decision().seats[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[chance.below(len(legal))])
        states.append(state)
    return states


def micro(fn, states, repeat: int, clock=time.perf_counter) -> float:
    """Median over states of the mean time of `fn(state)` in microseconds."""
    times = []
    for state in states:
        start = clock()
        for _ in range(repeat):
            fn(state)
        times.append((clock() - start) / repeat * 1e6)
    return median(times)


def search_figures(game: RailLine, pack, decisions: int) -> dict[str, float]:
    """Heuristic microseconds and search seconds per decision, on mid-game states.

    Measured in process CPU time, so other load on a shared machine does not count."""
    states = mid_game_states(game, pack, decisions)
    heuristic = knowledge(game).heuristic
    heuristic_us = micro(lambda s: heuristic(s, s.decision().seats[0]), states, 200,
                         clock=time.process_time)
    times = []
    for seed, state in enumerate(states):
        bot = make_bot("search", Chance(seed))
        seat = state.decision().seats[0]
        window = Window(game, state, seat, state.legal_actions(seat), Chance(seed))
        start = time.process_time()
        bot.choose(window)
        times.append(time.process_time() - start)
    return {"heuristic_us": round(heuristic_us, 2),
            "search_seconds_per_decision": round(sum(times) / len(times), 4),
            "search_decisions": len(times)}


def rollout_figures(game: RailLine, pack, games: int) -> dict[str, float]:
    """CPU microseconds per rollout step of the policy and of `apply`, on the states of
    `games` policy play-outs per sheet (two players). Each pass works on fresh clones,
    so the policy finds each state as a rollout does (its caches as the step before
    left them), and the best of five passes is kept."""
    policy = knowledge(game).rollout_action
    states = []
    for sheet in ("I", "II"):
        for seed in range(games):
            state = game.new_state({"sheet": sheet}, seed, pack, 2, log=False)
            chance = Chance(seed)
            while (decision := state.decision()) is not None:
                seat = decision.seats[0]
                states.append((state.clone(), seat))
                state.apply(seat, policy(state, seat, chance))
    policy_s = apply_s = float("inf")
    for _ in range(5):
        work = [(state.clone(), seat) for state, seat in states]
        chance = Chance(1)
        start = time.process_time()
        chosen = [policy(state, seat, chance) for state, seat in work]
        policy_s = min(policy_s, time.process_time() - start)
        start = time.process_time()
        for (state, seat), action in zip(work, chosen, strict=True):
            state.apply(seat, action)
        apply_s = min(apply_s, time.process_time() - start)
    return {"rollout_steps": len(states),
            "policy_us_per_step": round(policy_s / len(states) * 1e6, 2),
            "apply_us_per_step": round(apply_s / len(states) * 1e6, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per game figure")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--only", choices=("search", "rollout"),
                        help="the search figures or the rollout step figures alone")
    parser.add_argument("--games", type=int, default=30,
                        help="policy play-outs per sheet for --only rollout")
    parser.add_argument("--decisions", type=int, default=12, help="search decisions timed")
    args = parser.parse_args()
    game = RailLine()
    pack = game.load_pack()
    if args.only == "search":
        print(json.dumps(search_figures(game, pack, args.decisions), indent=1))
        return
    if args.only == "rollout":
        print(json.dumps(rollout_figures(game, pack, args.games), indent=1))
        return
    random_rate, random_games = games_per_second(game, pack, ["random"] * 3, args.seconds)
    greedy_rate, greedy_games = games_per_second(game, pack, ["greedy"] * 3, args.seconds)
    states = mid_game_states(game, pack, 40)

    def apply_first(state):
        twin = state.clone()
        seat = twin.decision().seats[0]
        twin.apply(seat, twin.legal_actions(seat)[0])

    clone_us = micro(lambda s: s.clone(), states, 2000)
    clone_apply_us = micro(apply_first, states, 1000)
    legal_us = micro(lambda s: s.legal_actions(s.decision().seats[0]), states, 2000)
    figures = {
        "random_3p_games_per_second": round(random_rate, 1),
        "random_games_played": random_games,
        "greedy_3p_games_per_second": round(greedy_rate, 2),
        "greedy_games_played": greedy_games,
        "clone_us": round(clone_us, 2),
        "legal_actions_us": round(legal_us, 2),
        "apply_us": round(clone_apply_us - clone_us - legal_us, 2),
        **search_figures(game, pack, args.decisions),
    }
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        for key, value in figures.items():
            print(f"{key:30} {value}")


if __name__ == "__main__":
    main()
