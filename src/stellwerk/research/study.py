"""`stellwerk study`: what a game (options, pack) does over many plays.

The same bots sit in every chair, so differences between chairs are the game's, not the
bots'. Game i uses seed `seed + i`; with a second pack both packs play the same seeds,
so the comparison answers "what does changing this card do?" on equal luck, game by
game (`research/compare.py`).

Figures per pack: final scores (all seats), the winning margin (winner minus runner-up;
a solo game has none), each chair's win share with a 95 % Wilson interval, the win
share by place in the turn order counted from the seat that decided first (in Benelux
Rails the start player is drawn by lot), game length in actions, the branching factor
(candidate actions per decision), lead changes, the win share by choice (card, demand,
kind of action; `research/course.py`; for a solo game the score by choice instead),
the mean of every item of the game's score breakdown
(Rail Line: the points of each symbol row and coins; Railways: profit, markers,
pollution; Linie 1: its line figures), and the game's own figures (`Study.figures`:
Rail Line rows filled and symbols gained, Railways challenges and pollution, Linie 1
lines and rounds, Benelux Rails rounds to win, deliveries and money per round).
`per_game` keeps each game's seed, scores, ranks, winners, length, first seat and a
digest of its actions. The report is one HTML file with the plots inline (PNG, base64)
and the numbers in tables beside them (`research/study_report.py`).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from stellwerk.frontends.jobs import Job
from stellwerk.research.compare import PRECISION, compare
from stellwerk.research.stats import mean_interval, share_figure, unpaired_interval

Runner = Callable[[list[Job], int], Iterable[dict[str, Any]]]


@dataclass(frozen=True)
class StudyPlan:
    game_id: str
    options: Mapping[str, Any]
    seats: tuple[str, ...]
    games: int
    seed: int


def study_jobs(plan: StudyPlan, pack_path: str) -> list[Job]:
    return [Job(plan.game_id, pack_path, plan.options, plan.seats, plan.seed + i, False,
                figures=True) for i in range(plan.games)]


def describe(values: list[float]) -> dict[str, Any]:
    """n, mean with its 95 % interval, spread and range of a list of numbers."""
    if not values:
        return {"n": 0}
    mean, low, high = mean_interval(values)
    return {"n": len(values), "mean": round(mean, 3), "ci95": [round(low, 3), round(high, 3)],
            "stdev": round(statistics.pstdev(values), 3), "min": min(values),
            "max": max(values), "median": statistics.median(values)}


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
    chairs = []
    for chair, wins in enumerate(chair_wins):
        chairs.append({"chair": chair + 1, **share_figure(wins, games)})
    played = [o["course"] for o in outcomes if o.get("course")]
    branching = [float(c["branching"]) for c in played]
    leads = [float(c["lead_changes"]) for c in played if c.get("lead_changes") is not None]
    return {
        "games": games,
        "scores": describe(scores), "scores_values": scores, "unscored_seats": unscored,
        "margin": describe(margins), "margin_values": margins,
        "length": describe(lengths), "length_values": lengths,
        "branching": describe(branching), "branching_values": branching,
        "lead_changes": describe(leads), "lead_changes_values": leads,
        "choices": by_choice(outcomes, seats),
        "choice_scores": by_choice_score(outcomes) if seats == 1 else [],
        "chairs": chairs if seats > 1 else [],
        "starts": by_start(outcomes, seats),
        "per_game": [per_game(o) for o in outcomes],
        "breakdown": {key: describe(values) for key, values in breakdown.items()},
        "figures": summarise_figures([o.get("figures") for o in outcomes], seats),
    }


def win_shares(result: Mapping[str, Any], seats: int) -> list[float]:
    """Each chair's share of one game's win (a first place shared by k seats: 1/k)."""
    winners = result["winners"]
    return [1 / len(winners) if chair in winners else 0.0 for chair in range(seats)]


def per_game(outcome: Mapping[str, Any]) -> dict[str, Any]:
    """One game as the JSON keeps it: enough to pair it with the other pack's game on
    the same seed and to tell whether the two went exactly alike."""
    result = outcome["result"]
    played = outcome.get("course") or {}
    return {"seed": outcome.get("seed"), "scores": result["scores"],
            "ranks": result["ranks"], "winners": result["winners"],
            "lower_is_better": result["lower_is_better"], "steps": outcome["steps"],
            "first": played.get("first"),
            "branching": played.get("branching"), "lead_changes": played.get("lead_changes"),
            "trace": played.get("trace")}


def by_choice(outcomes: list[dict[str, Any]], seats: int, least: int = 5) -> \
        list[dict[str, Any]]:
    """Win share of the seats that made each choice (a card, a demand, a kind of
    action: the game's `Study.choice`) at least once in a game, with its Wilson
    interval, against the share of the seats that did not; choices made in fewer than
    `least` seat-games are left out. Best first. A choice that goes with winning need
    not cause it (a leading seat can afford it)."""
    if seats < 2:
        return []
    made: dict[str, list[float]] = {}
    total = 0.0
    seat_games = 0
    for outcome in outcomes:
        choices = (outcome.get("course") or {}).get("choices")
        if not choices:
            continue
        shares = win_shares(outcome["result"], seats)
        seat_games += seats
        total += sum(shares)
        for seat, names in enumerate(choices):
            for name in names:
                made.setdefault(name, []).append(shares[seat])
    rows: list[dict[str, Any]] = []
    for name, shares_made in made.items():
        if len(shares_made) < least:
            continue
        won = sum(shares_made)
        others = seat_games - len(shares_made)
        rows.append({"choice": name, "seat_games": len(shares_made),
                     **share_figure(won, len(shares_made)),
                     "others": round((total - won) / others, 4) if others else None})
    rows.sort(key=lambda row: (-row["win_share"], row["choice"]))
    return rows


def by_choice_score(outcomes: list[dict[str, Any]], least: int = 5) -> \
        list[dict[str, Any]]:
    """For a solo game, where a win share means nothing: each choice's association
    with the final score (a card played, a kind of action: the game's `Study.chosen`),
    the mean score of the games in which it was made at least once minus the mean of
    the games in which it was not, with the 95 % normal interval of that difference
    (the two groups taken as independent samples). Choices made in fewer than `least`
    games are left out; a choice made in every game (or all but one) has no
    difference. Highest first. Going with a high score need not cause it."""
    games: list[tuple[float, set[str]]] = []
    for outcome in outcomes:
        choices = (outcome.get("course") or {}).get("choices")
        score = outcome["result"]["scores"][0]
        if not choices or score is None:
            continue
        games.append((float(score), set(choices[0])))
    names = sorted({name for _, made in games for name in made})
    rows: list[dict[str, Any]] = []
    for name in names:
        with_it = [score for score, made in games if name in made]
        without = [score for score, made in games if name not in made]
        if len(with_it) < least:
            continue
        row: dict[str, Any] = {"choice": name, "games": len(with_it),
                               "mean": round(statistics.fmean(with_it), 3),
                               "others_games": len(without),
                               "others_mean": round(statistics.fmean(without), 3)
                               if without else None,
                               "difference": None, "ci95": None}
        if len(with_it) >= 2 and len(without) >= 2:
            low, high = unpaired_interval(without, with_it)
            row["difference"] = round(statistics.fmean(with_it) - statistics.fmean(without), 3)
            row["ci95"] = [round(low, 3), round(high, 3)]
        rows.append(row)
    rows.sort(key=lambda row: (row["difference"] is None, -(row["difference"] or 0.0),
                               row["choice"]))
    return rows


def by_start(outcomes: list[dict[str, Any]], seats: int) -> dict[str, Any]:
    """Win share by place in the turn order counted from the seat that decided first
    (1 = the start player), with Wilson intervals, and how often each chair started.
    Empty for a solo game and where no single seat decides first (Linie 1)."""
    found = [(o.get("course") or {}).get("first") for o in outcomes]
    firsts = [int(first) for first in found if first is not None]
    if seats < 2 or not outcomes or len(firsts) < len(found):
        return {}
    wins = [0.0] * seats
    started = [0] * seats
    for outcome, first in zip(outcomes, firsts, strict=True):
        started[first] += 1
        shares = win_shares(outcome["result"], seats)
        for place in range(seats):
            wins[place] += shares[(first + place) % seats]
    games = len(outcomes)
    places = []
    for place, won in enumerate(wins):
        places.append({"place": place + 1, **share_figure(won, games)})
    return {"places": places, "started": started}


def summarise_figures(per_game: list[dict[str, Any] | None], seats: int) -> dict[str, Any]:
    """The game's own figures (`Study.figures`) over all games: every named number
    pooled and described; every series per chair, round by round, as the mean with the
    middle half of the games as its band (`series_band`)."""
    numbers: dict[str, dict[str, list[float]]] = {}
    curves: dict[str, list[list[list[float]]]] = {}
    for figures in per_game:
        if not figures:
            continue
        for group, named in figures["numbers"].items():
            pooled = numbers.setdefault(group, {})
            for name, values in named.items():
                pooled.setdefault(name, []).extend(values)
        for title, per_seat in figures["series"].items():
            chairs = curves.setdefault(title, [[] for _ in range(seats)])
            for chair, curve in enumerate(per_seat):
                chairs[chair].append(curve)
    return {
        "numbers": {group: {name: describe(values) for name, values in named.items()}
                    for group, named in numbers.items()},
        "series": {title: [{"chair": chair + 1, **series_band(chair_curves)}
                           for chair, chair_curves in enumerate(chairs)]
                   for title, chairs in curves.items()},
    }


def series_band(curves: list[list[float]]) -> dict[str, list[float]]:
    """Round r (1, 2, ...): the games that reached it (n), their mean, and the 25th and
    75th percentiles. Games end after different rounds, so a late round's figures stand
    on fewer games; rounds reached by fewer than a tenth of the games are left out."""
    longest = max((len(c) for c in curves), default=0)
    enough = max(1, -(-len(curves) // 10))
    band: dict[str, list[float]] = {"round": [], "n": [], "mean": [], "low": [], "high": []}
    for r in range(longest):
        values = sorted(c[r] for c in curves if len(c) > r)
        if len(values) < enough:
            break
        band["round"].append(r + 1)
        band["n"].append(len(values))
        band["mean"].append(round(statistics.fmean(values), 3))
        low, high = _quartiles(values)
        band["low"].append(round(low, 3))
        band["high"].append(round(high, 3))
    return band


def _quartiles(ordered: list[float]) -> tuple[float, float]:
    if len(ordered) == 1:
        return ordered[0], ordered[0]
    q1, _, q3 = statistics.quantiles(ordered, n=4, method="inclusive")
    return q1, q3


def run_study(plan: StudyPlan, packs: list[tuple[str, str]], runner: Runner, jobs: int,
              progress: Callable[[], None] | None = None,
              precision: float = PRECISION) -> dict[str, Any]:
    """`packs` is [(label, path)]: one pack, or two to compare on the same seeds (then
    `comparison` holds the paired differences, `research/compare.py`)."""
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
    if len(report["packs"]) == 2:
        first, second = report["packs"]
        report["comparison"] = compare(first, second, len(plan.seats), precision)
    return report
