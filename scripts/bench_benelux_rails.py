"""Benelux Rails benchmark (not a timed test): path finding, games per second, planner.

    python scripts/bench_benelux_rails.py                # the shipped pack
    python scripts/bench_benelux_rails.py --pack FILE --games 3
    python scripts/bench_benelux_rails.py study -n 500 --jobs 2   # planner against greedy
    python scripts/bench_benelux_rails.py study -n 200 --against planner-one-train
    python scripts/bench_benelux_rails.py study -n 200 --bot planner-one-train   # vs greedy
    python scripts/bench_benelux_rails.py engine --games 2      # the search's hot paths
    python scripts/bench_benelux_rails.py fingerprint --games 16 --steps 600   # SHA-256

1. Cheapest build path across the whole map: from the north-westernmost to the
   south-easternmost milepost (every milepost settled on the way), our Dijkstra against
   networkx's `dijkstra_path_length` on the same weighted graph in the same run (the
   graph is built before timing); the two must agree.
2. Random games per second (random against random, to the round limit or the end).
3. The planner's seconds per decision, in planner-against-greedy games.

`engine` gives the CPU microseconds per call of what `search` and ISMCTS do at every
rollout step (clone, the heuristic, list the candidates the first time and again, list
then apply a listed action to a clone) on the positions of planner-led games (3 seats,
seeds 0..games-1, up to 400 positions each), each restored from its snapshot so that
nothing is remembered before it is timed; compare two checkouts by running it with each
one's `src` first on `PYTHONPATH`.

`fingerprint` prints a SHA-256 over what the engine computes along 16 (`--games`)
seeded games of up to 600 (`--steps`) steps (2 and 3 seats, standard and fast; 70 % the
planner's action, else a random candidate): at every step the candidate list, the
heuristic and the search value of every seat, the search's actions, three rollout draws,
the move searches of every train, a determinization and the info key, the planner's
decision and the applied state; every 40 steps the choices of a small `search`,
`plan-search-normal` and `greedy`. A speed change must leave it unchanged (run it on both
checkouts).

`study` plays n two-player games of planner against greedy (or, with `--against
planner-one-train`, against the planner that never buys a second train), seats
alternating (game i uses seed `--seed` + i; the planner sits first in even seeds), and
prints as JSON each bot's mean money and win rate with its 95 % Wilson interval, how many
games each bot bought a second train in, and the mean game length in rounds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import networkx as nx

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.companions import knowledge
from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Action, Game
from stellwerk.core.session import Agent, Window, play_out
from stellwerk.games import get_game
from stellwerk.games.benelux_rails import pathfind
from stellwerk.games.benelux_rails.game import BeneluxRails
from stellwerk.games.benelux_rails.planner import PlannerOneTrainBot
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.research.stats import wilson


def bench_paths(game: BeneluxRails, pack: ContentPack, repeats: int) -> None:
    state = game.new_state({}, 1, pack, 2)
    t = state.t
    rules = pathfind.BuildRules()
    source = min(range(t.n), key=lambda i: t.cells[i][0] + t.cells[i][1])
    target = max(range(t.n), key=lambda i: t.cells[i][0] + t.cells[i][1])
    graph = nx.DiGraph()
    for i in range(t.n):
        for j, cost, _ in t.links[i]:
            graph.add_edge(i, j, weight=cost)
    for f in t.ferries:
        graph.add_edge(f.a, f.b, weight=f.cost)
        graph.add_edge(f.b, f.a, weight=f.cost)
    rules.ferries = {}
    for k, f in enumerate(t.ferries):
        rules.ferries.setdefault(f.a, []).append((f.b, f.cost, -1 - k))
        rules.ferries.setdefault(f.b, []).append((f.a, f.cost, -1 - k))
    ours, theirs = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        dist, _ = pathfind.cheapest_build(t, [source], rules, targets={target})
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        length = nx.dijkstra_path_length(graph, source, target)
        theirs.append(time.perf_counter() - start)
        assert dist[target] == length, (dist[target], length)
    a, b = statistics.median(ours) * 1000, statistics.median(theirs) * 1000
    print(f"map {t.rows}x{t.cols}, {t.n} mileposts; path {t.names[source]} -> "
          f"{t.names[target]} costs {length} M")
    print(f"cheapest build path: {a:.3f} ms (ours, median of {repeats}); networkx "
          f"{b:.3f} ms; {b / a:.1f}x faster")


def bench_random(game: BeneluxRails, pack: ContentPack, games: int) -> None:
    start = time.perf_counter()
    steps = 0
    for seed in range(games):
        state = game.new_state({}, seed, pack, 2)
        chance = Chance(seed)
        steps += len(play_out(game, state, [make_bot("random", chance, game)] * 2, chance))
    took = time.perf_counter() - start
    print(f"random games: {games / took:.2f} games/s ({steps / games:.0f} actions per game, "
          f"to the end or the round limit)")


class Timed:
    kind = "planner"

    def __init__(self, chance: Chance) -> None:
        self.inner = make_bot("planner", chance, get_game("benelux-rails"))
        self.times: list[float] = []

    def choose(self, window: Window) -> Action:
        start = time.perf_counter()
        action = self.inner.choose(window)
        self.times.append(time.perf_counter() - start)
        return action


def bench_planner(game: BeneluxRails, pack: ContentPack, games: int) -> None:
    times: list[float] = []
    rounds = []
    for seed in range(games):
        state = game.new_state({}, seed, pack, 2)
        assert isinstance(state, BeneluxState)
        chance = Chance(seed)
        timed = Timed(chance)
        play_out(game, state, [timed, make_bot("greedy", chance, game)], chance)
        times.extend(timed.times)
        rounds.append(state.round)
    print(f"planner: {statistics.mean(times) * 1000:.1f} ms per decision (mean of "
          f"{len(times)}; max {max(times) * 1000:.1f} ms), games of {statistics.mean(rounds):.1f}"
          " rounds")


def bench_engine(game: BeneluxRails, pack: ContentPack, games: int) -> dict[str, Any]:
    positions: list[BeneluxState] = []
    for seed in range(games):
        state = game.new_state({}, seed, pack, 3)
        assert isinstance(state, BeneluxState)
        planner = make_bot("planner", Chance(seed), game)
        while (decision := state.decision()) is not None and len(positions) < 400 * (seed + 1):
            seat = decision.seats[0]
            fresh = game.restore(state.snapshot(), pack)   # nothing remembered yet
            assert isinstance(fresh, BeneluxState)
            positions.append(fresh)
            legal = state.candidate_actions(seat)
            state.apply(seat, planner.choose(Window(game, state, seat, legal, Chance(seed))))
    cost: dict[str, float] = {}

    def timed(name: str, work: Any) -> None:
        start = time.process_time()
        for position in positions:
            work(position)
        cost[name] = round((time.process_time() - start) / len(positions) * 1e6, 1)

    def apply_listed(state: BeneluxState) -> None:
        seat = state.active
        legal = state.candidate_actions(seat)
        trial = state.clone()
        trial.apply(seat, legal[len(legal) // 2])

    timed("clone", lambda s: s.clone())
    heuristic = knowledge(game).heuristic
    timed("heuristic", lambda s: heuristic(s, s.active))
    timed("candidate_actions (first: moves searched)", lambda s: s.candidate_actions(s.active))
    timed("candidate_actions (again)", lambda s: s.candidate_actions(s.active))
    timed("list+clone+apply", apply_listed)
    report = {"positions": len(positions), "cpu_us_per_call": cost}
    print(json.dumps(report))
    return report


def fingerprint(game: BeneluxRails, pack: ContentPack, games: int, steps: int) -> dict[str, Any]:
    import hashlib

    from stellwerk.bots import montecarlo
    from stellwerk.games.benelux_rails import heuristic, rollout, search_value
    from stellwerk.games.benelux_rails.planner import PlannerBot

    whole = hashlib.sha256()
    parts = {k: hashlib.sha256() for k in ("legal", "heur", "sval", "draw", "moves", "state",
                                           "det", "plan", "bots")}

    def put(kind: str, obj: Any) -> None:
        data = json.dumps(obj, sort_keys=True, default=repr).encode()
        parts[kind].update(data)
        whole.update(data)

    count, start = 0, time.process_time()
    for g in range(games):
        seats = 2 + g % 2
        state = game.new_state({"variant": "fast" if g % 4 == 3 else "standard"}, 500 + g,
                               pack, seats)
        assert isinstance(state, BeneluxState)
        chance = Chance(g)
        for step in range(steps):
            decision = state.decision()
            if decision is None:
                break
            seat = decision.seats[0]
            legal = state.candidate_actions(seat)
            put("legal", legal)
            put("heur", [heuristic.evaluate(state, s) for s in range(seats)])
            if step % 3 == 0:
                put("sval", [search_value.evaluate(state, s) for s in range(seats)])
                put("sval", search_value.search_actions(state, seat, legal))
            put("draw", [rollout.rollout_action(state, seat, Chance(step * 7 + g)),
                         rollout.listed_rollout_action(state, seat, Chance(step)),
                         rollout.uniform_rollout_action(state, seat, Chance(step + 1))])
            me = state.players[seat]
            for loco in me.trains:
                if loco.position >= 0:
                    graph = state.move_graph()
                    best = pathfind.shortest_moves(state.t, graph, seat, loco.position,
                                                   me.paid, loco.points)
                    put("moves", sorted(best.items()))
                    every = pathfind.shortest_moves(state.t, graph, seat, loco.position,
                                                    me.paid)
                    put("moves", sorted(every.items()))
                    far = max(every, key=lambda p: (every[p][1], p))
                    put("moves", pathfind.move_path(state.t, graph, seat, loco.position,
                                                    me.paid, far))
            put("det", state.determinized(seat, Chance(step)).snapshot())
            put("det", state.info_key(seat))
            chosen = PlannerBot(Chance(step)).choose(Window(game, state, seat, legal,
                                                            Chance(step)))
            put("plan", chosen)
            if step % 40 == 17:
                window = Window(game, state, seat, legal, Chance(step))
                steps_before = montecarlo.MAX_ROLLOUT_STEPS
                montecarlo.MAX_ROLLOUT_STEPS = 30
                put("bots", montecarlo.SearchBot(Chance(step), candidates=3,
                                                 rollouts=1).choose(window))
                montecarlo.MAX_ROLLOUT_STEPS = steps_before
                for kind in ("plan-search-normal", "greedy"):
                    put("bots", make_bot(kind, Chance(step), game).choose(window))
            action = chosen if chance.below(10) < 7 else legal[chance.below(len(legal))]
            state.apply(seat, action)
            put("state", state.snapshot())
            count += 1
    report = {"steps": count, "cpu_s": round(time.process_time() - start, 1),
              "sha256": whole.hexdigest(), **{k: v.hexdigest()[:16] for k, v in parts.items()}}
    print(json.dumps(report))
    return report


def study_bot(kind: str, chance: Chance, game: Game) -> Agent:
    if kind == PlannerOneTrainBot.kind:
        return PlannerOneTrainBot(chance)
    return make_bot(kind, chance, game)


def study_one(job: tuple[int, str | None, str, str, str]) -> dict[str, Any]:
    seed, pack_path, variant, bot, against = job
    game = get_game("benelux-rails")
    pack = game.load_pack(Path(pack_path) if pack_path else None)
    seats = [bot, against] if seed % 2 == 0 else [against, bot]
    state = game.new_state({"variant": variant}, seed, pack, 2)
    assert isinstance(state, BeneluxState)
    chance = Chance(seed ^ 0x5EEDB075)
    play_out(game, state, [study_bot(k, chance, game) for k in seats],
             chance)
    result = state.result()
    return {"seats": seats, "money": [p.money for p in state.players],
            "winners": list(result.winners), "rounds": state.round,
            "trains": [len(p.trains) for p in state.players],
            "finished": not state.round > 150}


def study(args: argparse.Namespace) -> None:
    jobs = [(seed, str(args.pack) if args.pack else None, args.variant, args.bot, args.against)
            for seed in range(args.seed, args.seed + args.n)]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        games: list[dict[str, Any]] = list(pool.map(study_one, jobs, chunksize=4))
    took = time.perf_counter() - start
    summary: dict[str, object] = {"games": len(games), "variant": args.variant,
                                  "seeds": [args.seed, args.seed + args.n - 1],
                                  "seconds": round(took, 1)}
    for bot in (args.bot, args.against):
        money = [g["money"][g["seats"].index(bot)] for g in games]
        wins = sum(g["seats"].index(bot) in g["winners"] for g in games)
        summary[bot] = {"mean_money": round(statistics.mean(money), 1),
                        "stdev": round(statistics.stdev(money), 1), "wins": wins,
                        "win_rate": round(wins / len(games), 3),
                        "win_ci95": [round(x, 3) for x in wilson(wins, len(games))],
                        "bought_second_train": sum(
                            g["trains"][g["seats"].index(bot)] > 1
                            for g in games)}
    rounds = [g["rounds"] for g in games]
    summary["rounds"] = {"mean": round(statistics.mean(rounds), 1),
                         "min": min(rounds), "max": max(rounds)}
    summary["ended_by_round_limit"] = sum(not g["finished"] for g in games)
    print(json.dumps(summary, indent=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", nargs="?", choices=["bench", "study", "engine", "fingerprint"],
                        default="bench")
    parser.add_argument("--pack", type=Path)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=50)
    parser.add_argument("--steps", type=int, default=600, help="fingerprint: steps a game")
    parser.add_argument("-n", type=int, default=500, help="study: games")
    parser.add_argument("--seed", type=int, default=0, help="study: first seed")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--bot", default="planner", choices=["planner", PlannerOneTrainBot.kind],
                        help="study: the bot measured (first in even games)")
    parser.add_argument("--against", default="greedy",
                        choices=["greedy", PlannerOneTrainBot.kind],
                        help="study: the planner's opponent")
    args = parser.parse_args()
    if args.mode == "study":
        study(args)
        return
    game = get_game("benelux-rails")
    assert isinstance(game, BeneluxRails)
    pack = game.load_pack(args.pack)
    print(f"pack {pack.id} ({pack.sha256[:12]}…)")
    if args.mode == "engine":
        bench_engine(game, pack, args.games)
        return
    if args.mode == "fingerprint":
        fingerprint(game, pack, args.games, args.steps)
        return
    bench_paths(game, pack, args.repeats)
    bench_random(game, pack, args.games)
    bench_planner(game, pack, args.games)


if __name__ == "__main__":
    main()
