"""`stellwerk study --compare`: the paired difference of every figure with its interval
and test, the games a stated precision needs, each game in the JSON, the start player
by lot, and a warning when both packs played the very same games."""

from __future__ import annotations

import itertools
import json
import math
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.session import play_out
from stellwerk.games import get_game
from stellwerk.research.compare import compare
from stellwerk.research.course import course, first_seat, lead_changes
from stellwerk.research.stats import games_needed, mcnemar
from stellwerk.research.study import summarise
from stellwerk.research.study_report import whole_number_bins

if TYPE_CHECKING:
    from tests.cli.conftest import Stellwerk


def game(seed: int, scores: list[float], winners: list[int], steps: int = 50,
         first: int = 0, trace: str = "") -> dict[str, Any]:
    ranks = [1 if chair in winners else 2 for chair in range(len(scores))]
    return {"seed": seed, "scores": scores, "ranks": ranks, "winners": winners,
            "lower_is_better": False, "steps": steps, "first": first, "branching": 4.0,
            "trace": trace or f"t{seed}"}


def figure(comparison: dict[str, Any], name: str, **which: int) -> dict[str, Any]:
    return next(f for f in comparison["figures"] if f["figure"] == name and
                all(f.get(k) == v for k, v in which.items()))


def test_the_paired_difference_of_known_games() -> None:
    # chair 1 wins 12 of 20 games in A; B turns 5 of those into losses and 1 loss
    # into a win: 5 against 1 discordant games
    a_wins = [0] * 12 + [1] * 8
    b_wins = [1] * 5 + [0] * 7 + [0] + [1] * 7
    luck = [float(30 + (i * 7) % 11) for i in range(20)]      # the seed's luck, shared
    games_a = [game(i, [luck[i], luck[i] - 1], [a_wins[i]]) for i in range(20)]
    games_b = [game(i, [luck[i] + 2 - (i % 3), luck[i] - 1], [b_wins[i]], trace=f"b{i}")
               for i in range(20)]
    result = compare({"label": "A", "per_game": games_a}, {"label": "B", "per_game": games_b},
                     seats=2, precision=0.01)
    win = figure(result, "chair_win", chair=1)
    assert win["a"] == 0.6 and win["b"] == 0.4 and win["difference"] == -0.2
    assert win["discordant"] == [5, 1] and win["test"] == "mcnemar"
    assert win["p"] == pytest.approx(stats.binomtest(1, 6, 0.5).pvalue, rel=5e-3)
    low, high = win["ci95"]
    assert low < -0.2 < high
    score = figure(result, "chair_score", chair=1)
    differences = [2 - (i % 3) for i in range(20)]
    assert score["difference"] == pytest.approx(sum(differences) / 20, abs=1e-4)
    assert score["test"] == "paired-t"
    assert score["p"] == pytest.approx(stats.ttest_1samp(differences, 0).pvalue, rel=5e-3)
    # the seeds' luck cancels in the pairs: far narrower than two separate intervals
    assert score["width_ratio"] < 0.5
    spread = stats.tstd(differences)
    assert score["games_needed"] == math.ceil((1.959963984540054 * spread /
                                               (0.01 * score["a"])) ** 2)
    assert result["identical_games"] == 0 and not result["identical"]


def test_identical_games_are_counted_and_flagged() -> None:
    games = [game(i, [30.0, 20.0], [0]) for i in range(4)]
    changed = [*games[:3], game(3, [30.0, 20.0], [0], trace="other")]
    same = compare({"label": "A", "per_game": games}, {"label": "B", "per_game": games}, 2)
    assert same["identical"] and same["identical_games"] == 4
    assert figure(same, "score")["games_needed"] is None   # no spread: nothing to estimate
    assert figure(same, "chair_win", chair=1)["p"] == 1.0
    partly = compare({"label": "A", "per_game": games}, {"label": "B", "per_game": changed}, 2)
    assert not partly["identical"] and partly["identical_games"] == 3


def test_the_start_player_drawn_by_lot_is_reported_by_place() -> None:
    game_ = get_game("benelux-rails")
    pack = game_.load_pack()
    firsts = {first_seat(game_.new_state({}, seed, pack, 2)) for seed in range(12)}
    assert firsts == {0, 1}                     # drawn by lot: either chair starts
    rail_line = get_game("rail-line")
    assert first_seat(rail_line.new_state({}, 5, rail_line.load_pack(), 2)) == 0
    # the start player (place 1) won all three games; chair 1 only the one it started
    outcomes = [{"steps": 10, "result": {"scores": s, "winners": w, "ranks": r,
                                         "lower_is_better": False, "breakdown": []},
                 "course": {"first": f, "branching": 3.0, "trace": "x"}}
                for s, w, r, f in (([5, 1], [0], [1, 2], 0), ([1, 5], [1], [2, 1], 1),
                                   ([2, 6], [1], [2, 1], 1))]
    starts = summarise(outcomes, seats=2)["starts"]
    assert starts["started"] == [1, 2]
    assert [p["win_share"] for p in starts["places"]] == [1.0, 0.0]


