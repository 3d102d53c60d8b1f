"""A newcomer plays Benelux Rails to the end at the terminal, reading only the screen:
at every prompt they ask for a hint, read the action it names and type it. Every hint
says in words what its action does, and the pages name the cities the hints speak of."""

from __future__ import annotations

import builtins
import re

import pytest

from stellwerk.cli import main

HINT = "Hint (planner bot): "
MAX_PROMPTS = 1500


def test_a_newcomer_following_the_hints_plays_to_the_end(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    screen: list[str] = []     # everything printed so far
    typed: list[str] = []
    hints: list[tuple[str, str]] = []

    def ask(prompt: str = "") -> str:
        screen.append(capsys.readouterr().out)
        if len(typed) > MAX_PROMPTS:
            raise EOFError
        if typed and typed[-1] == "hint" and HINT in screen[-1]:
            # the hint is the last thing printed, wrapped at the screen's width
            said = " ".join(screen[-1].rpartition(HINT)[2].split())
            action, _, words = said.partition(" — ")
            hints.append((action, words))
            typed.append(action)
        else:
            typed.append("hint")
        return typed[-1]

    monkeypatch.setattr(builtins, "input", ask)
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "40")
    code = main(["play", "benelux-rails", "--seats", "human,planner", "--seed", "4"])
    screen.append(capsys.readouterr().out)
    text = "".join(screen)
    assert code == 0, text[-2000:]
    assert "Final score" in text
    assert "Not allowed" not in text and "not an action" not in text
    verbs = {action.split()[0] for action, _ in hints}
    assert {"build", "move", "load", "deliver", "end"} <= verbs
    for action, words in hints:
        if action.split()[0] in ("build", "move", "load", "deliver", "end"):
            assert words, f"the hint {action!r} gives no words"
    # a build is named by the city it leads to, and that city is on the page's legend
    builds = [words for action, words in hints if action.startswith("build")]
    assert all(re.match(r"(to|toward) \S+", words) for words in builds)
    assert all(re.search(r"\d+ M$", words) for words in builds)
    for words in builds:
        city = words.split()[1]
        assert re.search(rf"\b[A-Z][A-Za-z]{{1,2}} +{re.escape(city)}\b", text), city
