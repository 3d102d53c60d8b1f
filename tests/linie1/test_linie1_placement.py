"""Every placement rule of docs/games/linie1.md#l1-rules, with a legal and an illegal case each."""

from __future__ import annotations

from stellwerk.games.linie1.placement import check_placement, illegal_squares
from stellwerk.games.linie1.tables import EMPTY, SQUARES

from .helpers import LINE4_ROUTE, TABLES, lay, pid, simple, sq


def empty() -> list[int]:
    return [EMPTY] * SQUARES


def key(board: list[int], square: str, placed: int) -> str | None:
    failure = check_placement(TABLES, board, sq(square), placed).failure
    return None if failure is None else failure.key


def test_a_tile_may_lie_on_an_empty_square_with_open_neighbours() -> None:
    assert key(empty(), "E8", simple("NS")) is None


def test_no_tile_on_a_building() -> None:
    assert key(empty(), "H1", simple("WE")) == "l1.fail.on_building"


def test_no_track_into_a_building() -> None:
    # H2 lies under the Gericht (H1): a N end runs into it, an E-W track does not.
    assert key(empty(), "H2", simple("NS")) == "l1.fail.into_building"
    assert key(empty(), "H2", simple("WE")) is None


def test_track_leaves_the_board_only_into_a_terminal() -> None:
    assert key(empty(), "A4", simple("WE")) == "l1.fail.off_board"
    assert key(empty(), "A6", simple("WE")) is None          # line 1's arch, W of A6/A7
    assert key(empty(), "G1", simple("NS")) is None          # line 4's arch, N of F1/G1
    assert key(empty(), "H12", simple("NS")) == "l1.fail.off_board"


def test_neighbours_must_match_both_ways() -> None:
    board = empty()
    lay(board, {"E8": simple("NS")})
    # our end against a tile with no end there
    assert key(board, "F8", simple("WE")) == "l1.fail.mismatch"
    # a neighbour's end against our tile with no end there
    lay(board, {"E8": simple("WE")})
    assert key(board, "F8", simple("NS")) == "l1.fail.mismatch"
    assert key(board, "F8", simple("WE")) is None
    assert key(board, "F8", simple("WS")) is None


def test_exchange_must_keep_every_track_and_add_one() -> None:
    board = empty()
    lay(board, {"E8": simple("NS")})
    assert key(board, "E8", pid("straight-curve-left", "NS,SW")) is None
    assert key(board, "E8", simple("WE")) == "l1.fail.keep_tracks"
    assert key(board, "E8", simple("NE")) == "l1.fail.keep_tracks"
    # the same straight turned half round adds nothing
    assert key(board, "E8", pid("straight", "NS")) == "l1.fail.adds_nothing"
    assert key(board, "E8", pid("crossing", "NS,EW")) is None


def test_tree_tiles_are_never_exchanged() -> None:
    board = empty()
    lay(board, {"E8": pid("crossing", "NS,EW")})
    assert key(board, "E8", pid("four-curves", "NE,ES,SW,WN")) == "l1.fail.tree"
    lay(board, {"E8": pid("straight-two-curves", "EW,NE,NW")})
    assert key(board, "E8", pid("four-curves", "NE,ES,SW,WN")) == "l1.fail.tree"


def test_an_exchange_may_leave_a_mismatch_for_later_but_a_new_tile_may_not() -> None:
    board = empty()
    lay(board, {"E8": simple("NS"), "F8": simple("NS")})
    verdict = check_placement(TABLES, board, sq("E8"), pid("crossing", "NS,EW"))
    assert verdict.legal and verdict.faults == (sq("F8"),)
    strict = check_placement(TABLES, board, sq("E8"), pid("crossing", "NS,EW"),
                             exchange_exception=False)
    assert strict.failure is not None and strict.failure.key == "l1.fail.mismatch"
    # a new tile with a mismatch is never allowed
    assert key(board, "G8", simple("WE")) == "l1.fail.mismatch"


def test_the_exception_does_not_cover_buildings_or_the_edge() -> None:
    board = empty()
    lay(board, {"H2": simple("WE")})
    assert key(board, "H2", pid("straight-curve-left", "WE,WN")) == "l1.fail.into_building"


def test_a_whole_board_is_checked_square_by_square() -> None:
    board = empty()
    lay(board, LINE4_ROUTE)
    assert illegal_squares(TABLES, board) == []
    lay(board, {"E8": simple("NS"), "F8": simple("WE")})
    assert illegal_squares(TABLES, board) == [sq("E8"), sq("F8")]
