"""Rail Line undo at the terminal table: a card laid from one's own hand can be
taken back, exactly, up to the next card drawn from the hidden deck; the network
barrier (`reveals()`) still counts the laid hand card."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.contract import State
from stellwerk.frontends.table.history import TableHistory
from stellwerk.games import get_game

GAME = get_game("rail-line")


def history(seats: int = 2, seed: int = 3, sheet: str = "I") -> TableHistory:
    return TableHistory(GAME, GAME.parse_options({"sheet": sheet}, seats), seed,
                        GAME.load_pack(), seats)


def exactly(state: State) -> str:
    """Everything: the whole snapshot (hands, line, sheets, deck order, chance) and
    every seat's view."""
    views: list[Any] = [state.view(s) for s in range(state.n)]  # type: ignore[attr-defined]
    return json.dumps([state.snapshot(), views, state.public_view()], sort_keys=True,
                      default=str)


def to_first_lay(h: TableHistory) -> State:
    state = h.new_state()
    h.apply(state, 0, ("side", 1))
    for seat in range(state.n):  # type: ignore[attr-defined]
        h.apply(state, seat, state.candidate_actions(seat)[0])   # tracks
    assert state.decision().prompt == "rl.ask.lay"  # type: ignore[union-attr]
    return state


def lays(state: State, seat: int, source: str) -> list[Any]:
    cards = {c["card"] for c in state.view(seat)[source]}
    return [a for a in state.candidate_actions(seat) if a[0] == "lay" and a[1] in cards]


def test_a_card_laid_from_hand_is_taken_back_exactly() -> None:
    h = history()
    state = to_first_lay(h)
    before = exactly(state)
    hand_before = [c["card"] for c in state.view(0)["hand"]]
    action = lays(state, 0, "hand")[0]
    h.apply(state, 0, action)
    assert action[1] not in [c["card"] for c in state.view(0)["hand"]]
    assert state.reveals() > h.steps[-1].reveals_before   # the network table would bar it
    assert h.can_undo(0) and not h.can_undo(1)
    state = h.undo(0)
    assert exactly(state) == before
    assert [c["card"] for c in state.view(0)["hand"]] == hand_before


def test_no_undo_past_a_card_drawn_from_the_deck() -> None:
    h = history()
    state = to_first_lay(h)
    deck = state.view(0)["deck"]
    h.apply(state, 0, lays(state, 0, "offer")[0])
    assert state.view(0)["deck"] == deck - 1           # the offer was refilled
    assert not h.can_undo(0)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), seats=st.sampled_from([2, 3]),
       sheet=st.sampled_from(["I", "II"]), picks=st.lists(st.integers(0, 99), min_size=40,
                                                          max_size=40))
def test_undo_goes_back_through_own_actions_to_the_last_draw_and_no_further(
        seed: int, seats: int, sheet: str, picks: list[int]) -> None:
    h = history(seats, seed, sheet)
    state = h.new_state()
    seen: list[tuple[int, str, int]] = []      # (seat, state before, deck before)
    for pick in picks:
        decision = state.decision()
        if decision is None:
            break
        seat = decision.seats[0]
        actions = state.candidate_actions(seat)
        seen.append((seat, exactly(state), state.view(seat)["deck"]))
        h.apply(state, seat, actions[pick % len(actions)])
    # take back as far as the table allows: each step gives back the state before it,
    # and it stops exactly at another seat's action or a card drawn from the deck
    last_seat = h.steps[-1].seat if h.steps else 0
    while h.can_undo(last_seat):
        seat, before, deck_before = seen.pop()
        assert seat == last_seat and state.view(seat)["deck"] == deck_before
        state = h.undo(last_seat)
        assert exactly(state) == before
    if h.steps:
        last = h.steps[-1]
        assert last.seat != last_seat or last.reveals_before != last.reveals_after
