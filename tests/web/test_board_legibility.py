"""The Benelux board for every eye: the seats' colours stand apart from the water (the
rivers, sea, lakes and ferries are blue) and from each other, and two trains on one
milepost are both drawn where each can be seen."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET

from stellwerk.games import get_game
from stellwerk.games.benelux_rails.svg import COLOURS, SEAT_COLOURS, Overlay, draw_map
from stellwerk.web.boards import draw

WATER = ("river", "sea", "lake", "ferry")
NS = "{http://www.w3.org/2000/svg}"


def _rgb(colour: str) -> tuple[int, ...]:
    return tuple(int(colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))


def _apart(a: str, b: str) -> float:
    return math.dist(_rgb(a), _rgb(b))


def test_seat_colours_stand_apart_from_the_water_and_each_other() -> None:
    for seat, water in itertools.product(SEAT_COLOURS, WATER):
        assert _apart(seat, COLOURS[water]) >= 75, (seat, water)
    for a, b in itertools.combinations(SEAT_COLOURS, 2):
        assert _apart(a, b) >= 60, (a, b)


def test_two_trains_on_one_milepost_are_both_visible() -> None:
    pack = get_game("benelux-rails").load_pack()
    milepost = "F12"
    svg = ET.fromstring(draw_map(pack.data, Overlay(trains=((0, milepost, "1"),
                                                            (1, milepost, "1")))))
    group = next(g for g in svg.iter(f"{NS}g") if g.get("id") == "trains")
    boxes = [(float(r.get("x", 0)), float(r.get("y", 0))) for r in group.iter(f"{NS}rect")]
    assert len(boxes) == 2
    (x0, y0), (x1, y1) = boxes
    assert abs(x0 - x1) >= 18 or abs(y0 - y1) >= 14   # side by side, not one on the other


def test_demand_cards_name_cities_as_the_map_does() -> None:
    game = get_game("benelux-rails")
    pack = game.load_pack()
    state = game.new_state(game.parse_options({}, 2), 1, pack, 2)
    while not state.view(0).get("hand"):
        seat = state.decision().seats[0]
        state.apply(seat, state.candidate_actions(seat)[0])
    for lang in ("en", "de"):
        svg = ET.fromstring(draw(game, pack, state.view(0), ["Ann", "Bo"], lang) or "")
        on_map = {t.text for g in svg.iter(f"{NS}g") if g.get("id") == "city-names"
                  for t in g.iter(f"{NS}text")}
        # each demand is a text of its own: "good → city payoff"
        demanded = [(t.text or "").split(" → ")[1].rsplit(" ", 1)[0]
                    for t in svg.iter(f"{NS}text") if "→" in (t.text or "")]
        assert demanded and set(demanded) <= on_map, (lang, set(demanded) - on_map)
