"""Terminal play: humans type orders; in hotseat no one sees another's secrets."""

from __future__ import annotations

import io

from rich.console import Console

from stellwerk.core.chance import Chance
from stellwerk.core.session import play_out
from stellwerk.frontends.terminal import HumanAgent
from stellwerk.games.linie1.views import secret_of

from .helpers import GAME, TERMINAL, new_state


def test_hotseat_humans_type_orders_and_see_only_their_own_secrets() -> None:
    state = new_state(2, seed=3, rounds=1)
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False)
    answers = iter(["", "1", "H1 straight 0", "pass", "", "C8 gerade 0; bogus", "pass"])
    handovers: list[int] = []

    def ask(prompt: str) -> str:
        if prompt.startswith("Pass the table"):
            handovers.append(len(out.getvalue()))
        return next(answers)

    human = HumanAgent(TERMINAL, console, ["Ann", "Ben"], "en", ask=ask, hotseat=True)
    play_out(GAME, state, [human, human], Chance(1))
    assert state.is_over()
    text = out.getvalue()
    ann_screen, ben_screen = text[handovers[0]:handovers[1]], text[handovers[1]:]
    assert "Not allowed: placement 1: H1 holds a building" in ann_screen
    assert "'1': placement 1: a placement is SQUARE TILE ROTATION" in ann_screen
    assert "placement 2: a placement is SQUARE TILE ROTATION" in ben_screen
    for seat, screen, other in ((0, ann_screen, ben_screen), (1, ben_screen, ann_screen)):
        secret = secret_of(state, seat)
        line = f"Your line {secret['line']}: "
        assert line in screen
        assert secret_of(state, 1 - seat)["line"] != secret["line"]   # dealt apart
        assert line not in other
