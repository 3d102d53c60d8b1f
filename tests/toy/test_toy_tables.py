"""The toy game played whole where people play: at the terminal table (a scripted
person against a bot, through `stellwerk play`), on the server (through the JSON API,
one seat a person and one a bot) and by the bots alone."""

from __future__ import annotations

import builtins
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from stellwerk.bots import bots_for, make_bot
from stellwerk.cli import main
from stellwerk.core.chance import Chance
from stellwerk.core.record import GameRecord, replay
from stellwerk.core.session import Window
from stellwerk.games import game_ids, get_game
from tests.cli.test_terminal import ScriptedHuman
from tests.server.conftest import client, create, sqlite_db, wait_for  # noqa: F401
from tests.server.test_api import play_to_end


def test_the_registered_toy_is_a_game_like_any_other() -> None:
    assert "toy" in game_ids()
    game = get_game("toy")
    assert game.title == "Track Layers"
    assert {"random", "greedy", "ismcts-easy", "ismcts-normal"} <= set(bots_for(game))


def test_a_whole_game_at_the_terminal_table(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    mistakes = [(lambda options: bool(options), "lay 7", "you hold no piece of length 7"),
                (lambda options: bool(options), "fly 2", "unknown action 'fly'")]
    human = ScriptedHuman(capsys, seed=4, mistakes=mistakes)
    monkeypatch.setattr(builtins, "input", human)
    monkeypatch.setenv("COLUMNS", "100")
    record = tmp_path / "toy.json"
    code = main(["play", "toy", "--seats", "human,greedy", "--seed", "5",
                 "--record", str(record)])
    human.screen += capsys.readouterr().out
    assert code == 0
    assert "Traceback" not in human.screen
    assert human.mistakes == [] and len(human.checked) == 2
    assert "Track: " in human.screen and "Your hand: " in human.screen
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["game"] == "toy" and data["result"] is not None
    assert main(["replay", str(record)]) == 0


def test_the_terminal_table_speaks_german(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    human = ScriptedHuman(capsys, seed=2, stop_after=3)
    monkeypatch.setattr(builtins, "input", human)
    main(["play", "toy", "--seats", "human,random", "--seed", "1", "--lang", "de"])
    human.screen += capsys.readouterr().out
    assert "Strecke: " in human.screen and "Deine Hand: " in human.screen
    assert not re.search(r"\btoy\.[a-z_.]+", human.screen), "a raw catalogue key"


def test_a_whole_game_on_the_server_a_person_against_a_bot(client: Any) -> None:  # noqa: F811
    made = create(client, "toy", ["human", "greedy"])
    assert made.seats[0].post("join", {"name": "Ada"}).status_code == 200
    final = play_to_end(made, random.Random(3))
    assert final["result"] is not None
    record = GameRecord.from_json(made.admin.get("record").json())
    assert [seat.kind for seat in record.seats] == ["human", "greedy"]
    assert replay(record, get_game("toy")).result().to_json() == final["result"]


def test_a_search_bot_thinks_in_a_worker_process_for_a_game_registered_at_run_time(
        sqlite_db: str) -> None:  # noqa: F811
    from fastapi.testclient import TestClient

    from stellwerk.server.app import Settings, create_app

    app = create_app(Settings(database=sqlite_db, bot_workers=1, bot_delay=0.0))
    with TestClient(app) as server:
        made = create(server, "toy", ["ismcts-easy", "human"])
        wait_for(lambda: made.seats[1].table_now()["your_turn"], 60)
        log = made.seats[1].get("log").json()["actions"]
        assert log and log[0]["by"] == "bot"


@pytest.mark.parametrize("kinds", [("random", "greedy"), ("greedy", "ismcts-easy"),
                                   ("ismcts-normal", "random")])
def test_the_bots_play_it_to_the_end(kinds: tuple[str, str]) -> None:
    game = get_game("toy")
    pack = game.load_pack()
    state = game.new_state({}, 9, pack, 2)
    chance = Chance(9)
    bots = [make_bot(kind, chance.fork(), game) for kind in kinds]
    moves = 0
    while (decision := state.decision()) is not None:
        seat = decision.seats[0]
        window = Window(game, state, seat, state.candidate_actions(seat), chance.fork())
        action = bots[seat].choose(window)
        assert state.is_legal(seat, action)
        state.apply(seat, action)
        moves += 1
    assert state.is_over() and moves == 18
    result = state.result()
    assert sorted(result.ranks)[0] == 1 and sum(result.scores or ()) > 0
