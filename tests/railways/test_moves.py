"""Railways' typed actions: every listed or drawn action is a value of its verb's class
whose `str()` is the notation and parses back to it; a plain tuple is the same action;
a typed value whose verb is not its class's is refused and changes nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.core.companions import knowledge
from stellwerk.core.errors import IllegalAction
from stellwerk.games.railways.moves import KINDS, Hire, RailwaysAction
from tests.railways.helpers import GAME, PACK, snapshot, table


def _typed_round_trip(action: object) -> None:
    assert isinstance(action, RailwaysAction)
    assert type(action) is KINDS.by_verb[action[0]]
    text = str(action)
    assert text == GAME.format_action(action) == GAME.format_action(tuple(action))
    again = GAME.parse_action(text)
    assert again == action and type(again) is type(action)
    assert hash(action) == hash(tuple(action))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_every_listed_and_drawn_action_is_typed_and_reads_back(seed: int) -> None:
    state = GAME.new_state({}, seed, PACK, 1)
    chance = Chance(seed)
    while state.decision() is not None:
        listed = state.legal_actions(0)
        for action in listed[:60]:              # the dice: hundreds alike
            _typed_round_trip(action)
        drawn = knowledge(GAME).rollout_action(state, 0, chance)
        _typed_round_trip(drawn)
        state.apply(0, drawn)


def test_a_plain_tuple_is_the_same_action() -> None:
    typed = GAME.new_state({}, 3, PACK, 1)
    plain = GAME.new_state({}, 3, PACK, 1)
    chance = Chance(3)
    while typed.decision() is not None:
        action = knowledge(GAME).rollout_action(typed, 0, chance)
        typed.apply(0, action)
        plain.apply(0, tuple(action))          # an older caller's plain tuple
        assert typed.info_key(0) == plain.info_key(0)
    assert typed.result() == plain.result()
    assert typed.events(0) == plain.events(0)


def test_a_typed_value_whose_verb_is_not_its_class_is_refused() -> None:
    state = table()
    hiring = next(a for a in state.legal_actions(0) if a[0] == "hire")
    before = snapshot(state)
    forged = Hire.of(("clean", hiring[1]))     # says "clean", is of the class Hire
    with pytest.raises(IllegalAction):
        state.check(0, forged)
    with pytest.raises(IllegalAction):
        state.apply(0, forged)
    assert snapshot(state) == before
    state.apply(0, Hire(hiring[1]))
    assert state.workers == before["workers"] + 1
