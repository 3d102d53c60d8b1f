"""In hotseat, the page after a player's turn says what they sent ("Your turn: …"),
since a sealed order (Linie 1) has not changed the board yet when the table is handed
on."""

from __future__ import annotations

import pytest
from tests.cli.test_terminal import ScriptedHuman, play


class Watching(ScriptedHuman):
    """Notes what was printed before each page after a turn."""

    def __init__(self, capsys: pytest.CaptureFixture[str], **kwargs: object) -> None:
        super().__init__(capsys, **kwargs)  # type: ignore[arg-type]
        self.after_turn: list[str] = []

    def answer(self, prompt: str) -> str:
        if "after your turn" in prompt:
            self.after_turn.append(self.screen[self.mark:])
        elif not prompt.startswith("Pass the table"):
            self.mark = len(self.screen)
        return super().answer(prompt)

    mark = 0


def test_the_page_after_a_turn_names_the_actions_sent(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    human = Watching(capsys, seed=4, stop_after=40)
    code, _, _ = play(capsys, monkeypatch, human,
                      argv=("play", "rail-line", "--seats", "human,human", "--seed", "8"))
    assert code == 1
    assert len(human.after_turn) >= 4
    for printed in human.after_turn:
        assert "Your turn: " in printed, printed[-300:]
    # the actions named are the ones the player typed or chose
    first = human.after_turn[0].split("Your turn: ", 1)[1].splitlines()[0]
    assert first.split("; ")[0].split()[0] in ("side", "track", "lay", "take", "refuse",
                                               "keep", "mark", "move", "discard", "pass")
