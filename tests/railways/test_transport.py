"""Transport: routes on opened connections, never through a region twice, ending at the
first region of the target type; every reward, the L conversion table and the caps
(docs/games/railways.md#rw-actions: Transport a passenger; Upgrade a connection)."""

from __future__ import annotations

import pytest

from stellwerk.games.railways.actions import legal_actions, routes
from stellwerk.games.railways.rules import conversion_cost
from tests.railways.helpers import act, cell, refused, table

# hand 5, 6, 7: tickets 5.3a (+ target L 5.3b), 6.3a, 7.4a (+ target L 7.4b);
# targets R 5.4a, C 5.4b, C 6.2b, I 7.2b


def network(*names: str, upgraded: tuple[str, ...] = (),  # type: ignore[no-untyped-def]
            hand: tuple[int, ...] = (5, 6, 7)):
    state = table(hand=hand, pile=tuple(c for c in (5, 6, 7, 8) if c not in hand)[:1])
    for name in names:
        state.opened[name] = name in upgraded
    return state


def test_transport_to_commercial() -> None:
    state = network("B1")                          # A1(R) - C1(C), 1 rail
    act(state, "transport A1 to C via B1 with 6.3a 6.2b")
    assert state.profit == 1                       # one region entered
    assert state.capital == 5 + 1                  # C bonus + 1 rail space
    assert state.pollution == 1 + 1 + 1            # extra field of card 6, C bonus
    assert cell("A1") not in state.dice and state.off_plan == 1   # the die 1 left
    assert state.delivered == {"C"}


def test_profit_counts_every_region_entered_and_capital_every_rail() -> None:
    state = network("B1", "C2")                    # A1 -> C1 (C) -> C3 (I)
    act(state, "transport A1 to I via B1+C2 with 7.4a 7.2b")
    assert state.profit == 2
    assert state.capital == 2
    assert state.workers == 3                      # I bonus: +1 rail worker
    assert state.pollution == 1 + 1 + 1            # card 7 fields 2 and 4, I bonus


def test_the_passenger_stops_at_the_first_region_of_the_target_type() -> None:
    state = network("B1", "C2", "D1")
    refused(state, "transport A1 to L via B1+C2 with 7.4a 7.4b", "rw.route_wrong_end")
    refused(state, "transport A1 to C via B1+D1 with 6.3a 6.2b", "rw.route_passes_target")
    act(state, "transport A1 to L via B1+D1 with 7.4a 7.4b")
    assert state.profit == 2


def test_a_route_may_not_pass_its_first_target_region() -> None:
    state = network("B1", "C2")
    # from C3 (I) via C1 (C) on to A1 (R) is fine; a passenger bound for C stops at C1
    state.dice[cell("C3")] = 1
    refused(state, "transport C3 to C via C2+B1 with 6.3a 6.2b", "rw.route_passes_target")
    act(state, "transport C3 to R via C2+B1 with 6.3a 5.4a")
    assert state.profit == 2


def test_never_through_a_region_twice() -> None:
    state = network("B1", "A2", "E2", "D1")        # a ring A1-C1-E1-D4-A1
    state.dice[cell("D4")] = 1
    refused(state, "transport A1 to I via B1+D1+E2+A2 with 7.4a 7.2b", "rw.route_twice")


def test_only_opened_connections_carry_and_routes_must_join() -> None:
    state = network("B1")
    refused(state, "transport A1 to I via B1+C2 with 7.4a 7.2b", "rw.route_not_open")
    state = network("B1", "E5")
    refused(state, "transport A1 to L via B1+E5 with 7.4a 7.4b", "rw.route_gap")


def test_the_player_chooses_among_all_routes() -> None:
    state = network("B1", "A2", "E2", "D1")
    found = sorted("+".join(r) for r in routes(state, cell("A1"), "L"))
    assert found == ["A2+E2", "B1+D1"]
    offered = {a[3] for a in legal_actions(state) if a[0] == "transport" and a[2] == "L"
               and a[1] == "A1"}
    assert offered == {"A2+E2", "B1+D1"}
    act(state, "transport A1 to L via A2+E2 with 7.4a 7.4b")
    assert state.capital == 5 + 3                  # the longer route pays more


def test_upgraded_connections_pay_double_capital() -> None:
    state = network("A2", upgraded=("A2",))        # A1(R) - D4(C), 5 rails
    act(state, "transport A1 to C via A2 with 6.3a 6.2b")
    assert state.capital == 5 + 2 * 5


def test_capital_is_capped_at_twenty() -> None:
    state = network("A2", upgraded=("A2",))
    state.capital = 12
    act(state, "transport A1 to C via A2 with 6.3a 6.2b")
    assert state.capital == 20


