"""Hidden information, proven for every game and seat.

For every registered game: over many samples `determinized` really varies every hidden
part; the greedy and search bots choose the same action whatever the true secrets are;
and no view, event or public record of an unfinished game carries another seat's
secret. (A seat's view unchanged when everything hidden from it is redrawn is one of
stellwerk.testing.contract_tests.)
"""

from __future__ import annotations

import json

import pytest

from stellwerk.bots.greedy import GreedyBot
from stellwerk.bots.montecarlo import SearchBot
from stellwerk.core.chance import Chance
from stellwerk.games import game_ids
from stellwerk.testing.states import game_and_pack, unfinished_states

from .hidden import HIDDEN, SECRET_CHOICES, secret_tokens
from .same_play import richest_in_secrets, same_play_whatever_the_secrets

GAME_IDS = game_ids()

SAMPLES = 24


def test_every_game_has_an_adapter() -> None:
    missing = [g for g in GAME_IDS if g not in HIDDEN]
    assert not missing, f"name the hidden parts of {missing} in tests/contract/hidden.py"


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
    differed = same_play_whatever_the_secrets(
        game, richest_in_secrets(game_id)[:3 if make_bot is small_search else 6],
        lambda window: make_bot(Chance(6)).choose(window), redraw=77)
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


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_games_a_viewer_cannot_tell_apart_look_the_same_on_every_surface(
        game_id: str) -> None:
    from .surfaces import DRAWN, DRAWN_PAIRS, LANGS, SURFACES, twin_games

    compared = differing = 0
    for real, twin, viewer in twin_games(game_id):
        compared += 1
        differing += real.action != twin.action
        drawn = DRAWN if (real.action != twin.action and differing <= DRAWN_PAIRS) \
            or compared <= DRAWN_PAIRS else {}
        for name, surface in {**SURFACES, **drawn}.items():
            for lang in LANGS:
                shown, other = surface(game_id, real, viewer, lang), \
                    surface(game_id, twin, viewer, lang)
                assert shown == other, (
                    f"{game_id}: {'an onlooker' if viewer is None else f'seat {viewer}'}"
                    f" tells seat {real.actor}'s {real.action} from {twin.action} by the"
                    f" {name} ({lang})")
    assert compared, f"{game_id}: no twin games to compare"
    if game_id in SECRET_CHOICES:
        assert differing, f"{game_id}: no two secret choices ({SECRET_CHOICES[game_id]}) " \
                          f"were compared"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_seat_reads_its_own_action_and_everyone_reads_it_once_the_game_is_over(
        game_id: str) -> None:
    game, _ = game_and_pack(game_id)
    for state, seats in unfinished_states(game_id):
        decision = state.decision()
        actor = decision.seats[0]
        for action in state.candidate_actions(actor)[:3]:
            notation = game.format_action(action)
            assert game.shown_action(action, actor, actor, decision.kind) == notation
            for viewer in [*range(seats), None]:
                assert game.shown_action(action, actor, viewer, decision.kind,
                                         over=True) == notation


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_that_says_nothing_shows_no_other_seat_its_actions(game_id: str) -> None:
    """The contract's default (`Game.public_notation` not overridden) is the safe one:
    another seat and an onlooker read nothing of an action, the actor reads it all."""
    from stellwerk.core.contract import Game

    game, _ = game_and_pack(game_id)
    quiet = type("Quiet", (type(game),), {"public_notation": Game.public_notation})()
    for state, seats in unfinished_states(game_id)[:4]:
        decision = state.decision()
        actor = decision.seats[0]
        action = state.candidate_actions(actor)[0]
        for viewer in [*range(seats), None]:
            shown = quiet.shown_action(action, actor, viewer, decision.kind)
            assert shown == (game.format_action(action) if viewer == actor else None)
