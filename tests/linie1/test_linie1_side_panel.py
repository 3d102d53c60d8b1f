"""Linie 1's compact page uses the width it is given: on a 120-column terminal the
panel beside the board runs to the edge instead of wrapping at 40 columns, so the page
is shorter than at 80 columns and never wider than the terminal."""

from __future__ import annotations

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.companions import terminal
from stellwerk.core.session import Window
from tests.rich_text import printed_lines

from .helpers import GAME

TERMINAL = terminal(GAME, GAME.load_pack())  # the shipped pack's pages


def test_the_panel_widens_with_the_terminal() -> None:
    state = GAME.new_state({}, 7, GAME.load_pack(), 3)
    chance = Chance(7)
    bot = make_bot("planner", chance, GAME)
    for _ in range(9):
        seat = state.decision().seats[0]
        state.apply(seat, bot.choose(Window(GAME, state, seat, state.candidate_actions(seat),
                                            chance)))
    view = dict(state.view(0), names=["Anna", "Bert", "Cora"])
    narrow = printed_lines(TERMINAL.render_compact(view, "en", 80), 80)
    wide = printed_lines(TERMINAL.render_compact(view, "en", 120), 120)
    assert max(len(line) for line in narrow) <= 80
    assert 90 < max(len(line) for line in wide) <= 120
    assert len(wide) < len(narrow)
