"""Abbreviations explained, opened vs unopened connections on the
map, why pollution moved, a conversion menu, `?` at the dice prompt, the end screen's
yardstick and challenges; compact and detail drawings in both languages."""

from __future__ import annotations

import io
import random
import re

from rich.console import Console

from stellwerk.core.chance import Chance
from stellwerk.core.session import Window
from stellwerk.games.railways.explain import explain_pollution
from stellwerk.games.railways.render import (
    DETAIL_TOPICS,
    SHORT,
    render_compact,
    render_details,
    render_plan,
)
from stellwerk.games.railways.rules import RailwaysState
from stellwerk.games.railways.yardstick import yardstick
from tests.railways.helpers import GAME, PACK, TERMINAL, table
from tests.rich_text import printed


def guide(state: RailwaysState, answers: list[str], lang: str = "en"):  # type: ignore[no-untyped-def]
    console = Console(file=io.StringIO(), width=120)
    replies = iter(answers)
    window = Window(GAME, state, 0, state.legal_actions(0), Chance(1))
    chosen = TERMINAL.guided_choice(window, console, lambda _prompt: next(replies), lang)
    return chosen, console.file.getvalue()  # type: ignore[attr-defined]


def test_every_hand_abbreviation_and_region_letter_is_explained_in_both_languages() -> None:
    for lang in ("en", "de"):
        legend = printed(render_details(table().view(0), lang, "legend"), 200)
        for short in SHORT.values():
            assert re.search(rf"(^|[\s/]){re.escape(short)}\b", legend) or short in legend, short
        for letter in "RLCI":
            assert f"{letter} " in legend


def test_opened_and_unopened_connections_look_different_without_colour() -> None:
    state = table()
    state.opened = {"B1": False}           # A1-C1 opened; D1 (C1-E1) not opened
    grid = re.sub(r"\[/?[a-z ]*\]", "", render_plan(state.view(0))).splitlines()
    row_one = grid[1]
    assert "───" in row_one and "╌╌╌" in row_one
    state.opened = {"B1": True}
    assert "═══" in re.sub(r"\[/?[a-z ]*\]", "", render_plan(state.view(0)))


def test_why_a_transport_costs_pollution_is_itemised() -> None:
    to_c = ("transport", "A1", "C", "B1", 0, "5.3a 5.4b")
    reasons = explain_pollution(to_c, 1, 3)
    assert [r["key"] for r in reasons] == ["rw.why.fields", "rw.why.to_C"]
    assert sum(r["n"] for r in reasons) == 2
    to_r = ("transport", "C1", "R", "B1", 0, "6.3a")
    assert explain_pollution(to_r, 3, 2) == [{"key": "rw.why.to_R", "n": -1}]
    # at the floor of 1 the -1 does nothing, and the note says why
    assert explain_pollution(to_r, 1, 1)[-1] == {"key": "rw.why.limit", "n": 1}


def test_the_guided_confirmation_says_why_pollution_moves() -> None:
    state = table()
    state.opened = {"B1": False}
    transports = [a for a in state.legal_actions(0) if a[0] == "transport" and a[2] == "C"]
    assert transports
    action = GAME.format_action(transports[0])
    _, out = guide(state, [action, "n", "list"])
    assert "pollution: " in out and "Commercial region" in out
    _, out = guide(state, [action, "n", "list"], "de")
    assert "Luftverschmutzung: " in out and "Gewerbegebiet" in out


def test_the_conversion_menu_shows_cost_and_result_of_each_tier() -> None:
    state = table()
    state.opened = {"B1": False, "D1": False, "A2": True, "E2": False}
    state.capital = 7
    chosen, out = guide(state, ["2", "1", "1", "2", "3", "1", "y"])
    # holding capital, the conversion is compulsory (docs/games/railways.md#rw-rules D, engine
    # railways/2)
    assert "no conversion" not in out and "pay 1 capital for 1 profit (capital 7 → 6)" in out
    assert "pay 6 capital for 3 profit (capital 7 → 1)" in out
    assert chosen == ("transport", "A1", "L", "A2+E2", 3, "5.3a 5.3b")


def test_question_mark_at_the_dice_prompt_explains_instead_of_listing() -> None:
    state = table(dice=None)
    legal = state.legal_actions(0)
    assert len(legal) > 100
    chosen, out = guide(state, ["?", GAME.format_action(legal[0]), "y"])
    assert chosen == legal[0]
    assert "CELL=VALUE" in out and len(out.splitlines()) < 20
    chosen, _ = guide(state, ["list"])
    assert chosen is None                       # the whole list only when asked for


def finished(seed: int, challenges: str = "") -> RailwaysState:
    state = GAME.new_state({"challenges": challenges}, seed, PACK, 1)
    chooser = random.Random(seed)
    while not state.is_over():
        state.apply(0, chooser.choice(state.legal_actions(0)))
    assert isinstance(state, RailwaysState)
    return state


def test_the_end_screen_measures_the_score_against_the_bots_and_lists_challenges() -> None:
    data = yardstick()
    assert set(data["bots"]) == {"random", "greedy", "search"} and data["source"]
    state = finished(4, "1,3")
    view = state.view(0)
    assert table().view(0)["yardstick"] is None            # only at the end
    measure = view["yardstick"]
    assert measure["score"] == state.score()
    for bot in measure["bots"]:
        assert bot["beaten"] == (state.score() > data["bots"][bot["bot"]]["mean"])
    text = printed(render_compact(view, "en"), 80)
    assert f"Final score {state.score()}" in text
    assert f"greedy {data['bots']['greedy']['mean']:g}" in text
    assert f"over {data['games']} games" in text and "Economist (chosen)" in text
    assert "Magnate" in text
    german = printed(render_compact(view, "de"), 80)
    assert f"Endwertung {state.score()}" in german and "Der Ökonom (gewählt)" in german


def test_compact_fits_and_every_detail_topic_renders() -> None:
    for state in (table(), finished(2)):
        for lang in ("en", "de"):
            lines = printed(render_compact(state.view(0), lang)).splitlines()
            assert max(len(line) for line in lines) <= 80 and len(lines) <= 30
            for topic in DETAIL_TOPICS:
                assert printed(render_details(state.view(0), lang, topic)).strip()


def test_the_solo_end_screen_names_no_winner_and_gives_the_yardstick(capsys, monkeypatch):  # type: ignore[no-untyped-def]
    from stellwerk.cli import main
    from stellwerk.frontends.table.human import HumanAgent

    chooser = random.Random(5)   # plays random legal actions in place of the human
    monkeypatch.setattr(HumanAgent, "choose", lambda self, window: chooser.choice(window.legal))
    assert main(["play", "railways", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "Won by" not in out
    assert "Final score" in out and "yardstick" in out
