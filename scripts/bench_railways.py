"""Railways benchmark and simulation study (not a timed test).

    python scripts/bench_railways.py bench                 # games/s and s/decision
    python scripts/bench_railways.py bench -n 100 --only random   # random games/s alone
    python scripts/bench_railways.py study -n 1000 --jobs 2 --bots random,greedy,search
    python scripts/bench_railways.py study -n 100 --first-seed 200 --bots search --games-out g.jsonl
    python scripts/bench_railways.py merge g.jsonl         # one summary per bot from saved games
    python scripts/bench_railways.py ablation -n 200       # which actions matter

`bench` prints random and greedy games per second and the search bot's seconds per
decision, in CPU time of the one process (other load on a shared machine does not
count); the first random game, which fills the pack's caches, is reported apart.
Compare with another checkout by running this script with its code first on the path
(`PYTHONPATH=/other/checkout/src python scripts/bench_railways.py bench`).
`study` plays n seeded games per bot (game i uses seed i) and prints, as JSON,
the mean, spread and range of the final score, how often each action kind is taken, and
how often each challenge is met, with a 95 % confidence interval of the mean
(normal approximation, mean +- 1.96 standard errors). `--games-out FILE` appends each game
as one JSON line, so a long study can run in batches of seeds (any batch that finished
counts) and `merge FILE...` summarises them together. `ablation` replays the greedy bot
with one action kind forbidden at a time and reports how far the mean score falls.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.core.session import Agent, Window, play_out
from stellwerk.frontends.jobs import worker_count
from stellwerk.games import get_game

SALT = 0x5EEDB075
KINDS = ("open", "build", "transport", "hire", "capital", "clean", "add", "upgrade", "pass")


class Forbidding:
    """An agent that never takes one action kind (unless nothing else is legal)."""

    def __init__(self, inner: Agent, kind: str) -> None:
        self.inner, self.forbidden, self.kind = inner, kind, f"no-{kind}"

    def choose(self, window: Window) -> Action:
        allowed = [a for a in window.legal if a[0] != self.forbidden]
        if allowed and len(allowed) < len(window.legal):
            window = Window(window.game, window._state, window.seat, allowed,
                            window._chance)
        return self.inner.choose(window)


_LOADED: dict[str, Any] = {}


def play(job: tuple[str, int, str | None]) -> dict[str, Any]:
    bot, seed, forbidden = job
    if not _LOADED:       # once per process: loading the pack is not what we measure
        _LOADED["game"] = get_game("railways")
        _LOADED["pack"] = _LOADED["game"].load_pack()
    game, pack = _LOADED["game"], _LOADED["pack"]
    state = game.new_state({}, seed, pack, 1)
    chance = Chance(seed ^ SALT)
    agent: Agent = make_bot(bot, chance)
    if forbidden:
        agent = Forbidding(agent, forbidden)
    start = time.perf_counter()
    taken = play_out(game, state, [agent], chance)
    seconds = time.perf_counter() - start
    return {"bot": bot, "seed": seed, "score": state.result().scores[0],
            "kinds": Counter(a[0] for _, a in taken[1:]), "decisions": len(taken),
            "seconds": seconds, "challenges": state.challenge_results()}


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    scores = [g["score"] for g in games]
    quartiles = statistics.quantiles(scores, n=4) if len(scores) > 1 else [scores[0]] * 3
    kinds: Counter[str] = Counter()
    for g in games:
        kinds.update(g["kinds"])
    met: Counter[str] = Counter()
    for g in games:
        met.update(k for k, v in g["challenges"].items() if v)
    decisions = sum(g["decisions"] for g in games)
    mean = statistics.fmean(scores)
    # The sample standard deviation over sqrt(n): the standard error of the mean.
    error = statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 0.0
    return {
        "games": len(games),
        "seeds": seed_ranges(sorted(g["seed"] for g in games)),
        "mean": round(mean, 2),
        "mean_ci95": [round(mean - 1.96 * error, 2), round(mean + 1.96 * error, 2)],
        "stdev": round(statistics.pstdev(scores), 2),
        "min": min(scores), "q1": quartiles[0], "median": quartiles[1], "q3": quartiles[2],
        "max": max(scores),
        "actions_per_game": {k: round(kinds[k] / len(games), 2) for k in KINDS},
        "challenge_rate": {k: round(met[k] / len(games), 3)
                           for k in ("economist", "mayor", "train_driver", "engineer")},
        "seconds_per_decision": round(sum(g["seconds"] for g in games) / decisions, 4),
    }


def seed_ranges(seeds: list[int]) -> str:
    """`0-299, 400-449`: the seeds a summary covers, as runs of consecutive numbers."""
    runs: list[list[int]] = []
    for seed in seeds:
        if runs and seed == runs[-1][1] + 1:
            runs[-1][1] = seed
        else:
            runs.append([seed, seed])
    return ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in runs)


def run(jobs: list[tuple[str, int, str | None]], workers: int) -> list[dict[str, Any]]:
    if workers <= 1:
        return [play(j) for j in jobs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(play, jobs, chunksize=4))


def bench(games: int, only: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    start = time.process_time()
    run([("random", 10_000, None)], 1)
    out["first_random_game_seconds"] = round(time.process_time() - start, 3)
    for bot, n in (("random", games), ("greedy", max(1, games // 5))):
        start = time.process_time()
        run([(bot, seed, None) for seed in range(n)], 1)
        out[f"{bot}_games_per_second"] = round(n / (time.process_time() - start), 1)
        if only == "random":
            return out
    game = get_game("railways")
    pack = game.load_pack()
    times: list[float] = []
    for seed in range(max(1, games // 50)):
        state = game.new_state({}, seed, pack, 1)
        chance = Chance(seed ^ SALT)
        play_out(game, state, [Timed(make_bot("search", chance), times)], chance)
    out["search_seconds_per_decision"] = round(statistics.fmean(times), 4)
    out["search_slowest_decision"] = round(max(times), 4)
    out["search_decisions"] = len(times)
    return out


def merge(files: list[str]) -> dict[str, Any]:
    """One summary per bot over every game saved by `study --games-out` (a seed played
    twice by the same bot counts once: it is the same game)."""
    games: dict[tuple[str, int], dict[str, Any]] = {}
    for name in files:
        with open(name, encoding="utf-8") as lines:
            for line in lines:
                game = json.loads(line)
                games[game["bot"], game["seed"]] = game
    bots = sorted({bot for bot, _ in games})
    return {bot: summary([g for (b, _), g in sorted(games.items()) if b == bot])
            for bot in bots}


class Timed:
    """An agent wrapper that notes how long each decision takes."""

    def __init__(self, inner: Agent, times: list[float]) -> None:
        self.inner, self.times, self.kind = inner, times, inner.kind

    def choose(self, window: Window) -> Action:
        start = time.process_time()
        action = self.inner.choose(window)
        self.times.append(time.process_time() - start)
        return action


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("bench", "study", "merge", "ablation"))
    parser.add_argument("files", nargs="*", help="merge: JSON Lines files from --games-out")
    parser.add_argument("-n", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--bots", default="random,greedy,search")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--only", choices=("random",), help="bench: random games only")
    parser.add_argument("--games-out", help="study: append every game to this JSON Lines file")
    args = parser.parse_args(argv)
    if args.n < 1 or args.jobs < 1:
        parser.error("-n and --jobs must be at least 1")
    args.jobs, note = worker_count(args.jobs, args.n)   # a capped pool
    if note and args.mode != "bench":
        print(note, file=sys.stderr)
    if args.mode == "bench":
        print(json.dumps(bench(args.n, args.only), indent=1))
        return 0
    if args.mode == "study":
        result = {}
        for bot in args.bots.split(","):
            seeds = range(args.first_seed, args.first_seed + args.n)
            games = run([(bot, s, None) for s in seeds], args.jobs)
            if args.games_out:
                with open(args.games_out, "a", encoding="utf-8") as out:
                    out.writelines(json.dumps(g) + "\n" for g in games)
            result[bot] = summary(games)
            print(bot, json.dumps(result[bot]), file=sys.stderr, flush=True)
        print(json.dumps(result, indent=1))
        return 0
    if args.mode == "merge":
        print(json.dumps(merge(args.files), indent=1))
        return 0
    base = statistics.fmean(g["score"] for g in run(
        [("greedy", s, None) for s in range(args.n)], args.jobs))
    drops = {"none": round(base, 2)}
    for kind in KINDS[:-1]:
        games = run([("greedy", s, kind) for s in range(args.n)], args.jobs)
        drops[f"no-{kind}"] = round(statistics.fmean(g["score"] for g in games) - base, 2)
    print(json.dumps({"greedy_mean": round(base, 2), "change_without": drops}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
