"""The page frame gives a game's compact picture the rows it promises
(`Terminal.compact_height`) before a long list of choices, and a short list only the rows
it needs; what is cut is said, never hidden."""

from __future__ import annotations

import io

from rich.console import Console
from rich.text import Text

from stellwerk.frontends.table.screen import Screen


def page(picture_rows: int, choices: int, promised: int | None) -> tuple[list[str], int]:
    console = Console(file=io.StringIO(), width=80, height=40, force_terminal=True,
                      color_system=None)
    screen = Screen(console, "en")
    picture = Text("\n".join(f"row {i}" for i in range(picture_rows)))
    items = [Text(f"{i + 1}. a choice with a long enough name to fill a column {i}")
             for i in range(choices)]
    cut = screen.page_of(picture, items, heading=Text("Anna: choose"), reserve=2,
                         picture_rows=promised)
    text = console.file.getvalue()  # type: ignore[attr-defined]
    return [line for line in text.splitlines() if line.strip()], cut


def test_a_picture_within_its_promise_is_not_cut_by_a_long_list() -> None:
    lines, cut = page(32, 40, promised=32)
    assert "row 31" in "\n".join(lines) and not any("more lines" in x for x in lines)
    assert cut > 0                      # the list is cut instead (`list` shows it)
    assert len(lines) <= 40 - 2         # the hint and the prompt still fit


def test_without_a_promise_a_long_list_takes_its_ten_rows_and_the_picture_is_cut() -> None:
    lines, _ = page(32, 40, promised=None)
    assert any("more lines" in x for x in lines)


def test_a_short_list_keeps_only_the_rows_it_needs() -> None:
    lines, cut = page(35, 2, promised=32)   # taller than promised, but two choices
    assert cut == 0 and "row 34" in "\n".join(lines)
    assert not any("more lines" in x for x in lines)
