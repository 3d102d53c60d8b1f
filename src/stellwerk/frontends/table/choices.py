"""The numbered list of choices, packed into columns to fit the screen.

Each choice is its number and notation; the game's description follows only when it
says more than the notation (not `lay A05 — lay A05`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from stellwerk.core.contract import Action, Game

GAP = 3


def choice_texts(game: Game, actions: Sequence[Action], lang: str) -> list[Text]:
    texts = []
    for number, action in enumerate(actions, start=1):
        notation = game.format_action(action)
        described = game.describe_action(action, lang)
        text = Text(f"{number:>3}. {notation}")
        if " ".join(described.split()).casefold() != " ".join(notation.split()).casefold():
            text.append(f"  {described}", style="dim")
        texts.append(text)
    return texts


def in_columns(items: list[Text], width: int, max_rows: int | None = None) -> tuple[
        list[Text], int]:
    """Rows of `items`, as many columns as fit `width`, numbered down each column, at
    most `max_rows` of them; and how many items did not fit."""
    if not items:
        return [], 0
    cell = max(item.cell_len for item in items) + GAP
    columns = max(1, min(len(items), (width + GAP) // cell))
    rows = -(-len(items) // columns)
    cut = 0
    if max_rows is not None and rows > max_rows:
        rows = max(max_rows, 1)
        cut = len(items) - rows * columns
        items = items[:rows * columns]
    lines = []
    for row in range(rows):
        line = Text()
        for column in range(columns):
            index = column * rows + row
            if index >= len(items):
                break
            item = items[index]
            line.append_text(item)
            if column + 1 < columns and index + rows < len(items):
                line.append(" " * (cell - item.cell_len))
        # one row each, whatever the description: a wrapped choice would push the page
        # past the screen's last row (`list` shows every choice whole)
        line.truncate(width, overflow="ellipsis")
        lines.append(line)
    return lines, cut
