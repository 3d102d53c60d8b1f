"""Linie 1's orders are typed values (`notation.Order`): what the notation reads and
what every listing, policy and bot gives is an `Order` whose `str()` is its notation and
reads back equal; a plain tuple from an older caller is still carried out the same way;
the rollout policy's trust lives in the core's `Trusted`."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.companions import knowledge
from stellwerk.core.session import Window
from stellwerk.core.trust import UNKNOWN, Trusted
from stellwerk.games.linie1 import rollout
from stellwerk.games.linie1.notation import (
    ACTIONS,
    EMPTY_ORDER,
    Order,
    Placement,
    format_action,
    parse_action,
)
from stellwerk.games.linie1.tables import SQUARES, square_name
from stellwerk.games.linie1.tiles import ROTATIONS, TILE_IDS
from tests.linie1.helpers import GAME, PACK
from tests.linie1.test_linie1_board_tables import play_round

placements = st.lists(st.tuples(st.integers(0, SQUARES - 1), st.sampled_from(TILE_IDS),
                                st.sampled_from(ROTATIONS)), max_size=5)


@settings(max_examples=60, deadline=None)
@given(placements)
def test_an_order_prints_as_its_notation_and_reads_back(laid: list[tuple[int, str, int]]
                                                        ) -> None:
    order = Order.made_of(Placement(square_name(s), tile, r) for s, tile, r in laid)
    assert str(order) == format_action(order)
    back = parse_action(str(order))
    assert type(back) is Order and back == order and hash(back) == hash(order)
    assert back.placements == [(square_name(s), tile, r) for s, tile, r in laid]
    assert tuple(order) == ("order", *(w for s, t, r in laid for w in (square_name(s), t, r)))


def test_the_notation_reads_german_and_empty_orders_as_orders() -> None:
    assert parse_action("pass") is EMPTY_ORDER and type(EMPTY_ORDER) is Order
    order = parse_action("a1 kurve 90; B2 gerade 0")
    assert type(order) is Order and str(order) == "A1 curve 90; B2 straight 0"
    assert ACTIONS.typed(("order", "A1", "curve", 90)) == order[:4]
    assert ACTIONS.typed(("lay", "A1")) is None


def _assert_orders(actions: list[object]) -> None:
    assert actions
    for action in actions:
        assert type(action) is Order, action
        assert parse_action(str(action)) == action


def test_every_listing_and_policy_gives_orders() -> None:
    state = GAME.new_state({}, 3, PACK, 3)
    chance = Chance(3)
    planner = make_bot("planner", Chance(1), GAME)
    for _ in range(4):
        for seat in range(3):
            _assert_orders(state.legal_actions(seat))
            _assert_orders(state.candidate_actions(seat))
            _assert_orders(rollout.search_actions(state, seat))
            _assert_orders([knowledge(GAME).rollout_action(state.clone(), seat, Chance(seat))])
            window = Window(GAME, state, seat, state.legal_actions(seat), chance)
            _assert_orders([planner.choose(window)])
            default = state.default_action(seat)
            assert type(default) is Order and len(default) == 1
        play_round(state, chance)


def test_a_plain_tuple_order_is_carried_out_as_its_typed_value() -> None:
    state = GAME.new_state({}, 5, PACK, 2)
    chance = Chance(5)
    for _ in range(3):
        play_round(state, chance)
    typed, plain = state.clone(), state.clone()
    for seat in range(2):
        order = max(state.legal_actions(seat), key=len)
        typed.apply(seat, order)
        plain.apply(seat, tuple(order))
    assert typed.snapshot() == plain.snapshot()


def test_the_drawn_order_is_vouched_for_in_the_states_trust() -> None:
    state = GAME.new_state({}, 6, PACK, 2)
    assert isinstance(state.trusted, Trusted)
    order = knowledge(GAME).rollout_action(state, 0, Chance(2))
    placements = state.trusted.recall(0, order)
    assert placements is not UNKNOWN
    assert placements == tuple(state.check_order(0, order))
    assert state.trusted.recall(1, order) is UNKNOWN
    assert state.trusted.recall(0, tuple(order)) is UNKNOWN
