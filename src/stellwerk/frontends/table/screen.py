"""The screen of the terminal table: one page per prompt that fits the terminal.

At every prompt the table is redrawn from the top: the game's compact picture, then the
choices, then the prompt. The picture is measured first; what does not fit is cut with
a line saying how to see it (`show`), so at 80x40 the line of cards never scrolls away
while a player counts stations. Long texts (details, the log, the rules) are paged.

Clearing a hotseat screen also clears the terminal's scrollback (`ESC [3J`), which a
plain clear keeps: otherwise the next player could scroll up to the last one's hand.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.segment import Segment, Segments
from rich.text import Text

from stellwerk.frontends.table.choices import in_columns
from stellwerk.frontends.table.words import TERMS

# Erase the scrollback, then the screen, and go home; the second ESC [3J catches
# terminals that push the erased screen into the scrollback.
WIPE = "\x1b[3J\x1b[2J\x1b[H\x1b[3J"
PROMPT_ROWS = 2       # the question line and the input line
MIN_CHOICE_ROWS = 4   # the choices keep at least this many rows, however tall the table
MAX_CHOICE_ROWS = 10  # ... and take at most this many before the table is cut
PROMISED_CHOICE_ROWS = 2  # beside a picture within its promise: a row and "… N more"
UNLIMITED = 1_000_000


def render_lines(console: Console, renderable: Any, width: int) -> list[list[Segment]]:
    options = console.options.update(width=width)
    return console.render_lines(renderable, options, pad=False)


class Screen:
    def __init__(self, console: Console, lang: str) -> None:
        self.console = console
        self.lang = lang

    @property
    def width(self) -> int:
        return self.console.size.width

    @property
    def height(self) -> int:
        """The rows to fit; a pipe or file has no screen, so nothing is cut there unless
        LINES says how tall a page should be."""
        if not self.console.is_terminal and "LINES" not in os.environ:
            return UNLIMITED
        return self.console.size.height

    def clear(self, scrollback: bool = False) -> None:
        """A fresh page; with `scrollback`, nothing of the old one can be scrolled back to."""
        if not self.console.is_terminal:
            self.console.clear()  # a no-op on a pipe; tests count it
            return
        if scrollback:
            self.console.file.write(WIPE)
            self.console.file.flush()
        else:
            self.console.clear()

    def page_of(self, picture: Any, choices: list[Text], heading: Text | None = None,
                reserve: int = PROMPT_ROWS, cropped: str = "cropped",
                picture_rows: int | None = None) -> int:
        """Print `picture`, `heading` (the question, never cut) and `choices` (packed in
        columns) fitted to the screen, keeping `reserve` rows below; return how many
        choices were cut (the caller says how to see them). `picture_rows` is how tall
        the game promises its compact picture to be (`Terminal.compact_height`): that many
        rows are kept for it before the choices take more than MIN_CHOICE_ROWS, so a
        long list is cut (`list` shows it) rather than the table."""
        width, height = self.width, self.height
        lines = render_lines(self.console, picture, width) if picture is not None else []
        head = render_lines(self.console, heading, width) if heading is not None else []
        reserve += len(head)
        rows, _ = in_columns(choices, width)
        wanted_choices = min(len(rows), MAX_CHOICE_ROWS)
        if picture_rows is not None:
            # the promise is kept whole: a long list is cut first, down to one row of
            # choices and the "… N more" line (`list` shows them all); a picture within
            # its promise is never cut, however many rows the question takes
            kept_for_choices = min(wanted_choices, max(height - reserve - picture_rows,
                                                       PROMISED_CHOICE_ROWS))
        else:
            # a short list keeps only the rows it needs; a long one at least MIN_CHOICE_ROWS
            kept_for_choices = min(len(rows), max(wanted_choices, MIN_CHOICE_ROWS))
        room = max(height - reserve - kept_for_choices, 1)
        if len(lines) > room:
            hidden = len(lines) - (room - 1)
            lines = lines[:room - 1]
            lines.append([Segment(TERMS.text(cropped, self.lang, n=hidden), None)])
        self._print_lines(lines + head)
        left = max(height - reserve - len(lines), 1)
        rows, cut = in_columns(choices, width, max_rows=left if len(rows) <= left else left - 1)
        for row in rows:
            self.console.print(row, soft_wrap=True)
        return cut

    def _print_lines(self, lines: list[list[Segment]]) -> None:
        segments: list[Segment] = []
        for line in lines:
            segments.extend(line)
            segments.append(Segment.line())
        self.console.print(Segments(segments), end="", soft_wrap=True, crop=False)

    def pager(self, picture: Any, ask: Callable[[str], str]) -> None:
        """Show `picture` a screen at a time on a terminal (all at once on a pipe)."""
        lines = render_lines(self.console, picture, self.width)
        step = max(self.height - 1, 1)
        if not self.console.is_terminal:
            step = len(lines) or 1
        for start in range(0, len(lines), step):
            self._print_lines(lines[start:start + step])
            more = start + step < len(lines)
            if more and ask(TERMS.text("page_more", self.lang)).strip().lower() in ("q", "quit"):
                return
