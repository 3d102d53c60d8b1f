"""The order checked before it is sent, the line's progress in the
seat's view, the own results apart in the round report, the legend, the default table."""

from __future__ import annotations

import io

from rich.console import Console

from stellwerk.core.chance import Chance
from stellwerk.core.session import play_out
from stellwerk.frontends.setup import open_table
from stellwerk.frontends.table import HumanAgent
from stellwerk.games.linie1.precheck import precheck_lines, precheck_order
from stellwerk.games.linie1.progress import line_progress
from stellwerk.games.linie1.render import DETAIL_TOPICS, render_compact, render_details
from stellwerk.games.linie1.tables import EMPTY, SQUARES
from tests.rich_text import printed

from .helpers import (
    GAME,
    LINE4,
    LINE4_ROUTE,
    TABLES,
    TERMINAL,
    empty_hands,
    give,
    lay,
    new_state,
    order,
    simple,
    sq,
)


def check(state, seat: int, notation: str) -> list[dict]:
    return precheck_order(TABLES, state.view(seat), GAME.parse_action(notation))


def test_precheck_names_each_failing_placement_and_why() -> None:
    state = new_state(2, seed=3)
    empty_hands(state)
    give(state, 0, "straight", "curve")
    results = check(state, 0, "H1 straight 0; A1 straight 0; C5 curve 0; D5 crossing 0")
    assert [r["ok"] for r in results] == [False, False, True, False]
    assert results[0]["key"] == "l1.fail.on_building"          # H1 is the Gericht
    assert results[1]["key"] == "l1.fail.off_board"            # N edge of A1, no terminal
    assert results[3]["key"] == "l1.fail.not_in_hand"
    lines = precheck_lines(results, "de")
    assert lines[0].startswith("1. H1 gerade 0: würde scheitern: auf H1 steht ein Gebäude")
    assert "passt auf den jetzigen Plan" in lines[2]
    assert lines[-1].startswith("Geprüft am Plan")


def test_precheck_uses_the_hand_in_priority_order_and_sees_exchanges() -> None:
    state = new_state(2, seed=3)
    empty_hands(state)
    give(state, 0, "straight")
    results = check(state, 0, "C5 straight 0; D7 straight 0")
    assert results[0]["ok"] and results[1]["key"] == "l1.fail.not_in_hand"
    # an exchange returns the old tile to the hand, usable later in the same order
    state.board[sq("C5")] = TABLES.pid("straight", 0)
    give(state, 0, "straight-curve-left")
    results = check(state, 0, "C5 straight-curve-left 0; E5 straight 0")
    first = results[0]
    assert first["exchange"] or first["key"] in ("l1.fail.keep_tracks", "l1.fail.mismatch")
    if first["ok"]:
        assert results[1]["ok"]


def test_precheck_changes_nothing_and_matches_the_resolution_for_a_lone_player() -> None:
    state = new_state(2, seed=5)
    before = (list(state.board), [list(h) for h in state.hands])
    action = state.candidate_actions(0)[1]
    results = precheck_order(TABLES, state.view(0), action)
    assert (list(state.board), [list(h) for h in state.hands]) == before
    order(state, 0, GAME.format_action(action))
    order(state, 1, "pass")           # nobody else lays: the board is exactly as seen
    outcomes = [e["outcome"] for e in state.last_report["placements"] if e["seat"] == 0]
    assert [r["ok"] for r in results] == [o != "failed" for o in outcomes]


def test_precheck_names_an_exchange_left_unmended_and_what_goes_back_with_it() -> None:
    state = new_state(2, seed=5)
    lay(state.board, {"C5": simple("WE"), "D5": simple("WE"), "C6": simple("WE")})
    state.legal_board = None
    empty_hands(state)
    give(state, 0, "crossing", "straight")
    # the crossing's south end meets C6 (no north end); nothing later mends C6, so the
    # round's end takes the crossing back, and the straight laid after it first
    results = check(state, 0, "C5 crossing 0; H8 straight 0")
    assert [(r["ok"], r["key"]) for r in results] == [(False, "l1.pre.unmended"),
                                                      (False, "l1.pre.undone_with")]
    lines = precheck_lines(results, "en")
    assert lines[0] == ("1. C5 crossing 0: would fail: it leaves C6 mismatched and no later "
                        "placement of this order mends it, so it is taken back at the "
                        "round's end")
    assert lines[1] == ("2. H8 straight 0: would fail: it is taken back at the round's end, "
                        "with placement 1, which leaves the board illegal")
    order(state, 0, "C5 crossing 0; H8 straight 0")
    order(state, 1, "pass")
    assert [e["outcome"] for e in state.last_report["placements"]] == ["undone", "undone"]


