"""Random games driven by hypothesis: after every action the invariants of
docs/games/railways.md#rw-rules hold, every listed action is legal, notation round-trips, refusals
change nothing, and records replay to the same result."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.core.errors import IllegalAction
from stellwerk.core.record import GameRecord, Seat, replay
from stellwerk.games.railways.rules import RailwaysState
from tests.railways.helpers import GAME, PACK, snapshot, table

BAD_ACTIONS = [("open", "A1", "1.1a"), ("build", "A1", 1, "3.1a"), ("add", "B2", "5.1a"),
               ("transport", "A1", "L", "B1", 9, "7.4a 7.4b"), ("upgrade", "F8", "4.4a"),
               ("capital", "8.4a 1.1a 4.1a 6.4a")]


def check_invariants(state: RailwaysState) -> None:
    t = state.tables
    assert 0 <= state.capital <= t.capital_max
    assert 1 <= state.pollution <= t.pollution_max
    assert 0 <= state.workers <= t.workers_max
    assert 0 <= state.markers_left <= 6
    assert len(state.hand) <= 3
    deck = sorted(state.hand + state.pile + state.discards)
    assert deck == sorted(set(range(1, 9)) - set(state.plan_cards))
    assert all(1 <= v <= t.passengers_max for v in state.dice.values())
    if state.phase != "setup":
        assert len(state.dice) + state.off_plan + len(state.region_dice) == 7
    for name in state.opened:
        assert name in state.plan.connections            # opened lines never change
    for cell, kind in state.built.items():
        assert state.plan.kinds[cell] == kind
    assert state.profit >= 0 and 1 <= state.round <= 12


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 10**6), min_size=40,
                                                  max_size=40))
def test_random_games_keep_every_invariant(seed: int, picks: list[int]) -> None:
    state = GAME.new_state({}, seed, PACK, 1)
    assert isinstance(state, RailwaysState)
    taken = []
    for step in range(60):
        if state.is_over():
            break
        legal = state.legal_actions(0)
        assert legal
        action = legal[picks[step % len(picks)] % len(legal)]
        text = GAME.format_action(action)
        assert GAME.parse_action(text) == action
        bad = BAD_ACTIONS[step % len(BAD_ACTIONS)]
        if bad not in legal:
            before = snapshot(state)
            try:
                state.apply(0, bad)
            except IllegalAction:
                assert snapshot(state) == before
            else:  # pragma: no cover - the fixed bad actions are never legal here
                raise AssertionError(f"{bad} was accepted")
        state.apply(0, action)
        taken.append(text)
        check_invariants(state)
    assert state.is_over()
    record = GameRecord(game="railways", engine_version=GAME.engine_version, options={},
                        pack_id=PACK.id, pack_sha256=PACK.sha256, seed=seed,
                        seats=[Seat("p", "random")], actions=[(0, t) for t in taken],
                        result=state.result().to_json())
    again = replay(GameRecord.from_json(record.to_json()), GAME)
    assert again.result() == state.result()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(1, 20))
def test_every_listed_action_is_legal_and_determinizing_hides_only_the_pile_order(
        seed: int, steps: int) -> None:
    state = GAME.new_state({}, seed, PACK, 1)
    chance = Chance(seed)
    for _ in range(steps):
        if state.is_over():
            return
        legal = state.legal_actions(0)
        for action in legal:
            twin = state.clone()
            twin.apply(0, action)                         # never raises
        sample = state.determinized(0, chance.fork())
        assert sample.view(0) == state.view(0)
        assert sorted(sample.pile) == sorted(state.pile)
        state.apply(0, legal[chance.below(len(legal))])


def test_clone_is_independent() -> None:
    state = GAME.new_state({}, 5, PACK, 1)
    twin = state.clone()
    twin.apply(0, twin.legal_actions(0)[0])
    assert state.phase == "setup" and twin.phase == "first"


WORDS = st.one_of(st.sampled_from(["open", "build", "transport", "hire", "capital", "clean",
                                   "add", "upgrade", "pass", "dice", "A1", "B1", "C2", "F8",
                                   "Z9", "", "R", "L", "B1+D1", "B1+B1", "6.2a 6.2b",
                                   "7.1a", "5.1a", "3.1a", "1.1a 4.1a", "9.9z",
                                   "A1=1 E1=1 B6=2 F5=2"]),
                  st.integers(-3, 9), st.text(max_size=8), st.none(), st.booleans())


@settings(max_examples=300, deadline=None)
@given(action=st.lists(WORDS, max_size=7).map(tuple), setup_done=st.booleans())
def test_any_input_is_either_legal_or_one_refusal_that_changes_nothing(
        action: tuple[object, ...], setup_done: bool) -> None:
    state = table(dice="A1=1 E1=1 B6=2 F5=2" if setup_done else None)
    before = snapshot(state)
    try:
        state.apply(0, action)
    except IllegalAction:
        assert snapshot(state) == before
    for text in (" ".join(map(str, action)), str(action)):
        with contextlib.suppress(IllegalAction):      # BadNotation is an IllegalAction
            GAME.parse_action(text)
