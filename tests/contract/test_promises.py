"""The contract's promises beyond the basic loop, for every game:
`check`/`is_legal` agree with `apply` and change nothing; `candidate_actions` equals
`legal_actions` where the game is enumerable; `info_key` is hashable and tells apart
states the seat can tell apart."""

from __future__ import annotations

import json
from typing import Any

import pytest

from stellwerk.core.chance import Chance
from stellwerk.core.errors import IllegalAction
from stellwerk.games import get_game

from .conftest import GAME_IDS, unfinished_states

NONSENSE: list[Any] = [(), ("pass", 1, 2, 3), ("lay", "Z99"), ("order", "A1", "curve", 45),
                       ("dice", "{x}"), ("transport", "A1", "Q", "B1", 9, "1.1a"), (None,),
                       ("open", ["B1"], "1.1a")]


def apply_ok(state: Any, seat: int, action: Any) -> bool:
    try:
        state.clone().apply(seat, action)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_check_agrees_with_apply_and_changes_nothing(game_id: str) -> None:
    for state, _ in unfinished_states(game_id):
        seat = state.decision().seats[0]
        before = json.dumps(state.snapshot(), sort_keys=True)
        candidates = state.candidate_actions(seat)
        assert candidates
        for action in [*candidates[:30], *NONSENSE]:
            assert state.is_legal(seat, action) == apply_ok(state, seat, action), action
        for action in candidates[:30]:
            assert state.is_legal(seat, action)
        assert json.dumps(state.snapshot(), sort_keys=True) == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_candidates_are_the_legal_actions_where_the_game_can_list_them(game_id: str) -> None:
    # (Linie 1 documents legal_actions as the same sample: contract.State.legal_actions)
    for state, seats in unfinished_states(game_id):
        for seat in range(seats):
            assert state.candidate_actions(seat) == state.legal_actions(seat)


def test_linie1_says_it_cannot_list_its_orders_and_indeed_cannot() -> None:
    assert get_game("linie1").enumerable is False
    assert get_game("rail-line").enumerable and get_game("railways").enumerable
    state = unfinished_states("linie1")[0][0]
    sample = state.candidate_actions(0)
    singles = [a for a in sample if len(a) == 4]
    outside = [first + second[1:] for first in singles[:15] for second in singles[:15]
               if first + second[1:] not in sample and state.is_legal(0, first + second[1:])]
    assert outside, "every two-placement order is in the sample: then list them all"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_info_key_is_hashable_and_changes_with_what_the_seat_sees(game_id: str) -> None:
    for state, seats in unfinished_states(game_id):
        keys = {seat: state.info_key(seat) for seat in range(seats)}
        assert all(hash(k) is not None for k in keys.values())
        seat = state.decision().seats[0]
        after = state.clone()
        after.apply(seat, state.candidate_actions(seat)[0])
        assert (after.info_key(seat) == state.info_key(seat)) == (
            after.view(seat) == state.view(seat))


HISTORY = ("log", "last_report")    # left out of the games' own keys (history only)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_info_keys_differ_exactly_when_the_views_differ(game_id: str) -> None:
    seen: dict[Any, str] = {}
    for state, seats in unfinished_states(game_id):
        for seat in range(seats):
            view = {k: v for k, v in state.view(seat).items() if k not in HISTORY}
            text = json.dumps(view, sort_keys=True)
            key = state.info_key(seat)
            assert seen.setdefault(key, text) == text, "two different views share a key"
            twin = state.determinized(seat, Chance(1))
            assert twin.info_key(seat) == key
    assert len(seen) > 3
