"""The map drawing: valid XML, scalable, every text escaped, the overlay drawn."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET

from stellwerk.games.benelux_rails.svg import SEAT_COLOURS, Overlay, draw_map

NS = "{http://www.w3.org/2000/svg}"


def texts(root: ET.Element) -> list[str]:
    return [element.text or "" for element in root.iter(f"{NS}text")]


def test_the_map_is_valid_svg_that_scales(data):
    root = ET.fromstring(draw_map(data))
    assert root.tag == f"{NS}svg"
    assert "viewBox" in root.attrib and "width" not in root.attrib
    labels = texts(root)
    for city in data["cities"]:
        assert city["name"] in labels
    assert "A" in labels and "30" in labels          # row letters, column numbers
    titles = [element.text for element in root.iter(f"{NS}title")]
    assert "Westerschelde" in titles and "Maas/Meuse" in titles and "Ardennes" in titles
    mountains = sum(row.count("^") for row in data["map"]["terrain"])
    assert len(root.findall(f".//{NS}g[@id='mileposts']/{NS}polygon")) == mountains


def test_german_names_in_german(data):
    root = ET.fromstring(draw_map(data, lang="de"))
    labels = texts(root)
    assert "Lüttich" in labels and "Brüssel" in labels and "Liège" not in labels
    titles = [element.text or "" for element in root.iter(f"{NS}title")]
    assert "Rhein" in titles and "Nordsee" in titles and "Ardennen" in titles
    assert "Rhine" not in titles and any("Erdgas" in title for title in titles)
    assert "Baukosten (Mio. €)" in labels and "Großstadt (alle)" in labels


def test_a_hostile_city_name_is_escaped(data):
    hostile = copy.deepcopy(dict(data))
    name = '<script>alert("x")</script> & \'Ü\''
    hostile["cities"] = [dict(city) for city in data["cities"]]
    hostile["cities"][0]["name"] = name
    hostile["map"] = dict(data["map"], rivers=[{"name": "<b>Rhine</b>", "points": [[1, 1],
                                                                                   [2, 2]]}])
    text = draw_map(hostile)
    assert "<script" not in text and "<b>" not in text
    root = ET.fromstring(text)
    assert name in texts(root)
    assert not list(root.iter(f"{NS}script"))


def test_the_overlay_draws_tracks_trains_highlights_and_drops(data):
    overlay = Overlay(tracks=[(0, "AA8", "AA9"), (1, "AA9", "AB9"), (0, "ZZ999", "A1")],
                      trains=[(1, "AA8", "B12<")], highlight=["AA9", "not a milepost"],
                      dropped=[("AA8", "Cheese & <wine>")])
    root = ET.fromstring(draw_map(data, overlay))
    lines = root.findall(f".//{NS}g[@id='tracks']/{NS}line")
    assert [line.get("stroke") for line in lines] == [SEAT_COLOURS[0], SEAT_COLOURS[1]]
    assert len(root.findall(f".//{NS}g[@id='highlight']/{NS}circle")) == 1
    assert "B12<" in texts(root) and "Cheese & <wine>" in texts(root)
    trains = root.findall(f".//{NS}g[@id='trains']/{NS}rect")
    assert [rect.get("fill") for rect in trains] == [SEAT_COLOURS[1]]


def test_the_drawing_is_deterministic(data):
    assert draw_map(data) == draw_map(data)


def test_track_lies_over_the_city_areas_and_under_the_markers(data):
    root = ET.fromstring(draw_map(data, Overlay(tracks=[(0, "M14", "M15")])))
    layers = [group.get("id") for group in root.iter(f"{NS}g") if group.get("id")]
    assert layers.index("major-cities") < layers.index("tracks") < layers.index("cities")
    assert layers.index("tracks") < layers.index("trains")
    # every major city's seven mileposts are marked (track may start from any of them)
    ring = root.findall(f".//{NS}g[@id='mileposts']/{NS}circle[@fill='#b22222']")
    assert len(ring) == sum(row.count("M") for row in data["map"]["terrain"])
