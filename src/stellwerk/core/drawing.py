"""A drawing: SVG text with the small conveniences every game's picture shares.

Games build their SVG with ElementTree (so every text is escaped) and end it with
`to_text`, which also replaces each character XML 1.0 forbids (control characters,
lone surrogates, U+FFFE, U+FFFF; `xml_safe`) by U+FFFD: ElementTree writes those as
they are, and one of them in a seat's name would make the whole board unreadable for
every viewer. `Drawing` wraps the text so a notebook shows it (`_repr_svg_`) and a
terminal user can write it to a file (`save`).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

SVG_NS = "http://www.w3.org/2000/svg"


class Drawing:
    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:  # Jupyter shows the picture
        return self.svg

    def __str__(self) -> str:
        return self.svg

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.write_text(self.svg, encoding="utf-8")
        return path


def svg_root(width: float, height: float, title: str) -> ET.Element:
    """An <svg> scaled by its viewBox (width 100% in a page, any size in a file)."""
    root = ET.Element("svg", {"xmlns": SVG_NS, "viewBox": f"0 0 {width} {height}",
                              "font-family": "sans-serif"})
    sub(root, "title", title)
    return root


def sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: Any) -> ET.Element:
    """A child element; `stroke_width=2` becomes stroke-width, `class_` becomes class,
    `data_pick` becomes data-pick. ElementTree escapes text and attribute values."""
    element = ET.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): str(v)
                                          for k, v in attrs.items() if v is not None})
    if text is not None:
        element.text = text
    return element


# what XML 1.0 forbids (C0 controls but tab and line ends, lone surrogates, U+FFFE,
# U+FFFF) and what it discourages and HTML counts as a parse error (DEL, C1 controls,
# the noncharacters U+FDD0-U+FDEF), so one rule makes both an SVG and a page safe. Written
# as the characters allowed: a negated class of ranges is the quickest to scan, and a
# board is 100 KB or more. (The noncharacters of the other planes are valid XML.)
_NOT_MARKUP = re.compile("[^\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufdcf\ufdf0-\ufffd"
                         "\U00010000-\U0010ffff]")


def xml_safe(text: str) -> str:
    """`text` with every such character replaced by U+FFFD. Markup is plain ASCII, so
    this may run over a whole serialized document as well as over one text."""
    return _NOT_MARKUP.sub("\ufffd", text)


def to_text(root: ET.Element) -> str:
    """The SVG text of `root`, well-formed XML whatever its texts held."""
    return xml_safe(ET.tostring(root, encoding="unicode")) + "\n"


# one colour per seat, told apart also by people with red-green colour blindness
SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]
