"""The contract tests every game passes, whatever its rules: collected in any test module
that imports them (`from stellwerk.testing.contract_tests import *`) and run against the
games `stellwerk.testing.contract` chooses (`--stellwerk-game`, the `stellwerk_game`
marker, else every registered game).

- Random games stay legal: from several seeds and every seat count a game played by
  random candidates ends, every candidate is legal, and every view is JSON.
- Notation reads back: `parse_action(format_action(a)) == a` for every candidate.
- `State.clone()` is faithful: along a seeded random game a clone shows every seat and
  onlooker exactly what the original shows (views, public view, events, info keys,
  decision, legal actions) and stays equal when both take the same actions. Past the
  opening the comparison is made every `LATE_STRIDE`-th action (long games with dear
  views), the clones still following every action in between.
- Snapshots: snapshot -> JSON -> restore gives the same views and legal actions, and
  snapshot + the remaining actions ends exactly as the full replay; a malformed
  snapshot is refused with BadRecord and nothing else. States pickle (the server's bot
  workers, Ray) with their snapshot, views and legal actions unchanged.
- `check`/`is_legal` agree with `apply` and change nothing; `candidate_actions` equals
  `legal_actions`; `info_key` is hashable and differs exactly when the views differ.
- Hidden information: a seat's view, info key and candidates are unchanged when
  everything hidden from it is redrawn (`determinized`).
- Events are JSON with catalogue keys and read in English and German; every seat and
  onlooker sees the same open events.
- The state's hot methods (the ones bots and the server call in their loops) import
  nothing when they run.
"""

from __future__ import annotations

import ast
import inspect
import json
import pickle
import textwrap
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Game, State
from stellwerk.core.errors import BadRecord, IllegalAction
from stellwerk.testing.states import game_and_pack, play_randomly, seat_counts, unfinished_states

RANDOM_SEEDS = (1, 2, 3)
MAX_STEPS = 20_000     # a random game that has not ended by then never will


def played(contract_game: str, seats: int, steps: int, seed: int = 3) -> tuple[Game, State]:
    game, pack = game_and_pack(contract_game)
    state = game.new_state({}, seed, pack, seats)
    play_randomly(state, Chance(seed), steps)
    return game, state


def test_random_games_end_through_legal_actions(contract_game: str,
                                                contract_seats: int) -> None:
    game, pack = game_and_pack(contract_game)
    for seed in RANDOM_SEEDS:
        state = game.new_state({}, seed, pack, contract_seats)
        chance = Chance(seed)
        for _ in range(MAX_STEPS):
            decision = state.decision()
            if decision is None:
                break
            assert set(decision.seats) <= set(range(contract_seats)), decision
            seat = decision.seats[0]
            candidates = state.candidate_actions(seat)
            assert candidates, f"seat {seat} owes an action and has none"
            action = candidates[chance.below(len(candidates))]
            assert state.is_legal(seat, action), action
            state.apply(seat, action)
        assert state.is_over(), f"seed {seed}: no end after {MAX_STEPS} actions"
        result = state.result()
        assert json.loads(json.dumps(result.to_json())) == result.to_json()
        for seat in range(contract_seats):
            assert json.loads(json.dumps(state.view(seat))) is not None


def test_every_candidate_reads_back_from_its_notation(contract_game: str) -> None:
    game, _ = game_and_pack(contract_game)
    checked = 0
    for state, seats in unfinished_states(contract_game):
        for seat in range(seats):
            for action in state.candidate_actions(seat)[:200]:
                text = game.format_action(action)
                assert isinstance(text, str) and text
                assert game.parse_action(text) == action, text
                checked += 1
    assert checked


EVERY_STEP = 60     # actions from the start compared one by one


LATE_STRIDE = 25    # after that, one comparison every so many actions


def seen(state: State, seats: int) -> dict[str, Any]:
    """Everything a player, an onlooker or a bot can learn of `state`."""
    decision = state.decision()
    return {
        "decision": decision,
        "public": state.public_view(),
        "views": [state.view(seat) for seat in range(seats)],
        "keys": [state.info_key(seat) for seat in range(seats)],
        "events": [state.events(None), *(state.events(seat) for seat in range(seats))],
        "legal": None if decision is None else
        {seat: state.legal_actions(seat) for seat in decision.seats},
        "result": state.result() if state.is_over() else None,
    }


