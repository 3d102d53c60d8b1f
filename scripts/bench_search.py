"""Search bots: seconds per decision and head-to-head strength (not a timed test).

    python scripts/bench_search.py speed rail-line --decisions 12
    python scripts/bench_search.py budget --decisions 8
    python scripts/bench_search.py match rail-line --seats ismcts-normal,greedy -n 40 --jobs 2
    python scripts/bench_search.py openspiel rail-line --simulations 200 --positions 4
    python scripts/bench_search.py openspiel all --simulations 100 --runs 3

`speed` asks each ISMCTS level (and greedy, search) for decisions at states reached by
seeded random play and prints mean and max seconds per decision, wall clock and CPU (the
CPU time is what the bot would take on an idle core of a shared machine). `budget` does
that for `ismcts-normal` in every game, also timing the first decision of every
seeded game it plays (`first_*`), and exits with status 1 when its mean or its
longest decision takes a second of CPU or more (`normal` answers in under 1 s;
the time budget is checked here, not in a timed test). `match` plays n seeded
games with the seat list rotated every game (each bot in each chair equally often) and
prints each bot's win share with a 95 % Wilson interval; for a solo game (Railways) it
plays every bot on the same seeds and prints the mean score with a 95 % interval and the
paired difference to the first bot. `openspiel` (needs OpenSpiel installed) times
OpenSpiel's Python MCTSBot on the OpenSpiel adapter of the game and the ISMCTS bot with
the same number of iterations on the same positions, in CPU seconds, `--runs` times on
other positions (`openspiel all --runs 3`: every game; `--rollouts random` gives ISMCTS
MCTSBot's uniformly random rollouts instead of the game's own policy).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.session import Window
from stellwerk.frontends.jobs import Job, run_jobs
from stellwerk.games import game_ids, get_game
from stellwerk.research.stats import mean_interval, wilson


def speed(game_id: str, kinds: list[str], decisions: int, seats: int | None,
          first: bool = False) -> dict[str, Any]:
    """Seconds per decision of each bot kind (see the module docstring). `first`: also
    time each seeded game's first decision (the bot's answer is thrown away and the
    game goes on as without it, so the other decisions timed are the same) and report
    those apart (`first_*`)."""
    game = get_game(game_id)
    pack = game.load_pack()
    n = seats or min(game.max_seats, 3)
    out: dict[str, Any] = {}
    for kind in kinds:
        times, cpu = [], []
        first_cpu: list[float] = []
        seed = 0
        while len(times) < decisions:
            state = game.new_state({}, seed, pack, n)
            chance = Chance(seed)
            step = 0
            while (decision := state.decision()) is not None and len(times) < decisions:
                seat = decision.seats[0]
                legal = state.candidate_actions(seat)
                if first and step == 0:     # e.g. Railways' dice placement of round 1
                    bot = make_bot(kind, Chance(seed * 31 + step), game)
                    start_cpu = time.process_time()
                    bot.choose(Window(game, state, seat, legal, Chance(step)))
                    first_cpu.append(time.process_time() - start_cpu)
                if step % 5 == 2:       # a decision now and then, across the whole game
                    bot = make_bot(kind, Chance(seed * 31 + step), game)
                    start, start_cpu = time.perf_counter(), time.process_time()
                    action = bot.choose(Window(game, state, seat, legal, Chance(step)))
                    times.append(time.perf_counter() - start)
                    cpu.append(time.process_time() - start_cpu)
                else:
                    action = legal[chance.below(len(legal))]
                state.apply(seat, action)
                step += 1
            seed += 1
        out[kind] = {"decisions": len(times), "mean_s": round(statistics.fmean(times), 3),
                     "max_s": round(max(times), 3),
                     "cpu_mean_s": round(statistics.fmean(cpu), 3),
                     "cpu_max_s": round(max(cpu), 3),
                     "decisions_per_s": round(len(times) / sum(times), 2)}
        if first_cpu:
            out[kind].update(first_decisions=len(first_cpu),
                             first_cpu_mean_s=round(statistics.fmean(first_cpu), 3),
                             first_cpu_max_s=round(max(first_cpu), 3))
        print(kind, out[kind], flush=True)
    return out


def budget(decisions: int, limit: float = 1.0) -> dict[str, Any]:
    """`ismcts-normal`'s CPU seconds per decision in every game, against `limit`: the
    decisions `speed` times and, besides, the first decision of every seeded game it
    plays (which `speed` leaves out: Railways' dice placement of the first round took
    up to 0.77 s)."""
    from stellwerk.games import game_ids
    report: dict[str, Any] = {}
    for game_id in game_ids():
        figures = speed(game_id, ["ismcts-normal"], decisions, None,
                        first=True)["ismcts-normal"]
        within = (figures["cpu_mean_s"] < limit and figures["cpu_max_s"] < limit
                  and figures["first_cpu_max_s"] < limit)
        report[game_id] = {**figures, "within_budget": within}
    report["_all_within"] = all(r["within_budget"] for r in report.values())
    return report


def match(game_id: str, kinds: list[str], games: int, jobs: int, first_seed: int) -> \
        dict[str, Any]:
    game = get_game(game_id)
    pack = game.load_pack()
    options = game.parse_options({}, 1 if game.max_seats == 1 else len(kinds))
    start = time.perf_counter()
    if game.max_seats == 1:                 # solo: every bot on the same seeds
        scores: dict[str, list[float]] = {}
        for kind in kinds:
            batch = [Job(game.id, str(pack.path), options, (kind,), first_seed + i, False)
                     for i in range(games)]
            scores[kind] = [o["result"]["scores"][0] for o in run_jobs(batch, jobs)]
        base = scores[kinds[0]]
        report: dict[str, Any] = {}
        for kind in kinds:
            mean, low, high = mean_interval(scores[kind])
            diff = mean_interval([a - b for a, b in zip(scores[kind], base, strict=True)])
            report[kind] = {"mean_score": round(mean, 2), "ci95": [round(low, 2), round(high, 2)],
                            "minus_first": [round(x, 2) for x in diff]}
    else:
        batch = [Job(game.id, str(pack.path), options,
                     tuple(kinds[i % len(kinds):] + kinds[:i % len(kinds)]), first_seed + i,
                     False) for i in range(games)]
        share = dict.fromkeys(kinds, 0.0)
        for outcome in run_jobs(batch, jobs):
            winners = outcome["result"]["winners"]
            for chair in winners:
                share[outcome["seats"][chair]] += 1 / len(winners)
        report = {}
        for kind in kinds:
            low, high = wilson(share[kind], games)
            report[kind] = {"win_share": round(share[kind] / games, 3),
                            "ci95": [round(low, 3), round(high, 3)]}
    report["_run"] = {"game": game_id, "games": games, "seconds": round(
        time.perf_counter() - start, 1), "seeds": [first_seed, first_seed + games - 1]}
    return report


class _PlainSearch:
    """A game's bot knowledge as `openspiel` searches with it: over its candidate list,
    valued by its heuristic (the defaults of `search_actions` and `search_heuristic`, so
    ISMCTS weighs the same actions as MCTSBot, whatever a game gives its own search,
    e.g. Linie 1's planner orders), rolling out with its own policy."""

    def __init__(self, known: Any) -> None:
        self._known = known

    def __getattr__(self, name: str) -> Any:
        return getattr(self._known, name)

    def search_actions(self, state: Any, seat: int, listed: list[Any]) -> list[Any]:
        return listed

    def search_heuristic(self, state: Any, seat: int) -> float:
        return float(self._known.heuristic(state, seat))


class _UniformRollouts(_PlainSearch):
    """A game whose rollout policy is the contract's default (a uniformly random
    candidate), for `openspiel --rollouts random`: the same rollout work as MCTSBot's."""

    def rollout_action(self, state: Any, seat: int, chance: Chance) -> Any:
        legal = state.candidate_actions(seat)
        return legal[chance.below(len(legal))]


def _deal(state: Any, draws: Chance) -> None:
    """Play an OpenSpiel state's chance nodes as the engine's generator `draws` does."""
    while state.is_chance_node():
        state.apply_action(state.seeded_outcome(draws))


def openspiel(game_id: str, simulations: int, positions: int, rollouts: str = "game",
              run: int = 0) -> dict[str, Any]:
    """OpenSpiel's Python MCTSBot (random rollouts) on the OpenSpiel adapter of a game
    against ISMCTS (rollouts to the end) on the same positions, in one run. ISMCTS rolls
    out with the game's own policy (`--rollouts game`, as it plays) or uniformly at
    random over the candidates (`--rollouts random`, MCTSBot's rollout). Run r uses
    other positions and seeds than run 0 (seeds r * 100 + k)."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    from stellwerk.bots.ismcts import ISMCTSBot
    from stellwerk.bots.levels import Budget
    from stellwerk.core.companions import knowledge
    from stellwerk.research.openspiel_game import load

    spiel = load(game_id)
    known = (_PlainSearch if rollouts == "game" else _UniformRollouts)(
        knowledge(spiel.stellwerk))
    ours_s = theirs_s = 0.0
    measured = 0
    for k in range(positions):
        seed = run * 100 + k
        state = spiel.new_initial_state()
        chance, draws = Chance(seed), Chance(seed)
        _deal(state, draws)
        for _ in range(4 + 6 * k):          # positions from early to late in the game
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(legal[chance.below(len(legal))])
            _deal(state, draws)
        while not state.is_terminal() and len(state.legal_actions()) < 2:
            state.apply_action(state.legal_actions()[0])   # forced: neither bot would search
            _deal(state, draws)
        if state.is_terminal():
            continue
        measured += 1
        bot = mcts.MCTSBot(spiel, uct_c=2.0, max_simulations=simulations,
                           evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)))
        start = time.process_time()
        bot.step(state.clone())
        theirs_s += time.process_time() - start
        inner, seat = state.inner, state.current_player()
        assert inner is not None
        window = Window(spiel.stellwerk, inner, seat, inner.candidate_actions(seat),
                        Chance(seed))
        ours = ISMCTSBot(Chance(seed), Budget(simulations, 10_000))   # rollouts to the end
        start = time.process_time()
        ours.search(window, known)
        ours_s += time.process_time() - start
    total = simulations * measured
    return {"game": game_id, "run": run, "positions": measured,
            "simulations_per_decision": simulations, "rollouts": rollouts,
            "openspiel_mctsbot_per_s": round(total / theirs_s, 1),
            "stellwerk_ismcts_per_s": round(total / ours_s, 1),
            "ratio": round(theirs_s / ours_s, 2), "clock": "CPU seconds (process_time)"}


def openspiel_runs(games: list[str], simulations: int, positions: int, rollouts: str,
                   runs: int) -> dict[str, Any]:
    """`openspiel` for several games, `runs` times each; per game the ratio of every run
    and their minimum and median (the target is a minimum of at least 3)."""
    report: dict[str, Any] = {}
    for game_id in games:
        results = [openspiel(game_id, simulations, positions, rollouts, run)
                   for run in range(runs)]
        ratios = [r["ratio"] for r in results]
        report[game_id] = {"ratios": ratios, "min": min(ratios),
                           "median": statistics.median(ratios), "runs": results}
        print(game_id, ratios, flush=True)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("speed")
    s.add_argument("game")
    s.add_argument("--bots", default="ismcts-easy,ismcts-normal,ismcts-hard,greedy,search")
    s.add_argument("--decisions", type=int, default=10)
    s.add_argument("--seats", type=int)
    b = sub.add_parser("budget")
    b.add_argument("--decisions", type=int, default=8)
    m = sub.add_parser("match")
    m.add_argument("game")
    m.add_argument("--seats", required=True)
    m.add_argument("-n", "--games", type=int, default=20)
    m.add_argument("--jobs", type=int, default=1)
    m.add_argument("--seed", type=int, default=0)
    o = sub.add_parser("openspiel")
    o.add_argument("game", help="a game, a comma-separated list, or 'all'")
    o.add_argument("--simulations", type=int, default=200)
    o.add_argument("--positions", type=int, default=4)
    o.add_argument("--runs", type=int, default=1, help="repetitions on other positions")
    o.add_argument("--rollouts", choices=("game", "random"), default="game",
                   help="ISMCTS rollouts: the game's policy (as it plays) or uniform random")
    args = parser.parse_args()
    if args.command == "openspiel":
        games = game_ids() if args.game == "all" else args.game.split(",")
        result = openspiel_runs(games, args.simulations, args.positions, args.rollouts,
                                args.runs)
    elif args.command == "speed":
        result = speed(args.game, args.bots.split(","), args.decisions, args.seats)
    elif args.command == "budget":
        result = budget(args.decisions)
    else:
        result = match(args.game, args.seats.split(","), args.games, args.jobs, args.seed)
    print(json.dumps(result, indent=1))
    if result.get("_all_within") is False:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
