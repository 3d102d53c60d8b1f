"""Answers typed at the terminal table's prompts, for tests that play `stellwerk`
in-process: each prompt takes the next line, and after the last the input ends, as
when the terminal is closed."""

from __future__ import annotations

import builtins
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import pytest


def answering(lines: Iterable[str], prompts: list[str] | None = None
              ) -> Callable[[str], str]:
    """An `input` that answers with `lines` in turn, then raises EOFError; each prompt
    asked is added to `prompts` when given."""
    feed = iter(lines)

    def ask(prompt: str = "") -> str:
        if prompts is not None:
            prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None
    return ask


def type_answers(monkeypatch: pytest.MonkeyPatch, lines: Iterable[str]) -> list[str]:
    """`input` answers with `lines` for the rest of the test; the prompts it is asked
    fill the list returned."""
    prompts: list[str] = []
    monkeypatch.setattr(builtins, "input", answering(lines, prompts))
    return prompts


@dataclass
class Played:
    code: int
    out: str
    prompts: list[str]


def play_typed(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
               argv: Sequence[str], lines: Iterable[str], columns: int = 120) -> Played:
    """`stellwerk ARGV` at a terminal `columns` wide, `lines` typed at its prompts: its
    exit code, what it printed and the prompts it asked."""
    from stellwerk.cli import main

    prompts = type_answers(monkeypatch, lines)
    monkeypatch.setenv("COLUMNS", str(columns))
    code = main(list(argv))
    return Played(code, capsys.readouterr().out, prompts)
