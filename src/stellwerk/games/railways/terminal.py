"""Railways at the terminal table: the pages (render.py) and the guided prompt
(guided.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from stellwerk.core.companions import Terminal
from stellwerk.core.contract import Action
from stellwerk.core.session import Window
from stellwerk.games.railways import guided, render


class RailwaysTerminal(Terminal):
    # The page: plan, progress, hand, challenges (render.py), about 22 rows, so the
    # guided prompt below keeps its room.
    compact_height = 24

    def render(self, view: Mapping[str, Any], lang: str = "en") -> Any:
        return render.render_view(view, lang)

    def render_compact(self, view: Mapping[str, Any], lang: str = "en",
                       width: int = 80) -> Any:
        return render.render_compact(view, lang)

    def detail_topics(self, view: Mapping[str, Any]) -> Sequence[str]:
        return render.DETAIL_TOPICS

    def render_detail(self, view: Mapping[str, Any], topic: str, lang: str = "en",
                      width: int = 80) -> Any:
        return render.render_details(view, lang, topic)

    def guided_choice(self, window: Window, console: Any, ask: Callable[[str], str],
                      lang: str = "en") -> Action | None:
        """The terminal's step-by-step prompt (see guided.py); None = numbered list."""
        return guided.guided_choice(self.game, window, console, ask, lang)
