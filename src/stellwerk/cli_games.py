"""The games as the command line shows them, made from what each game declares
(`Game.meta`, `Game.options`): `stellwerk games` and the list of game options at the
end of the `--help` of every command that takes `-o NAME=VALUE`."""

from __future__ import annotations

import textwrap

from stellwerk.core.contract import Game
from stellwerk.core.i18n import Catalog
from stellwerk.core.options import TEXTS

INDENT = 6
WORDS = Catalog({
    "games.options": {"en": "game options (-o NAME=VALUE), by game:",
                      "de": "Spieloptionen (-o NAME=WERT), je Spiel:"},
    "games.default": {"en": "default {value}", "de": "Vorgabe {value}"},
    "games.no_options": {"en": "no options", "de": "keine Optionen"},
})


def games_text(lang: str) -> str:
    """`stellwerk games`: a line per game (id, title, players, credits), then its one line."""
    from stellwerk.frontends.report_words import players_text
    from stellwerk.games import game_ids, get_game

    lines = []
    for game_id in game_ids():
        game = get_game(game_id)
        span = players_text(game.min_seats, game.max_seats, lang)
        head = f"{game_id:12} {game.title} ({span})"
        if game.meta is not None:
            credits = game.meta.credits()
            lines.append(f"{head} · {credits}" if credits else head)
            lines.extend(textwrap.wrap(game.catalog.text(game.meta.about, lang), 88,
                                       initial_indent=" " * 13, subsequent_indent=" " * 13))
        else:
            lines.append(head)
    return "\n".join(lines)


def option_lines(game: Game, lang: str, width: int = 88) -> list[str]:
    """A game's options for `--help`: `name=` what it takes, its default, then its help."""
    if not game.options:
        return [" " * INDENT + WORDS.text("games.no_options", lang)]
    lines = []
    for option in game.options:
        default = option.typed(option.default) or TEXTS.text("opt.none", lang)
        head = (f"{option.name}={option.allowed(game.catalog, lang)}; "
                + WORDS.text("games.default", lang, value=default))
        lines.extend(textwrap.wrap(head, width, initial_indent=" " * INDENT,
                                   subsequent_indent=" " * (INDENT + 4),
                                   break_on_hyphens=False))
        lines.extend(textwrap.wrap(game.catalog.text(option.help, lang), width,
                                   initial_indent=" " * (INDENT + 4),
                                   subsequent_indent=" " * (INDENT + 4),
                                   break_on_hyphens=False))
    return lines


def game_options_help(lang: str, width: int = 88) -> str:
    """Every game's options, by game, for the end of a `--help`."""
    from stellwerk.games import game_ids, get_game

    lines = [WORDS.text("games.options", lang)]
    for game_id in game_ids():
        game = get_game(game_id)
        lines.append(f"  {game_id} ({game.title}):")
        lines.extend(option_lines(game, lang, width))
    return "\n".join(lines)
