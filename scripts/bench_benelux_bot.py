"""Benelux Rails' ISMCTS bot, not a timed test; CPU seconds throughout.

    python scripts/bench_benelux_bot.py census --seats plan-search-normal,planner --seed 1000
    python scripts/bench_benelux_bot.py rollout --seeds 6
    python scripts/bench_benelux_bot.py decide --seeds 3 [--budget 60,6,2]
    python scripts/bench_benelux_bot.py duel --bot plan-search-hard --against planner -n 4 --seed 0

`census` plays one seeded game and prints its decisions by kind of action (how many
were forced, with one candidate), the CPU each bot spent (mean, max, total) and what
listing the candidates at each decision cost the table (the session lists them before
asking a bot). `rollout` times one rollout draw on states of planner-led games with the
sampler (`rollout.rollout_action`) and with the listed policy
(`rollout.listed_rollout_action`), the same states and chances, and counts how often
the two draw the same action. `decide` times `plan-search-normal` (or `--budget ITER,DEPTH,
WIDTH`) on the same positions with each of the two rollout policies.
"""

from __future__ import annotations

import argparse
import collections
import os
import statistics
import time
from typing import Any

from stellwerk.bots import bot_class, make_bot
from stellwerk.bots.ismcts import ISMCTSBot
from stellwerk.bots.levels import Budget
from stellwerk.core.chance import Chance
from stellwerk.core.session import Window
from stellwerk.games import get_game
from stellwerk.games.benelux_rails import plan_search, rollout
from stellwerk.games.benelux_rails.planner import PlannerBot


def census(seats: list[str], seed: int) -> None:
    game = get_game("benelux-rails")
    state = game.new_state({}, seed, game.load_pack(), len(seats))
    chance = Chance(seed)
    bots = [make_bot(kind, Chance(seed * 10 + i), game) for i, kind in enumerate(seats)]
    kinds: collections.Counter[str] = collections.Counter()
    forced: collections.Counter[str] = collections.Counter()
    cpu: dict[str, list[float]] = collections.defaultdict(list)
    listing = []
    while (decision := state.decision()) is not None:
        seat = decision.seats[0]
        start = time.process_time()
        legal = state.candidate_actions(seat)
        listing.append(time.process_time() - start)
        start = time.process_time()
        action = bots[seat].choose(Window(game, state, seat, legal, chance))
        cpu[f"{seat}:{seats[seat]}"].append(time.process_time() - start)
        kinds[f"{seat}:{action[0]}"] += 1
        forced[f"{seat}:{action[0]}"] += len(legal) == 1
        state.apply(seat, action)
    print(f"seed {seed}, seats {seats}: {sum(kinds.values())} decisions, round "
          f"{state.round}, money {state.result().scores}")
    for kind, n in sorted(kinds.items(), key=lambda item: (item[0][0], -item[1])):
        print(f"  seat {kind:12s} {n:5d}  forced {forced[kind]}")
    for who, times in cpu.items():
        print(f"  {who}: {len(times)} decisions, CPU {sum(times):.2f} s in all, mean "
              f"{statistics.fmean(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms")
    print(f"  listing the candidates: {sum(listing):.2f} s in all, mean "
          f"{statistics.fmean(listing) * 1000:.2f} ms")


def positions(seeds: int, every: int, seats: int = 2) -> list[tuple[Any, int]]:
    """(state, seat) every `every` decisions of planner-against-planner games with one
    decision in three a random candidate (loads, networks and second trains vary)."""
    game = get_game("benelux-rails")
    pack = game.load_pack()
    found = []
    for seed in range(seeds):
        state = game.new_state({}, seed, pack, seats)
        chance, planner = Chance(seed * 7 + 1), PlannerBot(Chance(seed))
        step = 0
        while (decision := state.decision()) is not None and step < 400:
            seat = decision.seats[0]
            if step % every == every // 2:
                found.append((state.clone(), seat))
            action = planner.decide(state, seat)
            if chance.below(3) == 0 or action is None or not state.is_legal(seat, action):
                legal = state.candidate_actions(seat)
                action = legal[chance.below(len(legal))]
            state.apply(seat, action)
            step += 1
    return found


