"""`stellwerk tournament`: bots against bots, rated with uncertainty.

A tournament is a list of *tables* (which bots sit together) and, per table, `games`
seeded games with the seat list turned by one each game, so every bot sits in every
chair equally often. Every table plays the same seeds (`seed`, `seed + 1`, ...), so
bots are compared on the same deals.

- round robin: every combination of `players` bots from the field is a table;
- gauntlet: the first bot against every combination of the others.

A solo game (Railways) has no opponents at the table: every bot plays each seed alone
and the bots are ranked by score on that seed, as if they had sat together.

Ratings are OpenSkill's Plackett-Luce (Weng and Lin 2011), updated game by game in the
fixed order of the schedule, so the same seeds give the same ratings whatever `--jobs`
is; but a rating depends on the order the games are taken in, so the standings are
sorted by what does not: each bot's win share (with its 95 % Wilson interval), then its
mean score; the rating stands beside them.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stellwerk.core.errors import BadOption
from stellwerk.frontends.jobs import Job
from stellwerk.research.stats import wilson

Runner = Callable[[list[Job], int], Iterable[dict[str, Any]]]


@dataclass(frozen=True)
class Plan:
    game_id: str
    pack_path: str
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    players: int            # seats per table (1 for a solo game)
    games: int              # games per table
    seed: int
    gauntlet: bool = False
    checkpoint: str | None = None  # a folder where each game keeps its position


def tables(plan: Plan) -> list[tuple[str, ...]]:
    """Which bots sit together. A solo game has one 'table' of all bots (see above)."""
    if plan.players == 1:
        return [plan.bots]
    if plan.gauntlet:
        hero, field = plan.bots[0], plan.bots[1:]
        return [(hero, *rest) for rest in itertools.combinations(field, plan.players - 1)]
    return list(itertools.combinations(plan.bots, plan.players))


def check_plan(plan: Plan, min_seats: int, max_seats: int) -> None:
    if len(set(plan.bots)) != len(plan.bots):
        raise BadOption("rs.twice")
    if len(plan.bots) < 2:
        raise BadOption("rs.two_bots")
    if plan.players != 1 and not min_seats <= plan.players <= max_seats:
        raise BadOption("rs.players", low=min_seats, high=max_seats, n=plan.players)
    if plan.players > len(plan.bots):
        raise BadOption("rs.bots_for", n=plan.players, m=plan.players)
    if plan.gauntlet and len(plan.bots) < plan.players:
        raise BadOption("rs.gauntlet")
    if plan.games < 1:
        raise BadOption("set.games")


def schedule(plan: Plan) -> list[Job]:
    jobs: list[Job] = []
    for table in tables(plan):
        for i in range(plan.games):
            if plan.players == 1:           # every bot alone on the same seed
                seatings: list[tuple[str, ...]] = [(bot,) for bot in table]
            else:
                turn = i % len(table)
                seatings = [tuple(table[turn:] + table[:turn])]
            jobs.extend(Job(plan.game_id, plan.pack_path, plan.options, seats,
                            plan.seed + i, False, checkpoint=plan.checkpoint)
                        for seats in seatings)
    return jobs


def _rankings(plan: Plan, jobs: list[Job], outcomes: list[dict[str, Any]]) -> \
        list[dict[str, Any]]:
    """One entry per game: bots, their ranks (1 = best) and scores, in schedule order."""
    games: list[dict[str, Any]] = []
    if plan.players != 1:
        for job, outcome in zip(jobs, outcomes, strict=True):
            result = outcome["result"]
            games.append({"seed": job.seed, "bots": list(job.seats),
                          "ranks": result["ranks"], "scores": result["scores"],
                          "lower_is_better": result["lower_is_better"]})
        return games
    width = len(plan.bots)
    lower = False
    for start in range(0, len(outcomes), width):
        chunk = outcomes[start:start + width]
        lower = chunk[0]["result"]["lower_is_better"]
        scores = [o["result"]["scores"][0] for o in chunk]
        keys = [(-1e18 if s is None else (-s if lower else s)) for s in scores]
        ranks = [1 + sum(1 for other in keys if other > key) for key in keys]
        games.append({"seed": jobs[start].seed, "bots": [o["seats"][0] for o in chunk],
                      "ranks": ranks, "scores": scores, "lower_is_better": lower})
    return games


def rate(bots: Sequence[str], games: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {bot: model.rating(name=bot) for bot in bots}
    for game in games:
        teams = [[ratings[bot]] for bot in game["bots"]]
        updated = model.rate(teams, ranks=list(game["ranks"]))
        for bot, team in zip(game["bots"], updated, strict=True):
            ratings[bot] = team[0]
    return {bot: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()}
            for bot, r in ratings.items()}


def run(plan: Plan, runner: Runner, jobs: int,
        progress: Callable[[], None] | None = None) -> dict[str, Any]:
    """Play the schedule with `runner` (local processes or Ray) and rate the bots."""
    work = schedule(plan)
    outcomes = []
    for outcome in runner(work, jobs):
        outcomes.append(outcome)
        if progress is not None:
            progress()
    games = _rankings(plan, work, outcomes)
    return {"game": plan.game_id, "options": dict(plan.options), "bots": list(plan.bots),
            "mode": "gauntlet" if plan.gauntlet else "round-robin",
            "players": plan.players, "games_per_table": plan.games,
            "seeds": [plan.seed, plan.seed + plan.games - 1],
            "tables": [list(t) for t in tables(plan)],
            "rating": "openskill PlackettLuce (ordinal = mu - 3 sigma)",
            "order": "win share", "standings": standings(plan.bots, games), "games": games}


def standings(bots: Sequence[str], games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each bot's win share with its Wilson interval, mean score and rating, best
    first by win share, then mean score: measures that do not depend on the order of
    the games (the rating's ordinal does, so it stands beside them and decides
    nothing)."""
    ratings = rate(bots, games)
    rows: list[dict[str, Any]] = []
    for bot in bots:
        played = [g for g in games if bot in g["bots"]]
        share = 0.0
        scores = []
        for g in played:
            seat = g["bots"].index(bot)
            if g["ranks"][seat] == 1:
                share += 1 / g["ranks"].count(1)
            if g["scores"][seat] is not None:
                scores.append(g["scores"][seat])
        low, high = wilson(share, len(played))
        rows.append({
            "bot": bot, **{k: round(v, 3) for k, v in ratings[bot].items()},
            "games": len(played), "win_share": round(share / len(played), 4) if played else 0.0,
            "win_ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(statistics.fmean(scores), 3) if scores else None})
    lower = any(game.get("lower_is_better") for game in games)

    def order(row: dict[str, Any]) -> tuple[float, float, str]:
        score = row["mean_score"]
        by_score = 0.0 if score is None else (score if lower else -score)
        return (-row["win_share"], by_score, row["bot"])

    rows.sort(key=order)
    return rows
