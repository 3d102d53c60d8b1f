"""The contract's table hooks: the table a game sets without --seats, the
generic bots it withdraws, and the look at a typed action before it is sent."""

from __future__ import annotations

import pytest

from stellwerk.bots import GENERIC_BOTS, bots_for, make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.companions import knowledge, terminal
from stellwerk.core.contract import HUMAN
from stellwerk.core.errors import BadOption
from stellwerk.frontends.setup import open_table
from stellwerk.games import game_ids, get_game


@pytest.mark.parametrize("game_id", game_ids())
def test_every_default_seat_is_a_bot_the_game_offers(game_id: str) -> None:
    game = get_game(game_id)
    offered = bots_for(game)
    for humans in (True, False):
        seats = knowledge(game).default_seats(humans)
        assert game.min_seats <= len(seats) <= game.max_seats
        assert (HUMAN in seats) == humans
        assert all(kind == HUMAN or kind in offered for kind in seats)


def test_linie1_withdraws_greedy_and_keeps_the_others() -> None:
    linie1 = get_game("linie1")
    assert "greedy" not in bots_for(linie1)
    assert {"random", "planner"} <= set(bots_for(linie1))
    assert set(GENERIC_BOTS) <= set(bots_for(get_game("rail-line")))  # nothing withdrawn
    with pytest.raises(BadOption, match="unknown bot 'greedy' for Linie 1"):
        make_bot("greedy", Chance(1), linie1)
    with pytest.raises(BadOption, match="Linie 1 does not offer the 'greedy' bot"):
        open_table("linie1", "planner,greedy", 1, None, {}, humans_allowed=False)


def test_a_game_without_a_review_sends_at_once() -> None:
    game = get_game("rail-line")
    pack = game.load_pack()
    state = game.new_state({}, 1, pack, 2)
    seat = state.decision().seats[0]  # type: ignore[union-attr]
    action = state.legal_actions(seat)[0]
    assert terminal(game, pack).review_action(state.view(seat), action, "en") == ([], None)