def assert_alike(original: dict[str, Any], copy: State, seats: int, what: str) -> None:
    other = seen(copy, seats)
    for part, value in original.items():
        assert other[part] == value, f"{what}: its {part} differs from the original's"


def test_a_clone_shows_and_plays_exactly_as_its_original(contract_game: str,
                                                        contract_seats: int) -> None:
    seats = contract_seats
    game, pack = game_and_pack(contract_game)
    state = game.new_state({}, 11 + seats, pack, seats)
    chance = Chance(seats)
    follower: State | None = None      # a clone made at the last comparison
    step = 0
    while True:
        if step < EVERY_STEP or step % LATE_STRIDE == 0 or state.is_over():
            here = seen(state, seats)
            assert_alike(here, state.clone(), seats, f"a clone at action {step}")
            if follower is not None:
                assert_alike(here, follower, seats,
                             f"a clone that took the same actions up to action {step}")
            follower = state.clone()
        decision = state.decision()
        if decision is None:
            break
        seat = decision.seats[0]
        legal = state.candidate_actions(seat)
        action = legal[chance.below(len(legal))]
        state.apply(seat, action)
        assert follower is not None
        follower.apply(seat, action)
        step += 1
    assert step > 10


def through_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31), cut=st.integers(0, 150), data=st.data())
def test_snapshot_and_the_rest_equal_the_full_replay(contract_game: str, seed: int, cut: int,
                                                     data: st.DataObject) -> None:
    game, pack = game_and_pack(contract_game)
    seats = data.draw(st.sampled_from(seat_counts(game)))
    full = game.new_state({}, seed, pack, seats)
    chance = Chance(seed)
    play_randomly(full, chance, cut)
    restored = game.restore(through_json(full.snapshot()), pack)
    for seat in range(seats):
        assert restored.view(seat) == full.view(seat)
        assert restored.legal_actions(seat) == full.legal_actions(seat)
    assert restored.public_view() == full.public_view()
    rest = play_randomly(full, chance.clone(), 10_000)
    for seat, action in rest:
        restored.apply(seat, action)
    assert full.is_over() and restored.is_over()
    assert restored.result() == full.result()
    assert through_json(restored.snapshot()) == through_json(full.snapshot())


def broken(snapshot: dict[str, Any]) -> list[Any]:
    """Ways to spoil a snapshot: drop, retype or swap each field, and some wholes."""
    spoiled: list[Any] = [None, [], "snapshot", {}, dict(snapshot, game="chess"),
                          dict(snapshot, format=99)]
    for key, value in snapshot.items():
        if key in ("game", "format"):
            continue
        spoiled.append({k: v for k, v in snapshot.items() if k != key})
        wrong: tuple[Any, ...] = (None, "x", -1, 10**30, [], {}, [[-5]], [["x", "y"]], [None])
        for bad in wrong:
            if bad != value:
                spoiled.append(dict(snapshot, **{key: bad}))
    return spoiled


def test_a_malformed_snapshot_is_refused_with_bad_record(contract_game: str) -> None:
    game, pack = game_and_pack(contract_game)
    snapshot = through_json(unfinished_states(contract_game)[-1][0].snapshot())
    refused = 0
    for spoiled in broken(snapshot):
        try:
            state = game.restore(spoiled, pack)
        except BadRecord:
            refused += 1
            continue
        # accepted: then it must be a state that works (e.g. a flag given as a number)
        state.decision()
        state.public_view()
    assert refused > len(snapshot)


def test_a_state_in_play_pickles_and_plays_on_alike(contract_game: str) -> None:
    for state, seats in unfinished_states(contract_game):
        copy = pickle.loads(pickle.dumps(state))
        assert copy.snapshot() == state.snapshot()
        decision = state.decision()
        assert decision is not None
        seat = decision.seats[0]
        assert copy.legal_actions(seat) == state.legal_actions(seat)
        for each in range(seats):
            assert copy.view(each) == state.view(each)


NONSENSE: list[Any] = [(), ("pass", 1, 2, 3), ("lay", "Z99"), ("order", "A1", "curve", 45),
                       ("dice", "{x}"), ("transport", "A1", "Q", "B1", 9, "1.1a"), (None,),
                       ("open", ["B1"], "1.1a")]


def apply_ok(state: Any, seat: int, action: Any) -> bool:
    try:
        state.clone().apply(seat, action)
    except IllegalAction:
        return False
    return True