@given(st.lists(st.integers(-50, 400), min_size=1, max_size=60))
def test_score_bins_hold_whole_numbers(values: list[int]) -> None:
    edges = whole_number_bins([float(v) for v in values])
    assert isinstance(edges, list)
    widths = {round(b - a, 9) for a, b in itertools.pairwise(edges)}
    assert len(widths) == 1 and next(iter(widths)) == int(next(iter(widths))) >= 1
    assert len(edges) <= 42
    for value in values:      # no value on an edge, every value inside
        assert edges[0] < value < edges[-1]
        assert all(value != edge for edge in edges)


@given(st.integers(0, 60), st.integers(0, 60))
def test_mcnemar_is_symmetric_and_a_probability(only_a: int, only_b: int) -> None:
    p = mcnemar(only_a, only_b)
    assert 0 <= p <= 1 and p == pytest.approx(mcnemar(only_b, only_a))
    if only_a == only_b:
        assert p == 1.0
    if min(only_a, only_b) == 0 and max(only_a, only_b) >= 11:   # 2 / 2**11 < 0.001
        assert p < 0.001


def test_games_needed_shrinks_with_the_square_of_the_width() -> None:
    assert games_needed(1.0, 0.1) == math.ceil((1.959963984540054 * 10) ** 2)
    assert games_needed(1.0, 0.2) == pytest.approx(games_needed(1.0, 0.1) / 4, abs=1)
    assert games_needed(0.0, 0.1) is None


def test_the_command_pairs_the_packs_and_warns_when_nothing_changed(
        stellwerk: Stellwerk, tmp_path: Path) -> None:
    shipped = get_game("rail-line").default_pack_path()
    other = tmp_path / "copy.toml"
    shutil.copy(shipped, other)
    out = tmp_path / "study.html"
    run = stellwerk("study", "rail-line", "--seats", "random,random", "-n", "5", "--seed", "9",
                    "--compare", other, "--out", out, "--json", "--quiet")
    assert run.code == 0, run.err
    report = json.loads(run.out)
    first, second = report["packs"]
    assert [g["seed"] for g in first["per_game"]] == [9, 10, 11, 12, 13]
    assert first["per_game"] == second["per_game"]
    assert all(g["first"] == 0 and g["branching"] > 1 for g in first["per_game"])
    comparison = report["comparison"]
    assert comparison["identical"] and comparison["identical_games"] == 5
    assert "identical games on all 5 seeds" in run.err
    page = out.read_text(encoding="utf-8")
    assert "Paired comparison" in page and "identical games on all 5 seeds" in page
    german = stellwerk("study", "rail-line", "--seats", "random,random", "-n", "2",
                       "--compare", other, "--out", out, "--quiet", "--lang", "de")
    assert german.code == 0, german.err
    assert "Differenz" in german.out and "dieselben Partien" in german.err


def test_a_precision_outside_zero_to_one_is_refused(stellwerk: Stellwerk,
                                                     tmp_path: Path) -> None:
    out = tmp_path / "x.html"
    stellwerk("study", "rail-line", "--precision", "2", "--out", out).refused(
        "--precision must be between 0 and 1")
    assert not out.exists()



@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=1, max_size=30))
def test_lead_changes_count_each_hand_over_of_a_sole_lead(standings: list[tuple[int, int]]) -> None:
    leaders = [0 if a > b else 1 for a, b in standings if a != b]
    expected = sum(1 for x, y in itertools.pairwise(leaders) if x != y)
    assert lead_changes([list(s) for s in standings]) == expected


def test_a_real_game_reports_its_lead_changes_and_choices() -> None:
    game_ = get_game("rail-line")
    pack = game_.load_pack()
    start = game_.new_state({}, 4, pack, 2)
    state = start.clone()
    chance = Chance(4)
    agents = [make_bot("greedy", chance, game_), make_bot("greedy", chance, game_)]
    taken = play_out(game_, state, agents, chance)
    played = course(game_, start, taken)
    assert played["lead_changes"] is not None and played["lead_changes"] >= 0
    laid = {game_.format_action(a).split()[1] for seat, a in taken
            if seat == 0 and game_.format_action(a).startswith("lay ")}
    assert laid and laid <= set(played["choices"][0])      # Rail Line names the cards
    assert sum(played["choices"][0].values()) + sum(played["choices"][1].values()) == \
        len(taken)


def test_win_share_by_choice_with_intervals() -> None:
    def outcome(winner: int, choices: list[dict[str, int]]) -> dict[str, Any]:
        return {"steps": 1, "result": {"scores": [1, 0], "winners": [winner], "ranks": [1, 2],
                                       "lower_is_better": False, "breakdown": []},
                "course": {"first": 0, "branching": 1.0, "choices": choices, "trace": "x"}}
    outcomes = [outcome(0, [{"A01": 1}, {"B02": 2}]) for _ in range(6)]
    outcomes += [outcome(1, [{"B02": 1}, {"A01": 1}]) for _ in range(2)]
    rows = {row["choice"]: row for row in summarise(outcomes, seats=2)["choices"]}
    assert rows["A01"]["seat_games"] == 8 and rows["A01"]["win_share"] == 1.0
    assert rows["B02"]["win_share"] == 0.0 and rows["B02"]["others"] == 1.0
    low, high = rows["A01"]["ci95"]
    assert 0.6 < low < 1 == high
