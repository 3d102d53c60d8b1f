"""At `play rail-line --seed 3`, after `1`, `1`, `lay A03`, `discard A08`, `keep`,
`refuse`, `lay A05`, `2`, `keep`, the page's line shows its first cards, a "…" for the
cards it leaves out and the near end with the card laid last; its rows count on by one
except across the "…"."""

from __future__ import annotations

import builtins
import json
from pathlib import Path

import pytest

from stellwerk.cli import main

SCRIPT = ["1", "1", "lay A03", "discard A08", "keep", "refuse", "lay A05", "2", "keep"]


def test_the_line_window_marks_the_cards_it_leaves_out(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    answers = list(SCRIPT)

    def ask(prompt: str = "") -> str:
        if not answers:
            raise EOFError
        return answers.pop(0)
    monkeypatch.setattr(builtins, "input", ask)
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "40")
    record = tmp_path / "game.json"
    main(["play", "rail-line", "--seed", "3", "--record", str(record)])
    page = capsys.readouterr().out.rsplit("●fast", 1)[1].split(" B deck", 1)[0]
    rows = [line.split() for line in page.splitlines()[1:] if line.strip()]
    numbers = [row[0] for row in rows]
    assert "…" in numbers
    gap = numbers.index("…")
    assert numbers[:gap] == [str(n) for n in range(1, gap + 1)]
    tail = [int(n) for n in numbers[gap + 1:]]
    assert tail and tail == list(range(tail[0], tail[0] + len(tail))) and tail[0] > gap + 1
    laid = [a["action"].split()[1] for a in json.loads(record.read_text())["actions"]
            if a["action"].startswith("lay ")]
    assert laid[-1] in [row[1] for row in rows if len(row) > 1]
