"""What a renderable of the terminal table prints, as plain text, for the tests that read
a page, a detail or a picture at a given width."""

from __future__ import annotations

import io

from rich.console import Console


def printed(renderable: object, width: int = 80) -> str:
    """`renderable` printed at a terminal `width` columns wide, without styles."""
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text(styles=False)


def printed_lines(renderable: object, width: int = 80) -> list[str]:
    return printed(renderable, width).splitlines()
