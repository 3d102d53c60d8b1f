"""Railways drawn for the web table and `play --svg` (svg.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.core.companions import Picture
from stellwerk.games.railways.svg import draw_view


class RailwaysPicture(Picture):
    def svg(self, view: Mapping[str, Any], lang: str = "en",
            names: Sequence[str] | None = None) -> str | None:
        """The 2x2 plan with tracks, regions, dice and passengers, and the player's
        panel (svg.py); one player, so `names` is not drawn."""
        return draw_view(view, lang=lang)
