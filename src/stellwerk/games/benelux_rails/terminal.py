"""Benelux Rails at the terminal table: the pages (render.py, compact.py) drawn with the
tables of the pack the views were made with, and the prompt that prices a build path
(prompt.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from stellwerk.core.companions import Terminal
from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Action, Game
from stellwerk.games.benelux_rails import compact, prompt
from stellwerk.games.benelux_rails.game import BeneluxRails
from stellwerk.games.benelux_rails.render import render_view


class BeneluxRailsTerminal(Terminal):
    def __init__(self, game: Game, pack: ContentPack) -> None:
        super().__init__(game, pack)
        assert isinstance(game, BeneluxRails)
        self.tables = game.tables(pack)

    def render(self, view: Mapping[str, Any], lang: str = "en") -> Any:
        return render_view(view, lang, self.tables, view.get("names"))

    def render_compact(self, view: Mapping[str, Any], lang: str = "en",
                       width: int = 80) -> Any:
        """The page at each prompt: a map window around the seat's train, the players,
        its demands and the public demands (compact.py)."""
        return compact.render_compact(dict(view), lang, self.tables, width)

    def detail_topics(self, view: Mapping[str, Any]) -> Sequence[str]:
        return compact.TOPICS

    def render_detail(self, view: Mapping[str, Any], topic: str, lang: str = "en",
                      width: int = 80) -> Any:
        return compact.render_detail(view, topic, lang, self.tables, width)

    def guided_choice(self, window: Any, console: Any, ask: Callable[[str], str],
                      lang: str = "en") -> Action | None:
        """The prompt that also prices a build path (`cost F12 F13 G13`)."""
        return prompt.guided_choice(self.game, window, console, ask, lang)
