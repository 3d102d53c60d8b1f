"""Benelux Rails' table picture for the web: the map's unchanging layers kept per pack and
language give the same drawing as drawing it anew, the overlay of play lies between
them as the map draws it, and the panel stands beside the map, hardly taller than the
map even at the most crowded table."""

from __future__ import annotations

import functools
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core import companions
from stellwerk.core.content import ContentPack
from stellwerk.games import get_game
from stellwerk.games.benelux_rails import web
from stellwerk.games.benelux_rails.picture import BeneluxRailsPicture
from stellwerk.games.benelux_rails.svg import Overlay, draw_map
from tests.benelux_rails.crowded import crowded_state

GAME = get_game("benelux-rails")
NS = "{http://www.w3.org/2000/svg}"
# the map's layers bottom to top, the overlay's (tracks; highlight, dropped, trains) among them
LAYERS = ["geography", "rivers", "crossings", "ferries", "major-cities", "tracks",
          "mileposts", "cities", "city-names", "highlight", "dropped", "trains",
          "grid-labels", "legend"]


@functools.cache
def _pack() -> ContentPack:
    return GAME.load_pack()


def _views(seed: int, steps: int) -> list[dict[str, Any]]:
    pack = _pack()
    state = GAME.new_state(GAME.parse_options({}, 2), seed, pack, 2)
    rnd = random.Random(seed)
    for _ in range(steps):
        decision = state.decision()
        if decision is None:
            break
        seat = decision.seats[0]
        state.apply(seat, rnd.choice(state.candidate_actions(seat)))
    return [state.view(0), state.view(1), state.public_view()]


def _picture() -> BeneluxRailsPicture:
    picture = companions.picture(GAME, _pack())
    assert isinstance(picture, BeneluxRailsPicture)
    return picture


def _overlay(picture: BeneluxRailsPicture, view: dict[str, Any], lang: str) -> Overlay:
    return Overlay(
        tracks=[(s, a, b) for s, p in enumerate(view["players"]) for a, b in p["track"]],
        trains=[(s, t["position"], str(s + 1)) for s, p in enumerate(view["players"])
                for t in (p.get("trains") or [p])[:1] if t["position"] is not None],
        dropped=picture._dropped(view, lang))


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_the_kept_layers_draw_the_same_table_as_drawing_anew(seed: int, steps: int) -> None:
    picture = _picture()
    names = ["<Ann & co>", "Bo"]
    for view in _views(seed, steps):
        for lang in ("de", "en"):
            overlay = _overlay(picture, view, lang)
            kept = web.table_svg(_pack().data, overlay, view, names, lang, picture.tables,
                                 key=_pack().sha256)
            anew = web.table_svg(_pack().data, overlay, view, names, lang, picture.tables)
            assert kept == anew


def test_each_language_keeps_its_own_layers() -> None:
    view = _views(5, 40)[0]
    english = _picture().svg(view, "en")
    german = _picture().svg(view, "de")
    assert english is not None and german is not None
    assert ">Bruxelles/Brussel<" in english and ">Bruxelles/Brussel<" not in german
    assert ">Brüssel<" in german and ">Brüssel<" not in english
    assert _picture().svg(view, "en") == english


def test_the_overlay_lies_between_the_maps_layers() -> None:
    data = _pack().data
    overlay = Overlay(tracks=[(0, "F12", "F13")], trains=[(1, "F12", "1")],
                      highlight=["F13"], dropped=[("F12", "beer")])
    for key in (None, _pack().sha256):
        root = ET.fromstring(draw_map(data, overlay, "en", key=key))
        body = root.find(f"{NS}g")
        assert body is not None and body.get("clip-path") == "url(#frame)"
        assert [g.get("id") for g in body if g.tag == f"{NS}g"] == LAYERS
    assert draw_map(data, overlay, key=_pack().sha256) == draw_map(data, overlay)


