"""Resolving a round: priority tiers, lots, exchanges, stops, the postal exception and
the end-of-round undo, completion and scoring."""

from __future__ import annotations

import pytest

from stellwerk.core.errors import IllegalAction
from stellwerk.games.linie1.placement import illegal_squares
from stellwerk.games.linie1.rules import Linie1State

from .helpers import (
    LINE4,
    LINE4_ROUTE,
    TABLES,
    empty_hands,
    give,
    lay,
    new_state,
    order,
    simple,
    sq,
    tile_at,
)


def fresh(seats: int = 2, seed: int = 1) -> Linie1State:
    state = new_state(seats, seed)
    empty_hands(state)
    state.pile.clear()          # no refills: hands stay as the test sets them
    return state


def placements(state: Linie1State) -> list[dict[str, object]]:
    assert state.last_report is not None
    return state.last_report["placements"]  # type: ignore[no-any-return]


def test_higher_priority_wins_a_contested_square() -> None:
    state = fresh()
    give(state, 0, "curve", "straight")
    give(state, 1, "straight")
    order(state, 0, "E8 curve 0; E8 straight 90")      # the straight only at priority 2
    order(state, 1, "E8 straight 0")                   # priority 1
    assert state.board[sq("E8")] == simple("NS")
    fates = {(p["seat"], p["priority"]): p for p in placements(state)}
    assert fates[(1, 1)]["outcome"] == "placed"
    assert fates[(0, 1)]["outcome"] == "failed"
    assert fates[(0, 1)]["reason_key"] == "l1.fail.keep_tracks"
    assert state.hands[0][TABLES.tile_index["curve"]] == 1     # failed tiles stay in hand


def test_equal_priority_is_drawn_by_lot_deterministically() -> None:
    winners = set()
    for seed in range(12):
        runs = []
        for _ in range(2):
            state = fresh(seed=seed)
            give(state, 0, "straight")
            give(state, 1, "straight")
            order(state, 0, "E8 straight 0")
            order(state, 1, "E8 straight 90")
            runs.append((tile_at(state, "E8"), state.board[sq("E8")], state.last_report))
        assert runs[0] == runs[1]                        # same seed, same lot
        winners.add(runs[0][1])
    assert winners == {simple("NS"), simple("WE")}       # both outcomes occur over seeds


def test_a_stop_goes_to_the_first_tile_next_to_its_building() -> None:
    # Gericht (H1): G1, H2 and I1 are its neighbours.
    state = fresh()
    give(state, 0, "straight")
    give(state, 1, "straight", "straight")
    order(state, 0, "G1 straight 0")             # priority 1: first
    order(state, 1, "E8 straight 0; H2 straight 90")
    assert state.stops[TABLES.building_letters.index("G")] == sq("G1")
    by_square = {p["square"]: p for p in placements(state)}
    assert by_square["G1"]["stops"] == ["G"] and by_square["H2"]["stops"] == []


def test_a_stop_race_at_equal_priority_is_settled_by_the_lot() -> None:
    squares = set()
    for seed in range(12):
        state = fresh(seed=seed)
        give(state, 0, "straight")
        give(state, 1, "straight")
        order(state, 0, "G1 straight 0")
        order(state, 1, "H2 straight 90")
        first = state.last_report["lots"][0][0] if state.last_report else None
        stop = state.stops[TABLES.building_letters.index("G")]
        assert stop == (sq("G1") if first == 0 else sq("H2"))
        squares.add(stop)
    assert squares == {sq("G1"), sq("H2")}


def test_the_replaced_tile_returns_to_hand_and_is_usable_the_same_round() -> None:
    state = fresh()
    lay(state.board, {"E8": simple("NS")})
    give(state, 0, "straight-curve-left")
    order(state, 0, "E8 straight-curve-left 0; C8 straight 0")   # C8 needs the returned one
    order(state, 1, "pass")
    assert tile_at(state, "E8") == "straight-curve-left"
    assert tile_at(state, "C8") == "straight"
    assert [p["outcome"] for p in placements(state)] == ["exchanged", "placed"]
    assert sum(state.hands[0]) == 0


def test_a_tile_not_in_hand_fails_with_its_reason() -> None:
    state = fresh()
    give(state, 0, "straight")
    order(state, 0, "E8 straight 0; C8 straight 0")
    order(state, 1, "pass")
    second = placements(state)[1]
    assert second["outcome"] == "failed" and second["reason_key"] == "l1.fail.not_in_hand"


def exception_board(state: Linie1State) -> None:
    lay(state.board, {"E8": simple("NS"), "F8": simple("NS")})


def test_postal_exception_an_own_exchange_mended_later_stands() -> None:
    state = fresh()
    exception_board(state)
    give(state, 0, "crossing", "crossing")
    order(state, 0, "E8 crossing 0; F8 crossing 0")   # E8's E end mismatches until F8 follows
    order(state, 1, "pass")
    assert tile_at(state, "E8") == "crossing" and tile_at(state, "F8") == "crossing"
    assert illegal_squares(TABLES, state.board) == []
    assert state.hands[0][TABLES.tile_index["straight"]] == 2


