"""The captures in docs/screens come from scripts/screens.py; every page it draws fits
its terminal (the rows the page and the prompt need, and the columns)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from rich.cells import cell_len

SCRIPT = Path(__file__).parents[2] / "scripts" / "screens.py"


def screens() -> ModuleType:
    spec = importlib.util.spec_from_file_location("screens", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game_id", ["rail-line", "linie1", "railways", "benelux-rails"])
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("width", "height"), [(80, 40), (120, 40)])
def test_each_capture_fits_and_is_in_the_docs(game_id: str, lang: str, width: int,
                                              height: int) -> None:
    text = screens().capture(game_id, lang, width, height)
    lines = text.splitlines()
    assert 10 < len(lines) <= height
    assert all(cell_len(line) <= width for line in lines)
    # the game's compact picture fits whole: the frame cut nothing of the table
    assert "more line" not in text and "weitere Zeile" not in text
    assert (SCRIPT.parents[1] / "docs" / "screens"
            / f"{game_id}-{lang}-{width}x{height}.txt").exists()
