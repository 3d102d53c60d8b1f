"""Benelux Rails drawn for the web table and `play --svg` (svg.py, web.py), from the
pack the views were made with, and a build path priced as it is typed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.core.companions import Picture
from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Game, State
from stellwerk.games.benelux_rails import web
from stellwerk.games.benelux_rails.game import BeneluxRails
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.games.benelux_rails.svg import Overlay
from stellwerk.games.benelux_rails.words import SECOND_TRAIN, good_word


class BeneluxRailsPicture(Picture):
    def __init__(self, game: Game, pack: ContentPack) -> None:
        super().__init__(game, pack)
        assert isinstance(game, BeneluxRails)
        self.tables = game.tables(pack)

    def svg(self, view: Mapping[str, Any], lang: str = "en",
            names: Sequence[str] | None = None) -> str | None:
        """The map with each player's track and train, pointable mileposts and a panel
        of money, trains, loads and demands beside it (svg.py, web.py)."""
        overlay = Overlay(
            tracks=[(s, a, b) for s, p in enumerate(view["players"]) for a, b in p["track"]],
            trains=[(s, train["position"], str(s + 1) if k == 0 else SECOND_TRAIN[s % 3])
                    for s, p in enumerate(view["players"])
                    for k, train in enumerate(p.get("trains") or [p])
                    if train["position"] is not None],
            dropped=self._dropped(view, lang))
        return web.table_svg(self.pack.data, overlay, view, names, lang, self.tables,
                             key=self.pack.sha256)

    def preview(self, state: State, seat: int, text: str,
                lang: str = "en") -> Mapping[str, Any] | None:
        """A build path's cost and reasons (the terminal's `cost` query), for the web."""
        assert isinstance(state, BeneluxState)
        return web.preview(state, seat, text, lang)

    def _dropped(self, view: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
        tables = self.tables
        return [(tables.names[tables.cities[tables.city_index[d["city"]]].centre],
                 good_word(tables, d["good"], lang)) for d in view["drops"]]
