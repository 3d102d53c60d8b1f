"""The fast legal-order list (board_options.Lookups, legal.sampled_orders) against a
straightforward reference written here: the same singles, the same drawn orders for
the same chance, on boards of random games (exchanges and crowded late rounds
included), and every listed order passes `check`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.games.linie1.board_options import board_options, lookups, order_action
from stellwerk.games.linie1.legal import (
    MOST_PLACEMENTS,
    listed_order_at_random,
    random_order,
    representative_orders,
    sampled_orders,
)
from stellwerk.games.linie1.notation import EMPTY_ORDER
from stellwerk.games.linie1.placement import is_legal
from stellwerk.games.linie1.rules import Linie1State
from stellwerk.games.linie1.tables import EMPTY, SQUARES
from tests.linie1.helpers import GAME, PACK, TABLES


def _near(square: int) -> list[int]:
    return [n for e in range(4) if (n := TABLES.neighbour[square * 4 + e]) >= 0]


def reference_candidates(board: Sequence[int]) -> list[int]:
    """Squares without a building that touch a terminal, hold an exchangeable tile, or
    are empty beside a tile (the list's rule, written out square by square)."""
    terminal = {s for pair in TABLES.terminals for t in pair for s in t.squares}
    return [s for s in range(SQUARES) if TABLES.building_at[s] < 0 and (
        s in terminal
        or (board[s] != EMPTY and TABLES.exchangeable[board[s] // 4])
        or (board[s] == EMPTY and any(board[n] != EMPTY for n in _near(s))))]


def reference_singles(board: list[int], tile: int) -> list[tuple[int, int]]:
    """Every placement of `tile`, each turn giving different tracks, legal now."""
    turns: dict[int, int] = {}
    for quarter in range(4):
        turns.setdefault(TABLES.pairs[tile * 4 + quarter], tile * 4 + quarter)
    return [(s, p) for s in reference_candidates(board) for p in turns.values()
            if is_legal(TABLES, board, s, p)]


def reference_orders(board: list[int], hand: Sequence[int], chance: Chance,
                     count: int = 12) -> list[Action]:
    """legal.sampled_orders' documented draw, without any of its shortcuts."""
    singles = {t: reference_singles(board, t) for t in range(len(hand)) if hand[t] > 0}
    held = [t for t in singles if singles[t]]
    found: list[Action] = []
    bits = spare = 0
    for _ in range(count):
        left = list(hand)
        lists = {t: list(singles[t]) for t in held}
        ahead, touched = board[:], set()
        chosen: list[tuple[int, int]] = []
        while len(chosen) < MOST_PLACEMENTS:
            alive = [t for t in held if left[t] > 0]
            eligible = sum(len(lists[t]) for t in alive)
            if not eligible:
                break
            if not spare:
                bits, spare = chance.next64(), 4
            r = (bits & 0xFFFF) * eligible >> 16
            bits, spare = bits >> 16, spare - 1
            for tile in alive:
                if r < len(lists[tile]):
                    break
                r -= len(lists[tile])
            square, pid = lists[tile][r]
            lists[tile][r] = lists[tile][-1]
            lists[tile].pop()
            if square in touched and not is_legal(TABLES, ahead, square, pid):
                continue
            chosen.append((square, pid))
            if ahead[square] != EMPTY:
                left[ahead[square] // 4] += 1
            ahead[square] = pid
            left[tile] -= 1
            touched |= {square, *_near(square)}
        action = order_action(TABLES, chosen)
        if len(chosen) > 1 and action not in found:
            found.append(action)
    return found


def _positions(seed: int, players: int, rounds: int) -> Iterator[Linie1State]:
    state = GAME.new_state({}, seed, PACK, players)
    chance = Chance(seed)
    for _ in range(rounds):
        yield state
        for seat in range(players):
            state.apply(seat, order_action(TABLES, random_order(
                TABLES, state.board, state.hands[seat], chance)))
        if state.is_over():
            return


def test_square_options_equal_is_legal_on_every_square() -> None:
    found = lookups(TABLES)
    for state in _positions(11, 5, 12):
        board = state.board
        for square in range(SQUARES):
            by_tile = {t: [d[1] for d in ds] for t, ds in found.entry(board, square)}
            if square in reference_candidates(board):
                for tile in range(len(TABLES.tile_ids)):
                    assert by_tile.get(tile, []) == [p for s, p in reference_singles(
                        board, tile) if s == square], (square, tile)
            else:
                assert not by_tile, square


def test_fast_list_equals_the_reference_and_every_order_is_legal() -> None:
    exchanges = 0
    for seed, players in ((1, 2), (2, 4), (5, 6)):
        for state in _positions(seed, players, 10):
            options = board_options(TABLES, state.board)
            for seat in range(players):
                hand = state.hands[seat]
                for tile in range(len(hand)):
                    assert list(options.by_tile[tile]) == reference_singles(state.board, tile)
                fast = sampled_orders(TABLES, state.board, hand, options, Chance(seed + seat))
                assert fast == reference_orders(state.board, hand, Chance(seed + seat))
                exchanges += sum(1 for a in fast for i in range(1, len(a), 3)
                                 if state.board[_square(a[i])] != EMPTY)
                listed = representative_orders(state, seat)
                assert listed == representative_orders(state.clone(), seat)
                for action in listed:
                    before = state.snapshot()
                    state.check(seat, action)
                    assert state.snapshot() == before
    assert exchanges > 0   # the exchange path of the draw was taken


def test_incremental_board_tables_equal_fresh_ones() -> None:
    found = lookups(TABLES)
    boards = [list(s.board) for s in _positions(4, 4, 10)]
    incremental = [found.board_options(b) for b in boards]
    for board, options in zip(boards, incremental, strict=True):
        found.boards.clear()
        found.last = None
        assert found.board_options(board) == options


def _square(name: object) -> int:
    text = str(name)
    return (int(text[1:]) - 1) * 12 + ord(text[0]) - ord("A")


def test_a_redrawn_order_is_one_of_the_listed_orders_and_any_of_them() -> None:
    """determinized draws a pending order uniformly over the list without making it."""
    state = list(_positions(9, 3, 4))[-1]
    listed = representative_orders(state, 1)
    chance = Chance(3)
    drawn = [listed_order_at_random(state, 1, chance) for _ in range(3000)]
    assert set(drawn) <= set(listed)
    assert len(set(drawn)) > len(listed) * 0.9             # about 16 draws per order
    assert sum(len(a) > 4 for a in drawn) > 0 and EMPTY_ORDER in drawn
