"""Linie 1 drawn for the web table and `play --svg` (svg.py), with the tables of the
pack the views were made with."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.core.companions import Picture
from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Game
from stellwerk.games.linie1.game import Linie1
from stellwerk.games.linie1.svg import draw_view


class Linie1Picture(Picture):
    def __init__(self, game: Game, pack: ContentPack) -> None:
        super().__init__(game, pack)
        assert isinstance(game, Linie1)
        self.tables = game.tables(pack)

    def svg(self, view: Mapping[str, Any], lang: str = "en",
            names: Sequence[str] | None = None) -> str | None:
        """The board with clickable free squares and the seat's own line, stops and
        hand under it (svg.py)."""
        return draw_view(self.tables, view, lang)
