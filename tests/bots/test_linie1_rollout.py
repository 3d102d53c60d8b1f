"""Linie 1's search with route sense: the orders the search weighs and its
rollout proposals are legal and change nothing, the planner's own order comes first,
the leaf value follows the score rule, the route memo changes no answer, and the
contract's search hooks leave every other game as it was."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.companions import knowledge
from stellwerk.core.session import Window
from stellwerk.games import game_ids, get_game
from stellwerk.games.linie1 import rollout
from stellwerk.games.linie1.heuristic import board_after_order
from stellwerk.games.linie1.notation import EMPTY_ORDER
from stellwerk.games.linie1.route import shortest_route
from stellwerk.games.linie1.rules import Linie1State, line_score

from ..contract.conftest import game_and_pack, unfinished_states


def _state(seed: int, seats: int, rounds: int, planner_share: int) -> Linie1State:
    """A state after `rounds` rounds in which each order is the planner's with chance
    `planner_share` in 4 and a random listed order otherwise (boards of every kind)."""
    game, pack = game_and_pack("linie1")
    state = game.new_state({}, seed, pack, seats)
    assert isinstance(state, Linie1State)
    chance = Chance(seed * 13 + 5)
    planner = make_bot("planner", Chance(seed), game)
    while (decision := state.decision()) is not None and state.round <= rounds:
        seat = decision.seats[0]
        legal = state.candidate_actions(seat)
        if chance.below(4) < planner_share:
            action = planner.choose(Window(game, state, seat, legal, Chance(1)))
        else:
            action = legal[chance.below(len(legal))]
        state.apply(seat, action)
    return state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), seats=st.integers(2, 6), rounds=st.integers(0, 8),
       planner_share=st.integers(0, 4), sample=st.integers(0, 2**32))
def test_search_orders_and_rollout_proposals_are_legal_and_change_nothing(
        seed: int, seats: int, rounds: int, planner_share: int, sample: int) -> None:
    state = _state(seed, seats, rounds, planner_share)
    decision = state.decision()
    if decision is None:
        return
    seat = decision.seats[0]
    # as the search sees it: a determinized sample, whose other seats may owe orders
    world = state.determinized(seat, Chance(sample))
    for probe in (state, world):
        before = probe.snapshot()
        waiting = probe.decision()
        assert waiting is not None
        for actor in waiting.seats:
            orders = rollout.search_actions(probe, actor)
            assert orders and len(set(orders)) == len(orders)
            for action in [*orders, rollout.rollout_action(probe, actor, Chance(sample))]:
                probe.check(actor, action)          # raises with the reason when illegal
            rollout.search_value(probe, actor)
            for plan in rollout._completions(probe, actor):
                # a completion found really completes the line, laid as ordered
                board = probe.board[:]
                for square, pid in plan:
                    board[square] = pid
                assert shortest_route(probe.tables, board, probe.lines[actor],
                                      probe.stop_squares(actor)) is not None
        assert probe.snapshot() == before


def test_the_planners_order_comes_first() -> None:
    # the search starts from the planner's move: the first order it weighs is the one
    # the planner bot sends from the seat's view
    game, _ = game_and_pack("linie1")
    planner = make_bot("planner", Chance(0), game)
    compared = 0
    for seed in range(4):
        state = _state(seed, 2 + seed % 3, seed + 1, 3)
        decision = state.decision()
        if decision is None:
            continue
        seat = decision.seats[0]
        window = Window(game, state, seat, state.candidate_actions(seat), Chance(1))
        assert rollout.search_actions(state, seat)[0] == planner.choose(window)
        compared += 1
    assert compared >= 3


def test_a_finished_seat_only_waits() -> None:
    state = _state(3, 2, 40, 4)       # planners to the end: both lines complete
    assert state.is_over() and all(state.finished)
    state.over = False                # as if the game went on: nothing left to build
    state.orders = [None, None]
    assert rollout.search_actions(state, 0) == [EMPTY_ORDER]


def test_the_leaf_value_follows_the_score_rule() -> None:
    # docs/games/linie1.md#l1-goal: score = round ^ 1.5 x length, lowest wins: a finished seat is
    # valued by its own score, a pending order that completes the line by this round's score, and a
    # line still open by a round after this one
    game, _ = game_and_pack("linie1")
    checked = 0
    for seed in (3, 4, 5):
        final = _state(seed, 2, 40, 4)            # planners to the end
        assert all(final.finished)
        for seat in range(2):
            assert rollout.expected_score(final, seat) == final.score(seat)
        first = min(final.finished)
        state = _state(seed, 2, first - 1, 4)     # the same game, at round `first`
        assert state.round == first and state.orders == [None, None]
        for seat in range(2):
            assert rollout.expected_score(state, seat) > (first - 1) ** 1.5
        seat = final.finished.index(first)
        order = make_bot("planner", Chance(seed), game).choose(
            Window(game, state, seat, state.candidate_actions(seat), Chance(1)))
        state.orders[seat] = state.check_order(seat, order)   # sealed, not yet resolved
        expected = rollout.expected_score(state, seat)
        assert expected == line_score(first, round(expected / first ** 1.5))
        if seat == 0:       # resolved as laid (seat 0 ordered first in the real game)
            assert expected == line_score(first, final.lengths[seat])
        checked += 1
    assert checked == 3


def test_the_route_memo_changes_no_value() -> None:
    # the memo is keyed by all a route depends on, so a value is the same cold or warm
    states = [_state(seed, 3, seed % 6, seed % 5) for seed in range(6)]
    warm = [[rollout.search_value(s, seat) for seat in range(3)] for s in states]
    for s in states:
        s.tables.cache[rollout.ROUTES_KEY] = None     # forget every planned route
        s.tables.cache[rollout.ROUTES_KEY] = type(s.tables.cache)(rollout.ROUTES_KEPT)
    cold = [[rollout.search_value(s, seat) for seat in range(3)] for s in states]
    assert warm == cold


def test_other_games_search_their_candidates_by_their_heuristic() -> None:
    # the contract's search hooks default to the candidate list and the heuristic
    for game_id in game_ids():
        if game_id == "linie1":
            continue
        known = knowledge(get_game(game_id))
        for state, _ in unfinished_states(game_id)[:2]:
            seat = state.decision().seats[0]
            listed = state.candidate_actions(seat)
            assert known.search_actions(state, seat, listed) is listed
            assert known.search_heuristic(state, seat) == known.heuristic(state, seat)


def test_the_search_completes_a_line_the_planner_would_leave_open() -> None:
    # seed 0, two planners: in round 5 seat 1's planner order leaves its line one round
    # short, though its hand can complete it (found by scanning planner games); the
    # search weighs that completion and takes it
    game, _ = game_and_pack("linie1")
    state = _state(0, 2, 4, 4)
    planner = make_bot("planner", Chance(0), game)
    decision = state.decision()
    assert decision is not None and state.round == 5
    state.apply(0, planner.choose(Window(game, state, 0, state.candidate_actions(0),
                                         Chance(1))))
    window = Window(game, state, 1, state.candidate_actions(1), Chance(1))

    def completes(order: tuple[object, ...]) -> bool:
        sealed = state.clone()
        sealed.orders[1] = sealed.check_order(1, order)
        return shortest_route(state.tables, board_after_order(sealed, 1), state.lines[1],
                              state.stop_squares(1)) is not None

    assert not completes(planner.choose(window))
    assert rollout._completions(state, 1)
    assert completes(make_bot("ismcts-normal", Chance(2), game).choose(window))
