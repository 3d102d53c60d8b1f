"""Rail Line rulings: at a station with Sugar factory and Sugar beet the Sugar factory is marked
first (docs/games/rail-line.md#rl-rules, marking: D), and three players are asked about refusing
them in that order."""

from __future__ import annotations

from stellwerk.games.rail_line.rules import REFUSE
from stellwerk.games.rail_line.symbols import BEET, SUGAR, marking_order
from tests.rail_line.support import pending

BEET_THEN_SUGAR = {f"{deck}{i:02d}": (["beet", "sugar"],) * 3
                   for deck, count in (("A", 12), ("B", 25)) for i in range(1, count + 1)}


def lay_first(state, seat):
    lay = next(a for a in state.legal_actions(seat) if a[0] == "lay")
    state.apply(seat, lay)


def test_marking_order_puts_the_sugar_factory_before_the_beet():
    assert marking_order((BEET, SUGAR)) == (SUGAR, BEET)
    assert marking_order((SUGAR, BEET)) == (SUGAR, BEET)
    assert marking_order((BEET,)) == (BEET,)


def test_a_beet_box_behind_a_red_line_is_unlocked_by_the_sugar_factory_at_the_same_station(
        new_game, with_cards):
    state = with_cards(new_game(players=2, sheet="II"), **BEET_THEN_SUGAR)
    # Sheet II gates: beet box 3 needs Sugar factory box 1. Two beets marked, no factory.
    state.players[0].counts[BEET] = 2
    lay_first(state, 0)
    assert state.players[0].counts[SUGAR] == 1
    assert state.players[0].counts[BEET] == 3      # listed order would have lost this beet


def test_three_players_are_asked_about_the_sugar_factory_first(new_game, with_cards):
    state = with_cards(new_game(players=3), **BEET_THEN_SUGAR)
    lay_first(state, 0)
    asked = []
    while pending(state) is not None and pending(state)[0] == REFUSE:
        seat = state.pending[1]
        asked.append((seat, state.decision().params["symbol"]))
        state.apply(seat, ("keep",))
    assert asked == [(1, "sugar"), (1, "beet"), (2, "sugar"), (2, "beet")]
