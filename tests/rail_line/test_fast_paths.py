"""Rail Line's fast paths give exactly what they replace: the written-out
draws (draws.py) `Chance`'s numbers, the same shuffles and the chance left in the same
state, so a determinization is the same sample it was; the free move's question
`stations_ahead`'s answer."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.games.rail_line import RailLine, draws


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), size=st.integers(0, 140))
def test_shuffle_is_chances_shuffle(seed: int, size: int) -> None:
    ours, theirs = Chance(seed), Chance(seed)
    mine, reference = list(range(size)), list(range(size))
    draws.shuffle(ours, mine)
    theirs.shuffle(reference)
    assert mine == reference
    assert ours.state == theirs.state


class _Asked(Chance):
    """A chance of its own class: its own shuffle must be asked."""

    asked = 0

    def shuffle(self, items):  # type: ignore[no-untyped-def]
        self.asked += 1
        super().shuffle(items)


def test_a_chance_of_its_own_class_shuffles_itself() -> None:
    chance = _Asked(4)
    draws.shuffle(chance, [1, 2, 3])
    assert chance.asked == 1


def test_the_bound_is_belows() -> None:
    # below(1000) draws again at and above this bound: 2**64 less 2**64 mod 1000
    assert draws.BOUND_1000 == 2**64 - 2**64 % 1000
    assert draws.BOUND_1000 % 1000 == 0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), seats=st.sampled_from([2, 3]),
       sheet=st.sampled_from(["I", "II"]))
def test_a_station_ahead_exactly_when_stations_ahead_names_one(seed: int, seats: int,
                                                               sheet: str) -> None:
    game = RailLine()
    state = game.new_state({"sheet": sheet}, seed, game.load_pack(), seats)
    chance = Chance(seed)
    while (decision := state.decision()) is not None:
        for seat in range(seats):
            assert state.station_ahead(seat) == bool(state.stations_ahead(seat))
        legal = state.legal_actions(decision.seats[0])
        state.apply(decision.seats[0], legal[chance.below(len(legal))])