def test_check_agrees_with_apply_and_changes_nothing(contract_game: str) -> None:
    for state, _ in unfinished_states(contract_game):
        seat = state.decision().seats[0]
        before = json.dumps(state.snapshot(), sort_keys=True)
        candidates = state.candidate_actions(seat)
        assert candidates
        for action in [*candidates[:30], *NONSENSE]:
            assert state.is_legal(seat, action) == apply_ok(state, seat, action), action
        for action in candidates[:30]:
            assert state.is_legal(seat, action)
        assert json.dumps(state.snapshot(), sort_keys=True) == before


def test_candidates_are_the_legal_actions_where_the_game_can_list_them(
        contract_game: str) -> None:
    # (Linie 1 documents legal_actions as the same sample: contract.State.legal_actions)
    for state, seats in unfinished_states(contract_game):
        for seat in range(seats):
            assert state.candidate_actions(seat) == state.legal_actions(seat)


def test_info_key_is_hashable_and_changes_with_what_the_seat_sees(contract_game: str) -> None:
    for state, seats in unfinished_states(contract_game):
        keys = {seat: state.info_key(seat) for seat in range(seats)}
        assert all(hash(k) is not None for k in keys.values())
        seat = state.decision().seats[0]
        after = state.clone()
        after.apply(seat, state.candidate_actions(seat)[0])
        assert (after.info_key(seat) == state.info_key(seat)) == (
            after.view(seat) == state.view(seat))


HISTORY = ("log", "last_report")    # left out of the games' own keys (history only)


def test_info_keys_differ_exactly_when_the_views_differ(contract_game: str) -> None:
    seen: dict[Any, str] = {}
    for state, seats in unfinished_states(contract_game):
        for seat in range(seats):
            view = {k: v for k, v in state.view(seat).items() if k not in HISTORY}
            text = json.dumps(view, sort_keys=True)
            key = state.info_key(seat)
            assert seen.setdefault(key, text) == text, "two different views share a key"
            twin = state.determinized(seat, Chance(1))
            assert twin.info_key(seat) == key
    assert len(seen) > 3


def test_events_are_json_in_english_and_german(contract_game: str) -> None:
    game, _ = game_and_pack(contract_game)
    seats = seat_counts(game)[-1]
    game, state = played(contract_game, seats, 40)
    events = state.events(0)
    assert events, f"{contract_game}: 40 actions and no event"
    assert json.loads(json.dumps(events)) == events
    for event in events:
        assert event["key"] in game.catalog, event
        english, german = (game.describe_event(event, lang) for lang in ("en", "de"))
        assert english and german and english != german, event
        assert "{" not in english + german and event["key"] not in english, event


def test_every_seat_and_onlooker_sees_the_same_open_events(contract_game: str) -> None:
    game, _ = game_and_pack(contract_game)
    seats = seat_counts(game)[-1]
    _, state = played(contract_game, seats, 30)
    assert all(state.events(s) == state.events(None) for s in range(seats))


def test_the_view_is_unchanged_when_the_hidden_is_redrawn(contract_game: str) -> None:
    for state, seats in unfinished_states(contract_game):
        for seat in range(seats):
            view, public = state.view(seat), state.public_view()
            for k in range(3):
                twin = state.determinized(seat, Chance(k))
                assert twin.view(seat) == view
                assert twin.public_view() == public     # an onlooker knows even less
                assert twin.info_key(seat) == state.info_key(seat)
                assert twin.candidate_actions(seat) == state.candidate_actions(seat)


HOT = ("legal_actions", "candidate_actions", "check", "is_legal", "apply", "view",
       "public_view", "events", "decision", "snapshot", "info_key", "determinized")


def imports_inside(function: object) -> list[str]:
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))   # type: ignore[arg-type]
    return [ast.unparse(node) for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom)]


def test_the_state_s_hot_methods_import_nothing_when_called(contract_game: str) -> None:
    game, pack = game_and_pack(contract_game)
    state = game.new_state({}, 1, pack, game.min_seats)
    found = {}
    for name in HOT:
        method = getattr(type(state), name)
        if getattr(State, name, None) is method:
            continue                    # the contract's own default
        if imports_inside(method):
            found[name] = imports_inside(method)
    assert found == {}


__all__ = [name for name in dict(globals()) if name.startswith("test_")]
