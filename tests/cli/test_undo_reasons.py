"""An undo the table refuses says why: the player has taken no action yet, another
seat decided after them (named), or their last action drew or revealed something
(named)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.cli.test_comforts import Script
from tests.cli.test_terminal import play

from stellwerk.frontends.table.history import NOTHING, OTHER_SEAT, REVEALED, TableHistory
from stellwerk.games import get_game


def test_the_refused_undo_names_its_reason_at_the_table(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    human = Script(capsys, ["undo", "side 1", "track 1", "lay B13", "undo"], seed=3)
    code, screen, err = play(capsys, monkeypatch, human, "--record", str(tmp_path / "r.json"))
    assert code == 0, err
    flat = " ".join(screen.split())
    assert "Nothing to take back: undo goes back through your own actions only, never past " \
        "another seat's move or a moment when something was drawn or revealed. You have " \
        "taken no action yet." in flat
    assert "Your last action (lay B13) drew or revealed something." in flat


def test_the_bar_is_the_later_seat_of_another_player() -> None:
    game = get_game("rail-line")
    history = TableHistory(game, {}, 3, game.load_pack(), 2)
    state = history.new_state()
    assert history.undo_bar(0) == (NOTHING, None)
    first = state.decision().seats[0]
    while state.decision().seats[0] == first:   # the first player's whole turn
        history.apply(state, first, state.candidate_actions(first)[0])
    other = state.decision().seats[0]
    history.apply(state, other, state.candidate_actions(other)[0])
    assert history.undo_bar(first) == (OTHER_SEAT, history.steps[-1])
    assert history.undo_bar(other) in (None, (REVEALED, history.steps[-1]))
