"""A table command typed at a confirmation answers and asks again (`hint` at Linie 1's
"send this order anyway?" does not throw the order away), and Railways' `pass` is
taken at once: passing spends nothing, so there is no preview to confirm."""

from __future__ import annotations

import pytest
from tests.typed_play import play_typed

from stellwerk.games import get_game


def test_hint_at_the_order_question_keeps_the_order(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    played = play_typed(monkeypatch, capsys, ["play", "linie1", "--seed", "5"],
                        ["A1 curve 0", "hint", "y", "quit"])
    out, prompts = played.out, played.prompts
    assert "Hint (planner bot):" in out
    assert prompts[1] == prompts[2] and prompts[1].startswith("Send this order anyway?")
    assert "P1 A1 curve 0: failed" in out      # sent after the hint: round 1 resolved


def test_railways_pass_needs_no_confirmation(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    game = get_game("railways")
    state = game.new_state(game.parse_options({}, 1), 3, game.load_pack(), 1)
    dice = "dice A1=1 D1=1 E5=2 C7=2"
    state.apply(0, game.parse_action(dice))
    first = next(a for a in state.candidate_actions(0) if a != ("pass",))
    state.apply(0, first)
    assert ("pass",) in state.candidate_actions(0)       # the second phase may pass
    played = play_typed(monkeypatch, capsys, ["play", "railways", "--seed", "3"],
                        [dice, "y", game.format_action(first), "y", "p", "quit"])
    out, prompts = played.out, played.prompts
    assert prompts.count("confirm? [Y/n] ") == 2    # the dice and the first action only
    assert prompts[-1] == "action> "                 # passed: the next round asks
    assert "Round 2 of 12" in out
