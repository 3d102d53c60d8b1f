"""The contract's promises, proven for the toy game by the same tests every shipped
game passes: the game-independent suite (stellwerk.testing.contract_tests, collected
here for the toy) and the tests that need the game's hidden parts named
(tests/contract): determinizing, secrets on every surface, the bots blind to them."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from stellwerk.testing.contract_tests import *  # noqa: F403  (collected here, for the toy)
from tests.contract import test_generate_pack, test_hidden_information, test_table_hooks
from tests.contract.hidden import HIDDEN

from .conftest import TOY

pytestmark = pytest.mark.stellwerk_game("toy", target=TOY)


def toy_hidden(state: Any, seat: int) -> dict[str, Hashable]:
    """What a seat of the toy cannot see: the other hand and the deck, dealt from the
    pieces it has not seen; named only where those pieces could be dealt otherwise."""
    other = 1 - seat
    unseen = state.hands[other] + state.deck
    if len(set(unseen)) < 2:
        return {}
    parts: dict[str, Hashable] = {}
    if state.hands[other] and state.deck:
        parts[f"hand of seat {other}"] = tuple(state.hands[other])
    if state.deck:
        parts["deck"] = tuple(state.deck)
    return parts


PROMISES: dict[str, Callable[..., None]] = {
    "determinized varies":
        test_hidden_information.test_determinized_varies_every_hidden_part,
    "greedy blind to secrets": partial(
        test_hidden_information.test_bots_play_the_same_whatever_the_true_secrets,
        make_bot=test_hidden_information.GreedyBot),
    "search blind to secrets": partial(
        test_hidden_information.test_bots_play_the_same_whatever_the_true_secrets,
        make_bot=test_hidden_information.small_search),
    "no secret in views":
        test_hidden_information.test_no_view_or_event_carries_another_seats_secret,
    "no secret in the record":
        test_hidden_information.test_the_record_shown_while_a_game_runs_carries_no_secret,
    "surfaces alike": test_hidden_information
        .test_games_a_viewer_cannot_tell_apart_look_the_same_on_every_surface,
    "own action readable": test_hidden_information
        .test_a_seat_reads_its_own_action_and_everyone_reads_it_once_the_game_is_over,
    "silent default": test_hidden_information
        .test_a_game_that_says_nothing_shows_no_other_seat_its_actions,
    "default seats offered": test_table_hooks.test_every_default_seat_is_a_bot_the_game_offers,
}


@pytest.mark.parametrize("promise", sorted(PROMISES))
def test_the_toy_keeps_the_contract_s_promise(promise: str, monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    monkeypatch.setitem(HIDDEN, "toy", toy_hidden)
    PROMISES[promise]("toy")


def test_the_toy_has_no_pack_generator(tmp_path: Path) -> None:
    test_generate_pack.test_generate_pack_refuses_or_gives_the_shipped_pack("toy", tmp_path)


def test_the_toy_notation_s_examples_hold() -> None:
    import doctest

    from tests.toy_game import notation

    outcome = doctest.testmod(notation)
    assert outcome.attempted and not outcome.failed
