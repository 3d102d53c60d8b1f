"""`apply` skips the check only for the very action object `check` accepted on this state
(or on the original of a clone that has not changed since), for the same seat:
everything else is checked in full, and an illegal action changes nothing."""

from __future__ import annotations

import pytest

from stellwerk.core.chance import Chance
from stellwerk.core.errors import IllegalAction
from stellwerk.core.trust import UNKNOWN, Trusted
from stellwerk.games.benelux_rails.candidates import candidate_actions

from .helpers import fingerprint, give_track, set_up

# candidates.py checks these kinds as it lists them (moves, `end`, `discard` and buying a
# train are listed unchecked, and so are checked when applied)
CHECKED_WHEN_LISTED = ("build", "load", "unload", "deliver", "upgrade", "ferry")


def test_a_listed_action_is_trusted_and_does_what_the_full_check_does() -> None:
    """Random play: each listed action applied once trusted (to a clone of the state it
    was listed on) and once checked in full (a clone that trusts nothing) gives the same
    state; every trusted apply really skipped the check."""
    for seed in range(3):
        state = set_up(seed, ("noordstad", "zuidhaven", "bergheim"))
        chance = Chance(seed)
        for _ in range(120):
            seat = state.active
            listed = state.legal_actions(seat)
            action = listed[chance.below(len(listed))]
            trusting, checking = state.clone(), state.clone()
            checking.trusted = Trusted()
            if action[0] in CHECKED_WHEN_LISTED and len(state.players[seat].trains) == 1:
                assert state.trusted.recall(seat, action) is not UNKNOWN
            trusting.apply(seat, action)
            checking.apply(seat, action)
            assert fingerprint(trusting) == fingerprint(checking)
            state.apply(seat, action)
            assert len(state.trusted) == 0
            if state.is_over():
                break


def test_an_equal_but_other_tuple_is_checked_in_full() -> None:
    state = set_up(1)
    seat = state.active
    build = next(a for a in candidate_actions(state, seat) if a[0] == "build")
    assert state.trusted.recall(seat, build) is not UNKNOWN
    state.players[seat].money = 0          # changed by hand: the listing is stale now
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="no credit"):
        state.apply(seat, tuple(list(build)))
    assert fingerprint(state) == before


def test_a_listed_action_is_refused_to_another_seat() -> None:
    state = set_up(1)
    seat = state.active
    listed = state.legal_actions(seat)
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(1 - seat, listed[-1])
    assert fingerprint(state) == before


def test_a_listed_action_is_checked_again_once_the_state_changed() -> None:
    state = set_up(1)
    seat = state.active
    give_track(state, seat, "C4", "D4", "E4")
    end = next(a for a in state.legal_actions(seat) if a == ("end",))
    state.apply(seat, end)
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(seat, end)              # the same object, now at the wrong time
    assert fingerprint(state) == before


def test_only_plain_words_and_numbers_are_trusted() -> None:
    state = set_up(1)
    seat = state.active
    state.trusted = Trusted()
    for action in [("end",), ("discard",)]:
        state.check(seat, action)
        assert state.trusted.recall(seat, action) is not UNKNOWN
    flag = ("end", True)
    with pytest.raises(IllegalAction):
        state.check(seat, flag)             # refused: never remembered
    assert state.trusted.recall(seat, flag) is UNKNOWN and len(state.trusted) == 2


def test_a_sample_trusts_nothing_its_original_checked() -> None:
    state = set_up(1)
    seat = state.active
    state.legal_actions(seat)
    assert len(state.trusted)
    assert len(state.determinized(seat, Chance(1)).trusted) == 0
    assert len(state.determinized(1 - seat, Chance(1)).trusted) == 0
