"""`State.events(seat)`: the play so far as JSON events with catalogue keys,
in words in English and German, and never another seat's secret (e.g. a Linie 1 order
before its round is resolved)."""

from __future__ import annotations

import json

import pytest

from stellwerk.core.chance import Chance

from .conftest import GAME_IDS, game_and_pack, seat_counts


def played(game_id: str, seats: int, steps: int, seed: int = 3):  # type: ignore[no-untyped-def]
    game, pack = game_and_pack(game_id)
    state = game.new_state({}, seed, pack, seats)
    chance = Chance(seed)
    for _ in range(steps):
        decision = state.decision()
        if decision is None:
            break
        seat = decision.seats[0]
        legal = state.candidate_actions(seat)
        state.apply(seat, legal[chance.below(len(legal))])
    return game, state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_events_are_json_in_english_and_german(game_id: str) -> None:
    game, _ = game_and_pack(game_id)
    seats = seat_counts(game)[-1]
    game, state = played(game_id, seats, 40)
    events = state.events(0)
    assert events, f"{game_id}: 40 actions and no event"
    assert json.loads(json.dumps(events)) == events
    for event in events:
        assert event["key"] in game.catalog, event
        english, german = (game.describe_event(event, lang) for lang in ("en", "de"))
        assert english and german and english != german, event
        assert "{" not in english + german and event["key"] not in english, event


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_seat_and_onlooker_sees_the_same_open_events(game_id: str) -> None:
    game, _ = game_and_pack(game_id)
    seats = seat_counts(game)[-1]
    _, state = played(game_id, seats, 30)
    assert all(state.events(s) == state.events(None) for s in range(seats))


def test_a_linie1_order_is_secret_until_its_round_is_resolved() -> None:
    _, state = played("linie1", 3, 3 * 4)         # four rounds resolved
    resolved = state.events(None)
    order = next(a for a in state.candidate_actions(0) if len(a) > 1)
    state.apply(0, order)
    now = state.events(1)
    assert now[:len(resolved)] == resolved
    assert now[len(resolved):] == [{"key": "l1.ev.ordered", "round": state.round, "seat": 0}]
    state.apply(1, ("order",))
    state.apply(2, ("order",))                    # the round resolves: the order is shown
    shown = [e for e in state.events(1) if e["key"] == "l1.ev.placement"
             and e["round"] == state.round - 1 and e["seat"] == 0]
    assert [e["square"] for e in shown] == [order[1 + 3 * k] for k in range(len(shown))]
    assert shown
