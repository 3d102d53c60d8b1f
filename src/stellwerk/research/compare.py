"""`stellwerk study --compare`: the paired difference of two packs played on the same
seeds.

Game i of pack A and game i of pack B share their seed, so each figure is compared
game by game: the mean of the differences (B minus A) with its 95 % Student t
interval, and a test suited to it: exact McNemar on the games where the chair won more
in one pack than in the other (win shares; a first place shared by k seats counts 1/k),
the paired t-test and the Wilcoxon signed-rank test (scores, margin, length,
branching, lead changes). Beside each: the interval two separate samples would give
(to show what the pairing bought) and the games a comparison needs for a 95 %
interval of +- the stated precision (win shares: that share; other figures: that
fraction of pack A's mean). Games that went exactly alike in both packs (the same
actions and result) are counted; when every game did, the change altered nothing
these bots do, and the report says so.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping
from typing import Any

from stellwerk.research.stats import (
    games_needed,
    mcnemar,
    paired_t,
    t_interval,
    unpaired_interval,
    wilcoxon,
)

PRECISION = 0.02    # default: +-2 points of share, or +-2 % of pack A's mean

Game = Mapping[str, Any]
Value = Callable[[Game], float | None]


def _mean_score(game: Game) -> float | None:
    scores = [s for s in game["scores"] if s is not None]
    return statistics.fmean(scores) if scores else None


def _margin(game: Game) -> float | None:
    scores = [s for s in game["scores"] if s is not None]
    if len(game["scores"]) < 2 or len(scores) < 2:
        return None
    ordered = sorted(scores, reverse=not game["lower_is_better"])
    return abs(ordered[0] - ordered[1])


def _chair_score(chair: int) -> Value:
    return lambda game: game["scores"][chair]


def _share(chair: int, game: Game) -> float:
    winners = game["winners"]
    return 1 / len(winners) if chair in winners else 0.0


def _chair_won(chair: int) -> Value:
    return lambda game: _share(chair, game)


def _place_won(place: int) -> Value:
    return lambda game: _share((game["first"] + place) % len(game["scores"]), game)


def _plain(key: str) -> Value:
    return lambda game: None if game.get(key) is None else float(game[key])


def identical(a: Game, b: Game) -> bool:
    """The same actions and the same result (the trace is a digest of the actions)."""
    keys = ("scores", "winners", "steps", "trace")
    return all(a.get(k) == b.get(k) for k in keys)


def _pairs(games_a: list[Game], games_b: list[Game], value: Value) -> \
        tuple[list[float], list[float]]:
    xs: list[float] = []
    ys: list[float] = []
    for a, b in zip(games_a, games_b, strict=True):
        x, y = value(a), value(b)
        if x is not None and y is not None:
            xs.append(float(x))
            ys.append(float(y))
    return xs, ys


def _rounded(pair: tuple[float, float], digits: int = 4) -> list[float]:
    return [round(pair[0], digits), round(pair[1], digits)]


def _significant(p: float) -> float:
    """A p-value to three significant digits (a tiny one stays visible, not 0.0)."""
    return float(f"{p:.3g}")


def paired_figure(xs: list[float], ys: list[float], share: bool,
                  precision: float) -> dict[str, Any]:
    """One figure's paired comparison (B minus A) from its per-game values."""
    n = len(xs)
    if n == 0:
        return {"games": 0}
    differences = [y - x for x, y in zip(xs, ys, strict=True)]
    mean, low, high = t_interval(differences)
    unpaired = unpaired_interval(xs, ys)
    paired_width, unpaired_width = high - low, unpaired[1] - unpaired[0]
    spread = statistics.stdev(differences) if n > 1 else 0.0
    half_width = precision if share else precision * abs(statistics.fmean(xs))
    figure: dict[str, Any] = {
        "games": n, "a": round(statistics.fmean(xs), 4), "b": round(statistics.fmean(ys), 4),
        "difference": round(mean, 4), "ci95": _rounded((low, high)),
        "unpaired_ci95": _rounded(unpaired),
        "width_ratio": round(paired_width / unpaired_width, 3) if unpaired_width else None,
        "half_width": round(half_width, 4),
        "games_needed": games_needed(spread, half_width)}
    if share:
        only_a = sum(1 for x, y in zip(xs, ys, strict=True) if x > y)
        only_b = sum(1 for x, y in zip(xs, ys, strict=True) if y > x)
        figure.update(test="mcnemar", p=_significant(mcnemar(only_a, only_b)),
                      discordant=[only_a, only_b])
    else:
        figure.update(test="paired-t", p=_significant(paired_t(differences)),
                      wilcoxon_p=_significant(wilcoxon(differences)))
    return figure


def compare(pack_a: Mapping[str, Any], pack_b: Mapping[str, Any], seats: int,
            precision: float = PRECISION) -> dict[str, Any]:
    """Every figure of two packs' studies, paired game by game."""
    games_a, games_b = list(pack_a["per_game"]), list(pack_b["per_game"])
    wanted: list[tuple[dict[str, Any], Value, bool]] = [({"figure": "score"}, _mean_score,
                                                         False)]
    if seats > 1:
        wanted += [({"figure": "chair_win", "chair": c + 1}, _chair_won(c), True)
                   for c in range(seats)]
        if any(g.get("first") for g in games_a + games_b) and \
                all(g.get("first") is not None for g in games_a + games_b):
            wanted += [({"figure": "place_win", "place": p + 1}, _place_won(p), True)
                       for p in range(seats)]
        wanted += [({"figure": "chair_score", "chair": c + 1}, _chair_score(c), False)
                   for c in range(seats)]
        wanted.append(({"figure": "margin"}, _margin, False))
    wanted.append(({"figure": "length"}, _plain("steps"), False))
    for key in ("branching", "lead_changes"):
        if all(g.get(key) is not None for g in games_a + games_b):
            wanted.append(({"figure": key}, _plain(key), False))
    figures = [{**name, **paired_figure(*_pairs(games_a, games_b, value), share, precision)}
               for name, value, share in wanted]
    alike = sum(1 for a, b in zip(games_a, games_b, strict=True) if identical(a, b))
    return {"labels": [pack_a["label"], pack_b["label"]], "games": len(games_a),
            "precision": precision, "identical_games": alike,
            "identical": bool(games_a) and alike == len(games_a), "figures": figures}