def time_draws(policy: Any, states: list[tuple[Any, int]], draws: int) -> tuple[float, list]:
    out = []
    start = time.process_time()
    for state, seat in states:
        for k in range(draws):
            out.append(policy(state, seat, Chance(k)))
    return (time.process_time() - start) / (len(states) * draws), out


def bench_rollout(seeds: int, draws: int) -> None:
    states = [(s, seat) for s, seat in positions(seeds, 5) if s.phase == "turn"]
    rollout.rollout_action(*states[0], Chance(0))      # warm the path-finding graphs
    listed, a = time_draws(rollout.listed_rollout_action, states, draws)
    print(f"{len(states)} states of {seeds} games, {draws} draws each (CPU a draw):")
    print(f"  listed {listed * 1e6:.0f} us")
    for name in ("uniform", "kinds"):
        cpu, b = time_draws(POLICIES[name], states, draws)
        same = sum(x == y for x, y in zip(a, b, strict=True))
        print(f"  {name} {cpu * 1e6:.0f} us ({listed / cpu:.1f}x faster); the listed "
              f"policy's own action in {same} of {len(a)} draws")


_PLANNER = PlannerBot(Chance(0))     # decide() draws no chance


def planned_rollout_action(state: Any, seat: int, chance: Chance) -> Any:
    """An experiment: the planner's own action as the rollout step (the kind-at-a-time
    draw where it has none)."""
    action = _PLANNER.decide(state, seat)
    if action is not None and state.is_legal(seat, action):
        return action
    return rollout.rollout_action(state, seat, chance)


POLICIES = {"listed": rollout.listed_rollout_action,        # the policy as on main
            "uniform": rollout.uniform_rollout_action,      # the same draws, no list
            "kinds": rollout.rollout_action,                # a kind at a time
            "planner": planned_rollout_action}              # the planner's action


class _Policy:
    """The game with another of the rollout policies."""

    def __init__(self, game: Any, policy: str) -> None:
        self._game = game
        self._policy = POLICIES[policy]

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def rollout_action(self, state: Any, seat: int, chance: Chance) -> Any:
        return self._policy(state, seat, chance)


def decide(seeds: int, budget: Budget | None) -> None:
    game = get_game("benelux-rails")
    states = [(s, seat) for s, seat in positions(seeds, 12) if s.phase == "turn"]
    for name in POLICIES:
        table = _Policy(game, name)
        cpu = []
        for n, (state, seat) in enumerate(states):
            legal = state.candidate_actions(seat)
            if len(legal) == 1:
                continue
            bot = ISMCTSBot(Chance(n), budget)
            window = Window(table, state, seat, legal, Chance(n))  # type: ignore[arg-type]
            start = time.process_time()
            bot.choose(window)
            cpu.append(time.process_time() - start)
        print(f"{name}: {len(cpu)} decisions, CPU mean {statistics.fmean(cpu):.3f} s, "
              f"max {max(cpu):.3f} s", flush=True)


def _planner_first_at_the_root() -> None:
    """An experiment (this process only): ISMCTS's root puts the planner's action first,
    then the heuristic's order, so widening always considers it."""
    from stellwerk.bots import ismcts
    ordered = ismcts._Search._ordered_root

    def planner_first(search: Any, sample: Any) -> list[Any]:
        actions = ordered(search, sample)
        best = _PLANNER.decide(sample, search.seat)
        return [best, *(a for a in actions if a != best)] if best in actions else actions
    ismcts._Search._ordered_root = planner_first  # type: ignore[method-assign]


