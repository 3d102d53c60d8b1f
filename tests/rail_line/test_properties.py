"""Random legal play never breaks an invariant; illegal actions never change a state."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.core.errors import IllegalAction
from stellwerk.games.rail_line.rules import REFUSALS, RailLineState
from stellwerk.games.rail_line.tables import LINE_LENGTH, card_position
from tests.rail_line.support import GAME, PACK, snapshot

ALL_CARDS = Counter(PACK.data["cards"][i]["id"] for i in range(37))

# Actions that are well-formed but mostly illegal, and shapes that are not actions at all.
ODD_ACTIONS = st.one_of(
    st.tuples(st.sampled_from(["lay", "second", "discard"]),
              st.sampled_from(["A01", "B07", "B25", "Z99", ""])),
    st.tuples(st.sampled_from(["slow", "free"]), st.integers(-1, 7),
              st.sampled_from([None, "coal", "glass", "nonsense"])),
    st.tuples(st.sampled_from(["gain"]), st.sampled_from(["coal", "steel", "x", 3])),
    st.tuples(st.sampled_from(["side", "track"]), st.integers(-1, 4)),
    st.sampled_from([("pass",), ("decline",), ("keep",), ("refuse",), ("pass", 1), (), ("fly",),
                     ("lay",), ("slow", True, None)]),
    st.lists(st.integers(), max_size=3).map(tuple),
    st.just("pass"), st.none(),
)


def check_invariants(state: RailLineState) -> None:
    n = state.n
    # every card is in exactly one place
    places = (state.line + state.offer + state.deck + state.discards + state.removed
              + [c for hand in state.hands for c in hand])
    assert Counter(places) == ALL_CARDS
    assert len(state.line) <= LINE_LENGTH and len(state.offer) <= 4
    laid = len(state.line)
    if laid:
        assert state.head in (card_position(laid), card_position(laid) + 1)
    assert len(state.stations) == state.head + 1 or state.side == 0
    sizes = state.sheet.sizes
    for player in state.players:
        assert all(0 <= c <= size for c, size in zip(player.counts, sizes, strict=True))
        assert player.coins >= 0
        assert 0 <= player.slow <= state.head
        assert 0 <= player.refusals <= (REFUSALS if n == 3 else 0)
    tracks = [p.track for p in state.players if p.track >= 0]
    assert len(tracks) == len(set(tracks))
    decision = state.decision()
    if decision is None:
        result = state.result()
        assert list(result.scores) == [sum(parts.values()) for parts in result.breakdown]
        assert set(result.winners) == {s for s in range(n) if result.ranks[s] == 1}
    else:
        assert len(decision.seats) == 1 and 0 <= decision.seats[0] < n
        assert state.legal_actions(decision.seats[0])


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("sheet", ["I", "II"])
@settings(max_examples=25)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_random_legal_play_keeps_every_invariant(players, sheet, seed, data):
    state = GAME.new_state({"sheet": sheet}, seed, PACK, players)
    steps = 0
    while not state.is_over():
        seat = state.decision().seats[0]
        legal = state.legal_actions(seat)
        for action in legal:                          # the notation round-trips
            assert GAME.parse_action(GAME.format_action(action)) == action
        if data.draw(st.booleans(), label="try an odd action"):
            odd = data.draw(ODD_ACTIONS, label="odd action")
            if odd not in legal:
                before = snapshot(state)
                with pytest.raises(IllegalAction):
                    state.apply(seat, odd)            # type: ignore[arg-type]
                assert snapshot(state) == before
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="choice")]
        state.apply(seat, action)
        check_invariants(state)
        steps += 1
        assert steps < 400
    assert state.legal_actions(0) == []


def random_game(seed: int, steps: int) -> RailLineState:
    """A 3-player game after `steps` random legal actions (or its end)."""
    state = GAME.new_state({}, seed, PACK, 3)
    chooser = Chance(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.decision().seats[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[chooser.below(len(legal))])
    return state


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 60))
def test_a_clone_is_independent_and_replays_identically(seed, cut):
    state = random_game(seed, cut)
    twin = state.clone()
    before = snapshot(state)
    taken = []
    while not twin.is_over():
        seat = twin.decision().seats[0]
        action = twin.legal_actions(seat)[-1]
        twin.apply(seat, action)
        taken.append((seat, action))
    assert snapshot(state) == before            # independent: the original is untouched
    for seat, action in taken:                  # identical: the same actions, the same game
        state.apply(seat, action)
    assert slots(state) == slots(twin)
    assert state.result() == twin.result()


def slots(state):
    """Every slot of the state, the event log included, players and chance as data."""
    return {slot: getattr(state, slot) for slot in type(state).__slots__
            if slot not in ("tables", "sheet", "players", "chance")} | {
        "players": [vars_of(p) for p in state.players], "chance": state.chance.state}


def vars_of(player):
    return {slot: getattr(player, slot) for slot in type(player).__slots__}


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32), seat=st.integers(0, 2), cut=st.integers(0, 40))
def test_a_determinized_state_keeps_what_the_seat_sees(seed, seat, cut):
    state = random_game(seed, cut)
    sample = state.determinized(seat, Chance(seed + 1))
    assert sample.view(seat)["hand"] == state.view(seat)["hand"]
    mine, theirs = state.view(seat), sample.view(seat)
    mine.pop("log")
    theirs.pop("log")
    assert mine == theirs
    check_invariants(sample)


def test_same_seed_same_actions_same_game():
    def run(seed):
        state = GAME.new_state({"sheet": "II"}, seed, PACK, 3)
        while not state.is_over():
            seat = state.decision().seats[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[len(legal) // 2])
        return state.result().to_json()

    assert run(11) == run(11)
    assert any(run(11) != run(s) for s in (12, 13, 14))
