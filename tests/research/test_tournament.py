"""`stellwerk tournament`: fair schedules, ratings that follow the results, the same
report whatever `--jobs` is, and one clear line for every bad argument."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from stellwerk.cli import EXIT_BAD_INPUT
from stellwerk.frontends.jobs import Job, run_jobs
from stellwerk.games import get_game
from stellwerk.research.tournament import Plan, run, schedule, tables

if TYPE_CHECKING:
    from tests.cli.conftest import Stellwerk


def plan(game_id: str = "rail-line", bots: tuple[str, ...] = ("random", "greedy"),
         players: int = 2, games: int = 4, gauntlet: bool = False) -> Plan:
    game = get_game(game_id)
    pack = game.load_pack()
    options = game.parse_options({}, players)
    return Plan(game_id, str(pack.path), options, bots, players, games, 30, gauntlet)


def test_round_robin_and_gauntlet_tables() -> None:
    bots = ("a", "b", "c", "d")
    assert tables(plan(bots=bots)) == [("a", "b"), ("a", "c"), ("a", "d"), ("b", "c"),
                                       ("b", "d"), ("c", "d")]
    assert tables(plan(bots=bots, gauntlet=True)) == [("a", "b"), ("a", "c"), ("a", "d")]
    assert tables(plan(bots=bots, players=3, gauntlet=True)) == [
        ("a", "b", "c"), ("a", "b", "d"), ("a", "c", "d")]


def test_every_bot_sits_in_every_chair_equally_on_the_same_seeds() -> None:
    jobs = schedule(plan(bots=("a", "b", "c"), players=3, games=6))
    assert len(jobs) == 6
    chairs = Counter((bot, chair) for job in jobs for chair, bot in enumerate(job.seats))
    assert set(chairs.values()) == {2}
    assert [job.seed for job in jobs] == list(range(30, 36))
    two = schedule(plan(bots=("a", "b", "c"), games=4))
    for table in range(3):       # every table plays the same seeds
        assert [j.seed for j in two[table * 4:(table + 1) * 4]] == [30, 31, 32, 33]


def test_greedy_is_rated_above_random_and_the_report_adds_up() -> None:
    report = run(plan(games=8), run_jobs, 1)
    standings = {row["bot"]: row for row in report["standings"]}
    assert [row["bot"] for row in report["standings"]] == ["greedy", "random"]
    assert standings["greedy"]["mu"] > standings["random"]["mu"]
    assert standings["greedy"]["win_share"] > 0.5
    low, high = standings["greedy"]["win_ci95"]
    assert low < standings["greedy"]["win_share"] <= high and high <= 1
    assert len(report["games"]) == 8
    for row in standings.values():
        assert row["games"] == 8 and row["sigma"] < 25 / 3      # played games shrink sigma
    # win shares of one table add up to the games played (shared wins split)
    assert sum(row["win_share"] for row in standings.values()) == pytest.approx(1.0)
    for game in report["games"]:
        assert sorted(game["bots"]) == ["greedy", "random"]
        assert min(game["ranks"]) == 1


def test_the_same_seeds_give_the_same_report_with_parallel_workers() -> None:
    one = run(plan(bots=("random", "greedy"), games=3), run_jobs, 1)
    two = run(plan(bots=("random", "greedy"), games=3), run_jobs, 2)
    assert one == two


def test_a_solo_game_ranks_bots_by_score_on_each_seed() -> None:
    report = run(plan("railways", bots=("random", "greedy"), players=1, games=3), run_jobs, 1)
    assert report["tables"] == [["random", "greedy"]]
    assert len(report["games"]) == 3
    for game in report["games"]:
        scores = dict(zip(game["bots"], game["scores"], strict=True))
        ranks = dict(zip(game["bots"], game["ranks"], strict=True))
        if scores["greedy"] > scores["random"]:
            assert ranks == {"greedy": 1, "random": 2}
        elif scores["greedy"] == scores["random"]:
            assert ranks == {"greedy": 1, "random": 1}


def test_the_command_prints_standings_and_writes_json(stellwerk: Stellwerk,
                                                       tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    run_ = stellwerk("tournament", "rail-line", "--bots", "random,greedy", "-n", "2",
                     "--seed", "5", "--quiet", "--out", out)
    assert run_.code == 0, run_.err
    assert "standings" in run_.out and "ordinal" in run_.out
    assert "sorted by win share" in run_.out
    assert "greedy" in run_.out and "random" in run_.out
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["seeds"] == [5, 6] and report["mode"] == "round-robin"
    as_json = stellwerk("tournament", "rail-line", "--bots", "random,greedy", "-n", "2",
                        "--seed", "5", "--quiet", "--json")
    assert json.loads(as_json.out) == report


@pytest.mark.parametrize(("argv", "fragment"), [
    (["--bots", "random,wizard"], "unknown bot 'wizard'"),
    (["--bots", "random,random"], "names a bot twice"),
    (["--bots", "random"], "at least two bots"),
    (["--bots", "random,greedy", "--players", "5"], "--players must be from 2 to 3"),
    (["--bots", "random,greedy", "--players", "3"], "needs at least 3 bots"),
    (["--bots", "random,greedy", "-n", "0"], "-n must be at least 1"),
    (["--bots", "random,greedy", "--jobs", "0"], "--jobs must be at least 1"),
    (["--bots", "random,greedy", "-o", "sheet=IX"], "sheet"),
    (["--bots", "random,greedy", "--out", "/no/such/folder/t.json"], "no such folder"),
    (["--bots", "planner,greedy"], "unknown bot 'planner'"),
])
def test_bad_arguments_get_one_line(stellwerk: Stellwerk, argv: list[str],
                                    fragment: str) -> None:
    run_ = stellwerk("tournament", "rail-line", *argv)
    assert run_.code == EXIT_BAD_INPUT
    run_.refused(fragment)


def fixed_results(winners: list[str]) -> Callable[[list[Job], int], Iterator[dict[str, Any]]]:
    """A runner whose game i is won by winners[i], whatever the seats."""
    def runner(jobs: list[Job], workers: int) -> Iterator[dict[str, Any]]:
        for job, winner in zip(jobs, winners, strict=True):
            won = [bot == winner for bot in job.seats]
            yield {"seed": job.seed, "seats": list(job.seats), "steps": 1,
                   "result": {"ranks": [1 if w else 2 for w in won],
                              "scores": [1.0 if w else 0.0 for w in won],
                              "winners": [i for i, w in enumerate(won) if w],
                              "lower_is_better": False}}
    return runner


@pytest.mark.parametrize("winners", [
    ["b"] * 7 + ["a"] * 6,      # a's late wins lift its rating above b's
    ["a"] * 6 + ["b"] * 7,
    ["a", "b"] * 6 + ["b"],
])
def test_standings_follow_the_win_share_whatever_the_order_of_the_games(
        winners: list[str]) -> None:
    report = run(plan(bots=("a", "b"), games=13), fixed_results(winners), 1)
    rows = report["standings"]
    assert [row["bot"] for row in rows] == ["b", "a"]
    assert [row["win_share"] for row in rows] == [0.5385, 0.4615]
    assert rows[0]["win_ci95"][0] < 0.5385 < rows[0]["win_ci95"][1]
    assert all("ordinal" in row and "mu" in row for row in rows)   # the rating beside it
    assert report["order"] == "win share"
