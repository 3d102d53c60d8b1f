"""The web table's picture of a Track Layers view: the track as a row of rails.

Each laid piece is a bar as long as its length, carrying `data-length`; the seat's
own hand is drawn below it (a seat's view only).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from stellwerk.core.companions import Picture
from tests.toy_game.render import seat_names
from tests.toy_game.terms import CATALOG

UNIT = 12       # pixels per length
ROW = 28


def draw_view(view: Mapping[str, Any], lang: str = "en",
              names: Sequence[str] | None = None) -> str:
    names = list(names) if names else seat_names(view, lang)
    parts: list[str] = []
    x = 10
    for length in view["track"]:
        parts.append(f'<rect x="{x}" y="30" width="{length * UNIT - 2}" height="10" '
                     f'fill="#8b5a2b" data-length="{length}"/>')
        x += length * UNIT
    width = max(x + 10, 320)
    text = [f'<text x="10" y="20">{escape(CATALOG.text("toy.track", lang))}</text>']
    for seat, name in enumerate(names):
        line = CATALOG.text("toy.player", lang, name=name, points=view["scores"][seat],
                            cards=view["hands"][seat])
        text.append(f'<text x="10" y="{70 + seat * ROW}">{escape(line)}</text>')
    if view["hand"] is not None:
        hand = " ".join(map(str, view["hand"]))
        text.append(f'<text x="10" y="{70 + 2 * ROW}">'
                    f'{escape(CATALOG.text("toy.hand", lang))}: {hand}</text>')
    height = 70 + 3 * ROW
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'font-family="sans-serif" font-size="14">{"".join(parts + text)}</svg>')


class ToyPicture(Picture):
    def svg(self, view: Mapping[str, Any], lang: str = "en",
            names: Sequence[str] | None = None) -> str | None:
        return draw_view(view, lang, names)
