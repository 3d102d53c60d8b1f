"""The postal judge knows no game: it runs whatever registered game names its postal
rules (`Game.postal_at`), found through the registry, and refuses every other."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stellwerk.cli import main
from stellwerk.core.contract import Game
from stellwerk.games import get_game, register, unregister
from stellwerk.games.linie1 import Linie1


class LinieEins(Linie1):
    """Linie 1 under another id: a game the judge has never heard of by name."""

    id = "linie-eins"
    title = "Linie Eins"

    def __init__(self) -> None:
        super().__init__()
        self.packs.game = "linie1"      # it plays with Linie 1's pack


def test_a_game_names_its_postal_rules_and_a_game_without_has_none() -> None:
    rules = get_game("linie1").postal()
    assert rules is not None and rules.round_of(
        get_game("linie1").new_state({}, 1, get_game("linie1").load_pack(), 2)) == 1
    assert get_game("toy").postal() is None and get_game("rail-line").postal() is None
    assert "postal" in vars(Game) and Game.postal_at is None


def test_the_judge_runs_a_registered_postal_game_it_has_never_heard_of(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    register("linie-eins", f"{__name__}:LinieEins")
    try:
        folder = tmp_path / "game"
        assert main(["judge", "linie-eins", "new", str(folder), "--players", "Anna,Bert",
                     "--seed", "3", "-o", "rounds=2"]) == 0
        assert "a game of Linie Eins for Anna, Bert has begun" in capsys.readouterr().out
        assert main(["judge", "linie-eins", "status", str(folder)]) == 0
        assert "missing: Anna, Bert" in capsys.readouterr().out
        assert main(["judge", "linie-eins", "resolve", str(folder), "--round", "1"]) == 0
        assert "round 1 resolved" in capsys.readouterr().out
        record = json.loads((folder / "game.json").read_text(encoding="utf-8"))
        assert record["game"] == "linie-eins" and len(record["actions"]) == 2
        # the folder holds a game of linie-eins: the judge will not run it as linie1
        assert main(["judge", "linie1", "status", str(folder)]) == 2
        assert "is a game of 'linie-eins'" in capsys.readouterr().err
    finally:
        unregister("linie-eins")


def test_the_judge_refuses_a_game_not_played_by_post(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["judge", "toy", "new", str(tmp_path / "g"), "--players", "A,B"]) == 2
    assert "the judge runs linie1, not 'toy'" in capsys.readouterr().err
    assert not (tmp_path / "g").exists()
    assert main(["judge", "linie1", "status", str(tmp_path / "none"), "--lang", "de"]) == 2
    assert "`stellwerk judge linie1 new`" in capsys.readouterr().err
