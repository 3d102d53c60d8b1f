"""The candidate listings remembered per track (memo.remembered, kept on
pathfind.Track) are the listings a fresh state makes: over whole
random games, on states and on the clones a search makes of them (which share the memo
until their tracks part), with the same deeds trusted; the memo never shows in a
snapshot, a view, an info key or a pickle, and a sample trusts only what it listed.
A listed build's quick check (candidates._check_build) gives what the full check gives,
and a move's remembered check (actions._plan) what a fresh one gives."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

from stellwerk.core.chance import Chance
from stellwerk.core.errors import IllegalAction
from stellwerk.core.trust import UNKNOWN, Trusted
from stellwerk.games.benelux_rails import candidates, pathfind
from stellwerk.games.benelux_rails.actions import check_action
from stellwerk.games.benelux_rails.rules import BeneluxState

from .helpers import GAME, give_track, set_up


def fresh(state: BeneluxState, seat: int) -> tuple[list[Any], list[Any], dict[Any, Any]]:
    """The listing, the build paths and the deeds trusted, worked out afresh: a clone
    whose track is a plain mapping remembers nothing (no listings, no move searches)."""
    plain = state.clone()
    plain.owner = dict(state.owner)
    plain.trusted = Trusted()
    listed = plain.candidate_actions(seat)
    return listed, candidates.build_paths(plain, seat), deeds(plain, seat, listed)


def deeds(state: BeneluxState, seat: int, listed: list[Any]) -> dict[Any, Any]:
    """The deeds trusted for the listed actions."""
    known = [(action, state.trusted.recall(seat, action)) for action in listed]
    return {(action, seat): deed for action, deed in known if deed is not UNKNOWN}


def assert_as_fresh(state: BeneluxState, seat: int) -> list[Any]:
    state.trusted = Trusted()
    listed = state.candidate_actions(seat)
    again = state.candidate_actions(seat)            # the second time from the memo
    paths = candidates.build_paths(state, seat)
    want, want_paths, want_deeds = fresh(state, seat)
    assert listed == again == want
    assert paths == want_paths
    assert deeds(state, seat, listed) == want_deeds
    for action in paths:
        assert outcome(candidates._check_build, state, seat, action) == \
            outcome(check_action, state, seat, action)
    plain = state.clone()
    plain.owner = dict(state.owner)
    for action in listed:
        if action[0] == "move":          # the check of a move is remembered too (twice:
            for _ in range(2):           # the second time from the memo)
                assert outcome(check_action, state, seat, action) == \
                    outcome(check_action, plain, seat, action)
    return listed


def outcome(check: Callable[..., Any], state: BeneluxState, seat: int, action: Any) -> Any:
    """The deed, or the key of the refusal."""
    try:
        return check(state, seat, action)
    except IllegalAction as refused:
        return refused.key


def play(state: BeneluxState, seed: int, steps: int) -> int:
    """Random play in the search's pattern: list on the state, try picks on clones
    (each listed on again), go on with one of them. Returns the steps compared."""
    chance = Chance(seed)
    compared = 0
    for _ in range(steps):
        decision = state.decision()
        if decision is None:
            break
        seat = decision.seats[0]
        listed = assert_as_fresh(state, seat)
        for _ in range(3):
            trial = state.clone()
            trial.apply(seat, listed[chance.below(len(listed))])
            if (after := trial.decision()) is not None:
                assert_as_fresh(trial, after.seats[0])
        state.candidate_actions(seat)   # trusted again (assert_as_fresh started afresh)
        state.apply(seat, listed[chance.below(len(listed))])
        compared += 1
    return compared


def test_remembered_listings_are_fresh_listings_over_whole_games_on_the_tiny_map() -> None:
    compared = 0
    for seed in range(3):
        state = set_up(seed, ("noordstad", "zuidhaven", "bergheim"))
        compared += play(state, seed, 250)
    assert compared > 500


def test_remembered_listings_are_fresh_listings_on_the_real_map() -> None:
    for seed, variant in ((7, "standard"), (8, "fast")):
        state = GAME.new_state({"variant": variant}, seed, GAME.load_pack(), 2 + seed % 2)
        assert isinstance(state, BeneluxState)
        assert play(state, seed, 120) == 120


def test_a_changed_track_or_a_hand_made_change_lists_afresh() -> None:
    state = set_up(1)
    seat = state.active
    listed = state.candidate_actions(seat)
    assert isinstance(state.owner, pathfind.Track) and state.owner.listings
    copy = state.owner.copy()
    assert copy.listings is state.owner.listings            # shared by clones
    build = next(a for a in listed if a[0] == "build")
    state.apply(seat, build)
    assert state.owner.listings is None and copy.listings   # the builder let go of it
    assert_as_fresh(state, seat)
    state.players[seat].money = 1          # by hand: the budget is in the key
    assert_as_fresh(state, seat)
    state.ferry_owners[0].append(1 - seat)
    assert_as_fresh(state, seat)


def test_the_memo_shows_nowhere() -> None:
    state = set_up(2, ("noordstad", "zuidhaven", "bergheim"))
    untouched = state.clone()
    untouched.owner = pathfind.Track(state.owner)
    state.candidate_actions(state.active)
    assert state.owner.listings
    for seat in (None, 0, 1, 2):
        assert state.events(seat) == untouched.events(seat)
    for seat in range(3):
        assert state.view(seat) == untouched.view(seat)
        assert state.info_key(seat) == untouched.info_key(seat)
    assert state.public_view() == untouched.public_view()
    assert state.snapshot() == untouched.snapshot()
    track = pickle.loads(pickle.dumps(state.owner))
    assert track == state.owner and track.listings is None and track.moves is None


def test_a_sample_trusts_only_what_it_lists_itself() -> None:
    state = set_up(1)
    seat = state.active
    state.candidate_actions(seat)
    sample = state.determinized(seat, Chance(3))
    assert len(sample.trusted) == 0
    assert sample.owner.listings is state.owner.listings     # the same track: shared
    listed = assert_as_fresh(sample, seat)
    assert deeds(sample, seat, listed)


def test_a_remembered_move_check_sees_the_money_and_the_points() -> None:
    """A move over another player's track, checked (and remembered), is refused once the
    fee cannot be paid any more or the points are gone."""
    state = set_up(1)
    seat, t = state.active, state.t
    loco = state.players[seat].trains[0]
    city = t.cities[t.city_at[loco.position]].mileposts     # the start: a major city
    edge, first = next((m, j) for m in city for j in t.adjacent[m] if j not in city)
    second = next(j for j in t.adjacent[first] if j not in city)
    give_track(state, 1 - seat, t.names[edge], t.names[first], t.names[second])
    move = ("move", t.names[second])
    kind, (_, _, path, paid) = check_action(state, seat, move)
    assert kind == "move" and path[-2:] == [first, second] and paid == 1 << (1 - seat)
    state.players[seat].money = 0
    assert outcome(check_action, state, seat, move) == "br.bad.fee"
    state.players[seat].money = 50
    assert outcome(check_action, state, seat, move)[0] == "move"
    loco.points = 1
    assert outcome(check_action, state, seat, move) == "br.bad.move_unreachable"
