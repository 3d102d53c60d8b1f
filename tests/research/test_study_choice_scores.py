"""`stellwerk study` of a solo game: the score by choice (each card played, each kind
of action) as the mean final score with it minus without it, with its 95 % interval."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.session import play_out
from stellwerk.games import get_game
from stellwerk.games.railways.uses import split_uses
from stellwerk.research.course import course
from stellwerk.research.study import summarise

if TYPE_CHECKING:
    from tests.cli.conftest import Stellwerk


def solo(score: float, made: list[str]) -> dict[str, Any]:
    return {"steps": 20, "result": {"scores": [score], "winners": [0], "ranks": [1],
                                    "lower_is_better": False, "breakdown": []},
            "course": {"first": 0, "branching": 3.0, "choices": [{m: 1 for m in made}],
                       "trace": "x"}}


def test_the_score_by_choice_matches_a_hand_computation() -> None:
    outcomes = [solo(score, ["card 1", "open"]) for score in (10, 12, 14, 16, 18)]
    outcomes += [solo(score, ["card 2", "open"]) for score in (30, 34, 38)]
    rows = {row["choice"]: row for row in summarise(outcomes, seats=1)["choice_scores"]}
    card = rows["card 1"]
    # with it: 10..18, mean 14, variance 40 / 4 = 10; without: 30, 34, 38, mean 34,
    # variance 32 / 2 = 16; standard error sqrt(10 / 5 + 16 / 3)
    half = 1.959964 * math.sqrt(10 / 5 + 16 / 3)
    assert (card["games"], card["mean"], card["others_games"], card["others_mean"]) == \
        (5, 14, 3, 34)
    assert card["difference"] == -20
    assert card["ci95"] == pytest.approx([-20 - half, -20 + half], abs=1e-3)
    # played in fewer than five games: left out; played in every game: no difference
    assert "card 2" not in rows
    assert rows["open"]["games"] == 8 and rows["open"]["difference"] is None
    assert list(rows) == ["card 1", "open"]          # the ones with a difference first


def test_a_game_with_rivals_keeps_the_win_share_by_choice_instead() -> None:
    def duel(winner: int) -> dict[str, Any]:
        return {"steps": 1, "result": {"scores": [1, 0], "winners": [winner], "ranks": [1, 2],
                                       "lower_is_better": False, "breakdown": []},
                "course": {"first": 0, "branching": 1.0, "choices": [{"A01": 1}, {"B02": 1}],
                           "trace": "x"}}
    figures = summarise([duel(0) for _ in range(6)], seats=2)
    assert figures["choice_scores"] == [] and figures["choices"]


def test_railways_names_every_card_an_action_played() -> None:
    game = get_game("railways")
    start = game.new_state({}, 11, game.load_pack(), 1)
    state = start.clone()
    chance = Chance(11)
    taken = play_out(game, state, [make_bot("greedy", chance, game)], chance)
    played = set()
    for _, action in taken:
        _, _, paid = game.format_action(action).partition(" with ")
        played |= {f"card {use[0]}" for use in split_uses(paid) or ()} if paid else set()
    choices = course(game, start, taken)["choices"][0]
    assert played and {name for name in choices if name.startswith("card ")} == played
    kinds = {game.format_action(action).split()[0] for _, action in taken}
    assert kinds <= set(choices)


def test_the_report_shows_the_score_by_choice_in_german(stellwerk: Stellwerk,
                                                         tmp_path: Path) -> None:
    out = tmp_path / "railways.html"
    run = stellwerk("study", "railways", "--seats", "greedy", "-n", "12", "--seed", "5",
                    "--out", out, "--json", "--quiet", "--lang", "de")
    assert run.code == 0, run.err
    rows = json.loads(run.out)["packs"][0]["choice_scores"]
    assert any(row["choice"].startswith("card ") and row["difference"] is not None
               for row in rows)
    page = out.read_text(encoding="utf-8")
    assert "Punkte nach Wahl" in page and "<td>Karte " in page
    assert "Siegquote nach Wahl" not in page
