"""A German player reads Linie 1's tiles in German where the table writes an order for
them: the prompt's examples and the pre-check of an order; what is shown reads back as
the same order."""

from __future__ import annotations

import pytest

from tests.typed_play import play_typed

from .helpers import GAME, new_state


def test_the_german_form_of_an_order_reads_back() -> None:
    state = new_state()
    for action in state.candidate_actions(0)[:30]:
        german = GAME.describe_action(action, "de")
        assert GAME.parse_action(german) == action
        assert GAME.describe_action(action, "en") == GAME.format_action(action)
    laid = next(a for a in state.candidate_actions(0) if len(a) > 1)
    assert any(word in GAME.describe_action(laid, "de") for word in ("gerade", "kurve"))


def test_the_examples_and_the_pre_check_name_tiles_in_german(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = play_typed(monkeypatch, capsys, ["play", "linie1", "--seed", "5", "--lang", "de"],
                     ["C7 curve 180", "nein", "quit"]).out
    assert "z. B. B1 gerade 0" in out
    assert "1. C7 kurve 180:" in out
    assert "straight" not in out.split("z. B.")[1].split(";")[0]
