"""Rail Line's typed actions: every listed or chosen action is a value of its verb's class
whose `str()` is the notation and parses back to it; a plain tuple is the same action;
a typed value whose verb is not its class's is refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.core.companions import knowledge
from stellwerk.core.errors import IllegalAction
from stellwerk.games.rail_line import moves
from stellwerk.games.rail_line.constants import OPTIONAL
from stellwerk.games.rail_line.moves import KINDS, Lay, RailLineAction, Second

from .support import GAME, PACK, snapshot


def _typed_round_trip(action: object) -> None:
    assert isinstance(action, RailLineAction)
    assert type(action) is KINDS.by_verb[action[0]]
    text = str(action)
    assert text == GAME.format_action(action)
    again = GAME.parse_action(text)
    assert again == action and type(again) is type(action)
    assert hash(action) == hash(tuple(action))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), seats=st.sampled_from([2, 3]),
       sheet=st.sampled_from(["I", "II"]))
def test_every_listed_and_chosen_action_is_typed_and_reads_back(seed: int, seats: int,
                                                               sheet: str) -> None:
    state = GAME.new_state({"sheet": sheet}, seed, PACK, seats)
    chance = Chance(seed)
    while (decision := state.decision()) is not None:
        seat = decision.seats[0]
        for action in state.legal_actions(seat):
            _typed_round_trip(action)
        chosen = knowledge(GAME).rollout_action(state, seat, chance)
        _typed_round_trip(chosen)
        state.apply(seat, chosen)


def test_a_plain_tuple_is_the_same_action() -> None:
    typed = GAME.new_state({}, 5, PACK, 2)
    plain = GAME.new_state({}, 5, PACK, 2)
    chance = Chance(5)
    while (decision := typed.decision()) is not None:
        seat = decision.seats[0]
        action = knowledge(GAME).rollout_action(typed, seat, chance)
        typed.apply(seat, action)
        plain.apply(seat, tuple(action))       # an older caller's plain tuple
        assert typed.info_key(seat) == plain.info_key(seat)
    assert typed.result() == plain.result()


def test_a_typed_value_whose_verb_is_not_its_class_is_refused(new_game) -> None:
    state = new_game(players=2)
    seat = state.pending[1]
    state.apply(seat, state.legal_actions(seat)[0])
    assert state.pending[:2] == (OPTIONAL, seat)
    state.players[seat].coins = 2          # a second card is affordable
    card = state.hands[seat][0]
    assert ("second", card) in state.legal_actions(seat)
    before = snapshot(state)
    for forged in (Lay.of(("second", card)), Second.of(("lay", card))):
        with pytest.raises(IllegalAction):
            state.apply(seat, forged)
        assert snapshot(state) == before


def test_the_made_actions_are_their_verbs() -> None:
    assert moves.SLOWS[2]["coal"] == ("slow", 2, "coal")
    assert moves.FREES[5][None] == ("free", 5, None)
    assert moves.LAYS["A07"] is moves.LAYS["A07"] == ("lay", "A07")
    assert moves.TRACKS[0] == ("track", 1)
    assert {type(a) for a in (moves.PASS, moves.DECLINE, moves.KEEP, moves.REFUSE)} \
        == {KINDS.by_verb[v] for v in ("pass", "decline", "keep", "refuse")}
