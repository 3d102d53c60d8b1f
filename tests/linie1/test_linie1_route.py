"""The completion check: three stops in any order, no stopping or reversing, loops to
turn, other lines' terminal arches, the shortest route's length."""

from __future__ import annotations

from stellwerk.games.linie1.placement import illegal_squares
from stellwerk.games.linie1.route import shortest_route
from stellwerk.games.linie1.rules import line_score
from stellwerk.games.linie1.tables import EMPTY, SQUARES

from .helpers import LINE4, LINE4_ROUTE, TABLES, lay, pid, simple, sq

# Stops next to the line-4 route: Gericht (H1) at H2, Hallenbad (K4) at J4,
# Industriegebiet (I6) at J6.
STOPS = (sq("H2"), sq("J4"), sq("J6"))


def route_board() -> list[int]:
    board = [EMPTY] * SQUARES
    lay(board, LINE4_ROUTE)
    assert illegal_squares(TABLES, board) == []
    return board


def test_a_complete_route_through_another_lines_arch() -> None:
    assert shortest_route(TABLES, route_board(), LINE4, STOPS) == 19


def test_stops_may_be_visited_in_any_order() -> None:
    board = route_board()
    for stops in (STOPS, STOPS[::-1], (STOPS[1], STOPS[0], STOPS[2])):
        assert shortest_route(TABLES, board, LINE4, stops) == 19


def test_a_missed_stop_or_an_unplaced_stop_means_not_complete() -> None:
    board = route_board()
    assert shortest_route(TABLES, board, LINE4, (sq("H2"), sq("J4"), sq("I10"))) is None
    assert shortest_route(TABLES, board, LINE4, (sq("H2"), sq("J4"), -1)) is None


def test_a_gap_breaks_the_route() -> None:
    board = route_board()
    board[sq("J8")] = EMPTY
    assert shortest_route(TABLES, board, LINE4, STOPS) is None


def test_the_arch_only_joins_its_own_two_squares() -> None:
    board = route_board()
    board[sq("K1")] = EMPTY
    assert shortest_route(TABLES, board, LINE4, STOPS) is None


def test_another_line_is_not_complete_on_this_route() -> None:
    # Line 6 runs N of J1/K1 to S of B12/C12: nothing reaches its end.
    assert shortest_route(TABLES, route_board(), 5, STOPS) is None


def spur_board(balloon: bool) -> list[int]:
    """The route with a junction at J5 (N-S, N-W, S-W) and a spur west to H5; the
    Industriegebiet's stop is on the spur at I5."""
    board = route_board()
    lay(board, {"J5": pid("straight-two-curves", "NS,NW,SW"), "I5": simple("WE")})
    if balloon:
        # a loop to turn: H5 branches N and S, round G4-G6 and back
        lay(board, {"H5": pid("curves-meeting", "EN,ES"), "H4": simple("SW"),
                    "G4": simple("ES"), "G5": simple("NS"), "G6": simple("NE"),
                    "H6": simple("WN")})
    else:
        lay(board, {"H5": simple("WE")})   # a dead end: the tram would have to reverse
    assert illegal_squares(TABLES, board) == []
    return board


def test_reversing_to_reach_a_stop_is_refused() -> None:
    stops = (sq("H2"), sq("J4"), sq("I5"))
    assert shortest_route(TABLES, spur_board(balloon=False), LINE4, stops) is None


def test_a_loop_to_turn_completes_the_line_and_counts_tiles_run_twice() -> None:
    stops = (sq("H2"), sq("J4"), sq("I5"))
    # 19 on the main route, plus J5 again, I5 and H5 twice each, and 5 loop tiles
    assert shortest_route(TABLES, spur_board(balloon=True), LINE4, stops) == 19 + 1 + 4 + 5


def test_the_score_is_rounds_to_the_power_one_and_a_half_times_length() -> None:
    assert line_score(4, 16) == 128.0
    assert line_score(1, 19) == 19.0
    assert abs(line_score(10, 20) - 10 ** 1.5 * 20) < 1e-6
