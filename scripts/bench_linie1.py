#!/usr/bin/env python3
"""Linie 1 benchmark: the completion check, a 6-player round, full bot games.

    python scripts/bench_linie1.py              # timings only (about a minute)
    python scripts/bench_linie1.py --games 200 --jobs 2   # plus planner statistics
    python scripts/bench_linie1.py --only legal   # the legal-order list alone (seconds)
    python scripts/bench_linie1.py --only random --games 20   # random games per second
    python scripts/bench_linie1.py --only digest  # SHA-256 of everything the engine says

Not a test: it prints figures (see docs/linie1.md for the last measured ones).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.companions import knowledge
from stellwerk.core.session import play_out
from stellwerk.games.linie1 import legal
from stellwerk.games.linie1.game import Linie1
from stellwerk.games.linie1.legal import distinct_turns, order_action, random_order
from stellwerk.games.linie1.placement import illegal_squares, is_legal
from stellwerk.games.linie1.route import shortest_route
from stellwerk.games.linie1.rules import Linie1State
from stellwerk.games.linie1.tables import EMPTY, SQUARES, Tables

GAME = Linie1()
PACK = GAME.load_pack()
TABLES = GAME.tables(PACK)
KNOWLEDGE = knowledge(GAME)


def timed(action: Callable[[], Any], repeat: int) -> float:
    """Mean seconds of `repeat` calls, after one warm-up call, without the collector."""
    action()
    gc.disable()
    try:
        start = time.perf_counter()
        for _ in range(repeat):
            action()
        return (time.perf_counter() - start) / repeat
    finally:
        gc.enable()


def crowded_board(tables: Tables, seed: int) -> list[int]:
    """Every square that can take a tile gets one: many tree tiles and loops."""
    chance = Chance(seed)
    board = [EMPTY] * SQUARES
    squares = list(range(SQUARES))
    tiles = list(range(len(tables.tile_ids)))
    for _ in range(3):
        chance.shuffle(squares)
        for square in squares:
            if board[square] != EMPTY:
                continue
            chance.shuffle(tiles)
            for tile in tiles:
                placed = next((tile * 4 + q for q in distinct_turns(tables, tile)
                               if is_legal(tables, board, square, tile * 4 + q)), None)
                if placed is not None:
                    board[square] = placed
                    break
    assert illegal_squares(tables, board) == []
    return board


def bench_completion() -> None:
    found: dict[bool, list[float]] = {True: [], False: []}
    filled = 0
    for seed in range(10):
        board = crowded_board(TABLES, seed)
        filled = sum(1 for p in board if p != EMPTY)
        # stop signs on the first tile beside each building (any neighbour with a tile)
        stops = [next((n for e in range(4) if (n := TABLES.neighbour[b * 4 + e]) >= 0
                       and board[n] != EMPTY), -1) for b in TABLES.building_squares]
        for line in range(len(TABLES.line_numbers)):
            for card in TABLES.cards:
                squares = [stops[b] for b in card[line]]
                complete = shortest_route(TABLES, board, line, squares) is not None
                found[complete].append(timed(lambda b=board, x=line, s=squares: shortest_route(
                    TABLES, b, x, s), 20))
    every = found[True] + found[False]
    print(f"completion check on crowded boards (~{filled} tiles; 10 boards x 6 lines x 6 "
          f"cards): mean {statistics.fmean(every) * 1e3:.3f} ms, slowest position "
          f"{max(every) * 1e3:.3f} ms; complete lines ({len(found[True])}) mean "
          f"{statistics.fmean(found[True]) * 1e3:.3f} ms, incomplete ({len(found[False])}) "
          f"mean {statistics.fmean(found[False]) * 1e3:.3f} ms")


def mid_game(seats: int, seed: int, rounds: int) -> Linie1State:
    state = GAME.new_state({}, seed, PACK, seats)
    chance = Chance(seed)
    for _ in range(rounds):
        for seat in range(seats):
            state.apply(seat, order_action(TABLES, random_order(TABLES, state.board,
                                                                state.hands[seat], chance)))
    return state


def bench_round() -> None:
    times = []
    for seed in range(30):
        state = mid_game(6, seed, 3)
        chance = Chance(seed + 99)
        orders = [order_action(TABLES, random_order(TABLES, state.board, state.hands[s], chance))
                  for s in range(6)]
        for seat in range(5):
            state.apply(seat, orders[seat])
        for _ in range(5):
            trial = state.clone()
            start = time.perf_counter()
            trial.apply(5, orders[5])      # the last order resolves the round
            times.append(time.perf_counter() - start)
    print(f"resolving a 6-player round (30 positions x 5, ~30 placements each): mean "
          f"{statistics.fmean(times) * 1e3:.2f} ms, worst {max(times) * 1e3:.2f} ms")


def bench_legal() -> None:
    """The list of orders a bot chooses among (legal.representative_orders), on positions
    of 4-player random games after 0, 3 and 8 rounds, CPU time per list.

    First ask: each (state, seat) asked once, in a fresh process: the list is made
    (the board's table is the state's own, kept up to date by `apply`; on older
    checkouts run with PYTHONPATH the table is built here, and their middle figure drops
    the board tables but keeps the per-square caches). Asked again: the same lists
    again (kept per board table; older checkouts remake them from their board cache).
    Then, where the checkout has board tables: what a table costs to make from scratch
    (a restored snapshot) and to advance by one round (inside `apply`).
    """
    positions = [(mid_game(4, seed, rounds), seat) for seed in range(20)
                 for rounds in (0, 3, 8) for seat in range(4)]
    legal.representative_orders(*positions[0])
    board_options = importlib.import_module("stellwerk.games.linie1.board_options")
    tables_kept = hasattr(board_options, "BoardTable")
    found = getattr(board_options, "lookups", lambda _: None)(TABLES)
    figures = []
    gc.disable()
    try:
        for turn in range(3):
            if turn == 1 and found is not None and not tables_kept:
                found.boards.clear()
                found.last = None
            start = time.process_time()       # CPU time: other load does not count
            sizes = [len(legal.representative_orders(state, seat))
                     for state, seat in positions]
            figures.append((time.process_time() - start) / len(positions))
    finally:
        gc.enable()
    print(f"legal-order list ({len(positions)} positions, 4 players, rounds 0/3/8, "
          f"{statistics.fmean(sizes):.0f} orders listed on average): "
          + (f"first ask {figures[0] * 1e3:.3f} ms (table kept by apply); asked again "
             f"{figures[2] * 1e3:.3f} ms (list kept)" if tables_kept else
             f"fresh process {figures[0] * 1e3:.3f} ms; new boards, square caches warm "
             f"{figures[1] * 1e3:.3f} ms; asked again (board tables known) "
             f"{figures[2] * 1e3:.3f} ms"))
    if tables_kept:
        best = min(first_ask(positions) for _ in range(10))
        print(f"first ask, best of 10 passes (kept lists dropped before each): "
              f"{best * 1e3:.3f} ms")
        bench_board_tables(board_options, [state for state, seat in positions if seat == 0])


def first_ask(positions: list[tuple[Linie1State, int]]) -> float:
    """CPU seconds per list over one pass, every kept list dropped beforehand."""
    for state, _ in positions:
        state.board_table().lists.clear()
    gc.disable()
    try:
        start = time.process_time()
        for state, seat in positions:
            legal.representative_orders(state, seat)
        return (time.process_time() - start) / len(positions)
    finally:
        gc.enable()


def bench_board_tables(board_options: Any, states: list[Linie1State]) -> None:
    """A board table made from scratch (per-square caches warm, and with a new per-pack
    Lookups, everything cold), and advanced by one round of 4 random orders."""
    warm = board_options.lookups(TABLES)
    boards = [tuple(state.board) for state in states]
    pairs = []
    for seed, state in enumerate(states):
        after = state.clone()
        chance = Chance(seed + 7)
        for seat in range(after.n):
            after.apply(seat, order_action(TABLES, random_order(
                TABLES, after.board, after.hands[seat], chance)))
        pairs.append((state.board_table(), tuple(after.board)))
    gc.disable()
    try:
        start = time.process_time()
        for board in boards:
            warm.table_for(board)
        made = (time.process_time() - start) / len(boards)
        start = time.process_time()
        for board in boards:
            board_options.Lookups(TABLES).table_for(board)
        cold = (time.process_time() - start) / len(boards)
        start = time.process_time()
        for table, board in pairs:
            warm.advance(table, board)
        advanced = (time.process_time() - start) / len(pairs)
    finally:
        gc.enable()
    print(f"board table ({len(boards)} boards): made from scratch {made * 1e3:.3f} ms "
          f"({cold * 1e3:.2f} ms with every cache cold, as in a new process); advanced by "
          f"one round of 4 random orders (in apply) {advanced * 1e3:.3f} ms")


def one_game(job: tuple[str, int, int]) -> dict[str, Any]:
    kind, seed, seats = job
    state = GAME.new_state({}, seed, PACK, seats)
    chance = Chance(seed ^ 0x5EEDB075)
    start = time.perf_counter()
    play_out(GAME, state, [make_bot(kind, chance, GAME) for _ in range(seats)], chance)
    return {"seconds": time.perf_counter() - start, "rounds": state.round,
            "finished": list(state.finished), "scores": [state.score(s) for s in range(seats)]}


def bench_games(kind: str, games: int, jobs: int, seats: int = 4) -> None:
    work = [(kind, 10_000 + i, seats) for i in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            outcomes = list(pool.map(one_game, work))
    else:
        outcomes = [one_game(job) for job in work]
    done = [r for o in outcomes for r in o["finished"] if r]
    scores = [s for o in outcomes for s in o["scores"] if s is not None]
    lines = sum(len(o["finished"]) for o in outcomes)
    seconds = statistics.fmean(o["seconds"] for o in outcomes)
    ends = statistics.fmean(o["rounds"] for o in outcomes)
    print(f"{games} {seats}-player {kind} games: {seconds:.2f} s per game; game ends after "
          f"{ends:.1f} "
          f"rounds on average; {len(done)} of {lines} lines complete ({len(done) / lines:.1%})"
          + (f", mean rounds to complete {statistics.fmean(done):.2f}, mean score "
             f"{statistics.fmean(scores):.1f} (median {statistics.median(scores):.1f})"
             if done else ""))


def bench_random(games: int) -> None:
    """Random bots only, 4 players, one process: games per second, CPU time (each
    decision makes the seat's legal-order list, so this is the list's cost in play)."""
    start = time.process_time()
    outcomes = [one_game(("random", 10_000 + i, 4)) for i in range(games)]
    seconds = time.process_time() - start
    rounds = statistics.fmean(o["rounds"] for o in outcomes)
    print(f"{games} 4-player random games: {games / seconds:.1f} games/s CPU time "
          f"({seconds / games * 1e3:.0f} ms per game of {rounds:.1f} rounds)")


def digest(games: int = 24) -> dict[str, Any]:
    """A SHA-256 over what the engine says in `games` seeded games of 2-6 seats (seeds
    1000+): every candidate list, info key of every seat, view and event list, rollout
    draw (with the chance left behind), determinization (its snapshot, lists and keys),
    refusal of a bad order (which must leave the state as it was), the search's leaf
    value and heuristic, the state after every applied order (the snapshot holds the
    reports and the chance), and a few bot choices (ISMCTS at `normal` and `hard`, the
    OpenSpiel bench's plain search with the game's and with uniform rollouts to the end,
    the planner). A speed-up must leave it unchanged."""
    import hashlib
    import json

    from stellwerk.bots.ismcts import ISMCTSBot
    from stellwerk.bots.levels import Budget
    from stellwerk.core.errors import IllegalAction
    from stellwerk.core.session import Window
    from stellwerk.games.linie1 import rollout
    from stellwerk.games.linie1.legal import listed_order_at_random
    from stellwerk.games.linie1.planner import PlannerBot
    # the OpenSpiel bench's set-ups: the candidate list and the heuristic, with the
    # game's rollouts or uniform ones (scripts/ is the script's import path)
    bench_search = importlib.import_module("bench_search")
    plain_search, uniform_rollouts = bench_search._PlainSearch, bench_search._UniformRollouts

    whole = hashlib.sha256()
    parts = {k: hashlib.sha256() for k in ("lists", "keys", "views", "draws", "samples",
                                           "refusals", "values", "states", "bots")}
    counts = dict.fromkeys(parts, 0)

    def put(kind: str, obj: Any) -> None:
        data = json.dumps(obj, sort_keys=True, default=repr).encode()
        parts[kind].update(data)
        whole.update(data)
        counts[kind] += 1

    def refuse(state: Linie1State, seat: Any, action: Any) -> None:
        try:
            state.apply(seat, action)
            put("refusals", ["accepted", action])
        except IllegalAction as refusal:
            put("refusals", [str(refusal), refusal.key])

    start = time.process_time()
    bots_left = 24
    for g in range(games):
        seats = 2 + g % 5
        state = GAME.new_state({"rounds": 12 + g % 4 * 6}, 1000 + g, PACK, seats)
        chance = Chance(g)
        step = 0
        while (decision := state.decision()) is not None:
            seat = decision.seats[chance.below(len(decision.seats))]
            legal_now = state.candidate_actions(seat)
            put("lists", legal_now)
            put("keys", [state.info_key(s) for s in range(seats)])
            if step % 5 == 0:
                put("views", [state.view(seat), state.public_view(), state.events(seat)])
            put("values", [[KNOWLEDGE.heuristic(state, s), rollout.search_value(state, s)]
                           for s in range(seats)])
            trial = state.clone()
            drawn = rollout.rollout_action(trial, seat, Chance(step))
            put("draws", [drawn, random_order(TABLES, state.board, state.hands[seat],
                                              Chance(step + 1))])
            trial.apply(seat, drawn)        # the trusted path
            put("draws", trial.snapshot())
            if step % 3 == 0:
                sample = state.determinized(seat, Chance(step))
                put("samples", [sample.snapshot(), sample.info_key(seat),
                                [sample.candidate_actions(s) for s in range(seats)
                                 if sample.orders[s] is None],
                                listed_order_at_random(sample, seat, Chance(step + 2))])
            other = (seat + 1) % seats
            before = state.snapshot()       # the refusals below must leave it as it is
            lacking = [t for t, c in zip(TABLES.tile_ids, state.hands[seat], strict=True)
                       if not c]
            for bad in (("order", "M1", "straight", 0), ("order", "A1", "nothing", 0),
                        ("order", "A1", "straight", 45), ("order", "A1"), ["order"],
                        ("order",) + ("A1", "curve", 90) * 6,
                        ("order", "B2", lacking[0], 0) if lacking else ("move",)):
                refuse(state, seat, bad)
            refuse(state, seats + 1, ("order",))
            refuse(state, True, ("order",))
            if state.orders[other] is not None:
                refuse(state, other, ("order",))
            if state.snapshot() != before:
                put("refusals", ["changed", state.snapshot()])
            if bots_left and step % 7 == 3:
                bots_left -= 1
                window = Window(GAME, state, seat, legal_now, Chance(step))
                chosen = [PlannerBot(Chance(step)).choose(window)]
                for budget, game in ((Budget(48, 0, 1), GAME), (Budget(40, 1, 1), GAME),
                                     (Budget(6, 10_000, 1), plain_search(GAME)),
                                     (Budget(4, 10_000, 1), uniform_rollouts(GAME))):
                    window = Window(game, state, seat, legal_now, Chance(step))
                    chosen.append(ISMCTSBot(Chance(step), budget).choose(window))
                put("bots", chosen)
            roll = chance.below(10)
            if roll < 5:
                action = PlannerBot(Chance(step)).choose(Window(GAME, state, seat, legal_now,
                                                                Chance(step)))
            elif roll < 8:
                action = legal_now[chance.below(len(legal_now))]
            else:
                action = order_action(TABLES, random_order(TABLES, state.board,
                                                           state.hands[seat], chance))
            state.apply(seat, action)
            put("states", state.snapshot())
            step += 1
        put("states", [state.result().scores, state.result().ranks])
    report = {"games": games, "cpu_s": round(time.process_time() - start, 1),
              "counts": counts, "sha256": whole.hexdigest(),
              **{k: v.hexdigest()[:12] for k, v in parts.items()}}
    print(json.dumps(report))
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5, help="planner games for statistics")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", choices=("legal", "random", "digest"), help="run one part only")
    args = parser.parse_args()
    if args.only == "digest":
        digest()
        return
    if args.only == "random":
        bench_random(args.games)
        return
    bench_legal()
    if args.only:
        return
    bench_completion()
    bench_round()
    bench_games("planner", args.games, args.jobs)
    bench_games("random", max(1, min(args.games, 5)), args.jobs)


if __name__ == "__main__":
    main()
