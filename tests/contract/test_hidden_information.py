"""Hidden information, proven for every game and seat.

For every registered game: a seat's view does not change when everything hidden from
it is redrawn; over many samples `determinized` really varies every hidden part; the
greedy and search bots choose the same action whatever the true secrets are; and no
view, event or public record of an unfinished game carries another seat's secret.
"""

from __future__ import annotations

import json

import pytest

from stellwerk.bots.greedy import GreedyBot
from stellwerk.bots.montecarlo import SearchBot
from stellwerk.core.chance import Chance
from stellwerk.core.session import Window

from .conftest import GAME_IDS, game_and_pack, unfinished_states
from .hidden import HIDDEN, secret_tokens

SAMPLES = 24


def test_every_game_has_an_adapter() -> None:
    missing = [g for g in GAME_IDS if g not in HIDDEN]
    assert not missing, f"name the hidden parts of {missing} in tests/contract/hidden.py"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_view_is_unchanged_when_the_hidden_is_redrawn(game_id: str) -> None:
    for state, seats in unfinished_states(game_id):
        for seat in range(seats):
            view, public = state.view(seat), state.public_view()
            for k in range(3):
                twin = state.determinized(seat, Chance(k))
                assert twin.view(seat) == view
                assert twin.public_view() == public     # an onlooker knows even less
                assert twin.info_key(seat) == state.info_key(seat)
                assert twin.candidate_actions(seat) == state.candidate_actions(seat)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_determinized_varies_every_hidden_part(game_id: str) -> None:
    hidden = HIDDEN[game_id]
    checked = 0
    for state, seats in unfinished_states(game_id):
        for seat in range(seats):
            real = hidden(state, seat)
            seen: dict[str, set[object]] = {part: set() for part in real}
            for k in range(SAMPLES):
                sample = hidden(state.determinized(seat, Chance(1000 + k)), seat)
                for part in real:
                    seen[part].add(sample[part])
            for part, values in seen.items():
                assert len(values) > 1, f"{game_id}: seat {seat}'s sample never " \
                                        f"redraws {part}"
                checked += 1
    assert checked, f"{game_id}: no hidden part was checked"


def small_search(chance: Chance) -> SearchBot:
    return SearchBot(chance, candidates=2, rollouts=1, width=2)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("make_bot", [GreedyBot, small_search], ids=["greedy", "search"])
def test_bots_play_the_same_whatever_the_true_secrets(game_id: str, make_bot: type) -> None:
    game, _ = game_and_pack(game_id)
    differed = 0
    hidden = HIDDEN[game_id]
    # the states with the most hidden parts for the deciding seat (a pile of several
    # cards, full hands), where a bot that peeked would most likely show it
    richest = sorted(unfinished_states(game_id), key=lambda item: -len(hidden(
        item[0], item[0].decision().seats[0])))
    for index, (state, _) in enumerate(richest[:3 if make_bot is small_search else 6]):
        seat = state.decision().seats[0]
        other_truth = state.determinized(seat, Chance(77 + index))
        if HIDDEN[game_id](other_truth, seat) != HIDDEN[game_id](state, seat):
            differed += 1
        choices = []
        for truth in (state, other_truth):
            window = Window(game, truth, seat, truth.candidate_actions(seat), Chance(5))
            choices.append(make_bot(Chance(6)).choose(window))
        assert choices[0] == choices[1]
    assert differed, "no state had secrets to differ in"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_view_or_event_carries_another_seats_secret(game_id: str) -> None:
    for state, seats in unfinished_states(game_id):
        for seat in [*range(seats), None]:
            shown = json.dumps([state.view(seat) if seat is not None else state.public_view(),
                                state.events(seat)])
            leaked = [t for t in secret_tokens(game_id, state, seat) if t in shown]
            assert not leaked, f"{game_id}: seat {seat} sees {leaked}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_record_shown_while_a_game_runs_carries_no_secret(game_id: str) -> None:
    from stellwerk.core.public_record import record_for_seat
    from stellwerk.core.record import GameRecord, Seat

    game, pack = game_and_pack(game_id)
    for state, seats in unfinished_states(game_id):
        record = GameRecord(game=game_id, engine_version=game.engine_version, options={},
                            pack_id=pack.id, pack_sha256=pack.sha256, seed=987654321,
                            seats=[Seat(f"p{s}", "random") for s in range(seats)],
                            actions=[(0, "some secret order")])
        for seat in [*range(seats), None]:
            shown = record_for_seat(record, state, seat)
            text = json.dumps(shown)
            assert "seed" not in shown and "987654321" not in text
            assert "actions" not in shown and "some secret order" not in text
            assert shown["events"] == state.events(seat)
            leaked = [t for t in secret_tokens(game_id, state, seat) if t in text]
            assert not leaked, f"{game_id}: seat {seat}'s record shows {leaked}"
