"""Bots: the planner builds its route and completes it; random and greedy play along;
every listed legal order is accepted."""

from __future__ import annotations

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.session import play_out
from stellwerk.games.linie1.placement import check_placement, is_legal
from stellwerk.games.linie1.planner import plan_order, plan_route
from stellwerk.games.linie1.tables import EMPTY, SQUARES

from .helpers import (
    GAME,
    LINE4,
    LINE4_ROUTE,
    TABLES,
    empty_hands,
    give,
    lay,
    new_state,
    sq,
)


def test_the_planner_finds_the_gap_in_a_route_and_fills_it() -> None:
    state = new_state(2)
    empty_hands(state)
    state.pile.clear()
    state.lines[0] = LINE4
    state.cards[0] = 0
    route = dict(LINE4_ROUTE)
    del route["J8"]
    lay(state.board, route)
    for building, square in zip(state.stop_buildings(0), ("H2", "J4", "J6"), strict=True):
        state.stops[building] = sq(square)
    give(state, 0, "curve", "straight")
    steps = plan_route(TABLES, state.board, LINE4, state.stop_buildings(0), state.stops,
                       state.hands[0])
    assert steps is not None and (sq("J8"), 0, 2) in steps
    order = plan_order(TABLES, state.view(0))
    assert [(s, TABLES.tile_of(p)) for s, p in order] == [(sq("J8"), "straight")]


def test_planners_complete_their_lines_in_reasonable_rounds() -> None:
    for seed in (1, 2):
        state = GAME.new_state({}, seed, GAME.load_pack(), 2)
        chance = Chance(seed)
        play_out(GAME, state, [make_bot("planner", chance, GAME) for _ in range(2)], chance)
        assert all(0 < r <= 15 for r in state.finished), state.finished
        assert state.result().scores == tuple(state.score(s) for s in range(2))


def test_random_and_greedy_bots_play_a_game_to_the_end() -> None:
    state = new_state(3, seed=4, rounds=6)
    chance = Chance(9)
    # greedy is withdrawn from Linie 1's tables (Linie1Knowledge.withdrawn_bots) but, speaking only
    # the contract, still plays it: the generic registry (no game) makes it
    bots = [make_bot("random", chance, GAME), make_bot("greedy", chance),
            make_bot("planner", chance, GAME)]
    taken = play_out(GAME, state, bots, chance)
    assert state.is_over() and len(taken) == 18


def test_every_listed_order_is_accepted() -> None:
    state = new_state(2, seed=8)
    chance = Chance(3)
    for _ in range(3):
        for seat in range(2):
            listed = state.legal_actions(seat)
            assert listed[0] == ("order",) and len(listed) > 5
            for action in listed:
                state.clone().apply(seat, action)
            state.apply(seat, listed[chance.below(len(listed))])
    assert state.legal_actions(5) == []


def test_the_fast_check_agrees_with_the_full_one() -> None:
    state = new_state(2, seed=3)
    for _ in range(4):
        for seat in range(2):
            state.apply(seat, state.legal_actions(seat)[-1])
    assert state.board.count(EMPTY) < SQUARES - 4     # tiles lie, so both answers occur
    answers = {True: 0, False: 0}
    for square in range(SQUARES):
        for placed in range(len(TABLES.tile_ids) * 4):
            full = check_placement(TABLES, state.board, square, placed, exchange_exception=False)
            assert is_legal(TABLES, state.board, square, placed) == full.legal
            answers[full.legal] += 1
    assert answers[True] > 0 and answers[False] > 0, answers
