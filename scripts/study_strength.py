"""The strength figures of docs/benchmarks.md from a tournament's `--out` file.

    stellwerk tournament railways --bots ismcts-normal,search -n 30 --seed 42000 --out rw.json
    python scripts/study_strength.py rw.json

For a solo game (Railways) every bot played the same seeds alone, so each pair of bots
is compared seed by seed: the mean score difference (first minus second) with its 95 %
t interval, and on how many seeds the first scored higher, equal or lower. For a game
with rivals it prints each bot's win share (a shared first place counts 1/k) with its
95 % Wilson interval and mean score, as the standings do. JSON on standard output.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
from typing import Any

from stellwerk.research.stats import t_interval, wilson


def solo_pairs(bots: list[str], games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    by_seed: dict[int, dict[str, float]] = {}
    for game in games:
        scores = by_seed.setdefault(game["seed"], {})
        for bot, score in zip(game["bots"], game["scores"], strict=True):
            scores[bot] = score
    rows = []
    for first, second in itertools.permutations(bots, 2):
        differences = [s[first] - s[second] for s in by_seed.values()
                       if first in s and second in s]
        if not differences:
            continue
        mean, low, high = t_interval(differences)
        rows.append({"first": first, "second": second, "seeds": len(differences),
                     "difference": round(mean, 2), "ci95": [round(low, 2), round(high, 2)],
                     "higher": sum(d > 0 for d in differences),
                     "equal": sum(d == 0 for d in differences),
                     "lower": sum(d < 0 for d in differences)})
    return rows


def shares(bots: list[str], games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for bot in bots:
        won = 0.0
        scores: list[float] = []
        played = 0
        for game in games:
            if bot not in game["bots"]:
                continue
            played += 1
            seat = game["bots"].index(bot)
            winners = [i for i, rank in enumerate(game["ranks"]) if rank == 1]
            won += 1 / len(winners) if seat in winners else 0.0
            if game["scores"][seat] is not None:
                scores.append(game["scores"][seat])
        low, high = wilson(won, played)
        rows.append({"bot": bot, "games": played, "won": won,
                     "win_share": round(won / played, 4) if played else None,
                     "ci95": [round(low, 4), round(high, 4)],
                     "mean_score": round(statistics.fmean(scores), 2) if scores else None})
    return rows


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", help="a tournament's --out file")
    args = parser.parse_args(argv)
    with open(args.report, encoding="utf-8") as handle:
        report = json.load(handle)
    seeds = sorted({g["seed"] for g in report["games"]})
    out: dict[str, Any] = {"game": report["game"], "seeds": [seeds[0], seeds[-1]],
                           "games": len(report["games"])}
    if report["players"] == 1:
        out["pairs"] = solo_pairs(report["bots"], report["games"])
    else:
        out["bots"] = shares(report["bots"], report["games"])
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
