"""Rail Line at the terminal table (render.py draws the pages)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.core.companions import Terminal
from stellwerk.games.rail_line import render


class RailLineTerminal(Terminal):
    # The pages of the terminal table (render.py): near end of the line, offer and hand,
    # the seat's sheet and one line per player, made to fit 32 rows whatever wraps; the
    # question and the choices keep the rest of a 40-row terminal.
    compact_height = render.COMPACT_ROWS

    def render(self, view: Mapping[str, Any], lang: str = "en") -> Any:
        return render.render_view(view, lang, view.get("names"))

    def render_compact(self, view: Mapping[str, Any], lang: str = "en",
                       width: int = 80) -> Any:
        return render.render_compact(view, lang, view.get("names"), width)

    def detail_topics(self, view: Mapping[str, Any]) -> Sequence[str]:
        return render.DETAIL_TOPICS

    def render_detail(self, view: Mapping[str, Any], topic: str, lang: str = "en",
                      width: int = 80) -> Any:
        return render.render_details(view, lang, topic, view.get("names"))
