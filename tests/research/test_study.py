"""`stellwerk study`: the figures are right for known outcomes, the HTML report holds the
plots and the numbers, escapes what a person typed, and bad arguments get one line
."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from stellwerk.cli import EXIT_BAD_INPUT
from stellwerk.games import get_game
from stellwerk.research.study import summarise

if TYPE_CHECKING:
    from tests.cli.conftest import Stellwerk


def outcome(scores: list[float | None], winners: list[int], steps: int) -> dict[str, object]:
    ranks = [1 if s in winners else 2 for s in range(len(scores))]
    return {"steps": steps, "result": {
        "scores": scores, "winners": winners, "ranks": ranks, "lower_is_better": False,
        "breakdown": [{"coal": float(s or 0)} for s in scores]}}


def test_summary_of_known_outcomes() -> None:
    figures = summarise([outcome([30, 20], [0], 50), outcome([25, 25], [0, 1], 60),
                         outcome([10, None], [0], 40)], seats=2)
    assert figures["games"] == 3
    assert figures["scores_values"] == [30, 20, 25, 25, 10]
    assert figures["unscored_seats"] == 1
    assert figures["margin_values"] == [10, 0]          # the third game has one score
    assert [c["win_share"] for c in figures["chairs"]] == [0.8333, 0.1667]
    low, high = figures["chairs"][0]["ci95"]
    assert low < 2.5 / 3 < high
    assert figures["length"]["mean"] == 50 and figures["length"]["min"] == 40
    assert figures["breakdown"]["coal"]["n"] == 6
    assert figures["breakdown"]["coal"]["mean"] == pytest.approx(110 / 6, abs=1e-3)


def test_report_with_two_packs_side_by_side(stellwerk: Stellwerk, tmp_path: Path) -> None:
    shipped = get_game("rail-line").default_pack_path()
    other = tmp_path / "my<pack>$1.toml"          # a name with HTML and mathtext in it
    shutil.copy(shipped, other)
    out = tmp_path / "study.html"
    run = stellwerk("study", "rail-line", "--seats", "random,random", "-n", "6", "--seed", "3",
                    "--compare", other, "--out", out, "--json", "--quiet")
    assert run.code == 0, run.err
    figures = json.loads(run.out)
    assert figures["seeds"] == [3, 8] and len(figures["packs"]) == 2
    first, second = figures["packs"]
    # the same pack on the same seeds: the same figures
    assert {k: v for k, v in first.items() if k not in ("label", "path")} == \
        {k: v for k, v in second.items() if k not in ("label", "path")}
    assert first["games"] == 6 and first["scores"]["n"] == 12
    assert len(first["chairs"]) == 2
    assert sum(c["win_share"] for c in first["chairs"]) == pytest.approx(1.0, abs=1e-3)
    page = out.read_text(encoding="utf-8")
    # scores, margin, length, branching, lead changes, chairs, choices, breakdown, and
    # Rail Line's three groups of figures
    assert len(re.findall(r'<img alt="[^"]+" src="data:image/png;base64,', page)) == 11
    assert "<script" not in page and "http" not in page     # self-contained
    assert "my&lt;pack&gt;$1.toml" in page and "<pack>" not in page
    assert f"<td>{first['scores']['mean']}</td>" in page    # the numbers beside the plots
    assert "Chair advantage" in page
    assert "<td>shipped: Coal</td>" in page          # the catalogue's word for a symbol
    rows = first["figures"]["numbers"]["Sheet rows filled (share of the row's boxes marked)"]
    assert set(rows) >= {"passengers", "glass"} and rows["coal"]["n"] == 12   # 6 games x 2
    assert 0 <= rows["coal"]["min"] <= rows["coal"]["max"] <= 1


def test_a_solo_game_has_no_chairs_or_margin(stellwerk: Stellwerk, tmp_path: Path) -> None:
    out = tmp_path / "railways.html"
    run = stellwerk("study", "railways", "--seats", "random", "-n", "3", "--out", out,
                    "--json", "--quiet")
    assert run.code == 0, run.err
    pack = json.loads(run.out)["packs"][0]
    assert pack["chairs"] == [] and pack["margin"] == {"n": 0}
    assert set(pack["breakdown"]) >= {"profit", "pollution"}
    challenges = pack["figures"]["numbers"]["Challenges met at the end (share of games; "
                                            "chosen or not)"]
    assert set(challenges) == {"economist", "mayor", "train_driver", "engineer"}
    assert challenges["mayor"]["n"] == 3
    assert "Chair advantage" not in out.read_text(encoding="utf-8")


@pytest.mark.parametrize(("argv", "fragment"), [
    (["-n", "0"], "-n must be at least 1"),
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--seats", "human,greedy"], "only bots"),
    (["--compare", "/no/such/pack.toml"], "pack.toml"),
])
def test_bad_arguments_get_one_line(stellwerk: Stellwerk, tmp_path: Path, argv: list[str],
                                    fragment: str) -> None:
    run = stellwerk("study", "rail-line", "--out", tmp_path / "x.html", *argv)
    assert run.code == EXIT_BAD_INPUT
    run.refused(fragment)
    assert not (tmp_path / "x.html").exists()


def test_an_output_folder_that_does_not_exist_is_refused(stellwerk: Stellwerk) -> None:
    stellwerk("study", "rail-line", "--out", "/no/such/folder/x.html").refused("no such folder")


def test_each_breakdown_item_has_its_own_scale_and_chairs_an_even_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from stellwerk.research import study_report

    drawn: list[Any] = []
    monkeypatch.setattr(study_report, "_png", lambda figure: drawn.append(figure) or "png")
    outcomes = [{"steps": 40 + i, "seed": i,
                 "result": {"scores": [27.0 + i, 20.0], "winners": [0], "ranks": [1, 2],
                            "lower_is_better": False,
                            "breakdown": [{"rows": 27.0 + i, "coins": 2.7, "bonus": 0.1 * i}] * 2},
                 "course": {"first": 0, "branching": 5.0, "trace": str(i)}} for i in range(4)]
    pack = {"label": "shipped", "path": "x.toml", **summarise(outcomes, seats=2)}
    report = {"game": "rail-line", "options": {}, "seats": ["greedy", "greedy"], "games": 4,
              "seeds": [0, 3], "packs": [pack]}
    study_report.render_html(report)
    chairs = next(f for f in drawn if any(a.get_ylabel() == "win share" for a in f.axes))
    lines = [line.get_ydata()[0] for line in chairs.axes[0].get_lines()]
    assert 0.5 in lines                                      # 1 / seats
    breakdown = next(f for f in drawn
                     if {a.get_title() for a in f.axes if a.get_visible()} >= {"rows"})
    panels = [a for a in breakdown.axes if a.get_visible()]
    assert len(panels) == 3                                  # one scale per item
    tops = sorted(a.get_ylim()[1] for a in panels)
    assert tops[0] < 1 < 10 < tops[-1]
