"""What a finished game pays each seat, the same in every research adapter.

With several seats a seat's return is the share of the other seats it finished ahead
of minus the share that finished ahead of it:

    (seats ranked below it - seats ranked above it) / (seats - 1)

A sole winner gets 1, a sole last -1, and with distinct ranks this is
`(seats - rank) / (seats - 1) * 2 - 1`. Seats that share a place share the returns
of the places they span evenly (two seats tied first of three get 0.5 each, the
average of 1 and 0; a drawn two-seat game pays 0 to both), so the returns always sum
to 0: the zero-sum form OpenSpiel's algorithms (CFR, exploitability, minimax values)
expect. A solo game returns its final score (None, no score, counts as 0).
"""

from __future__ import annotations

from collections.abc import Sequence

from stellwerk.core.contract import Result


def rank_returns(ranks: Sequence[int]) -> list[float]:
    """The return of every seat from its rank (1 = best, tied seats share a rank)."""
    seats = len(ranks)
    if seats < 2:
        raise ValueError("rank returns need at least two seats")
    return [(sum(1 for other in ranks if other > rank)
             - sum(1 for other in ranks if other < rank)) / (seats - 1) for rank in ranks]


def final_returns(result: Result) -> list[float]:
    """The returns of a finished game: rank returns, or the score when solo."""
    if len(result.ranks) == 1:
        return [float(result.scores[0] or 0.0)]
    return rank_returns(result.ranks)
