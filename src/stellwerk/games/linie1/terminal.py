"""Linie 1 at the terminal table: the pages (render.py) drawn with the tables of the
pack the views were made with, and an order checked before it is sent (precheck.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.core.companions import Terminal
from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Action, Game
from stellwerk.games.linie1 import render
from stellwerk.games.linie1.game import Linie1
from stellwerk.games.linie1.precheck import precheck_lines, precheck_order
from stellwerk.games.linie1.terms import CATALOG


class Linie1Terminal(Terminal):
    # The page: the board (41 columns) beside the round, the seat's own results, line,
    # stops and hand (render.py), about 18 rows of 80 columns.
    compact_height = 20

    def __init__(self, game: Game, pack: ContentPack) -> None:
        super().__init__(game, pack)
        assert isinstance(game, Linie1)
        self.tables = game.tables(pack)

    def render(self, view: Mapping[str, Any], lang: str = "en") -> Any:
        return render.render_view(self.tables, view, lang)

    def render_compact(self, view: Mapping[str, Any], lang: str = "en",
                       width: int = 80) -> Any:
        return render.render_compact(view, lang, self.tables)

    def detail_topics(self, view: Mapping[str, Any]) -> Sequence[str]:
        return render.DETAIL_TOPICS

    def render_detail(self, view: Mapping[str, Any], topic: str, lang: str = "en",
                      width: int = 80) -> Any:
        return render.render_details(view, lang, topic, self.tables)

    def review_action(self, view: Mapping[str, Any], action: Action,
                      lang: str = "en") -> tuple[list[str], str | None]:
        """An order checked against the board the seat sees, before it is sent: a line
        per placement, and a question to confirm when any placement would fail."""
        results = precheck_order(self.tables, view, action)
        failing = any(not r["ok"] for r in results)
        return (precheck_lines(results, lang),
                CATALOG.text("l1.pre.send_anyway", lang) if failing else None)
