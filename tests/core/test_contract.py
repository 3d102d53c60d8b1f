"""`rank_seats`: ranks (1 = best, ties share) and winners from comparable keys."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from stellwerk.core.contract import Result, rank_seats


def test_higher_is_better_by_default() -> None:
    assert rank_seats([(10,), (30,), (20,)]) == ((3, 1, 2), (1,))


def test_lower_is_better() -> None:
    assert rank_seats([(10,), (30,), (20,)], lower_is_better=True) == ((1, 3, 2), (0,))


def test_ties_share_a_rank_and_the_next_rank_is_skipped() -> None:
    assert rank_seats([(5,), (9,), (9,), (1,)]) == ((3, 1, 1, 4), (1, 2))
    assert rank_seats([(9,), (5,), (5,), (1,)]) == ((1, 2, 2, 4), (0,))
    assert rank_seats([(5,), (9,), (9,), (1,)], lower_is_better=True) == ((2, 3, 3, 1), (3,))


def test_everyone_tied_all_win() -> None:
    assert rank_seats([(4, 1)] * 3) == ((1, 1, 1), (0, 1, 2))


def test_tiebreak_keys_separate_equal_scores() -> None:
    # equal score, more coins wins; equal score and coins share
    assert rank_seats([(20, 1), (20, 3), (18, 9)]) == ((2, 1, 3), (1,))
    assert rank_seats([(20, 3), (20, 3), (18, 9)]) == ((1, 1, 3), (0, 1))


def test_single_seat_and_no_seats() -> None:
    assert rank_seats([(0,)]) == ((1,), (0,))
    assert rank_seats([]) == ((), ())


@given(st.lists(st.tuples(st.integers(-5, 5), st.integers(0, 2)), min_size=1, max_size=6),
       st.booleans())
def test_ranks_agree_with_counting_better_seats(keys: list[tuple[int, int]],
                                                lower: bool) -> None:
    ranks, winners = rank_seats(keys, lower_is_better=lower)
    for seat, key in enumerate(keys):
        better = sum(1 for other in keys if (other < key if lower else other > key))
        assert ranks[seat] == better + 1
    best = min(keys) if lower else max(keys)
    assert winners == tuple(s for s, k in enumerate(keys) if k == best)


def test_result_to_json_is_plain_lists_and_dicts() -> None:
    result = Result(scores=(3.0, 5.0), ranks=(2, 1), winners=(1,),
                    breakdown=({"a": 3.0}, {"a": 5.0}), tiebreak=((1,), (0,)))
    assert result.to_json() == {
        "scores": [3.0, 5.0], "ranks": [2, 1], "winners": [1],
        "breakdown": [{"a": 3.0}, {"a": 5.0}], "tiebreak": [[1], [0]],
        "lower_is_better": False,
    }
