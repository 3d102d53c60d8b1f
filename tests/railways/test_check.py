"""`check` without a clone (actions.check, rules.py `check_*`) agrees with `apply` on every
listed action and on refused ones made by mutating listed actions, and changes nothing
."""

from __future__ import annotations

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.core.errors import IllegalAction
from stellwerk.games.railways.actions import build_sites
from stellwerk.games.railways.rules import RailwaysState
from tests.railways.helpers import GAME, PACK, snapshot


def _verdict(state: RailwaysState, action: Action, *, by_apply: bool) -> str | None:
    """None when the action is legal, otherwise the refusal's key."""
    try:
        if by_apply:
            state.clone().apply(0, action)
        else:
            state.check(0, action)
    except IllegalAction as refusal:
        return refusal.key
    return None


def _mutations(action: Action, chance: Chance) -> list[Action]:
    """Refused (mostly) neighbours of a listed action: another argument in one place."""
    swaps: list[object] = ["A1", "F8", "B1", "D6", "R", "L", 0, 3, 9, "1.1a", "5.1a 5.1b",
                           "8.4a 1.1a", "7.4a 7.4b", "C1+D1", "", "x", -1, True]
    found = []
    for i in range(1, len(action)):
        for _ in range(3):
            mutated = list(action)
            mutated[i] = swaps[chance.below(len(swaps))]
            found.append(tuple(mutated))
    found.append(action[:-1])
    return found


def test_check_agrees_with_apply_on_listed_and_refused_actions() -> None:
    refused = legal = 0
    kinds: set[str | None] = set()
    for seed in range(6):
        state = GAME.new_state({}, seed, PACK, 1)
        assert isinstance(state, RailwaysState)
        chance = Chance(seed)
        while not state.is_over():
            listed = state.legal_actions(0)
            before = snapshot(state)
            for action in listed:
                assert _verdict(state, action, by_apply=False) is None, action
                legal += 1
            for action in _mutations(listed[chance.below(len(listed))], chance):
                verdict = _verdict(state, action, by_apply=False)
                assert verdict == _verdict(state, action, by_apply=True), action
                refused += verdict is not None
                kinds.add(verdict)
            assert snapshot(state) == before                  # check changed nothing
            state.apply(0, listed[chance.below(len(listed))])
        assert _verdict(state, ("pass",), by_apply=False) == "rw.over"
    assert legal > 1000 and refused > 200 and len(kinds) > 8


def test_build_sites_follow_build_type() -> None:
    """actions.build_sites (a yes/no copy of build_type's rule) lists exactly the spaces
    build_type accepts, on states of random games."""
    for seed in range(4):
        state = GAME.new_state({}, seed, PACK, 1)
        assert isinstance(state, RailwaysState)
        chance = Chance(seed)
        while not state.is_over():
            accepted = []
            for cell in range(len(state.plan.kinds)):
                try:
                    state.build_type(cell)
                except IllegalAction:
                    continue
                accepted.append(cell)
            assert build_sites(state) == accepted
            listed = state.legal_actions(0)
            state.apply(0, listed[chance.below(len(listed))])
