"""Small statistics for bot comparisons and pack comparisons: Wilson intervals for win
rates, a normal interval for a mean, and for paired games (two packs on the same seeds)
the t interval of the mean difference, exact McNemar, the paired t and Wilcoxon
signed-rank tests, and the games a stated precision needs (all 95 %)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (shared wins count as fractions)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def share_figure(won: float, games: int) -> dict[str, Any]:
    """A win share as the studies report it: the share and its Wilson interval, to four
    places."""
    low, high = wilson(won, games)
    return {"win_share": round(won / games, 4), "ci95": [round(low, 4), round(high, 4)]}


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal-approximation interval (needs two values for a width)."""
    if not values:
        return (math.nan, math.nan, math.nan)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, mean, mean)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, mean - half, mean + half)


def _scipy_stats() -> Any:
    """scipy.stats, loaded when a paired comparison needs it (it takes a moment)."""
    from scipy import stats  # type: ignore[import-untyped]

    return stats


def t_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float, float]:
    """Mean and its Student t interval (the paired differences of a comparison)."""
    stats = _scipy_stats()
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, mean, mean)
    half = float(stats.t.ppf((1 + level) / 2, len(values) - 1)) * \
        statistics.stdev(values) / math.sqrt(len(values))
    return (mean, mean - half, mean + half)


def unpaired_interval(a: Sequence[float], b: Sequence[float], z: float = Z95) -> \
        tuple[float, float]:
    """The normal interval of mean(b) - mean(a) as if the two samples were independent
    (what two separate intervals claim); its width against the paired one shows what
    playing both on the same seeds bought."""
    difference = statistics.fmean(b) - statistics.fmean(a)
    if len(a) < 2 or len(b) < 2:
        return (difference, difference)
    half = z * math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    return (difference - half, difference + half)


def mcnemar(only_a: int, only_b: int) -> float:
    """Exact McNemar p-value (two-sided): of the pairs where exactly one side won, is
    the split `only_a` : `only_b` further from even than chance allows?"""
    stats = _scipy_stats()
    discordant = only_a + only_b
    if discordant == 0:
        return 1.0
    return float(stats.binomtest(only_b, discordant, 0.5).pvalue)


def paired_t(differences: Sequence[float]) -> float:
    """Two-sided p-value of the paired t-test (mean difference zero); 1 when every
    difference is zero, 0 when they are all the same non-zero value."""
    stats = _scipy_stats()
    if not any(differences):
        return 1.0
    if len(differences) < 2:
        return 1.0
    if statistics.pstdev(differences) == 0:
        return 0.0
    return float(stats.ttest_1samp(differences, 0.0).pvalue)


def wilcoxon(differences: Sequence[float]) -> float:
    """Two-sided p-value of the Wilcoxon signed-rank test (zeros dropped); 1 when no
    difference is left."""
    stats = _scipy_stats()
    if sum(1 for d in differences if d) < 1:
        return 1.0
    return float(stats.wilcoxon(differences, zero_method="wilcox").pvalue)


def games_needed(stdev: float, half_width: float, z: float = Z95) -> int | None:
    """How many paired games give a 95 % interval of +- `half_width` when the
    differences spread by `stdev` (None when they do not spread at all)."""
    if stdev <= 0 or half_width <= 0:
        return None
    return max(2, math.ceil((z * stdev / half_width) ** 2))
