"""`stellwerk study`: what a game (options, pack) does over many plays (issue 12 §4).

The same bots sit in every chair, so differences between chairs are the game's, not the
bots'. Game i uses seed `seed + i`; with a second pack both packs play the same seeds,
so the comparison answers "what does changing this card do?" on equal luck.

Figures per pack: final scores (all seats), the winning margin (winner minus runner-up;
a solo game has none), each chair's win share with a 95 % Wilson interval, game length
in actions, and the mean of every item of the game's own score breakdown (Rail Line:
the points of each symbol row and coins; Railways: profit, markers, pollution; Linie 1:
its line figures). The report is one HTML file with the plots inline (PNG, base64) and
the numbers in tables beside them (`research/study_report.py`).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from stellwerk.frontends.simulation import Job
from stellwerk.research.stats import mean_interval, wilson

Runner = Callable[[list[Job], int], Iterable[dict[str, Any]]]


@dataclass(frozen=True)
class StudyPlan:
    game_id: str
    options: Mapping[str, Any]
    seats: tuple[str, ...]
    games: int
    seed: int


def study_jobs(plan: StudyPlan, pack_path: str) -> list[Job]:
    return [Job(plan.game_id, pack_path, plan.options, plan.seats, plan.seed + i, False)
            for i in range(plan.games)]


def summarise(outcomes: list[dict[str, Any]], seats: int) -> dict[str, Any]:
    """Every figure of one pack's report, from the simulated outcomes."""
    scores: list[float] = []
    margins: list[float] = []
    unscored = 0
    chair_wins = [0.0] * seats
    lengths = [float(o["steps"]) for o in outcomes]
    breakdown: dict[str, list[float]] = {}
    for outcome in outcomes:
        result = outcome["result"]
        got = [s for s in result["scores"] if s is not None]
        unscored += len(result["scores"]) - len(got)
        scores.extend(got)
        if seats > 1 and len(got) >= 2:
            ordered = sorted(got, reverse=not result["lower_is_better"])
            margins.append(abs(ordered[0] - ordered[1]))
        for chair in result["winners"]:
            chair_wins[chair] += 1 / len(result["winners"])
        for seat_breakdown in result["breakdown"]:
            for key, value in seat_breakdown.items():
                breakdown.setdefault(key, []).append(float(value))
    games = len(outcomes)

    def describe(values: list[float]) -> dict[str, Any]:
        if not values:
            return {"n": 0}
        mean, low, high = mean_interval(values)
        return {"n": len(values), "mean": round(mean, 3), "ci95": [round(low, 3), round(high, 3)],
                "stdev": round(statistics.pstdev(values), 3), "min": min(values),
                "max": max(values), "median": statistics.median(values)}

    chairs = []
    for chair, wins in enumerate(chair_wins):
        low, high = wilson(wins, games)
        chairs.append({"chair": chair + 1, "win_share": round(wins / games, 4),
                       "ci95": [round(low, 4), round(high, 4)]})
    return {
        "games": games,
        "scores": describe(scores), "scores_values": scores, "unscored_seats": unscored,
        "margin": describe(margins), "margin_values": margins,
        "length": describe(lengths), "length_values": lengths,
        "chairs": chairs if seats > 1 else [],
        "breakdown": {key: describe(values) for key, values in breakdown.items()},
    }


def run_study(plan: StudyPlan, packs: list[tuple[str, str]], runner: Runner, jobs: int,
              progress: Callable[[], None] | None = None) -> dict[str, Any]:
    """`packs` is [(label, path)]: one pack, or two to compare on the same seeds."""
    report: dict[str, Any] = {"game": plan.game_id, "options": dict(plan.options),
                              "seats": list(plan.seats), "games": plan.games,
                              "seeds": [plan.seed, plan.seed + plan.games - 1], "packs": []}
    for label, path in packs:
        outcomes = []
        for outcome in runner(study_jobs(plan, path), jobs):
            outcomes.append(outcome)
            if progress is not None:
                progress()
        report["packs"].append({"label": label, "path": path,
                                **summarise(outcomes, len(plan.seats))})
    return report
