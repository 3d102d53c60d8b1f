"""Twelve rounds, the final score and the challenges (docs/games/railways.md#rw-end: End and
score)."""

from __future__ import annotations

import pytest

from stellwerk.core.errors import BadOption, IllegalAction
from stellwerk.games.railways.rules import OVER
from tests.railways.helpers import GAME, PACK, TERMINAL, act, cell, table


def test_the_game_ends_after_twelve_rounds() -> None:
    state = table()
    for round_number in range(1, 13):
        assert state.round == round_number and not state.is_over()
        card = state.hand[0]
        act(state, _any_single(state, card))
        if not state.is_over() and state.phase == "second":
            act(state, "pass")
    assert state.is_over() and state.phase == OVER
    assert state.decision() is None and state.legal_actions(0) == []
    with pytest.raises(IllegalAction):
        act(state, "pass")


def _any_single(state, card: int) -> str:  # type: ignore[no-untyped-def]
    for action in state.legal_actions(0):
        if action[0] != "pass" and action[-1].split()[0].startswith(f"{card}."):
            return GAME.format_action(action)
    return GAME.format_action(state.legal_actions(0)[0])


def test_score_is_profit_plus_three_per_marker_minus_pollution() -> None:
    state = table()
    state.profit, state.pollution = 17, 4
    state.opened = {"B1": True, "C2": False}
    state.phase = OVER
    result = state.result()
    assert result.scores == (17 + 6 - 4,)
    assert dict(result.breakdown[0]) == {"profit": 17, "markers": 6, "pollution": -4}
    assert result.ranks == (1,) and result.winners == (0,)


def test_result_before_the_end_is_refused() -> None:
    with pytest.raises(IllegalAction):
        table().result()


def test_economist_needs_the_profit_track_maximum() -> None:
    state = table()
    state.profit = 29
    assert not state.challenge_results()["economist"]
    state.profit = 30
    assert state.challenge_results()["economist"]


def test_mayor_needs_every_passenger_delivered() -> None:
    state = table()
    assert not state.challenge_results()["mayor"]
    state.dice = {}
    assert state.challenge_results()["mayor"]


def test_train_driver_needs_a_delivery_to_each_type() -> None:
    state = table()
    state.delivered = {"R", "L", "C"}
    assert not state.challenge_results()["train_driver"]
    state.delivered.add("I")
    assert state.challenge_results()["train_driver"]


def test_engineer_needs_every_complete_connection_opened_and_upgraded() -> None:
    state = table()
    names = list(state.plan.connections)
    state.opened = dict.fromkeys(names, True)
    assert state.challenge_results()["engineer"]
    state.opened[names[0]] = False
    assert not state.challenge_results()["engineer"]
    del state.opened[names[0]]
    assert not state.challenge_results()["engineer"]


def test_challenges_are_reported_in_the_final_view() -> None:
    state = table(challenges=(1, 3))
    state.delivered = {"R", "L", "C", "I"}
    state.phase = OVER
    view = state.view(0)
    assert view["challenges"] == ["economist", "train_driver"]
    assert view["challenge_results"]["train_driver"] is True
    text = TERMINAL.render(view)
    assert "Magnate" in text and "Train driver" in text


def test_challenge_options() -> None:
    assert GAME.parse_options({"challenges": "3,1"}, 1) == {"challenges": [1, 3]}
    assert GAME.parse_options({"challenges": ""}, 1) == {"challenges": []}
    assert GAME.parse_options({"challenges": "2"}, 1) == {"challenges": [2]}
    for bad in ("5", "0", "x", "1,9"):
        with pytest.raises(BadOption):
            GAME.parse_options({"challenges": bad}, 1)
    with pytest.raises(BadOption):
        GAME.parse_options({"colour": "red"}, 1)
    with pytest.raises(BadOption):
        GAME.parse_options({}, 2)


def test_setup_places_two_ones_and_two_twos_one_per_card() -> None:
    state = table(dice=None)
    assert len(state.legal_actions(0)) > 0
    for bad, key in [("A1=1 E1=1 B6=2", "rw.dice_values"),
                     ("A1=1 C1=1 B6=2 F5=2", "rw.dice_cards"),
                     ("A1=1 E1=1 B6=2 B2=2", "rw.dice_not_region"),
                     ("A1=3 E1=1 B6=2 F5=2", "rw.bad_dice")]:
        with pytest.raises(IllegalAction) as caught:
            act(state, f"dice {bad}")
        assert caught.value.key == key
    with pytest.raises(IllegalAction):
        act(state, "hire with 7.1a")
    act(state, "dice A1=1 E1=1 B6=2 F5=2")
    assert state.dice == {cell("A1"): 1, cell("E1"): 1, cell("B6"): 2, cell("F5"): 2}


def test_a_new_game_deals_four_plan_cards_three_in_hand_one_in_the_pile() -> None:
    state = GAME.new_state({}, 123, PACK, 1)
    assert len(state.plan_cards) == 4 and len(state.hand) == 3 and len(state.pile) == 1
    assert sorted([*state.plan_cards, *state.hand, *state.pile]) == list(range(1, 9))
    assert (state.capital, state.profit, state.pollution, state.workers) == (0, 0, 1, 2)
    assert state.region_dice == [1, 2, 3] and state.markers_left == 6