def test_residential_lowers_pollution_but_not_below_one() -> None:
    state = network("B1")
    state.dice[cell("C1")] = 1
    state.pollution = 4
    act(state, "transport C1 to R via B1 with 5.3a 5.4a")
    assert state.pollution == 4 + 1 - 1            # extra field on card 5, then R bonus
    state = network("B1")
    state.dice[cell("C1")] = 1
    act(state, "transport C1 to R via B1 with 6.3a 5.4a")
    assert state.pollution == 1


def test_industrial_caps_rail_workers_at_six() -> None:
    state = network("B1", "C2")
    state.workers = 6
    act(state, "transport A1 to I via B1+C2 with 7.4a 7.2b")
    assert state.workers == 6


@pytest.mark.parametrize(("tier", "cost"), [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15)])
def test_leisure_conversion_table(tier: int, cost: int) -> None:
    assert conversion_cost(tier) == cost
    state = network("D1")                          # C1(C) - E1(L)
    state.dice[cell("C1")] = 2
    state.capital = 15
    act(state, f"transport C1 to L via D1 convert {tier} with 7.4a 7.4b")
    assert state.profit == 1 + tier
    assert state.capital == 15 - cost + 1          # the route's rail comes after


def test_leisure_conversion_must_be_affordable_and_only_at_leisure() -> None:
    state = network("D1", "B1")
    state.dice[cell("C1")] = 2
    state.capital = 5
    refused(state, "transport C1 to L via D1 convert 3 with 7.4a 7.4b", "rw.convert_cost")
    refused(state, "transport C1 to R via B1 convert 1 with 6.3a 5.4a", "rw.convert_not_l")
    offered = {a[4] for a in legal_actions(state) if a[0] == "transport" and a[2] == "L"}
    assert offered == {1, 2}                       # 6 capital would be needed for 3


def test_leisure_conversion_is_compulsory_with_capital() -> None:
    # docs/games/railways.md#rw-rules D: "genau 1-mal" — with at least 1 capital the player must
    # convert
    state = network("D1")                          # C1(C) - E1(L)
    state.dice[cell("C1")] = 2
    state.capital = 1
    refused(state, "transport C1 to L via D1 convert 0 with 7.4a 7.4b", "rw.convert_compulsory")
    offered = {a[4] for a in legal_actions(state) if a[0] == "transport" and a[2] == "L"}
    assert offered == {1}
    act(state, "transport C1 to L via D1 convert 1 with 7.4a 7.4b")
    assert state.profit == 1 + 1 and state.capital == 0 + 1   # 1 -> 1, then 1 rail


def test_leisure_without_capital_converts_nothing() -> None:
    state = network("D1")
    state.dice[cell("C1")] = 2
    assert state.capital == 0
    offered = {a[4] for a in legal_actions(state) if a[0] == "transport" and a[2] == "L"}
    assert offered == {0}
    act(state, "transport C1 to L via D1 with 7.4a 7.4b")
    assert state.profit == 1


def test_transport_needs_a_ticket_and_the_target_or_two_targets() -> None:
    state = network("B1")
    refused(state, "transport A1 to C via B1 with 6.2b", "rw.symbols_do_not_fit")
    refused(state, "transport A1 to C via B1 with 6.3a 7.4b", "rw.symbols_do_not_fit")
    # 6.2b and 5.4b are C targets in hand: a substitute pair is refused
    # (docs/games/railways.md#rw-rules D)
    refused(state, "transport A1 to C via B1 with 6.3a 7.4b 5.4a", "rw.symbols_do_not_fit")
    # hand 2, 7, 8 has no C target: L + I stand in for it
    state = network("B1", hand=(2, 7, 8))
    act(state, "transport A1 to C via B1 with 7.4a 7.4b 8.2b")
    assert state.profit == 1


def test_no_passenger_no_transport() -> None:
    state = network("B1")
    refused(state, "transport C1 to R via B1 with 6.3a 5.4a", "rw.no_passenger")


def test_a_region_whose_die_left_stays_a_region() -> None:
    # docs/games/railways.md#rw-rules D: the region keeps its type and place; it just holds no
    # passengers
    state = network("B1", "D1")
    act(state, "transport A1 to C via B1 with 6.3a 6.2b")
    assert state.plan.kinds[cell("A1")] == "R" and state.region_passengers(cell("A1")) == 0
    assert "B1" in state.plan.connections


def test_rulebook_example_4_a_long_trip_to_the_first_residential_region() -> None:
    # Seed example 4: the passenger passes several regions and arrives at the first R;
    # profit = regions entered, pollution -1, capital = every rail space of the route.
    # Here: C3 (I) -> C1 (C) -> E1 (L) -> D4 (C) -> A1 (R) over 1 + 1 + 3 + 5 rails.
    state = network("C2", "D1", "E2", "A2")
    state.dice[cell("C3")] = 1
    state.pollution = 3
    act(state, "transport C3 to R via C2+D1+E2+A2 with 5.3a 5.4a")
    assert state.profit == 4
    assert state.pollution == 3 + 1 - 1              # card 5 used two fields; R bonus
    assert state.capital == 1 + 1 + 3 + 5
