"""Rail Line drawn for the web table and `play --svg` (svg.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.core.companions import Picture
from stellwerk.games.rail_line.svg import draw_view


class RailLinePicture(Picture):
    def svg(self, view: Mapping[str, Any], lang: str = "en",
            names: Sequence[str] | None = None) -> str | None:
        """The line with every locomotive, offer, hand and record sheets (svg.py);
        cards carry `data-card`, stations a slow move can reach `data-slow`."""
        return draw_view(view, names, lang)
