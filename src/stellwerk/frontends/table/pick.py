"""`stellwerk play --resume` without a file: list the saved unfinished games, pick one."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.text import Text

from stellwerk.core.errors import BadOption, StellwerkError
from stellwerk.core.inputs import ascii_int
from stellwerk.frontends.table.saves import SavedGame, saves_folder, unfinished_saves
from stellwerk.frontends.table.terms import CATALOG, QUIT_WORDS
from stellwerk.games import get_game


def save_line(number: int, saved: SavedGame, lang: str) -> str:
    record = saved.record
    try:
        title = get_game(record.game).title
    except StellwerkError:   # a game this Stellwerk does not know: resuming will say so
        title = record.game
    seats = ", ".join(f"{seat.name} ({seat.kind})" for seat in record.seats)
    return CATALOG.text("save_line", lang, n=number, game=title, seats=seats,
                      steps=len(record.actions), when=saved.when.strftime("%Y-%m-%d %H:%M"))


def pick_save(console: Console, lang: str, ask: Callable[[str], str]) -> Path | None:
    """The file of the game the user picks, or None when they pick none (Enter, quit,
    end of input); refused when there is nothing to pick."""
    folder = saves_folder()
    saves = unfinished_saves(folder)
    if not saves:
        raise BadOption("set.no_saves", folder=folder)
    console.print(Text(CATALOG.text("saves_title", lang, folder=str(folder)), style="bold"))
    for n, saved in enumerate(saves, 1):
        console.print(Text(save_line(n, saved, lang)))
    while True:
        try:
            answer = ask(CATALOG.text("pick_save", lang)).strip()
        except EOFError:
            return None
        if not answer or answer.lower() in QUIT_WORDS:
            return None
        number = ascii_int(answer, 9)
        if number is not None and 1 <= number <= len(saves):
            return saves[number - 1].path
        shown = answer if len(answer) <= 9 else answer[:9] + "…"
        console.print(Text(CATALOG.text("no_save", lang, shown=shown, n=len(saves)),
                           style="red"))
