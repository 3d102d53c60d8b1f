"""The captures in docs/screens come from scripts/screens.py and are what it draws now;
every page and detail it draws fits its terminal (the rows the page and the prompt
need, and the columns)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from rich.cells import cell_len
from tests.script_module import script

SCRIPT = Path(__file__).parents[2] / "scripts" / "screens.py"


def screens() -> ModuleType:
    return script("screens")


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
    path = SCRIPT.parents[1] / "docs" / "screens" / f"{game_id}-{lang}-{width}x{height}.txt"
    assert path.read_text(encoding="utf-8") == text, "run scripts/screens.py"


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("width", "height"), [(80, 40), (120, 40)])
def test_linie1_show_board_is_captured_and_fits(lang: str, width: int, height: int) -> None:
    module = screens()
    text = module.capture("linie1", lang, width, height, "board")
    lines = text.splitlines()
    assert len(lines) <= height and all(cell_len(line) <= width for line in lines)
    assert lines[0].split() == list("ABCDEFGHIJKL") and len(lines) == 2 + 3 * 12 + 2
    path = SCRIPT.parents[1] / "docs" / "screens" / module.capture_name(
        "linie1", lang, width, height, "board")
    assert path.read_text(encoding="utf-8") == text, "run scripts/screens.py"
