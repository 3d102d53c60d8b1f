"""Rail Line drawn for the web table and `play --svg` (svg.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.core.companions import Picture
from stellwerk.core.contract import Action
from stellwerk.core.pointing import Pointing
from stellwerk.games.rail_line import pointing
from stellwerk.games.rail_line.svg import draw_view


class RailLinePicture(Picture):
    def svg(self, view: Mapping[str, Any], lang: str = "en",
            names: Sequence[str] | None = None) -> str | None:
        """The line with every locomotive, offer, hand and record sheets (svg.py);
        cards carry `data-card`, stations a slow move can reach `data-slow`."""
        return draw_view(view, names, lang)

    def choices(self, view: Mapping[str, Any], actions: Sequence[Action],
                lang: str = "en") -> Pointing | None:
        """Sides and tracks drawn as cards, cards and stations on the board, the rest
        drawn beside it (pointing.py)."""
        return pointing.choices(view, actions, lang)
