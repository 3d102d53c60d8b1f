"""The contract's promises, proven for the toy game by the same tests every shipped
game passes (tests/contract): secrets, determinizing, clones, snapshots, pickling,
`check` agreeing with `apply`, events in both languages."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tests.contract import (
    test_events,
    test_faithful_clones,
    test_generate_pack,
    test_hidden_information,
    test_no_import_cycles,
    test_pickle_states,
    test_promises,
    test_snapshots,
    test_table_hooks,
)
from tests.contract.hidden import HIDDEN


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
    "events in both languages": test_events.test_events_are_json_in_english_and_german,
    "open events alike": test_events.test_every_seat_and_onlooker_sees_the_same_open_events,
    "faithful clones": partial(
        test_faithful_clones.test_a_clone_shows_and_plays_exactly_as_its_original, seats=2),
    "view unchanged by a redraw":
        test_hidden_information.test_the_view_is_unchanged_when_the_hidden_is_redrawn,
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
    "hot methods import nothing":
        test_no_import_cycles.test_the_state_s_hot_methods_import_nothing_when_called,
    "pickles": test_pickle_states.test_a_state_in_play_pickles_and_plays_on_alike,
    "check agrees with apply": test_promises.test_check_agrees_with_apply_and_changes_nothing,
    "candidates are legal":
        test_promises.test_candidates_are_the_legal_actions_where_the_game_can_list_them,
    "info key changes": test_promises.test_info_key_is_hashable_and_changes_with_what_the_seat_sees,
    "info keys exact": test_promises.test_info_keys_differ_exactly_when_the_views_differ,
    "snapshot equals replay": test_snapshots.test_snapshot_and_the_rest_equal_the_full_replay,
    "malformed snapshot refused":
        test_snapshots.test_a_malformed_snapshot_is_refused_with_bad_record,
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
