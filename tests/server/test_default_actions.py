"""`State.default_action`: what each game's rules put in place of a seat that missed a
deadline (the server applies it; see server/deadlines.py). Every game is played at
random from fixed seeds, and at every decision each seat's default is checked against
the game's decision (documented in its rules module), for legality, and for None where
the seat owes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action, State
from stellwerk.games import game_ids, get_game


def rail_line(state: State, seat: int, prompt: str) -> Action | None:
    # optional steps: doing nothing is a choice; the compulsory card and setup: none
    return {"rl.ask.optional": ("pass",), "rl.ask.final": ("pass",),
            "rl.ask.free": ("decline",), "rl.ask.refuse": ("keep",)}.get(prompt)


def railways(state: State, seat: int, prompt: str) -> Action | None:
    if prompt == "rw.ask.second":
        return ("pass",)
    if prompt == "rw.ask.first" and state.candidate_actions(seat) == [("pass",)]:
        return ("pass",)
    return None  # the dice, or a first action with a real choice


def linie1(state: State, seat: int, prompt: str) -> Action | None:
    return ("order",)  # the postal rule: a missing order lays no tiles


def benelux_rails(state: State, seat: int, prompt: str) -> Action | None:
    return ("end",) if prompt in ("br.ask.turn", "br.ask.build") else None


EXPECTED: dict[str, tuple[Callable[[State, int, str], Action | None], set[str], int, int]] = {
    # game: (expected default, prompts that must be met, seats, most actions to play)
    "rail-line": (rail_line, {"rl.ask.side", "rl.ask.track", "rl.ask.lay",
                              "rl.ask.optional", "rl.ask.refuse", "rl.ask.free"}, 3, 400),
    "railways": (railways, {"rw.ask.dice", "rw.ask.first", "rw.ask.second"}, 1, 120),
    "linie1": (linie1, {"l1.ask.order"}, 3, 40),
    "benelux-rails": (benelux_rails, {"br.ask.keep", "br.ask.start", "br.ask.build",
                                      "br.ask.turn"}, 2, 60),
}


def test_every_game_is_covered() -> None:
    assert set(EXPECTED) == set(game_ids())


@pytest.mark.parametrize("game_id", sorted(EXPECTED))
def test_the_default_action_is_the_documented_one_and_legal(game_id: str) -> None:
    expected, must_meet, seats, steps = EXPECTED[game_id]
    game = get_game(game_id)
    pack = game.load_pack()
    met: set[str] = set()
    for seed in (3, 4):
        state = game.new_state({}, seed, pack, seats)
        chance = Chance(seed)
        for _ in range(steps):
            decision = state.decision()
            if decision is None:
                break
            met.add(decision.prompt)
            for seat in range(seats):
                default = state.default_action(seat)
                if seat not in decision.seats:
                    assert default is None, (decision.prompt, seat)
                    continue
                assert default == expected(state, seat, decision.prompt), decision.prompt
                if default is not None:
                    assert state.is_legal(seat, default), (decision.prompt, default)
            seat = decision.seats[0]
            default = state.default_action(seat)
            # now and then take the default, so it is seen to apply cleanly
            if default is not None and chance.below(4) == 0:
                before = state.clone()
                state.apply(seat, default)
                assert state.snapshot() != before.snapshot() or game_id == "railways"
            else:
                legal = state.candidate_actions(seat)
                state.apply(seat, legal[chance.below(len(legal))])
    assert must_meet <= met, f"never met: {must_meet - met}"


def test_a_game_without_a_rule_has_no_default() -> None:
    """The contract's default (a game that defines nothing) is None: no made-up move."""
    class Bare(State):
        def decision(self) -> Any: ...
        def legal_actions(self, seat: int) -> list[Action]: return []
        def apply(self, seat: int, action: Action) -> None: ...
        def view(self, seat: int) -> dict[str, Any]: return {}
        def public_view(self) -> dict[str, Any]: return {}
        def is_over(self) -> bool: return False
        def result(self) -> Any: ...
        def clone(self) -> State: return self
        def determinized(self, seat: int, chance: Chance) -> State: return self

    assert Bare().default_action(0) is None