def test_progress_reports_stops_reached_and_the_terminals_joined() -> None:
    board = [EMPTY] * SQUARES
    lay(board, LINE4_ROUTE)
    stops = [("G", sq("H2")), ("H", sq("J4")), ("I", -1)]
    progress = line_progress(TABLES, board, LINE4, stops)
    assert progress["joined"]
    assert [s["reached"] for s in progress["stops"]] == [True, True, False]
    assert progress["stops"][2]["square"] is None
    board[sq("J8")] = EMPTY                         # a gap: reached from both ends apart
    progress = line_progress(TABLES, board, LINE4, stops)
    assert not progress["joined"]
    assert progress["from_first"] == 14 and progress["from_second"] == 4


def test_the_seat_sees_its_own_results_first_and_the_others_apart() -> None:
    state = new_state(3, seed=4)
    for seat in range(3):
        order(state, seat, GAME.format_action(state.candidate_actions(seat)[1]))
    view = state.view(1)
    text = printed(TERMINAL.render(view, "en"), 100)
    mine, others = text.index("your placements"), text.index("the others")
    assert mine < others
    own_squares = [e["square"] for e in view["last_report"]["placements"] if e["seat"] == 1]
    assert all(square in text[mine:others] for square in own_squares)
    assert "Seat 2 P" not in text                    # the own lines carry no name


def test_compact_fits_80_columns_and_details_cover_every_topic_in_both_languages() -> None:
    state = new_state(6, seed=8)
    for seat in range(6):
        order(state, seat, GAME.format_action(state.candidate_actions(seat)[1]))
    for lang in ("en", "de"):
        lines = printed(render_compact(state.view(0), lang, TABLES)).splitlines()
        assert max(len(line.rstrip()) for line in lines) <= 80 and len(lines) <= 30
        for topic in DETAIL_TOPICS:
            assert printed(render_details(state.view(0), lang, topic, TABLES)).strip()
    legend = printed(render_details(state.view(0), "de", "legend", TABLES))
    assert "[G] Gericht" in legend and "Ränder" in legend


def test_the_terminal_shows_the_check_and_asks_before_sending_a_failing_order() -> None:
    state = new_state(2, seed=3, rounds=1)
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False)
    empty_hands(state)
    give(state, 0, "straight")
    give(state, 1, "straight")
    # seat 0: C5 then C7 with one straight: the second would fail; "n" writes it again
    answers = iter(["C5 straight 0; C7 straight 0", "n", "C5 straight 0", "pass"])
    human = HumanAgent(TERMINAL, console, ["Ann", "Ben"], "en",
                       ask=lambda prompt: next(answers))
    play_out(GAME, state, [human, human], Chance(1))
    text = out.getvalue()
    assert "2. C7 straight 0: would fail: straight is not in the hand now" in text
    assert state.board[sq("C5")] != EMPTY and state.board[sq("C7")] == EMPTY


def test_play_linie1_defaults_to_you_and_three_planners() -> None:
    table = open_table("linie1", None, 1, None, {})
    assert table.seats == ["human", "planner", "planner", "planner"]
    assert open_table("rail-line", None, 1, None, {}).seats == ["human", "greedy", "greedy"]


def test_greedy_is_not_offered_for_linie1_and_simulate_defaults_to_planners() -> None:
    import pytest

    from stellwerk.core.errors import BadOption

    with pytest.raises(BadOption, match="does not offer the 'greedy' bot; seats may be: "
                                        "random, search, ismcts-easy, ismcts-normal, "
                                        "ismcts-hard, planner, human"):
        open_table("linie1", "human,greedy", 1, None, {})
    assert open_table("linie1", None, 1, None, {}, humans_allowed=False).seats == [
        "planner", "planner"]
    assert open_table("linie1", "human,random", 1, None, {}).seats == ["human", "random"]
