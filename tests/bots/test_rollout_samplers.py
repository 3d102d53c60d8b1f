"""The rollout samplers that draw one action without listing them all:
every draw is one of the listed candidates, is accepted by `check` and `apply`, changes
nothing in the state it reads, and repeats for a seed."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.core.companions import knowledge
from stellwerk.games.railways import rollout as railways_rollout
from stellwerk.games.railways.rules import RailwaysState

from ..contract.conftest import game_and_pack

MAX_STEPS = 60        # a Railways game is about 25 decisions with two actions a round


def _railways_state(seed: int, steps: int):  # type: ignore[no-untyped-def]
    """A Railways state reached by `steps` random listed actions (None when over)."""
    game, pack = game_and_pack("railways")
    state = game.new_state({}, seed, pack, 1)
    chance = Chance(seed * 7 + 1)
    for _ in range(steps):
        if state.decision() is None:
            return None
        legal = state.legal_actions(0)
        state.apply(0, legal[chance.below(len(legal))])
    return state if state.decision() is not None else None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, MAX_STEPS),
       draw_seed=st.integers(0, 2**32))
def test_railways_draw_is_a_listed_candidate_and_changes_nothing(
        seed: int, steps: int, draw_seed: int) -> None:
    state = _railways_state(seed, steps)
    if state is None:
        return
    legal = state.legal_actions(0)
    before = state.snapshot()
    for k in range(5):
        action = railways_rollout.rollout_action(state, 0, Chance(draw_seed + k))
        assert action in legal, action
        state.check(0, action)                   # raises when illegal
        assert state.snapshot() == before
        after = state.clone()
        after.apply(0, action)


def test_railways_draw_repeats_for_a_seed_and_equal_state_and_varies_across_seeds() -> None:
    drawn = set()
    for seed, steps in ((1, 4), (2, 11), (3, 20)):
        state = _railways_state(seed, steps)
        assert state is not None
        restored = RailwaysState.from_snapshot(state.tables, state.snapshot())
        for k in range(20):
            first = railways_rollout.rollout_action(state, 0, Chance(k))
            assert railways_rollout.rollout_action(state, 0, Chance(k)) == first
            assert railways_rollout.rollout_action(restored, 0, Chance(k)) == first
            drawn.add(first[0])
    # the draw covers several kinds of action, not one
    assert len(drawn) >= 4, drawn


def test_railways_game_uses_the_sampler() -> None:
    game, _ = game_and_pack("railways")
    state = _railways_state(5, 9)
    assert state is not None
    for k in range(10):
        assert (knowledge(game).rollout_action(state, 0, Chance(k))
                == railways_rollout.rollout_action(state, 0, Chance(k)))
