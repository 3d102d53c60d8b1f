"""The judge's `check` and the resolution agree: on random positions, the placements
`check` names as failing are exactly those that fail or are taken back when the order
is resolved alone, and an exchange left mismatched is named as taken back."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.core.errors import IllegalAction
from stellwerk.games.linie1.judge.orders import (
    OrderFile,
    OrderFileError,
    check_order_file,
    placements_that_would_fail,
)
from stellwerk.games.linie1.legal import listed_order_at_random
from stellwerk.games.linie1.rules import Linie1State
from stellwerk.games.linie1.tables import EMPTY, OFF_BOARD, square_index, square_name

from .helpers import GAME, PACK, empty_hands, give, lay, new_state, simple

LAID = ("placed", "exchanged")


def position(seed: int, rounds: int) -> Linie1State:
    """A game `rounds` rounds in, every seat ordering at random from its listed orders."""
    state = GAME.new_state(GAME.parse_options({}, 3), seed, PACK, 3)
    chance = Chance(seed)
    for _ in range(rounds):
        for seat in range(state.n):
            state.apply(seat, listed_order_at_random(state, seat, chance))
    return state


placements = st.lists(st.tuples(st.integers(0, 143), st.integers(0, 1000),
                                st.sampled_from((0, 90, 180, 270))), max_size=5)


def apart(a: int, b: int) -> bool:
    """Squares neither the same nor touching (not even at a corner)."""
    return max(abs(a // 12 - b // 12), abs(a % 12 - b % 12)) >= 2


def far_company(state: Linie1State, seat: int, mine: list[int], chance: Chance) -> list[object]:
    """Each other seat's order: one of its listed orders that the pre-check passes whole
    and that lays nowhere near any other order's squares (so no order can interfere
    with another), else no placements."""
    orders: list[object] = []
    used = list(mine)
    for other in range(state.n):
        if other == seat:
            orders.append(None)
            continue
        order = listed_order_at_random(state, other, chance)
        squares = [square_index(str(order[k])) for k in range(1, len(order), 3)]
        whole = OrderFile(order, list(range(1, len(squares) + 1)))
        if (all(s is not None and all(apart(s, u) for u in used) for s in squares)
                and not placements_that_would_fail(whole, state, other)):
            used += [s for s in squares if s is not None]
        else:
            order = ("order",)
        orders.append(order)
    return orders


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**20), rounds=st.integers(0, 4), seat=st.integers(0, 2),
       picks=placements, near=st.booleans(), company=st.booleans())
def test_check_agrees_with_the_resolution_when_no_order_interferes(
        seed: int, rounds: int, seat: int, picks: list[tuple[int, int, int]], near: bool,
        company: bool) -> None:
    """Alone, or with other orders laid far from it: `check` names exactly the
    placements that fail or are taken back, so "ok" means the order is laid whole."""
    state = position(seed, rounds)
    tables = state.tables
    taken = [s for s in range(len(state.board)) if state.board[s] != EMPTY]
    held = [t for t, n in enumerate(state.hands[seat]) for _ in range(n)]
    action: list[object] = ["order"]
    squares = []
    for square, tile, rotation in picks:
        if near and taken:       # on or beside the network, where exchanges and fits matter
            beside = tables.neighbour[taken[square % len(taken)] * 4 + square % 4]
            square = taken[square % len(taken)] if beside == OFF_BOARD else beside
        # mostly tiles from the hand, sometimes any tile
        index = held[tile % len(held)] if held and tile % 4 else tile % len(tables.tile_ids)
        action += [square_name(square), tables.tile_ids[index], rotation]
        squares.append(square)
    order = OrderFile(tuple(action), list(range(1, len(picks) + 1)))
    try:
        check_order_file(order, state, seat, "order")
    except OrderFileError:
        return                  # resolve would refuse the file: nothing to lay
    failing = {m.line for m in placements_that_would_fail(order, state, seat)}
    others = (far_company(state, seat, squares, Chance(seed)) if company
              else [None] * state.n)
    after = state.clone()
    for s in range(state.n):
        try:
            after.apply(s, order.action if s == seat else others[s] or ("order",))
        except IllegalAction as exc:        # check_order_file accepted it
            raise AssertionError(exc) from None
    assert after.last_report is not None
    fates = {e["priority"]: e["outcome"] for e in after.last_report["placements"]
             if e["seat"] == seat}
    assert set(fates) == set(order.lines)
    # what check names fails; what it passes is laid and kept
    assert failing == {p for p, outcome in fates.items() if outcome not in LAID}, fates
    # and the company, passed whole by its own check, is laid whole too
    assert all(e["outcome"] in LAID for e in after.last_report["placements"]
               if e["seat"] != seat), after.last_report


def network_with_a_crossing_in_hand(crossings: int) -> Linie1State:
    """C5-D5 and C6 straight east-west (a legal board); seat 0 holds `crossings`."""
    state = new_state(seats=2, seed=5)
    lay(state.board, {"C5": simple("WE"), "D5": simple("WE"), "C6": simple("WE")})
    state.legal_board = None
    empty_hands(state)
    give(state, 0, *["crossing"] * crossings)
    return state


def lone_fates(state: Linie1State, text: str) -> list[str]:
    after = state.clone()
    after.apply(0, GAME.parse_action(text))
    after.apply(1, ("order",))
    assert after.last_report is not None
    return [e["outcome"] for e in after.last_report["placements"]]


def test_check_names_an_exchange_left_mismatched_as_taken_back() -> None:
    state = network_with_a_crossing_in_hand(1)
    text = "C5 crossing 0"      # its new south end meets C6, which has no north end
    order = OrderFile(GAME.parse_action(text), [1])
    check_order_file(order, state, 0, "order")       # the rules accept it
    [mistake] = placements_that_would_fail(order, state, 0)
    assert mistake.text == ("placement 1: would fail: it leaves C6 mismatched and no later "
                            "placement of this order mends it, so it is taken back at the "
                            "round's end")
    assert "Eintrag 1: würde scheitern: es lässt C6 unpassend" in mistake.in_language("de")
    assert lone_fates(state, text) == ["undone"]


def test_check_passes_an_exchange_mended_later_in_the_same_order() -> None:
    state = network_with_a_crossing_in_hand(2)
    text = "C5 crossing 0; C6 crossing 0"
    order = OrderFile(GAME.parse_action(text), [1, 2])
    assert placements_that_would_fail(order, state, 0) == []
    assert lone_fates(state, text) == ["exchanged", "exchanged"]
