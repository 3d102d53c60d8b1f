"""Hypothesis-driven random play: invariants after every action, and any refused action
(random junk, typed paths, foreign seats) leaves the state exactly as it was."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.core.errors import IllegalAction
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.games.benelux_rails.tables import ACCESS_LIMIT
from stellwerk.games.benelux_rails.trains import TRAINS

from .helpers import GAME, new_state


def check_invariants(state: BeneluxState) -> None:
    t = state.t
    assert all(p.money >= 0 for p in state.players)
    seen: set[int] = set()
    for s, p in enumerate(state.players):
        for e in p.edges:
            a, b = t.ends(e)
            assert b in t.adjacent[a]                 # only between neighbouring mileposts
            assert state.owner[e] == s                # one owner per pair
            assert e not in seen
            seen.add(e)
        assert 1 <= len(p.trains) <= 2
        for loco in p.trains:
            assert len(loco.loads) <= TRAINS[loco.kind].capacity
        assert len(p.hand) <= state.hand_limit(s) or state.phase != "turn"
        if len(p.trains) == 2 and state.phase == "turn" and state.deck:
            assert len(p.hand) == 4       # the limit rose to 4 when the train was bought
    assert set(state.owner) == seen
    for city in t.cities:
        if city.size != "major":
            joined = sum(city.centre in p.nodes for p in state.players)
            assert joined <= ACCESS_LIMIT[city.size]
    for good in range(len(t.chips)):
        assert state.chips_free(good) >= 0, t.goods[good]
    for owners in state.ferry_owners:
        assert len(owners) <= 2


JUNK = st.one_of(
    st.tuples(st.sampled_from(["build", "move", "load", "unload", "deliver", "upgrade",
                               "keep", "start", "ferry", "end", "discard", "fly",
                               "buy-train"]),
              st.lists(st.one_of(st.integers(-5, 200), st.text(max_size=5),
                                 st.sampled_from(["C5", "C6", "F7", "coal", "B12", "H1",
                                                  "noordstad", "via", "A1", "L14", "Käse",
                                                  "Brüssel"])),
                       max_size=5)).map(lambda x: (x[0], *x[1])),
    st.just(()), st.just(("build",)), st.integers().map(lambda n: (n,)))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31), seats=st.sampled_from([2, 3]),
       variant=st.sampled_from(["standard", "fast"]), junk=st.lists(JUNK, max_size=30))
def test_random_play_keeps_invariants_and_refusals_change_nothing(
        seed: int, seats: int, variant: str, junk: list[tuple[object, ...]]) -> None:
    state = new_state(seed, seats, variant)
    chance = Chance(seed)
    for step in range(160):
        decision = state.decision()
        if decision is None:
            break
        seat = decision.seats[0]
        if junk and step % 5 == 0:
            action = junk.pop()
            before = state.snapshot()
            for who in range(seats):
                try:
                    state.check(who, action)   # type: ignore[arg-type]
                except IllegalAction:
                    assert state.snapshot() == before
            try:
                state.apply(seat, action)   # type: ignore[arg-type]
            except IllegalAction:
                assert state.snapshot() == before
            else:
                check_invariants(state)
                continue
            with contextlib.suppress(IllegalAction):   # never any other exception
                GAME.parse_action(" ".join(str(x) for x in action))
        legal = state.legal_actions(seat)
        assert legal
        for other in range(seats):
            if other != seat:
                assert state.legal_actions(other) == []
        action = legal[chance.below(len(legal))]
        buys = [a for a in legal if a[0] == "buy-train"]
        if buys and chance.below(3) == 0:   # buy often, so two-train play is exercised
            action = buys[chance.below(len(buys))]
        state.apply(seat, action)
        check_invariants(state)
        # notation round-trips for everything the engine offers
        assert GAME.parse_action(GAME.format_action(action)) == action


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_refused_actions_leave_the_state_byte_for_byte_unchanged(seed: int) -> None:
    state = new_state(seed, 2)
    chance = Chance(seed)
    t = state.t
    for _ in range(60):
        decision = state.decision()
        if decision is None:
            break
        seat = decision.seats[0]
        for _ in range(3):   # random typed paths, most of them illegal
            start = chance.below(t.n)
            path = [start]
            for _ in range(chance.below(5) + 1):
                path.append(chance.choice(t.adjacent[path[-1]] or (path[-1],)))
            action = ("build", *(t.names[p] for p in path))
            before = state.snapshot()
            try:
                state.clone().apply(seat, action)
            except IllegalAction:
                assert state.snapshot() == before
        legal = state.legal_actions(seat)
        state.apply(seat, legal[chance.below(len(legal))])
