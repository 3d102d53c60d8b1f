"""A game that cannot list its actions says so (`Game.enumerable`), and then indeed
cannot: Linie 1's candidates are a sample of its orders. The promises every game keeps
are stellwerk.testing.contract_tests."""

from __future__ import annotations

from stellwerk.games import get_game
from stellwerk.testing.states import unfinished_states


def test_linie1_says_it_cannot_list_its_orders_and_indeed_cannot() -> None:
    assert get_game("linie1").enumerable is False
    assert get_game("rail-line").enumerable and get_game("railways").enumerable
    state = unfinished_states("linie1")[0][0]
    sample = state.candidate_actions(0)
    singles = [a for a in sample if len(a) == 4]
    outside = [first + second[1:] for first in singles[:15] for second in singles[:15]
               if first + second[1:] not in sample and state.is_legal(0, first + second[1:])]
    assert outside, "every two-placement order is in the sample: then list them all"
