"""The engine's shortcuts for searches give exactly what the plain rules give:
a round's end re-reads only the squares it touched when it began on a board known
legal; the squares near the network are worked out from the last board's; a square's
legality is read without building reasons; a rollout's order draws what `Chance.below`
draws; and `apply` takes the rollout policy's own
order object unchecked, and nothing else."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.core.companions import knowledge
from stellwerk.core.errors import IllegalAction
from stellwerk.games.linie1.board_options import Lookups, candidate_squares
from stellwerk.games.linie1.legal import (
    _sixty_four_bits,
    random_order,
)
from stellwerk.games.linie1.placement import (
    ends_fit,
    is_legal,
    square_is_legal,
    track_ends,
)
from stellwerk.games.linie1.rules import Linie1State
from stellwerk.games.linie1.tables import EMPTY, SQUARES
from tests.linie1.helpers import GAME, PACK, TABLES
from tests.linie1.test_linie1_board_tables import play_round


def plain_near(board: list[int]) -> list[int]:
    """candidate_squares' rule written out: terminals' squares, exchangeable tiles and
    empty squares beside a tile, buildings left out."""
    terminals = {s for pair in TABLES.terminals for t in pair for s in t.squares}
    found = set()
    for square in range(SQUARES):
        if TABLES.building_at[square] >= 0:
            continue
        pid = board[square]
        beside = [TABLES.neighbour[square * 4 + e] for e in range(4)]
        if (square in terminals
                or (pid != EMPTY and TABLES.exchangeable[pid // 4])
                or (pid == EMPTY and any(n >= 0 and board[n] != EMPTY for n in beside))):
            found.add(square)
    return sorted(found)


def plain_square_is_legal(board: list[int], square: int) -> bool:
    pid = board[square]
    if pid == EMPTY:
        return True
    failures, faults = track_ends(TABLES, board, square, pid)
    return not failures and not faults and TABLES.building_at[square] < 0


@given(seats=st.integers(2, 6), seed=st.integers(0, 2**32), play=st.integers(0, 2**32))
@settings(max_examples=8, deadline=None)
def test_a_round_played_with_the_shortcuts_ends_as_one_read_whole(
        seats: int, seed: int, play: int) -> None:
    fast = GAME.new_state({}, seed, PACK, seats)
    plain = fast.clone()
    chance_fast, chance_plain = Chance(play), Chance(play)
    fast.near_squares()
    for _ in range(12):
        plain.legal_board = None            # no board known legal: every square is read
        play_round(fast, chance_fast)
        play_round(plain, chance_plain)
        assert fast.snapshot() == plain.snapshot()
        assert fast.legal_board == tuple(fast.board)
        assert not [s for s in range(SQUARES) if not plain_square_is_legal(fast.board, s)]
        assert candidate_squares(TABLES, fast.board) == plain_near(fast.board)
        # the near squares the state keeps were worked out by the round's end from the
        # squares it laid on (asked for after every round, so kept for its first board)
        assert fast.near is not None and fast.near[0] == tuple(fast.board)
        assert fast.near_squares() == tuple(plain_near(fast.board))
        if fast.is_over():
            break


@given(st.lists(st.tuples(st.integers(0, SQUARES - 1), st.integers(-1, 4 * 20 - 1)),
                min_size=1, max_size=60),
       st.integers(0, 2**32))
@settings(max_examples=40, deadline=None)
def test_square_legality_and_near_squares_on_any_board(changes: list[tuple[int, int]],
                                                       seed: int) -> None:
    """Boards that break rules too (tiles run off the board, onto buildings), reached
    one change after another so the near squares are worked out from the last board."""
    pids = len(TABLES.tile_ids) * 4
    board = [EMPTY] * SQUARES
    Chance(seed).shuffle(changes)
    for square, pid in changes:
        board[square] = pid % pids if pid >= 0 else EMPTY
        assert candidate_squares(TABLES, board) == plain_near(board)
        assert [square_is_legal(TABLES, board, s) for s in range(SQUARES)] == [
            plain_square_is_legal(board, s) for s in range(SQUARES)]
    # the per-square tables behind a round's end and random_order's loop
    found = Lookups(TABLES)
    for square in range(SQUARES):
        for pid in range(pids):
            assert found.allows(board, square, pid) == is_legal(TABLES, board, square, pid)
            if TABLES.building_at[square] < 0:
                assert found.fits(board, square, pid) == ends_fit(TABLES, board, square, pid)
    cold = Lookups(TABLES)                  # no last board to work from
    TABLES.cache["linie1 lookups"], kept = cold, TABLES.cache["linie1 lookups"]
    try:
        assert candidate_squares(TABLES, board) == plain_near(board)
    finally:
        TABLES.cache["linie1 lookups"] = kept


def test_a_restored_board_is_read_whole_once() -> None:
    state = GAME.new_state({}, 4, PACK, 3)
    chance = Chance(4)
    for _ in range(3):
        play_round(state, chance)
    restored = Linie1State.from_snapshot(TABLES, state.snapshot())
    assert restored.legal_board is None and state.legal_board == tuple(state.board)
    play_round(state, Chance(9))
    play_round(restored, Chance(9))
    assert restored.snapshot() == state.snapshot()
    assert restored.legal_board == tuple(restored.board)


def rollout_order(seed: int = 6) -> tuple[Linie1State, tuple[object, ...]]:
    state = GAME.new_state({}, seed, PACK, 3)
    chance = Chance(seed)
    for _ in range(3):
        play_round(state, chance)
    order = knowledge(GAME).rollout_action(state, 1, Chance(1))
    assert len(order) > 1 and state.trusted[:2] == (1, order)
    return state, order


def test_an_equal_but_malformed_order_is_still_refused() -> None:
    state, order = rollout_order()
    rotations = [i for i in range(3, len(order), 3) if order[i] == 0]
    if not rotations:
        pytest.skip("this draw turns no tile by 0")
    forged = list(order)
    forged[rotations[0]] = False            # == 0, but a bool is no rotation
    forged_order = tuple(forged)
    assert forged_order == order
    before = state.snapshot()
    with pytest.raises(IllegalAction):
        state.apply(1, forged_order)
    assert state.snapshot() == before


def test_the_drawn_order_is_trusted_for_its_seat_only_and_once() -> None:
    state, order = rollout_order()
    before = state.snapshot()
    with pytest.raises(IllegalAction):
        state.apply(True, order)            # == seat 1, but no seat number
    assert state.snapshot() == before
    twin = state.clone()
    assert twin.trusted == ()
    state.apply(1, order)
    assert state.trusted == () and state.orders[1] is not None
    twin.apply(1, order)                    # checked in full there, and legal
    assert twin.snapshot() == state.snapshot()
    with pytest.raises(IllegalAction, match="already ordered"):
        state.apply(1, order)


def test_an_order_drawn_for_another_seat_is_checked_in_full() -> None:
    state, order = rollout_order()
    state.hands[0] = [0] * len(TABLES.tile_ids)     # seat 0 holds nothing to lay
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="hold no"):
        state.apply(0, order)
    assert state.snapshot() == before and state.orders[0] is None


def plain_random_order(board: list[int], hand: list[int], chance: Chance, size: int,
                       tries: int, refresh: bool) -> list[tuple[int, int]]:
    """random_order as its docstring says it, with `Chance.below` at every draw."""
    board, hand = board[:], hand[:]
    chosen: list[tuple[int, int]] = []
    squares = plain_near(board)
    for _ in range(size):
        for _ in range(tries):
            tiles = [t for t, c in enumerate(hand) if c > 0]
            if not tiles or not squares:
                return chosen
            square = squares[chance.below(len(squares))]
            tile = tiles[chance.below(len(tiles))]
            turns = Lookups(TABLES).turns[tile]
            pid = tile * 4 + turns[chance.below(len(turns))]
            if is_legal(TABLES, board, square, pid):
                break
        else:
            return chosen
        chosen.append((square, pid))
        if board[square] != EMPTY:
            hand[board[square] // 4] += 1
        board[square] = pid
        hand[pid // 4] -= 1
        if refresh:
            squares = plain_near(board)
    return chosen


@given(seed=st.integers(0, 2**32), play=st.integers(0, 2**64 - 1),
       size=st.integers(1, 5), tries=st.integers(1, 40), refresh=st.booleans())
@settings(max_examples=30, deadline=None)
def test_random_order_draws_what_below_draws(seed: int, play: int, size: int, tries: int,
                                             refresh: bool) -> None:
    state = GAME.new_state({}, seed, PACK, 2)
    chance = Chance(seed)
    for _ in range(seed % 6):
        play_round(state, chance)
    fast, plain = Chance(play), Chance(play)
    for seat in range(2):
        assert random_order(TABLES, state.board, state.hands[seat], fast, size, tries,
                            refresh) == plain_random_order(
            state.board, state.hands[seat], plain, size, tries, refresh)
        assert fast.state == plain.state


@given(st.integers(0, 2**64 - 1))
@settings(max_examples=100, deadline=None)
def test_sixty_four_bit_draws_are_next64(seed: int) -> None:
    batched, plain = Chance(seed), Chance(seed)
    for _ in range(3):
        assert list(_sixty_four_bits(batched)) == [plain.next64() for _ in range(16)]
        assert batched.state == plain.state
