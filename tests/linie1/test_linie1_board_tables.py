"""The board table a Linie 1 state keeps (board_options.BoardTable, advanced when
asked for after a round) can never drift from the board: after random legal play it equals a table
made from scratch with cold caches and the plain is_legal reference, clones share it
without seeing each other's rounds, and the lists kept with it are the lists made anew
."""

from __future__ import annotations

import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.games.linie1.board_options import Lookups
from stellwerk.games.linie1.legal import (
    _sixteen_bits,
    order_action,
    random_order,
    representative_orders,
)
from stellwerk.games.linie1.rules import Linie1State
from stellwerk.games.linie1.tables import EMPTY
from tests.linie1.helpers import GAME, PACK, TABLES
from tests.linie1.test_linie1_fast_orders import reference_singles


def assert_table_is_the_boards(state: Linie1State) -> None:
    """The table the state gives (`board_table`: the one kept, advanced from the last
    board it described when a round has changed the board) is the one a new Lookups
    (every cache empty) makes, and its singles are is_legal's."""
    kept = state.board_table()
    assert kept is state.table and kept.board == tuple(state.board)
    fresh = Lookups(TABLES).table_for(state.board)
    assert kept.entries == fresh.entries
    assert kept.options == fresh.options
    for tile in range(len(TABLES.tile_ids)):
        placements = kept.options.by_tile[tile]
        assert list(placements) == reference_singles(state.board, tile)
        assert kept.options.actions(tile) == tuple(
            order_action(TABLES, [p]) for p in placements)


def play_round(state: Linie1State, chance: Chance) -> None:
    """Every seat orders: from its listed orders (exchanges included) or a drawn order
    of up to five placements."""
    for seat in range(state.n):
        if chance.below(2):
            listed = representative_orders(state, seat)
            state.apply(seat, listed[chance.below(len(listed))])
        else:
            state.apply(seat, order_action(TABLES, random_order(
                TABLES, state.board, state.hands[seat], chance)))


@given(seats=st.integers(2, 6), seed=st.integers(0, 2**32), play=st.integers(0, 2**32),
       rounds=st.integers(1, 14))
@settings(max_examples=12, deadline=None)
def test_the_kept_table_equals_one_made_from_scratch_after_random_play(
        seats: int, seed: int, play: int, rounds: int) -> None:
    state = GAME.new_state({}, seed, PACK, seats)
    chance = Chance(play)
    assert_table_is_the_boards(state)
    for _ in range(rounds):
        before = state.clone()
        kept_before = before.table
        play_round(state, chance)
        assert_table_is_the_boards(state)
        # the clone taken before the round still has its own board's table
        assert before.table is kept_before and kept_before.board == tuple(before.board)
        if state.is_over():
            break
    restored = Linie1State.from_snapshot(TABLES, state.snapshot())
    assert restored.table.entries == state.table.entries


def test_a_board_changed_outside_apply_gets_its_table_on_the_next_ask() -> None:
    state = GAME.new_state({}, 3, PACK, 3)
    chance = Chance(3)
    for _ in range(3):
        play_round(state, chance)
    empty = next(s for s in range(len(state.board)) if state.board[s] == EMPTY
                 and state.board[s + 1] != EMPTY and s % 12 != 11)
    listed = representative_orders(state, 0)
    state.board[empty] = state.board[empty + 1]       # not through apply
    assert state.table.board != tuple(state.board)
    table = state.board_table()
    assert table.board == tuple(state.board)
    assert table.entries == Lookups(TABLES).table_for(state.board).entries
    again = representative_orders(state, 0)
    restored = Linie1State.from_snapshot(TABLES, state.snapshot())
    assert again == representative_orders(restored, 0)
    assert again != listed


def test_kept_lists_are_copies_and_follow_the_hand_and_seat() -> None:
    state = GAME.new_state({}, 5, PACK, 4)
    chance = Chance(5)
    for _ in range(4):
        play_round(state, chance)
    listed = representative_orders(state, 1)
    listed.clear()                                    # the caller's copy only
    assert representative_orders(state, 1) == representative_orders(
        Linie1State.from_snapshot(TABLES, state.snapshot()), 1)
    # a sample redraws the other hands; its table shares the placements but not the
    # kept lists (their keys are the true hands); each list equals a fresh state's
    for seat in range(4):
        representative_orders(state, seat)
    for sample_seed in range(6):
        twin = state.determinized(1, Chance(sample_seed))
        assert twin.table.entries is state.table.entries and not twin.table.lists
        for seat in range(4):
            fresh = Linie1State.from_snapshot(TABLES, twin.snapshot())
            assert representative_orders(twin, seat) == representative_orders(fresh, seat)


@given(st.integers(0, 2**64 - 1))
@settings(max_examples=200, deadline=None)
def test_sixteen_bit_draws_are_next64_cut_in_four(seed: int) -> None:
    batched, plain = Chance(seed), Chance(seed)
    for _ in range(3):
        expected = []
        for _ in range(8):
            x = plain.next64()
            expected += [x & 0xFFFF, x >> 16 & 0xFFFF, x >> 32 & 0xFFFF, x >> 48]
        assert list(_sixteen_bits(batched)) == expected
        assert batched.state == plain.state



def test_a_state_in_play_pickles_with_its_table_and_lists() -> None:
    """The server sends a bot's state to a worker process pickled; the pack's cache
    (it holds a lock) stays behind, the board table and kept lists travel along."""
    state = GAME.new_state({}, 8, PACK, 4)
    chance = Chance(8)
    for _ in range(3):
        play_round(state, chance)
    listed = representative_orders(state, 2)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.tables == TABLES and copy.snapshot() == state.snapshot()
    assert copy.table.entries == state.table.entries
    assert representative_orders(copy, 2) == listed
    copy.table.lists.clear()
    assert representative_orders(copy, 2) == listed


def test_a_sample_carries_no_true_hand_in_its_kept_lists() -> None:
    state = GAME.new_state({}, 12, PACK, 4)
    chance = Chance(12)
    for _ in range(3):
        play_round(state, chance)
    for seat in range(4):
        representative_orders(state, seat)
    state.apply(2, representative_orders(state, 2)[-1])     # seat 2's order is pending
    twin = state.determinized(0, Chance(4))
    for seat in range(4):
        representative_orders(twin, seat)
    true_hands = {(s, *state.hands[s]) for s in (1, 2, 3)}
    sampled_hands = {(s, *twin.hands[s]) for s in (1, 2, 3)}
    kept = {key[1:] for key in twin.table.lists}
    assert kept & true_hands <= sampled_hands
    assert (0, *state.hands[0]) in kept                # its own hand is no secret
