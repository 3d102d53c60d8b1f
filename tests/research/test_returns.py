"""Rank returns: zero-sum, 1 for a sole winner and -1 for a sole last, tied seats share
the places they span evenly, and distinct ranks pay `(seats - rank) / (seats - 1) * 2 - 1`."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stellwerk.core.contract import Result, rank_seats
from stellwerk.research.returns import final_returns, rank_returns

# ranks as a game gives them: from comparable keys (1 = best, equal keys share a rank)
keys = st.lists(st.integers(0, 4), min_size=2, max_size=6)


def ranks_of(values: list[int]) -> tuple[int, ...]:
    return rank_seats([(v,) for v in values])[0]


@given(keys)
def test_rank_returns_sum_to_zero_and_lie_within_one(values: list[int]) -> None:
    returns = rank_returns(ranks_of(values))
    assert sum(returns) == pytest.approx(0.0)
    assert all(-1.0 <= r <= 1.0 for r in returns)


@given(keys)
def test_tied_seats_share_the_mean_return_of_the_places_they_span(values: list[int]) -> None:
    ranks = ranks_of(values)
    seats = len(ranks)
    returns = rank_returns(ranks)
    for seat, rank in enumerate(ranks):
        tied = ranks.count(rank)
        places = range(rank, rank + tied)
        spanned = sum((seats - place) / (seats - 1) * 2 - 1 for place in places) / tied
        assert returns[seat] == pytest.approx(spanned)


@given(st.permutations(range(1, 7)).flatmap(
    lambda p: st.integers(2, 6).map(lambda n: [r for r in p if r <= n])))
def test_distinct_ranks_pay_by_place(ranks: list[int]) -> None:
    seats = len(ranks)
    assert rank_returns(ranks) == pytest.approx(
        [(seats - rank) / (seats - 1) * 2 - 1 for rank in ranks])


def test_a_sole_winner_gets_one_a_draw_nothing() -> None:
    assert rank_returns([1, 2]) == [1.0, -1.0]
    assert rank_returns([1, 1]) == [0.0, 0.0]
    assert rank_returns([1, 1, 3]) == [0.5, 0.5, -1.0]
    assert rank_returns([1, 2, 2]) == [1.0, -0.5, -0.5]


def test_a_solo_game_returns_its_score() -> None:
    def solo(score: float | None) -> Result:
        return Result(scores=(score,), ranks=(1,), winners=(0,), breakdown=({},))
    assert final_returns(solo(37.0)) == [37.0]
    assert final_returns(solo(None)) == [0.0]
    with pytest.raises(ValueError, match="at least two seats"):
        rank_returns([1])
