"""Benelux Rails' rollout sampler: it draws one action of the rollout policy
without listing every candidate. Every draw is a listed candidate the engine accepts,
reading a state changes nothing, a seed repeats its draw, and where every cut build
path passes its check the draw is the listed policy's own."""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.core.companions import knowledge
from stellwerk.games.benelux_rails import rollout
from stellwerk.games.benelux_rails.candidates import build_candidates, build_paths
from stellwerk.games.benelux_rails.planner import PlannerBot
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.games.benelux_rails.snapshots import restore

from ..contract.conftest import game_and_pack

MAX_STEPS = 220        # planner games of two seats end after some 150 decisions


@cache
def _game(seed: int, seats: int) -> tuple[BeneluxState, ...]:
    """The states of one game of up to MAX_STEPS decisions, each the planner's or (one
    in three) a random candidate, so trains carry loads, networks grow and second
    trains appear."""
    game, pack = game_and_pack("benelux-rails")
    state = game.new_state({}, seed, pack, seats)
    assert isinstance(state, BeneluxState)
    chance = Chance(seed * 7 + 1)
    planner = PlannerBot(Chance(seed))
    states = []
    while len(states) < MAX_STEPS and (decision := state.decision()) is not None:
        states.append(state.clone())
        seat = decision.seats[0]
        action = planner.decide(state, seat)
        if chance.below(3) == 0 or action is None or not state.is_legal(seat, action):
            legal = state.candidate_actions(seat)
            action = legal[chance.below(len(legal))]
        state.apply(seat, action)
    return tuple(states)


def _state(seed: int, steps: int, seats: int = 2) -> BeneluxState:
    """A fresh copy of the state `steps` decisions into that game (its last if shorter)."""
    states = _game(seed, seats)
    return states[min(steps, len(states) - 1)].clone()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 3), steps=st.integers(0, MAX_STEPS - 1),
       seats=st.sampled_from((2, 3)), draw_seed=st.integers(0, 2**32))
def test_every_draw_is_a_listed_candidate_the_engine_accepts_and_reads_nothing_into_the_state(
        seed: int, steps: int, seats: int, draw_seed: int) -> None:
    state = _state(seed, steps, seats)
    decision = state.decision()
    assert decision is not None
    seat = decision.seats[0]
    legal = state.candidate_actions(seat)
    before = state.snapshot()
    every_path_checks = build_paths(state, seat) == build_candidates(state, seat)
    wanted = rollout.wanted_goods(state, seat)
    for k in range(4):
        chance = draw_seed + k
        listed = rollout.listed_rollout_action(state, seat, Chance(chance))
        for policy in (rollout.rollout_action, rollout.uniform_rollout_action):
            action = policy(state, seat, Chance(chance))
            assert action in legal, action
            state.check(seat, action)              # raises when illegal
            assert state.snapshot() == before
            state.clone().apply(seat, action)
            # the policy: deliver first (the best payout), never unload or discard,
            # load only wanted goods (the setup has no such choices)
            if listed[0] == "deliver":
                assert action == listed
            elif state.phase == "turn":
                assert rollout.sensible(action, wanted), action
        if every_path_checks:      # the uniform draw is the very draw of the listed policy
            assert rollout.uniform_rollout_action(state, seat, Chance(chance)) == listed


def test_a_draw_repeats_for_a_seed_and_an_equal_state_and_varies_across_seeds() -> None:
    kinds = set()
    for seed, steps in ((1, 30), (2, 60), (3, 100)):
        state = _state(seed, steps)
        seat = state.active
        restored = restore(state.snapshot(), state.t)
        assert isinstance(restored, BeneluxState)
        for k in range(15):
            for policy in (rollout.rollout_action, rollout.uniform_rollout_action):
                first = policy(state, seat, Chance(k))
                assert policy(state, seat, Chance(k)) == first
                assert policy(restored, seat, Chance(k)) == first
                kinds.add(first[0])
    assert len(kinds) >= 3, kinds


def test_a_draw_does_not_depend_on_what_the_seat_cannot_see() -> None:
    """The other hands and the deck redrawn (`determinized` for the drawing seat): the
    same chance draws the same action, so the draw reads nothing hidden from the seat."""
    for seed, steps in ((0, 50), (1, 90), (2, 130)):
        state = _state(seed, steps, 3)
        seat = state.active
        for k in range(8):
            other = state.determinized(seat, Chance(100 + k))
            assert ([p.hand for s, p in enumerate(other.players) if s != seat]
                    != [p.hand for s, p in enumerate(state.players) if s != seat]
                    or other.deck != state.deck)
            for policy in (rollout.rollout_action, rollout.uniform_rollout_action):
                assert policy(other, seat, Chance(k)) == policy(state, seat, Chance(k))


def test_a_build_path_that_fails_its_check_is_never_drawn(monkeypatch: Any) -> None:
    """Cut paths seldom fail their check (a city gone full, a way blocked), so the test
    adds failing ones: each path reversed (it starts off the network). The sampler
    draws many times, returns only listed candidates and never a failing path."""
    state = _state(3, 5)         # round 1: building only
    assert state.round == 1
    seat = state.active
    paths = build_paths(state, seat)
    failing = [p for p in (("build", *reversed(a[1:])) for a in paths)
               if not state.is_legal(seat, p)]
    assert len(failing) >= 3
    monkeypatch.setattr(rollout, "build_paths", lambda s, k: [*failing, *paths])
    legal = set(state.candidate_actions(seat))
    for policy in (rollout.rollout_action, rollout.uniform_rollout_action):
        drawn = {policy(state, seat, Chance(k)) for k in range(80)}
        assert drawn <= legal
        assert len(drawn) >= 3


def test_the_game_uses_the_sampler() -> None:
    game, _ = game_and_pack("benelux-rails")
    state = _state(1, 40)
    for k in range(10):
        assert (knowledge(game).rollout_action(state, state.active, Chance(k))
                == rollout.rollout_action(state, state.active, Chance(k)))
