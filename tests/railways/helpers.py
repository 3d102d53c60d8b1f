"""A Railways table laid out by hand, so rule tests know every card and connection.

The plan is cards 1, 2 (top) and 3, 4 (bottom); the hand holds cards 5, 6, 7 and the
pile card 8. Its complete connections (see the pack):

    A2  A1(R)-D4(C) 5 rails     B1  A1(R)-C1(C) 1     B7  B6(R)-B8(C) 1
    C2  C1(C)-C3(I) 1           D1  C1(C)-E1(L) 1     D6  D5(L)-F7(I) 3
    E2  E1(L)-D4(C) 3           E5  D5(L)-F5(C) 1     F4  F3(I)-F5(C) 1
"""

from __future__ import annotations

import pytest

from stellwerk.core import companions
from stellwerk.core.errors import IllegalAction
from stellwerk.games import get_game
from stellwerk.games.railways.board import cell_index
from stellwerk.games.railways.rules import FIRST, RailwaysState

GAME = get_game("railways")
PACK = GAME.load_pack()
TERMINAL = companions.terminal(GAME, PACK)
DICE = "A1=1 E1=1 B6=2 F5=2"


def table(hand: tuple[int, ...] = (5, 6, 7), pile: tuple[int, ...] = (8,),
          plan: tuple[int, ...] = (1, 2, 3, 4), dice: str | None = DICE,
          challenges: tuple[int, ...] = ()) -> RailwaysState:
    state = GAME.new_state({"challenges": list(challenges)}, 7, PACK, 1)
    assert isinstance(state, RailwaysState)
    state.plan_cards = plan
    state.hand = list(hand)
    state.pile = list(pile)
    state.plan = state._make_plan()
    if dice is not None:
        state.apply(0, ("dice", dice))
        assert state.phase == FIRST
    return state


def cell(name: str) -> int:
    index = cell_index(name)
    assert index is not None
    return index


def act(state: RailwaysState, text: str) -> None:
    state.apply(0, GAME.parse_action(text))


def snapshot(state: RailwaysState) -> dict[str, object]:
    view = state.view(0)
    view["pile_order"] = list(state.pile)
    view["chance"] = state.chance.state
    return view


def refused(state: RailwaysState, text: str, key: str) -> None:
    """`text` is refused with the message `key`, and the state stays as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        act(state, text)
    assert caught.value.key == key, str(caught.value)
    assert snapshot(state) == before