def test_the_panel_stands_beside_the_map_with_every_players_facts() -> None:
    view = _views(7, 60)[0]
    root = ET.fromstring(_picture().svg(view, "en", ["Anna", "Bert"]) or "")
    clip = root.find(f"{NS}defs/{NS}clipPath/{NS}rect")
    assert clip is not None
    map_width, map_height = float(clip.get("width", 0)), float(clip.get("height", 0))
    _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
    assert width > map_width and height == map_height   # the panel fits beside the map
    panel = next(g for g in root if g.get("id") == "panel")
    texts = [t for t in panel.iter(f"{NS}text") if (t.text or "").strip()]
    assert texts and all(float(t.get("x", 0)) >= map_width for t in texts)
    words = " ".join(t.text or "" for t in texts)
    for seat, player in enumerate(view["players"]):
        name = ("Anna", "Bert")[seat]
        assert f"{name}: {player['money']} M" in words
        assert f"speed {player['trains'][0]['speed']}, {player['capacity']} loads" in words


def _boxes(panel: ET.Element) -> list[tuple[float, float, float, float, str]]:
    """What the panel stacks: its own lines and labels, the targets outside the cards and
    the cards (x0, y0, x1, y1, what), from the drawn coordinates and a generous width
    per character."""
    from stellwerk.games.benelux_rails.pointing import CHAR, FONT
    boxes = []
    for child in panel:
        if child.tag == f"{NS}text":
            x, y, words = float(child.get("x", 0)), float(child.get("y", 0)), \
                "".join(child.itertext())
            boxes.append((x, y - FONT, x + len(words) * CHAR, y, words))
    cards = [g for g in panel.iter(f"{NS}g") if g.get("class") == "demand-card"]
    inside = {id(chip) for card in cards for chip in card.iter(f"{NS}g")}
    for group in panel.iter(f"{NS}g"):
        if group.get("class") in ("pick-chip", "demand-card") and (
                group.get("class") == "demand-card" or id(group) not in inside):
            rect = group.find(f"{NS}rect")
            assert rect is not None
            x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
            boxes.append((x, y, x + float(rect.get("width", 0)),
                          y + float(rect.get("height", 0)), group.findtext(f"{NS}title", "")))
    return boxes


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), city=st.integers(0, 200), loads=st.integers(0, 3),
       lang=st.sampled_from(["en", "de"]))
def test_nothing_in_the_panel_lies_over_anything_else(seed: int, city: int, loads: int,
                                                      lang: str) -> None:
    picture = _picture()
    tables = picture.tables
    view = _views(seed, 30)[0]
    train = view["players"][0]["trains"][0]
    train["position"] = tables.names[tables.cities[city % len(tables.cities)].centre]
    train["loads"] = [tables.goods[(seed + k) % len(tables.goods)] for k in range(loads)]
    root = ET.fromstring(picture.svg(view, lang, ["Anna", "Bert"]) or "")
    panel = next(g for g in root if g.get("id") == "panel")
    _, _, width, _ = (float(v) for v in root.get("viewBox", "").split())
    boxes = _boxes(panel)
    for i, a in enumerate(boxes):
        assert a[2] <= width + 1, a   # inside the picture
        for b in boxes[i + 1:]:
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (a, b)


# the panel's height at most, against the map's: a laptop's board box (about 930 x 640
# CSS px at 1280x800) draws the picture by its width up to this, so the panel's text
# keeps the size it has beside a short panel (about 11.9 px)
TALLEST = 1.1


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_most_crowded_panel_is_hardly_taller_than_the_map(lang: str) -> None:
    picture = _picture()
    state = crowded_state(_pack())
    for seat in range(3):
        view = state.view(seat)
        assert len(view["hand"]) == 4 and len(view["public"]) == 3
        assert all(len(p["trains"]) == 2 for p in view["players"])
        root = ET.fromstring(picture.svg(view, lang, ["Anna", "Bert", "Cy"]) or "")
        clip = root.find(f"{NS}defs/{NS}clipPath/{NS}rect")
        assert clip is not None
        _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
        assert height <= TALLEST * float(clip.get("height", 0)), (lang, seat, height)
        assert width == float(clip.get("width", 0)) + web.PANEL_WIDTH
        panel = next(g for g in root if g.get("id") == "panel")
        picks = {g.get("data-pick") for g in panel.iter(f"{NS}g")}
        assert "end" in picks and "buy-train" not in picks   # no third train to buy
        boxes = _boxes(panel)
        for i, a in enumerate(boxes):
            assert a[2] <= width + 1 and a[3] <= height, a
            for b in boxes[i + 1:]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