def duel_one(job: tuple[int, str, str, tuple[int, ...] | None, int, str]) -> dict[str, Any]:
    """One game of ISMCTS (a rollout policy, a budget; or the bot `kind` as registered)
    against `opponent`; ISMCTS sits first in even seeds."""
    seed, policy, opponent, budget, rounds, kind = job
    if os.environ.get("BENCH_PLANS"):   # tuning: PLANS,LOOKAHEAD of normal's and hard's search
        plans, lookahead = map(int, os.environ["BENCH_PLANS"].split(","))
        plan_search.LEVELS.update(normal=(plans, lookahead), hard=(plans, lookahead))
    if policy == "planroot":    # EXPERIMENT: the planner's action first at the root
        _planner_first_at_the_root()
        policy = "planner"
    game = get_game("benelux-rails")
    table: Any = _Policy(game, policy)
    state = game.new_state({}, seed, game.load_pack(), 2)
    me = seed % 2
    bots: list[Any] = [None, None]
    if kind:
        table = game
        made = bot_class(kind, game)
        chance_me = Chance(seed * 10 + me)
        bots[me] = made(chance_me, Budget(*budget)) if budget else made(chance_me)
    else:
        bots[me] = ISMCTSBot(Chance(seed * 10 + me), Budget(*budget) if budget else None)
    bots[1 - me] = make_bot(opponent, Chance(seed * 10 + 1 - me), game)
    chance, cpu = Chance(seed), []
    while (decision := state.decision()) is not None and state.round <= rounds:
        seat = decision.seats[0]
        legal = state.candidate_actions(seat)
        window = Window(table, state, seat, legal, chance)  # type: ignore[arg-type]
        start = time.process_time()
        action = bots[seat].choose(window)
        if seat == me:
            cpu.append(time.process_time() - start)
        state.apply(seat, action)
    money = [p.money for p in state.players]
    return {"seed": seed, "ismcts": money[me], "opponent": money[1 - me],
            "round": state.round, "over": state.is_over(), "decisions": len(cpu),
            "cpu": sum(cpu), "cpu_max": max(cpu)}


def duel(policy: str, opponent: str, budget: tuple[int, ...] | None, seeds: range,
         jobs: int, rounds: int, kind: str = "") -> None:
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(jobs) as pool:
        games = list(pool.map(duel_one, [(s, policy, opponent, budget, rounds, kind)
                                          for s in seeds]))
    for g in games:
        print(g)
    diff = [g["ismcts"] - g["opponent"] for g in games]
    wins = sum(1 if d > 0 else 0.5 if d == 0 else 0 for d in diff)
    decisions = sum(g["decisions"] for g in games)
    per_decision = sum(g["cpu"] for g in games) / decisions
    print(f"{kind or policy} {budget} vs {opponent}, seeds {seeds.start}-{seeds.stop - 1}: wins "
          f"{wins}/{len(games)}, money ismcts {statistics.fmean(g['ismcts'] for g in games):.1f}"
          f" opponent {statistics.fmean(g['opponent'] for g in games):.1f}, difference "
          f"{statistics.fmean(diff):.1f}; CPU a decision {per_decision:.3f}"
          f" s mean, {max(g['cpu_max'] for g in games):.3f} s max; {decisions} decisions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("census")
    c.add_argument("--seats", default="plan-search-normal,planner")
    c.add_argument("--seed", type=int, default=1000)
    r = sub.add_parser("rollout")
    r.add_argument("--seeds", type=int, default=6)
    r.add_argument("--draws", type=int, default=3)
    d = sub.add_parser("decide")
    d.add_argument("--seeds", type=int, default=3)
    d.add_argument("--budget", help="ITERATIONS,DEPTH,WIDTH (default: the normal level)")
    u = sub.add_parser("duel")
    u.add_argument("--policy", choices=[*POLICIES, "planroot"], default="kinds")
    u.add_argument("--against", default="planner")
    u.add_argument("--budget", help="ITERATIONS,DEPTH,WIDTH (default: the normal level)")
    u.add_argument("--seed", type=int, default=0)
    u.add_argument("-n", "--games", type=int, default=4)
    u.add_argument("--jobs", type=int, default=2)
    u.add_argument("--rounds", type=int, default=150, help="stop after this round")
    u.add_argument("--bot", default="", help="a registered bot (plan-search-hard) instead of "
                   "ISMCTS with --policy and --budget")
    args = parser.parse_args()
    if args.command == "census":
        census(args.seats.split(","), args.seed)
    elif args.command == "rollout":
        bench_rollout(args.seeds, args.draws)
    elif args.command == "duel":
        limit = tuple(map(int, args.budget.split(","))) if args.budget else None
        duel(args.policy, args.against, limit, range(args.seed, args.seed + args.games),
             args.jobs, args.rounds, args.bot)
    else:
        budget = Budget(*map(int, args.budget.split(","))) if args.budget else None
        decide(args.seeds, budget)


if __name__ == "__main__":
    main()
