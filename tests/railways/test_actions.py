"""Each action's legal and illegal cases, the pollution accounting and the two-for-one
target substitution (docs/games/railways.md#rw-round: A round; The eight actions)."""

from __future__ import annotations

from stellwerk.games.railways.rules import SECOND
from tests.railways.helpers import act, cell, refused, table


# --- Open a connection ----------------------------------------------------------------------
def test_open_with_track_and_matching_target_from_one_field() -> None:
    state = table()
    act(state, "open B1 with 6.2a 6.2b")          # 1 track + target C, one field
    assert state.opened == {"B1": False}
    assert state.workers == 1
    assert state.markers_left == 5
    assert state.pollution == 1
    assert state.hand == [5, 7] and state.discards == [6]
    assert state.phase == SECOND


def test_open_needs_exactly_as_many_tracks_as_rail_spaces() -> None:
    state = table()
    refused(state, "open B1 with 5.2a 6.2b", "rw.symbols_do_not_fit")   # double = 2 tracks
    refused(state, "open B1 with 6.2b", "rw.symbols_do_not_fit")        # no track
    act(state, "open E2 with 5.2a 6.2a 6.2b")     # 2 + 1 tracks for 3 rail spaces
    assert "E2" in state.opened and state.pollution == 1


def test_open_needs_a_target_of_one_of_its_regions() -> None:
    state = table()
    refused(state, "open B1 with 6.2a", "rw.symbols_do_not_fit")
    refused(state, "open B1 with 6.2a 7.4b", "rw.symbols_do_not_fit")   # L fits neither R nor C


def test_two_targets_replace_a_missing_target() -> None:
    # B1 joins R and C; no card of hand 2, 7, 8 carries an R or C target
    # (docs/games/railways.md#rw-rules D), so L (2.2b) + I (8.2b) stand in for the missing one
    state = table(hand=(2, 7, 8), pile=(5,))
    refused(state, "open B1 with 2.2a 2.2b", "rw.symbols_do_not_fit")   # one is not enough
    act(state, "open B1 with 2.2a 2.2b 8.2b")
    assert "B1" in state.opened
    assert state.pollution == 1                    # one field of each card


def test_no_substitute_pair_while_a_fitting_target_is_in_hand() -> None:
    state = table()        # 5.4a (R), 5.4b (C) and 6.2b (C) fit B1
    refused(state, "open B1 with 7.3a 7.4b 7.2b", "rw.symbols_do_not_fit")   # L + I
    refused(state, "open B1 with 7.3a 7.4b 5.4a", "rw.symbols_do_not_fit")   # L + R: spare


def test_three_targets_are_not_a_substitution() -> None:
    state = table(hand=(2, 7, 8), pile=(5,))
    refused(state, "open B1 with 2.2a 2.2b 7.4b 8.2b", "rw.symbols_do_not_fit")


def test_symbol_of_another_action_is_refused() -> None:
    state = table()
    refused(state, "open B1 with 6.2a 6.2b 6.3a", "rw.wrong_symbol")    # a ticket


def test_each_symbol_serves_once_and_must_be_in_hand() -> None:
    state = table()
    refused(state, "open B1 with 8.3a 8.3b", "rw.not_in_hand")
    refused(state, "open B1 with 6.2a 6.2b 6.2b", "rw.use_twice")
    refused(state, "open B1 with 6.3b", "rw.no_symbol")                 # field 3 has one symbol


def test_rulebook_example_2_three_fields_of_one_card_cost_2_pollution() -> None:
    # Example 2: a 3-rail connection paid with fields 2, 3 and 4 of one card (target + 3
    # tracks) raises pollution by 2; card 2 here is such a card (track+L, track, track+I).
    state = table(plan=(1, 5, 3, 4), hand=(2, 6, 7), pile=(8,))
    name = next(n for n, c in state.plan.connections.items()
                if c.length == 3 and "L" in state.end_types(c))
    act(state, f"open {name} with 2.2a 2.2b 2.3a 2.4a")
    assert state.pollution == 3
    assert state.hand == [6, 7]


def test_rulebook_example_1_one_field_from_each_of_two_cards_is_clean() -> None:
    state = table()
    act(state, "open B1 with 7.3a 5.4a")           # track from card 7, target R from card 5
    assert state.pollution == 1 and sorted(state.discards) == [5, 7]


def test_open_needs_a_rail_worker_and_a_marker() -> None:
    state = table()
    state.workers = 0
    refused(state, "open B1 with 6.2a 6.2b", "rw.no_workers")
    state.workers = 3
    state.opened = {n: False for n in ("A2", "B7", "C2", "D1", "D6", "E2")}
    refused(state, "open B1 with 6.2a 6.2b", "rw.no_markers")


