"""Random games driven by hypothesis: after every round the board is legal, no tile is
lost or made, stops sit next to their buildings, and a game replays exactly."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.core.record import GameRecord, Seat, replay
from stellwerk.games.linie1.legal import order_action, random_order
from stellwerk.games.linie1.placement import illegal_squares
from stellwerk.games.linie1.rules import Linie1State
from stellwerk.games.linie1.tables import EMPTY, SQUARES

from .helpers import GAME, PACK, TABLES, new_state


def wild_order(state: Linie1State, seat: int, chance: Chance) -> tuple[object, ...]:
    """Half the time legal-looking placements, else anything from the hand (failures,
    exchanges that break neighbours and must be mended or undone)."""
    if chance.below(2):
        return order_action(TABLES, random_order(TABLES, state.board, state.hands[seat], chance))
    tiles = [t for t, c in enumerate(state.hands[seat]) if c]
    placements = []
    for _ in range(chance.below(6) if tiles else 0):
        square = chance.below(SQUARES)
        if TABLES.building_at[square] >= 0:
            continue
        placements.append((square, chance.choice(tiles) * 4 + chance.below(4)))
    return order_action(TABLES, placements)


def check_invariants(state: Linie1State) -> None:
    assert illegal_squares(TABLES, state.board) == []
    counts = [0] * len(TABLES.tile_ids)
    for placed in state.board:
        if placed != EMPTY:
            counts[placed // 4] += 1
    for hand in state.hands:
        assert all(c >= 0 for c in hand)
        for t, c in enumerate(hand):
            counts[t] += c
    for t in state.pile:
        counts[t] += 1
    assert tuple(counts) == TABLES.counts
    for building, square in enumerate(state.stops):
        neighbours = [TABLES.neighbour[TABLES.building_squares[building] * 4 + e]
                      for e in range(4)]
        occupied = [n for n in neighbours if n >= 0 and state.board[n] != EMPTY]
        if square >= 0:
            assert square in neighbours and state.board[square] != EMPTY
        else:
            assert not occupied   # a building with a tile beside it has its stop


@given(seats=st.integers(2, 6), seed=st.integers(0, 2**32), bot_seed=st.integers(0, 2**32))
@settings(max_examples=25, deadline=None)
def test_random_rounds_keep_the_board_legal(seats: int, seed: int, bot_seed: int) -> None:
    state = new_state(seats, seed, rounds=8)
    chance = Chance(bot_seed)
    record = GameRecord(GAME.id, GAME.engine_version, {"rounds": 8}, PACK.id, PACK.sha256,
                        seed, [Seat(f"p{i}", "random") for i in range(seats)])
    while not state.is_over():
        for seat in range(seats):
            action = wild_order(state, seat, chance)
            text = GAME.format_action(action)
            assert GAME.parse_action(text) == action
            record.actions.append((seat, text))
            state.apply(seat, action)
        check_invariants(state)
    record.result = state.result().to_json()
    again = replay(GameRecord.from_json(record.to_json()), GAME)
    assert again.board == state.board and again.result() == state.result()


def test_a_recorded_game_replays_to_its_recorded_result() -> None:
    # A fixture made by `stellwerk simulate linie1 --seats planner,planner,random
    # --seed 77 --record`: any change to the rules that alters it must bump the
    # engine version.
    path = Path(__file__).parent / "fixtures" / "planners-77.json"
    record = GameRecord.load(path)
    state = replay(record, GAME)
    assert state.is_over() and state.result().to_json() == record.result
    assert sum(1 for r in state.finished if r) >= 2
