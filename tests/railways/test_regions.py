"""Building regions: type from the neighbour, Leisure when alone, no joining of different
types, merging into large regions, building on rail spaces and closing broken lines
(docs/games/railways.md#rw-actions: Build a region, and D)."""

from __future__ import annotations

from tests.railways.helpers import act, cell, refused, table


def builder(capital: int = 10):  # type: ignore[no-untyped-def]
    state = table(hand=(3, 6, 7))                  # card 3 field 1: build
    state.capital = capital
    return state


def test_alone_it_is_leisure_and_costs_twice_the_die() -> None:
    state = builder()
    act(state, "build B2 die 3 with 3.1a")
    assert state.built == {cell("B2"): "L"}
    assert state.dice[cell("B2")] == 3
    assert state.capital == 4
    assert state.region_dice == [1, 2]
    assert state.plan.regions[cell("B2")] == (cell("B2"),)


def test_next_to_a_region_it_takes_its_type_and_they_become_one_large_region() -> None:
    state = builder()
    act(state, "build B5 die 1 with 3.1a")         # below the line into B6 (R)
    assert state.built == {cell("B5"): "R"}
    region = state.plan.region_of[cell("B6")]
    assert state.plan.region_of[cell("B5")] == region
    assert state.region_passengers(region) == 1 + 2


def test_it_may_not_join_regions_of_different_types() -> None:
    state = builder()
    refused(state, "build C2 die 1 with 3.1a", "rw.build_joins")   # between C1 (C) and C3 (I)


def test_not_on_a_region_not_unaffordable_not_without_a_die() -> None:
    state = builder(capital=3)
    refused(state, "build A1 die 1 with 3.1a", "rw.build_on_region")
    refused(state, "build B2 die 2 with 3.1a", "rw.build_cost")
    state.region_dice = [1]
    refused(state, "build B2 die 3 with 3.1a", "rw.no_region_die")
    refused(state, "build B2 die 1 with 6.1a", "rw.wrong_symbol")


def test_not_on_a_rail_space_of_an_opened_connection() -> None:
    state = builder()
    state.opened["D6"] = False
    refused(state, "build D6 die 1 with 3.1a", "rw.build_on_open")


def test_on_a_rail_space_it_stops_being_rail_closes_a_broken_line_and_splits_a_line() -> None:
    state = builder()
    assert cell("C6") in state.plan.incomplete    # B6 (R) - C6 breaks off at the card edge
    act(state, "build D6 die 1 with 3.1a")         # a rail space of D5(L)-F7(I), next to D5
    assert state.built == {cell("D6"): "L"}
    conns = state.plan.connections
    closed = conns["C6"]                           # the broken line now reaches D6
    assert {state.plan.kinds[e] for e in closed.ends} == {"R", "L"} and closed.length == 1
    assert "D6" not in conns                       # the old 3-rail line is split ...
    assert conns["D7"].length == 2                 # ... into D6(L)-F7(I) over D7, E7
    assert state.plan.region_of[cell("D6")] == state.plan.region_of[cell("D5")]


def test_a_region_built_next_to_a_built_one_takes_its_type() -> None:
    # docs/games/railways.md#rw-rules: regions of one type touching form one large region (seed
    # example 3)
    state = table(hand=(3, 8, 6))                  # cards 3 and 8 both build
    state.capital = 20
    act(state, "build B5 die 1 with 3.1a")         # next to B6 (R)
    act(state, "build A5 die 2 with 8.1a")         # next to B5, now R
    assert state.built == {cell("B5"): "R", cell("A5"): "R"}
    region = state.plan.region_of[cell("B6")]
    assert state.plan.regions[region] == (cell("A5"), cell("B5"), cell("B6"))
    assert state.region_passengers(region) == 1 + 2 + 2
    assert state.capital == 20 - 2 - 4


def test_a_region_beside_two_types_is_refused_even_when_one_was_built() -> None:
    state = table(hand=(3, 8, 6))
    state.capital = 20
    act(state, "build C5 die 1 with 3.1a")         # next to D5 (L): Leisure
    assert state.built == {cell("C5"): "L"}
    refused(state, "build C6 die 2 with 8.1a", "rw.build_joins")   # touches B6 (R) and C5 (L)


def test_three_regions_per_game_at_most() -> None:
    state = builder(capital=20)
    state.region_dice = []
    refused(state, "build B2 die 1 with 3.1a", "rw.no_region_die")
