"""Benelux Rails' actions are typed values, one class per verb (`notation.py`): the
notation reads them, every listing, policy and bot gives them, `str()` is the notation
and reads back equal; a plain tuple from an older caller is checked and carried out as
its typed value, refusals included; the checks a state vouches for live in the core's
`Trusted`."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.errors import BadNotation, IllegalAction
from stellwerk.core.session import Window
from stellwerk.core.trust import Trusted
from stellwerk.games.benelux_rails import notation, rollout, search_value
from stellwerk.games.benelux_rails.notation import ACTIONS, VERBS, BeneluxAction, parse_action

from .helpers import GAME, fingerprint, new_state, set_up

WRITTEN = [   # a text and the name of the class it reads as
    ("keep 12 40 77", "Keep"), ("behalte 1 2 3", "Keep"), ("start noordstad", "Start"),
    ("starte Brüssel", "Start"), ("build F12 F13 G13", "Build"), ("baue c4 D4", "Build"),
    ("move rotterdam", "Move"), ("fahre 2 G13 über F12 F13", "Move"), ("ferry", "Ferry"),
    ("fähre 1", "Ferry"), ("load cheese", "Load"), ("lade 2 Käse", "Load"),
    ("unload cheese", "Unload"), ("ablade 1 tulips", "Unload"),
    ("deliver 40 cheese", "Deliver"), ("liefere 2 40 Käse", "Deliver"),
    ("upgrade B12", "Upgrade"), ("rüste 1 c15", "Upgrade"),
    ("buy-train amsterdam", "BuyTrain"), ("kaufe-zug antwerpen", "BuyTrain"),
    ("discard", "Discard"), ("abwerfen", "Discard"), ("end", "End"), ("ende", "End"),
]


@pytest.mark.parametrize(("text", "name"), WRITTEN)
def test_the_notation_reads_each_verb_as_its_class_and_prints_it_back(
        text: str, name: str) -> None:
    kind: type[BeneluxAction] = getattr(notation, name)
    action = parse_action(text)
    assert type(action) is kind and action[0] == kind.verb
    again = parse_action(str(action))
    assert type(again) is kind and again == action and hash(again) == hash(action)
    assert ACTIONS.typed(tuple(action)) == action
    assert type(ACTIONS.typed(tuple(action))) is kind


def test_the_written_examples_cover_every_verb() -> None:
    assert {name for _, name in WRITTEN} == {kind.__name__ for kind in ACTIONS.by_verb.values()}


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(VERBS)), st.lists(st.sampled_from(
    ["1", "2", "12", "40", "F12", "g13", "via", "über", "cheese", "Käse", "amsterdam", "B12",
     "c15", "x-y", "9999"]), max_size=5))
def test_whatever_the_notation_reads_prints_back_as_itself(verb: str, words: list[str]
                                                           ) -> None:
    try:
        action = parse_action(" ".join([verb, *words]))
    except BadNotation:
        return
    assert type(action) is ACTIONS.by_verb[VERBS[verb]]
    again = parse_action(str(action))
    assert type(again) is type(action) and again == action


def _assert_typed(actions: list[object]) -> None:
    for action in actions:
        assert isinstance(action, BeneluxAction), action
        assert type(action) is ACTIONS.by_verb[action[0]]
        assert parse_action(str(action)) == action


def test_every_listing_policy_and_bot_gives_typed_actions() -> None:
    state = set_up(2, ("noordstad", "zuidhaven"), round_two=False)
    planner = make_bot("planner", Chance(1), GAME)
    chance = Chance(2)
    for _ in range(150):
        seat = state.active
        listed = state.legal_actions(seat)
        _assert_typed(listed)
        _assert_typed([rollout.rollout_action(state.clone(), seat, Chance(3)),
                       rollout.uniform_rollout_action(state.clone(), seat, Chance(3))])
        _assert_typed(search_value.search_actions(state, seat, listed))
        chosen = planner.choose(Window(GAME, state, seat, listed, chance))
        _assert_typed([chosen])
        default = state.default_action(seat)
        assert default is None or type(default) is notation.End
        state.apply(seat, chosen if chance.below(2) else listed[chance.below(len(listed))])
        if state.is_over():
            break


def test_the_setup_lists_typed_keeps_and_starts() -> None:
    state = new_state(3)
    seat = state.active
    keeps = state.legal_actions(seat)
    assert keeps and all(type(a) is notation.Keep for a in keeps)
    state.apply(seat, keeps[0])
    starts = state.legal_actions(seat)
    assert starts and all(type(a) is notation.Start for a in starts)


def test_a_plain_tuple_is_carried_out_as_its_typed_value() -> None:
    state = set_up(4, ("noordstad", "zuidhaven"), round_two=False)
    chance = Chance(4)
    for _ in range(60):
        seat = state.active
        listed = state.legal_actions(seat)
        action = listed[chance.below(len(listed))]
        plain = state.clone()
        plain.trusted = Trusted()
        plain.apply(seat, tuple(action))
        state.apply(seat, action)
        assert fingerprint(plain) == fingerprint(state)


REFUSED = ["end 1", "upgrade", "deliver cheese", "keep 1 2 3", "start noordstad",
           "load 2 cheese", "move 3 noordstad", "buy-train narnia", "discard", "ferry",
           "move noordstad via", "build C4"]


@pytest.mark.parametrize("text", REFUSED)
def test_a_plain_tuple_is_refused_as_its_typed_value(text: str) -> None:
    words = text.split()
    plain: tuple[object, ...] = (words[0], *(int(w) if w.isdigit() else w for w in words[1:]))
    typed = ACTIONS.typed(plain)
    assert isinstance(typed, BeneluxAction) and type(typed) is not tuple
    refusals = []
    for action in (plain, typed):
        state = set_up(1)
        before = fingerprint(state)
        try:
            state.check(state.active, action)
        except IllegalAction as exc:
            refusals.append((exc.key, str(exc), exc.params))
        else:
            refusals.append(None)
        assert fingerprint(state) == before
    assert refusals[0] == refusals[1]


def test_a_state_keeps_its_checks_in_a_trusted() -> None:
    state = set_up(1)
    assert isinstance(state.trusted, Trusted)
    state.legal_actions(state.active)
    assert len(state.trusted) > 0
    assert isinstance(state.clone().trusted, Trusted)
