"""The Rail Line and Railways drawings: valid XML scaled by viewBox, every text escaped,
drawn only from the seat's view, and every board-pointable action has a pickable part."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from stellwerk.core.drawing import Drawing
from stellwerk.games import get_game
from stellwerk.games.rail_line import svg as rail_line_svg
from stellwerk.games.railways import svg as railways_svg
from stellwerk.testing.states import deciding_seats

NS = "{http://www.w3.org/2000/svg}"


def _played(game_id: str, seats: int, steps: int, seed: int):
    game = get_game(game_id)
    state = game.new_state(game.parse_options({}, seats), seed, game.load_pack(), seats)
    rnd = random.Random(seed)
    for seat in deciding_seats(state, steps):
        state.apply(seat, rnd.choice(state.candidate_actions(seat)))
    return game, state


def _picks(svg: str) -> set[str]:
    root = ET.fromstring(svg)
    return {token for element in root.iter() if element.get("data-pick")
            for token in element.get("data-pick", "").split("|")}


def _matches(notation: str, picks: set[str]) -> bool:
    return any(notation == p or notation.startswith(p + " ") for p in picks)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rail_line_drawing_is_valid_scaled_and_escapes_names(seed: int) -> None:
    _game, state = _played("rail-line", 3, 40, seed)
    seat = state.decision().seats[0]
    svg = rail_line_svg.draw_view(state.view(seat), ["<b>Ann&</b>", "Bo", 'Cy"'], "en")
    root = ET.fromstring(svg)  # raises on invalid XML
    assert root.tag == NS + "svg"
    assert re.fullmatch(r"0 0 \d+(\.\d+)? \d+", root.get("viewBox", ""))
    assert "width" not in root.attrib  # the page scales it
    assert "<b>Ann" not in svg and "&lt;b&gt;Ann&amp;" in svg
    assert any("<b>Ann&</b>" in (t.text or "") for t in root.iter(NS + "text"))


def test_rail_line_hand_of_another_seat_never_drawn() -> None:
    _game, state = _played("rail-line", 3, 30, 5)
    for seat in range(3):
        svg = rail_line_svg.draw_view(state.view(seat))
        drawn = {e.get("data-card") for e in ET.fromstring(svg).iter() if e.get("data-card")}
        for other in range(3):
            if other != seat:
                assert not drawn & set(state.hands[other]), (seat, other)
        assert set(state.hands[seat]) <= drawn
    public = rail_line_svg.draw_view(state.public_view())
    drawn = {e.get("data-card") for e in ET.fromstring(public).iter() if e.get("data-card")}
    assert not drawn & {c for hand in state.hands for c in hand}


@pytest.mark.parametrize("seed", range(6))
def test_rail_line_every_lay_and_slow_action_can_be_pointed_at(seed: int) -> None:
    game, state = _played("rail-line", 3, 20 + 7 * seed, seed)
    seat = state.decision().seats[0]
    picks = _picks(rail_line_svg.draw_view(state.view(seat)))
    for action in state.legal_actions(seat):
        notation = game.format_action(action)
        if notation.split()[0] in {"lay", "second", "discard", "slow", "free"}:
            assert _matches(notation, picks), notation


@pytest.mark.parametrize("seed", range(4))
def test_railways_drawing_valid_and_board_actions_pointable(seed: int) -> None:
    game, state = _played("railways", 1, 4 + 3 * seed, seed)
    svg = railways_svg.draw_view(state.view(0), lang="de")
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg" and root.get("viewBox", "").startswith("0 0 ")
    picks = _picks(svg)
    for action in state.candidate_actions(0):
        notation = game.format_action(action)
        if notation.split()[0] in {"open", "upgrade", "build", "add", "transport"}:
            assert _matches(notation, picks), notation
    assert "Runde" in svg  # German labels from the catalogue


def test_drawing_wrapper_for_notebooks_and_files(tmp_path) -> None:
    _game, state = _played("railways", 1, 2, 0)
    drawing = railways_svg.drawing(state.view(0))
    assert isinstance(drawing, Drawing)
    assert drawing._repr_svg_().startswith("<svg")
    out = drawing.save(tmp_path / "plan.svg")
    ET.parse(out)
