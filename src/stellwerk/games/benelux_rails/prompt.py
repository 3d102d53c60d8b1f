"""The terminal prompt of Benelux Rails: type an action, a number from the suggestions,
or `cost M1 M2 ...` (German `kosten`) to price a build path before committing.

The price comes from `quote`, which the web table can call too: the cost of each step and
why (terrain, river, lake, ferry), or the rule that refuses the path. Nothing changes.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.core.errors import IllegalAction, StellwerkError
from stellwerk.core.session import Window
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.games.benelux_rails.terms import CATALOG
from stellwerk.games.benelux_rails.words import quote

COST_WORDS = ("cost", "kosten", "preis")
LIST_WORDS = ("?", "help", "hilfe", "list")


def guided_choice(game: Any, window: Window, console: Any, ask: Any, lang: str
                  ) -> Action | None:
    chance = Chance(0)   # its own: a person's questions must not steer the bots
    legal = window.legal
    console.print(f"[dim]{escape(CATALOG.text('br.cost_hint', lang))}[/dim]")
    while True:
        text = str(ask("> ")).strip()
        if not text:
            continue
        words = text.split()
        if text.lower() in LIST_WORDS:
            for number, action in enumerate(legal, start=1):
                console.print(f"  {number:>2}. {escape(game.format_action(action))}",
                              highlight=False)
            continue
        if text.isdecimal():
            number = int(text) if len(text) <= 9 else 0
            if 1 <= number <= len(legal):
                return legal[number - 1]
            console.print(f"[red]1 - {len(legal)}[/red]")
            continue
        sample = window.sample(chance)
        if words[0].lower() in COST_WORDS and isinstance(sample, BeneluxState):
            console.print(escape(quote(sample, window.seat, words[1:], lang)), highlight=False)
            continue
        try:
            action = game.parse_action(text)
            sample.check(window.seat, action)
        except StellwerkError as exc:
            reason = str(exc)
            if lang != "en" and isinstance(exc, IllegalAction) and exc.key in CATALOG:
                reason = CATALOG.text(exc.key, lang, **exc.params)
            console.print(f"[red]{escape(reason)}[/red]")
            continue
        return action
