"""Linie 1's drawing for the web table's order builder: each square names the hand's
tiles and rotations that may lie there (the placement rules' own answer), the hand is
drawn tile by tile at every rotation and named in the reader's language, the order's
notation comes as templates, and nothing of it reaches a reader without a hand."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core import companions
from stellwerk.games import get_game
from stellwerk.games.linie1.notation import Order, Placement
from stellwerk.games.linie1.placement import check_placement
from stellwerk.games.linie1.tables import square_index
from stellwerk.games.linie1.terms import tile_name
from stellwerk.games.linie1.tiles import ROTATIONS
from stellwerk.games.linie1.views import view_board

GAME = get_game("linie1")
PACK = GAME.load_pack()
TABLES = GAME.tables(PACK)
PICTURE = companions.picture(GAME, PACK)


def _played(seed: int, rounds: int):
    state = GAME.new_state(GAME.parse_options({}, 2), seed, PACK, 2)
    rnd = random.Random(seed)
    for _ in range(rounds):
        for seat in state.decision().seats:
            options = state.candidate_actions(seat)
            state.apply(seat, options[rnd.randrange(len(options))])
    return state


def _fits(root: ET.Element) -> dict[str, set[tuple[str, int]]]:
    out: dict[str, set[tuple[str, int]]] = {}
    for element in root.iter():
        if element.get("data-square") is not None:
            tokens = (element.get("data-fits") or "").split()
            out[element.get("data-square")] = {(t.split("@")[0], int(t.split("@")[1]))
                                               for t in tokens}
    return out


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 4))
def test_the_marked_squares_are_exactly_where_the_rules_let_a_hand_tile_lie(
        seed: int, rounds: int) -> None:
    state = _played(seed, rounds)
    for seat in (0, 1):
        view = state.view(seat)
        board = view_board(TABLES, view)
        fits = _fits(ET.fromstring(PICTURE.svg(view, "en")))
        for name, marked in fits.items():
            square = square_index(name)
            expected = {(tile, turn) for tile in view["me"]["hand"] for turn in ROTATIONS
                        if check_placement(TABLES, board, square, TABLES.pid(tile, turn),
                                           exchange_exception=False).legal}
            assert marked == expected, name
        # every single placement the legal list offers is marked
        for action in state.candidate_actions(seat):
            if len(action.placements) == 1:
                placement = action.placements[0]
                assert (placement.tile, placement.rotation) in fits[placement.square]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_hand_is_drawn_tile_by_tile_at_every_rotation_in_the_readers_language(
        lang: str) -> None:
    view = _played(3, 2).view(0)
    root = ET.fromstring(PICTURE.svg(view, lang))
    hand = {e.get("data-hand-tile"): e for e in root.iter() if e.get("data-hand-tile")}
    assert set(hand) == set(view["me"]["hand"])
    for tile, count in view["me"]["hand"].items():
        assert hand[tile].get("data-name") == tile_name(tile, lang)
        assert hand[tile].get("data-count") == str(count)
        assert any(e.tag.endswith("line") or e.tag.endswith("path") for e in hand[tile].iter())
    drawings = {e.get("data-drawing"): e for e in root.iter() if e.get("data-drawing")}
    assert set(drawings) == {f"{tile}@{turn}" for tile in hand for turn in ROTATIONS}
    # a curve turned a quarter is a different picture; every rotation is drawn apart
    curve = [ET.tostring(drawings[f"curve@{turn}"]) for turn in ROTATIONS
             if f"curve@{turn}" in drawings]
    assert len(set(curve)) == len(curve)


def test_the_order_templates_write_the_games_notation() -> None:
    view = _played(5, 1).view(1)
    root = ET.fromstring(PICTURE.svg(view, "de"))
    group = next(e for e in root.iter() if e.get("data-order-placement"))
    placements = [Placement("H2", "straight", 90), Placement("G3", "curve", 270)]

    def fill(p: Placement) -> str:
        return (group.get("data-order-placement", "").replace("{square}", p.square)
                .replace("{tile}", p.tile).replace("{rotation}", str(p.rotation)))

    text = group.get("data-order-join", "").join(fill(p) for p in placements)
    assert GAME.parse_action(text) == Order.made_of(placements)
    assert GAME.parse_action(group.get("data-order-empty", "")) == Order.made_of([])


def test_a_spectator_sees_no_hand_no_marks_and_no_order_builder() -> None:
    state = _played(7, 2)
    svg = PICTURE.svg(state.public_view(), "en")
    assert "data-fits" not in svg
    assert "data-hand-tile" not in svg
    assert "data-drawing" not in svg
    assert "data-order-placement" not in svg
