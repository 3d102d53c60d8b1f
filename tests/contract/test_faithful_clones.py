"""`State.clone()` is faithful, for every game and every seat count: along a seeded random
game, a clone shows every seat and onlooker exactly what the original shows (views,
public view, events), has the same information-state key per seat (`info_key`, which
the search bots index their trees by), the same decision and the same legal actions,
and stays equal to the original when both take the same actions.

Benelux Rails' random games run to well over a thousand actions with views that are
dear to build, so past its opening the comparison is made at every `LATE_STRIDE`-th
action (the clones still follow every action in between)."""

from __future__ import annotations

from typing import Any

import pytest

from stellwerk.core.chance import Chance
from stellwerk.core.contract import State

from .conftest import GAME_IDS, game_and_pack

EVERY_STEP = 60     # actions from the start compared one by one
LATE_STRIDE = 25    # after that, one comparison every so many actions


def cases() -> list[tuple[str, int]]:
    out = []
    for game_id in GAME_IDS:
        game, _pack = game_and_pack(game_id)
        out += [(game_id, seats) for seats in range(game.min_seats, game.max_seats + 1)]
    return out


def seen(state: State, seats: int) -> dict[str, Any]:
    """Everything a player, an onlooker or a bot can learn of `state`."""
    decision = state.decision()
    return {
        "decision": decision,
        "public": state.public_view(),
        "views": [state.view(seat) for seat in range(seats)],
        "keys": [state.info_key(seat) for seat in range(seats)],
        "events": [state.events(None), *(state.events(seat) for seat in range(seats))],
        "legal": None if decision is None else
        {seat: state.legal_actions(seat) for seat in decision.seats},
        "result": state.result() if state.is_over() else None,
    }


def assert_alike(original: dict[str, Any], copy: State, seats: int, what: str) -> None:
    other = seen(copy, seats)
    for part, value in original.items():
        assert other[part] == value, f"{what}: its {part} differs from the original's"


@pytest.mark.parametrize(("game_id", "seats"), cases())
def test_a_clone_shows_and_plays_exactly_as_its_original(game_id: str, seats: int) -> None:
    game, pack = game_and_pack(game_id)
    state = game.new_state({}, 11 + seats, pack, seats)
    chance = Chance(seats)
    follower: State | None = None      # a clone made at the last comparison
    step = 0
    while True:
        if step < EVERY_STEP or step % LATE_STRIDE == 0 or state.is_over():
            here = seen(state, seats)
            assert_alike(here, state.clone(), seats, f"a clone at action {step}")
            if follower is not None:
                assert_alike(here, follower, seats,
                             f"a clone that took the same actions up to action {step}")
            follower = state.clone()
        decision = state.decision()
        if decision is None:
            break
        seat = decision.seats[0]
        legal = state.candidate_actions(seat)
        action = legal[chance.below(len(legal))]
        state.apply(seat, action)
        assert follower is not None
        follower.apply(seat, action)
        step += 1
    assert step > 10