def test_postal_exception_unmended_is_undone_with_everything_after_it() -> None:
    state = fresh()
    exception_board(state)
    give(state, 0, "crossing", "straight")
    give(state, 1, "straight")
    order(state, 0, "E8 crossing 0; C8 straight 0")
    order(state, 1, "C10 straight 0")
    fates = placements(state)
    assert [p["outcome"] for p in fates if p["seat"] == 0] == ["undone", "undone"]
    assert tile_at(state, "E8") == "straight" and tile_at(state, "C8") is None
    # undone tiles return to their owners, the replaced straight leaves the hand again
    assert state.hands[0][TABLES.tile_index["crossing"]] == 1
    assert state.hands[0][TABLES.tile_index["straight"]] == 1
    assert illegal_squares(TABLES, state.board) == []


def test_postal_exception_mended_by_another_player_does_not_count() -> None:
    state = fresh()
    exception_board(state)
    give(state, 0, "crossing")
    give(state, 1, "crossing")
    order(state, 0, "E8 crossing 0")
    order(state, 1, "F8 crossing 0")
    # seat 1's F8 may come before or after by lot; either way seat 0's exchange is not
    # mended by seat 0, so the undo runs back until it is gone.
    assert tile_at(state, "E8") == "straight"
    assert illegal_squares(TABLES, state.board) == []


def test_undoing_a_tile_takes_its_stop_back() -> None:
    state = fresh()
    exception_board(state)
    give(state, 0, "crossing", "straight")
    order(state, 0, "E8 crossing 0; G1 straight 0")     # crossing unmended: all undone
    order(state, 1, "pass")
    assert tile_at(state, "G1") is None
    assert state.stops[TABLES.building_letters.index("G")] == -1


def test_completion_fixes_round_length_and_score() -> None:
    state = fresh()
    state.lines[0] = LINE4
    state.cards[0] = 0                     # card 1: line 4's stops are C, E and M
    route = dict(LINE4_ROUTE)
    route.pop("J12")
    lay(state.board, route)
    # the stops' squares as the completion check sees them (put on the route here)
    for building, square in zip(state.stop_buildings(0), ("H2", "J4", "J6"), strict=True):
        state.stops[building] = sq(square)
    give(state, 0, "straight")
    state.round = 4
    order(state, 0, "J12 straight 0")
    order(state, 1, "pass")
    assert state.finished == [4, 0] and state.lengths[0] == 19
    assert state.score(0) == 4 ** 1.5 * 19 == 152.0
    assert state.last_report is not None
    assert state.last_report["completed"] == [{"seat": 0, "length": 19, "score": 152.0}]
    # later rounds do not change a fixed score
    give(state, 0, "straight")
    order(state, 0, "C10 straight 0")        # a finished player keeps ordering
    order(state, 1, "pass")
    assert tile_at(state, "C10") == "straight"
    assert state.score(0) == 152.0 and state.finished == [4, 0] and not state.is_over()


def test_illegal_orders_are_refused_and_change_nothing() -> None:
    state = fresh()
    give(state, 0, "straight")
    before = state.view(0)
    for text in ("H1 straight 0", "E8 curve 0",
                 "A1 straight 0; A2 straight 0; A3 straight 0; A4 straight 0; "
                 "A5 straight 0; A6 straight 0"):
        with pytest.raises(IllegalAction):
            order(state, 0, text)
        assert state.view(0) == before
    for bad in (("order", "E8"), ("move",), "E8", ("order", "E8", "straight", 45),
                ("order", "Z9", "straight", 0), ("order", "E8", "bridge", 0)):
        with pytest.raises(IllegalAction):
            state.apply(0, bad)  # type: ignore[arg-type]
        assert state.view(0) == before
    with pytest.raises(IllegalAction):
        state.apply(7, ("order",))
    order(state, 0, "pass")
    with pytest.raises(IllegalAction, match="already ordered"):
        order(state, 0, "pass")


def test_finished_players_keep_ordering_and_the_round_limit_ends_the_game() -> None:
    state = new_state(3, seed=5, rounds=2)
    for _ in range(2):
        assert state.decision() is not None
        assert state.decision().seats == (0, 1, 2)   # type: ignore[union-attr]
        for seat in range(3):
            order(state, seat, "pass")
    assert state.is_over() and state.decision() is None
    result = state.result()
    assert result.scores == (None,) * 3 and result.lower_is_better
    assert result.ranks == (1, 1, 1) and result.winners == ()   # nobody finished: no winner
    with pytest.raises(IllegalAction, match="over"):
        order(state, 0, "pass")


def test_odd_values_in_an_order_are_refused_not_crashed() -> None:
    state = fresh()
    give(state, 0, "straight")
    for bad in (("order", "E8", "straight", 90.0), ("order", "E8", "straight", True),
                ("order", "E8", "straight", [90]), ("order", 5, "straight", 0),
                ("order", "E8", None, 0), ["order"]):
        with pytest.raises(IllegalAction):
            state.apply(0, bad)  # type: ignore[arg-type]
    assert state.orders == [None, None]


def test_an_undone_tile_reports_no_stop() -> None:
    state = fresh()
    exception_board(state)
    give(state, 0, "crossing", "straight")
    order(state, 0, "E8 crossing 0; G1 straight 0")
    order(state, 1, "pass")
    g1 = next(p for p in placements(state) if p["square"] == "G1")
    assert g1["outcome"] == "undone" and g1["stops"] == []