def test_open_refuses_unknown_and_opened_connections() -> None:
    state = table()
    refused(state, "open A1 with 6.2a 6.2b", "rw.no_connection")       # a region, not rails
    state.opened["B1"] = False
    refused(state, "open B1 with 6.2a 6.2b", "rw.already_open")


def test_last_worker_goes_then_hire_brings_one_back() -> None:
    state = table()
    state.workers = 1
    act(state, "open B1 with 6.2a 6.2b")
    assert state.workers == 0
    act(state, "hire with 7.1a")
    assert state.workers == 1


# --- Hire, capital, pollution ------------------------------------------------------------
def test_hire_caps_at_six() -> None:
    state = table()
    state.workers = 6
    act(state, "hire with 7.1a")
    assert state.workers == 6


def test_capital_counts_the_symbols_and_caps_at_twenty() -> None:
    state = table(hand=(1, 4, 6))
    act(state, "capital with 1.1a 4.1a 6.4a")
    assert state.capital == 3 and state.pollution == 1
    state = table(hand=(1, 4, 6))
    state.capital = 19
    act(state, "capital with 1.1a 4.1a")
    assert state.capital == 20


def test_clean_lowers_pollution_but_never_below_one() -> None:
    state = table()
    state.pollution = 5
    act(state, "clean with 6.1a")
    assert state.pollution == 4
    state = table()
    act(state, "clean with 6.1a")
    assert state.pollution == 1


def test_pollution_never_exceeds_thirteen() -> None:
    state = table(hand=(2, 7, 8), pile=(5,))
    state.pollution = 13
    act(state, "open B1 with 7.3a 7.4b 7.2b")      # +1 for the extra field
    assert state.pollution == 13


# --- Add a passenger -------------------------------------------------------------------
def test_add_raises_a_die_up_to_six() -> None:
    state = table()
    act(state, "add B6 with 5.1a")
    assert state.dice[cell("B6")] == 3
    state = table()
    state.dice[cell("B6")] = 6
    refused(state, "add B6 with 5.1a", "rw.die_full")


def test_add_brings_back_a_die_that_left_only_onto_an_empty_region() -> None:
    state = table()
    refused(state, "add C3 with 5.1a", "rw.no_die_off_plan")
    state.off_plan = 1
    refused(state, "add B2 with 5.1a", "rw.add_not_region")
    act(state, "add C3 with 5.1a")
    assert state.dice[cell("C3")] == 1 and state.off_plan == 0


# --- Upgrade ---------------------------------------------------------------------------
def test_upgrade_needs_an_open_connection_and_a_fitting_target() -> None:
    state = table()
    refused(state, "upgrade C2 with 7.2a 7.2b", "rw.upgrade_closed")
    state.opened["C2"] = False                      # C1(C)-C3(I)
    refused(state, "upgrade C2 with 7.2a 5.4a", "rw.symbols_do_not_fit")  # target R
    act(state, "upgrade C2 with 7.2a 7.2b")         # target I, same field: no pollution
    assert state.opened["C2"] is True and state.pollution == 1
    state.phase = "first"
    state.hand = [7]
    refused(state, "upgrade C2 with 7.2a 7.2b", "rw.already_upgraded")


# --- Phases ----------------------------------------------------------------------------
def test_first_phase_cannot_pass_and_second_can() -> None:
    state = table()
    refused(state, "pass", "rw.must_act")
    act(state, "hire with 7.1a")
    assert state.phase == SECOND
    act(state, "pass")
    assert state.round == 2 and len(state.hand) == 3 and state.phase == "first"


def test_playing_every_card_in_the_first_phase_skips_the_second() -> None:
    state = table()
    act(state, "open E2 with 5.2a 6.2a 6.2b")     # cards 5 and 6
    act(state, "hire with 7.1a")                   # card 7: the hand is empty
    assert state.round == 2 and state.phase == "first"
    state2 = table()
    act(state2, "open B1 with 7.3a 5.4a 6.3a".replace(" 6.3a", ""))
    assert state2.phase == SECOND


def test_refill_reshuffles_the_discards_when_the_pile_runs_out() -> None:
    state = table()
    act(state, "open E2 with 5.2a 6.2a 6.2b")     # plays 5 and 6; hand [7]
    act(state, "hire with 7.1a")                   # hand empty: refill from pile [8] + discards
    assert len(state.hand) == 3
    assert sorted(state.hand + state.pile + state.discards) == [5, 6, 7, 8]
    assert state.hand[0] == 8                      # the pile card comes first
    assert state.discards == []
