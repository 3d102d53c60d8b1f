#!/usr/bin/env python3
"""Simulation study of a Rail Line content pack (the shipped reconstruction by default).

Plays seeded bot games and reports what a designer checks a card set by: how full the
sheets get, how often each symbol arrives, the score spread, how games end, and the
advantage of each chair. Run with the project's Python, e.g.

    .venv/bin/python scripts/study_rail_line.py -n 1000 --jobs 2 > study.json

The figures in docs/rail-line-reconstruction.md come from this script.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.session import play_out
from stellwerk.frontends.jobs import worker_count
from stellwerk.games.rail_line import RailLine
from stellwerk.games.rail_line.symbols import SYMBOLS

CONFIGS = [
    ("random x3", ["random"] * 3, "I"),
    ("greedy x3", ["greedy"] * 3, "I"),
    ("greedy x2", ["greedy"] * 2, "I"),
    ("random x3", ["random"] * 3, "II"),
    ("greedy x3", ["greedy"] * 3, "II"),
    ("greedy x2", ["greedy"] * 2, "II"),
]


def one_game(job: tuple[list[str], str, int, str | None]) -> dict[str, Any]:
    seats, sheet, seed, pack_path = job
    game = RailLine()
    pack = game.load_pack(Path(pack_path) if pack_path else None)
    state = game.new_state({"sheet": sheet}, seed, pack, len(seats))
    chance = Chance(seed ^ 0x5EEDB075)
    play_out(game, state, [make_bot(kind, chance) for kind in seats], chance)
    result = state.result()
    marks = [Counter() for _ in seats]
    outcomes = Counter()
    for event in state.log or []:
        if event[0] == "mark":
            marks[event[1]][event[2]] += 1
            outcomes[event[3]] += 1
    boxes = sum(state.sheet.sizes)
    return {
        "scores": list(result.scores),
        "winners": list(result.winners),
        "fill": [sum(p.counts) / boxes for p in state.players],
        "marks": [dict(m) for m in marks],
        "outcomes": dict(outcomes),
        "coins": [p.coins for p in state.players],
        "cards_laid": len(state.line),
        "breakdown": [dict(b) for b in result.breakdown],
    }


def summarise(games: list[dict[str, Any]], seats: int) -> dict[str, Any]:
    scores = [s for g in games for s in g["scores"]]
    fills = [f for g in games for f in g["fill"]]
    per_symbol = {sym: round(sum(m.get(sym, 0) for g in games for m in g["marks"])
                             / (len(games) * seats), 2) for sym in SYMBOLS}
    outcomes = Counter()
    for g in games:
        outcomes.update(g["outcomes"])
    total_marks = sum(outcomes.values())
    parts = Counter()
    for g in games:
        for b in g["breakdown"]:
            parts.update(b)
    deciles = statistics.quantiles(scores, n=10)
    return {
        "games": len(games),
        "score_mean": round(statistics.fmean(scores), 2),
        "score_stdev": round(statistics.pstdev(scores), 2),
        "score_min": min(scores), "score_p10": deciles[0], "score_p90": deciles[-1],
        "score_max": max(scores),
        "winning_margin_mean": round(statistics.fmean(
            sorted(g["scores"])[-1] - sorted(g["scores"])[-2] for g in games), 2),
        "sheet_fill_mean": round(statistics.fmean(fills), 3),
        "sheet_fill_stdev": round(statistics.pstdev(fills), 3),
        "symbols_per_player": per_symbol,
        "symbols_per_player_total": round(total_marks / (len(games) * seats), 2),
        "overflow_share": round(outcomes["overflow"] / total_marks, 3),
        "lost_share": round(outcomes["lost"] / total_marks, 3),
        "mean_points_by_row": {k: round(v / (len(games) * seats), 2) for k, v in parts.items()},
        "ended_by_24_cards": round(sum(g["cards_laid"] == 24 for g in games) / len(games), 3),
        "win_rate_by_chair": [round(sum((c in g["winners"]) / len(g["winners"]) for g in games)
                                    / len(games), 3) for c in range(seats)],
        "mean_score_by_chair": [round(statistics.fmean(g["scores"][c] for g in games), 2)
                                for c in range(seats)],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", "--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--pack", type=str, default=None)
    args = parser.parse_args()
    if args.games < 2 or args.jobs < 1:
        parser.error("-n needs at least 2 games (for the deciles) and --jobs at least 1")
    workers, note = worker_count(args.jobs, args.games)   # a capped pool
    if note:
        print(note, file=sys.stderr)
    # Say what was measured: the figures change when the engine or the pack does.
    report: dict[str, Any] = {"engine": RailLine.engine_version,
                              "pack": args.pack or "shipped",
                              "seeds": f"0-{args.games - 1} per configuration",
                              "bot_chance": "Chance(seed ^ 0x5EEDB075)"}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for label, seats, sheet in CONFIGS:
            jobs = [(seats, sheet, seed, args.pack) for seed in range(args.games)]
            games = list(pool.map(one_game, jobs, chunksize=25))
            report[f"sheet {sheet}, {label}"] = summarise(games, len(seats))
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
