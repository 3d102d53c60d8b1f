"""Rail Line turns: one or more tests per rule of docs/games/rail-line.md#rl-rules (setup, a turn,
moving locomotives, row completion and curves, optional actions, refusals, the end)."""

from __future__ import annotations

import pytest

from stellwerk.core.errors import IllegalAction
from stellwerk.games.rail_line.rules import FINAL, FREE, LAY, OPTIONAL, REFUSE, TRACK
from stellwerk.games.rail_line.symbols import COAL, FOREST, IRON, MAIL, PASSENGERS, ROW, SAWMILL
from tests.rail_line.support import GAME, PACK, advance, pending, play, snapshot


def refused(state, seat, text):
    """Apply an action that must be illegal; prove the state did not change."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        state.apply(seat, GAME.parse_action(text))
    assert snapshot(state) == before
    return str(error.value)


# ---- Table and setup ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3])
def test_setup_deals_four_a_cards_each_and_lays_out_four_b_cards(players):
    state = GAME.new_state({}, 7, PACK, players)
    assert all(len(hand) == 4 and all(c.startswith("A") for c in hand) for hand in state.hands)
    assert len(state.offer) == 4 and all(c.startswith("B") for c in state.offer)
    assert len(state.deck) == 21
    assert len(state.removed) == (4 if players == 2 else 0)   # two players: 4 A leave the game


def test_starting_player_chooses_the_side_then_tracks_clockwise_and_marks_the_start(new_game):
    state = GAME.new_state({}, 3, PACK, 3)
    assert pending(state) == ("side", 0)
    refused(state, 1, "side 2")                          # only the starting player chooses
    play(state, (0, "side 2"))
    assert pending(state) == (TRACK, 0)
    play(state, (0, "track 3"))
    assert "taken" in refused(state, 1, "track 3")
    play(state, (1, "track 1"), (2, "track 2"))
    side_two = PACK.data["start_sides"][1]["tracks"]
    for seat, track in ((0, 3), (1, 1), (2, 2)):
        row = {"mail": MAIL, "beet": 8, "glass": 10}[side_two[track - 1]]
        assert state.players[seat].counts[row] == 1
    assert pending(state) == (LAY, 0)


# ---- A turn --------------------------------------------------------------------------------
def test_a_card_from_the_offer_is_replaced_from_the_b_deck_hands_are_not_refilled(new_game):
    state = new_game(players=2)
    card = state.offer[0]
    deck_top = state.deck[-1]
    play(state, (0, f"lay {card}"))
    assert card not in state.offer and deck_top in state.offer and len(state.offer) == 4
    play(state, (0, "pass"), (1, f"lay {state.hands[1][0]}"))
    assert len(state.hands[1]) == 3


def test_laying_is_compulsory_and_only_cards_in_hand_or_offer(new_game):
    state = new_game(players=2)
    assert "not possible now" in refused(state, 0, "pass")
    other = state.hands[1][0]
    assert "neither in your hand" in refused(state, 0, f"lay {other}")
    assert "decision" in refused(state, 1, f"lay {other}")


def test_every_fast_locomotive_moves_onto_the_new_card_and_marks_its_station(new_game,
                                                                                 with_cards):
    state = with_cards(new_game(players=3), A01=(["forest", "sawmill"], None, ["coal"]))
    state.hands[0][0] = "A01"
    before = [p.counts.copy() for p in state.players]
    play(state, (0, "lay A01"))
    # seat 0 (track 1) marks both symbols of its two-symbol station
    assert state.players[0].counts[FOREST] == before[0][FOREST] + 1
    assert state.players[0].counts[SAWMILL] == before[0][SAWMILL] + 1
    # seat 1 (track 2) has no station: nothing marked, its locomotive still moves on
    assert state.players[1].counts == before[1]
    assert state.head == 1
    # seat 2 (track 3) gains Coal in another player's turn: three players may refuse
    assert pending(state) == (REFUSE, 2)
    play(state, (2, "keep"))
    assert state.players[2].counts[COAL] == before[2][COAL] + 1
    assert pending(state) == (OPTIONAL, 0)


def test_the_slow_locomotive_stays_behind_and_the_fast_one_is_always_at_the_head(new_game):
    state = new_game(players=2)
    advance(state, lambda s: len(s.line) == 5)
    assert state.head == 5
    assert all(p.slow == 0 for p in state.players)


# ---- Row completion and curves -----------------------------------------------------------
def test_the_eighth_card_sends_fast_locomotives_to_the_curve_with_free_moves_in_order(new_game):
    state = new_game(players=2)
    advance(state, lambda s: len(s.line) == 7 and pending(s) == (LAY, 1))
    play(state, (1, f"lay {state.offer[0]}"))
    assert state.head == 9                        # the curve station
    assert pending(state) == (FREE, 0)            # clockwise from the starting player
    play(state, (0, "decline"))
    assert pending(state) == (FREE, 1)
    free = [a for a in state.legal_actions(1) if a[0] == "free"]
    assert free and all(1 <= a[1] <= 5 for a in free)
    steps, symbol = free[0][1], free[0][2]
    target = state.stations_ahead(1)[steps - 1]
    marks = state.players[1].counts.copy()
    play(state, (1, GAME.format_action(free[0])))
    assert state.players[1].slow == target and steps == 1
    if symbol is not None:    # the free move marks the chosen symbol of its station
        marks[ROW[symbol]] += 1
    assert state.players[1].counts == marks
    assert pending(state) in ((OPTIONAL, 1), (FREE, 1))


def test_a_free_move_ending_on_a_free_move_station_chains_and_may_be_declined(new_game,
                                                                               with_cards):
    blank = {f"A{i:02d}": (None, None, None) for i in range(1, 13)}
    blank.update({f"B{i:02d}": (None, None, None) for i in range(1, 26)})
    blank["B25"] = (None, ["passengers"], None)          # the only station on track 2
    state = with_cards(new_game(players=2), **blank)
    for pile in (state.offer, state.deck):
        if "B25" in pile:
            pile.remove("B25")
    advance(state, lambda s: len(s.line) == 8 and pending(s) == (FREE, 0))
    play(state, (0, "decline"))
    # seat 1 (track 2) sees only the curve ahead; a move there lands on the head, so the
    # chained free move has nowhere to go and is not offered
    assert state.legal_actions(1) == [("free", 1, None), ("decline",)]
    play(state, (1, "decline"))
    state.offer[0] = "B25"
    advance(state, lambda s: pending(s) == (LAY, 0))
    play(state, (0, "lay B25"), (0, "pass"))             # card 9 at position 10
    assert state.players[1].counts[PASSENGERS] == 1      # seat 1's fast locomotive marks it
    play(state, (1, f"lay {state.offer[1]}"))
    state.players[1].coins = 1
    play(state, (1, "slow 1"))                           # to the curve: a free move at once
    assert pending(state) == (FREE, 1)
    assert state.legal_actions(1) == [("free", 1, "passengers"), ("decline",)]
    play(state, (1, "free 1 passengers"))
    assert state.players[1].slow == 10 and state.players[1].counts[PASSENGERS] == 2
    assert state.players[1].coins == 0 and pending(state) == (LAY, 0)


# ---- Optional actions -----------------------------------------------------------------------
def _at_optional(new_game, players=2, coins=3):
    state = new_game(players=players)
    advance(state, lambda s: len(s.line) == 5 and pending(s) == (OPTIONAL, 0))
    state.players[0].coins = coins
    return state


def test_move_the_slow_locomotive_costs_a_coin_and_marks_only_where_it_stops(new_game):
    state = _at_optional(new_game)
    ahead = state.stations_ahead(0)
    assert 1 <= len(ahead) <= 5
    moves = [a for a in state.legal_actions(0) if a[0] == "slow"]
    last = max(moves, key=lambda a: a[1])
    before = state.players[0].counts.copy()
    play(state, (0, GAME.format_action(last)))
    assert state.players[0].coins == 2 and state.players[0].slow == ahead[last[1] - 1]
    changed = [r for r in range(11) if state.players[0].counts[r] != before[r]]
    assert len(changed) <= 1                      # one symbol of the stop, nothing passed
    assert pending(state) == (LAY, 1)             # at most one optional action per turn


def test_slow_move_refusals(new_game):
    state = _at_optional(new_game, coins=0)
    assert "costs 1 coin" in refused(state, 0, "slow 1")
    state.players[0].coins = 1
    assert "1 to 5" in refused(state, 0, "slow 6")
    state.players[0].slow = state.head - 1
    assert len(state.stations_ahead(0)) <= 1
    assert "lie ahead" in refused(state, 0, "slow 2")


def test_slow_move_past_the_head_is_impossible(new_game):
    state = _at_optional(new_game)
    assert all(p <= state.head for p in state.stations_ahead(0))


def test_a_second_card_costs_a_coin_moves_everyone_again_and_ends_the_turn(new_game):
    state = _at_optional(new_game, coins=1)
    card = state.hands[0][0]
    play(state, (0, f"second {card}"))
    advance(state, lambda s: s.active == 1 or pending(s)[0] == LAY)
    assert len(state.line) == 6 and state.head == 6 and state.players[0].coins == 0
    assert pending(state) == (LAY, 1)
    state2 = _at_optional(new_game, coins=0)
    assert "costs 1 coin" in refused(state2, 0, f"second {state2.hands[0][0]}")


def test_discarding_an_a_card_is_free_and_gains_a_coin(new_game):
    state = _at_optional(new_game, coins=0)
    card = state.hands[0][0]
    play(state, (0, f"discard {card}"))
    assert state.players[0].coins == 1 and card not in state.hands[0]
    assert card in state.discards
    state2 = _at_optional(new_game, coins=0)
    assert "not in your hand" in refused(state2, 0, f"discard {state2.offer[0]}")


def test_gain_any_symbol_costs_two_coins_once_per_game(new_game):
    state = _at_optional(new_game, coins=1)
    assert "costs 2 coins" in refused(state, 0, "gain glass")
    state.players[0].coins = 4
    glass = state.players[0].counts[10]
    play(state, (0, "gain glass"))
    assert state.players[0].counts[10] == glass + 1 and state.players[0].coins == 2
    advance(state, lambda s: pending(s) == (OPTIONAL, 0))
    assert "only once" in refused(state, 0, "gain coal")


def test_gain_needs_a_free_box(new_game):
    state = _at_optional(new_game, coins=2)
    state.players[0].counts[IRON] = 2
    assert "no box" in refused(state, 0, "gain iron")


# ---- Three-player refusal ----------------------------------------------------------------
def test_three_players_may_refuse_four_symbols_for_coins_in_other_turns(new_game, with_cards):
    rich = {f"A{i:02d}": (["coal"], ["coal"], ["coal"]) for i in range(1, 13)}
    rich.update({f"B{i:02d}": (["coal"], ["coal"], ["coal"]) for i in range(1, 26)})
    state = with_cards(new_game(players=3), **rich)
    refusals = 0
    while refusals < 4:
        decision = state.decision()
        seat = decision.seats[0]
        if pending(state)[0] == REFUSE:
            assert seat == 1 or seat == 2 or state.active != seat
            assert seat != state.active                 # never in one's own turn
            if seat == 1:
                play(state, (1, "refuse"))
                refusals += 1
                continue
        state.apply(seat, ("keep",) if pending(state)[0] == REFUSE
                    else ("pass",) if pending(state)[0] == OPTIONAL
                    else state.legal_actions(seat)[0])
    assert state.players[1].refusals == 4
    # no fifth refusal: seat 1 is never asked again; its symbols are simply marked in
    # the others' turns (the loop fails at once if a fifth refusal is offered)
    marked_in_another_turn = False
    while not marked_in_another_turn:
        assert pending(state) != (REFUSE, 1), "a fifth refusal was offered"
        assert not state.is_over(), "seat 1 was never marked in another turn"
        coal, active = state.players[1].counts[COAL], state.active
        seat = state.decision().seats[0]
        state.apply(seat, ("keep",) if pending(state)[0] == REFUSE
                    else ("pass",) if pending(state)[0] == OPTIONAL
                    else state.legal_actions(seat)[0])
        marked_in_another_turn = active != 1 and state.players[1].counts[COAL] > coal
    assert state.players[1].refusals == 4


def test_two_players_are_never_asked_to_refuse(new_game):
    state = new_game(players=2)
    advance(state, lambda s: s.is_over() or pending(s) == (FINAL, 0))
    assert all(p.refusals == 0 for p in state.players)


# ---- End of game -----------------------------------------------------------------------------
def test_the_24th_card_ends_the_game_after_the_round_and_final_actions(new_game):
    state = new_game(players=3)
    # seat 0 lays the 22nd card and a second (the 23rd), so seat 1 lays the 24th and
    # seat 2 still has its turn in the finished round
    advance(state, lambda s: len(s.line) == 21 and pending(s) == (LAY, 0))
    play(state, (0, f"lay {state.offer[0]}"))
    advance(state, lambda s: pending(s) == (OPTIONAL, 0))
    state.players[0].coins += 1
    play(state, (0, f"second {state.offer[0]}"))
    advance(state, lambda s: pending(s) == (LAY, 1))
    play(state, (1, f"lay {state.offer[0]}"))
    assert len(state.line) == 24 and state.end_triggered
    advance(state, lambda s: pending(s) == (OPTIONAL, 1))
    # no 25th card: on a complete line `second` is neither listed nor accepted
    state.players[1].coins += 1
    assert not any(a[0] == "second" for a in state.legal_actions(1))
    assert "the line is complete" in refused(state, 1, f"second {state.offer[0]}")
    play(state, (1, "pass"))
    # the round is finished: the later seat cannot lay but takes an optional action
    advance(state, lambda s: s.active == 2)
    assert pending(state) == (OPTIONAL, 2)
    assert not any(a[0] in ("lay", "second") for a in state.legal_actions(2))
    assert "not possible now" in refused(state, 2, f"lay {state.offer[0]}")
    advance(state, lambda s: pending(s) == (FINAL, 0))
    # final optional actions from the starting player, without a second card
    for seat in range(3):
        assert pending(state) == (FINAL, seat)
        assert not any(a[0] == "second" for a in state.legal_actions(seat))
        state.players[seat].coins += 1
        assert state.offer
        assert "not possible now" in refused(state, seat, f"second {state.offer[0]}")
        play(state, (seat, "pass"))
    assert state.is_over() and state.decision() is None


def test_the_b_deck_running_out_into_the_offer_triggers_the_end(new_game):
    state = new_game(players=2)
    state.deck = state.deck[-1:]
    play(state, (0, f"lay {state.offer[0]}"))
    assert state.end_triggered and not state.deck
    play(state, (0, "pass"))
    assert pending(state) == (LAY, 1)            # seat 1 still has its turn this round
    play(state, (1, f"lay {state.offer[0]}"), (1, "pass"))
    assert pending(state) == (FINAL, 0)
    assert len(state.offer) == 3                 # no refill once the deck is gone


def test_ties_go_to_the_most_coins_then_victory_is_shared(new_game):
    state = new_game(players=2)
    advance(state, lambda s: pending(s) == (FINAL, 0))
    state.players[0].counts = state.players[1].counts.copy()
    state.players[0].coins = state.players[1].coins = 2
    play(state, (0, "pass"), (1, "pass"))
    assert state.result().winners == (0, 1) and state.result().ranks == (1, 1)


def test_ties_on_points_are_broken_by_coins(new_game):
    state = new_game(players=2)
    advance(state, lambda s: pending(s) == (FINAL, 0))
    play(state, (0, "pass"), (1, "pass"))
    # equal points, seat 0 with more coins: 3 coins against 2 coins + Glassworks 1
    state.players[0].counts = [0] * 11
    state.players[1].counts = [0] * 11
    state.players[1].counts[10] = 1
    state.players[0].coins, state.players[1].coins = 3, 2
    result = state.result()
    assert result.scores == (3, 3)
    assert result.winners == (0,) and result.ranks == (1, 2)
    assert result.tiebreak == ((3,), (2,))
