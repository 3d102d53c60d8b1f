"""Railways drawn for the web table and `play --svg` (svg.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.core.companions import Picture
from stellwerk.core.contract import Action
from stellwerk.core.pointing import Pointing
from stellwerk.games.railways import pointing
from stellwerk.games.railways.svg import draw_view


class RailwaysPicture(Picture):
    def svg(self, view: Mapping[str, Any], lang: str = "en",
            names: Sequence[str] | None = None) -> str | None:
        """The 2x2 plan with tracks, regions, dice and passengers, and the player's
        panel (svg.py); one player, so `names` is not drawn."""
        return draw_view(view, lang=lang)

    def choices(self, view: Mapping[str, Any], actions: Sequence[Action],
                lang: str = "en") -> Pointing | None:
        """Dice, connections and spaces on the plan; the rest drawn beside it, the
        payment as the hand's cards with the symbols used (pointing.py)."""
        return pointing.choices(view, actions, lang)
