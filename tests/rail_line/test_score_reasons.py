"""Rail Line's table says why the score is what it is: on Sheet I the Passengers part
counts twice for strictly most Passenger boxes, and the breakdown says so, or names who
keeps it single (a bot tying the majority drops the score); the row's "now" is what the
score counts; the line's cards left out of the compact window show as "…"."""

from __future__ import annotations

from itertools import pairwise

from rich.console import Console

from stellwerk.games.rail_line.render import render_compact
from stellwerk.games.rail_line.sheet_render import breakdown_text
from tests.rail_line.support import GAME, PACK, counts


def text_of(renderable: object, width: int = 120) -> str:
    console = Console(width=width, record=True, color_system=None,
                      file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    out = console.export_text(styles=False)
    console.file.close()
    return out


def test_the_passenger_majority_is_said_held_or_who_ties_it(new_game) -> None:  # type: ignore[no-untyped-def]
    state = new_game(players=3)
    state.players[0].counts = counts(passengers=2)
    state.players[1].counts = counts(passengers=1)
    seat = state.view(0)["seats"][0]
    passengers = next(r for r in seat["sheet"] if r["symbol"] == "passengers")
    assert passengers["value_now"] == seat["breakdown"]["parts"]["passengers"] == 4
    assert "Passengers 4 (×2: most Passengers)" in str(breakdown_text(seat, "I", "en"))
    state.players[2].counts = counts(passengers=2)        # Cora ties
    seat = state.view(0)["seats"][0]
    passengers = next(r for r in seat["sheet"] if r["symbol"] == "passengers")
    assert passengers["value_now"] == seat["breakdown"]["parts"]["passengers"] == 2
    said = str(breakdown_text(seat, "I", "en", names=["Ann", "Bo", "Cora"]))
    assert "Passengers 2 (not ×2: Cora as many or more)" in said
    german = str(breakdown_text(seat, "I", "de", names=["Ann", "Bo", "Cora"]))
    assert "(nicht ×2: Cora gleich viele oder mehr)" in german


def test_cards_left_out_of_the_line_window_show_as_an_ellipsis() -> None:
    state = GAME.new_state({"sheet": "I"}, 3, PACK, 3)
    for _ in range(60):
        decision = state.decision()
        assert decision is not None
        seat = decision.seats[0]
        state.apply(seat, state.candidate_actions(seat)[0])
        view = state.view(seat)
        if len(view["line"]) >= 8:
            break
    view = dict(state.view(seat), names=["Ann", "Bo", "Cora"])
    shown = text_of(render_compact(view, "en"))
    rows = [line.split()[0] for line in shown.splitlines()[1:12] if line.strip()]
    numbers = [r for r in rows if r.isdigit() or r == "…"]
    assert "…" in numbers
    for a, b in pairwise(numbers):
        if a.isdigit() and b.isdigit():
            assert int(b) == int(a) + 1      # a gap is always marked
