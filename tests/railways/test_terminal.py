"""The terminal: the table drawing and the guided prompt (cards, fields, symbols, with
pollution and result shown before confirming, refusals explained)."""

from __future__ import annotations

import io
import re

from rich.console import Console

from stellwerk.cli import main
from stellwerk.core.chance import Chance
from stellwerk.core.session import Window
from tests.railways.helpers import GAME, TERMINAL, table


def _guide(state, answers: list[str]):  # type: ignore[no-untyped-def]
    console = Console(file=io.StringIO(), width=120)
    replies = iter(answers)
    window = Window(GAME, state, 0, state.legal_actions(0), Chance(1))
    chosen = TERMINAL.guided_choice(window, console, lambda _prompt: next(replies))
    return chosen, console.file.getvalue()  # type: ignore[attr-defined]


def test_the_plan_shows_regions_passengers_rails_and_connections() -> None:
    state = table()
    state.opened = {"B1": True, "C2": False}
    text = re.sub(r"\[/?[a-z ]*\]", "", TERMINAL.render(state.view(0)))
    assert "R1" in text and "C·" in text                   # A1: R with 1; C1: no die
    assert "═══" in text                                   # B1 upgraded
    assert "B1  A1–C1 (CR), 1 rail space, upgraded" in text
    assert "card 5:" in text and "2Trk" in text
    assert "capital 0/20" in text and "pollution 1/13" in text


def test_guided_open_shows_cost_and_result_then_confirms() -> None:
    state = table()
    kinds = [a[0] for a in state.legal_actions(0)]
    assert "open" in kinds
    menu_number = str(["open", "build", "transport", "hire", "capital", "clean", "add",
                       "upgrade"].index("open") + 1)
    connections = list(dict.fromkeys(a[1] for a in state.legal_actions(0) if a[0] == "open"))
    chosen, out = _guide(state, [menu_number, str(connections.index("B1") + 1),
                                 "7.3a 5.4a", "y"])
    assert chosen == ("open", "B1", "5.4a 7.3a")
    assert "pollution +0" in out and "markers left 6 → 5" in out


def test_guided_refusal_is_explained_and_asked_again() -> None:
    state = table()
    chosen, out = _guide(state, ["open B1 with 6.2a", "hire with 7.1a", "n",
                                 "hire with 7.1a", "y"])
    assert chosen == ("hire", "7.1a")
    assert "Not allowed" in out and "do not fit" in out
    assert "workers 2 → 3" in out


def test_list_falls_back_to_the_numbered_list() -> None:
    chosen, _ = _guide(table(), ["list"])
    assert chosen is None


def test_play_with_challenges_through_the_cli(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    answers = iter(["quit", ""])  # quit, then no file at the offer to save
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(answers))
    assert main(["play", "railways", "--seed", "3", "-o", "challenges=2,4"]) == 1
    out = capsys.readouterr().out
    assert "Mayor" in out and "Engineer" in out and "Magnate" in out
    assert main(["play", "railways", "-o", "challenges=5"]) == 2
    assert "combination" in capsys.readouterr().err


def test_simulate_railways_through_the_cli(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["simulate", "railways", "--seats", "greedy", "-n", "3", "--json",
                 "--quiet"]) == 0
    assert '"games": 3' in capsys.readouterr().out


def test_guided_transport_offers_each_route_with_its_regions_and_capital() -> None:
    state = table()
    state.opened = {"B1": False, "D1": False, "A2": True, "E2": False}
    state.capital = 7
    # transport (2nd kind on this menu), from A1, to L, route 2, convert 3 (tiers 1-3:
    # converting is compulsory with capital), cheapest pay
    chosen, out = _guide(state, ["2", "1", "1", "2", "3", "1", "y"])
    assert "B1+D1 (A1 C1 E1, 2 capital)" in out and "A2+E2 (A1 D4 E1, 13 capital)" in out
    assert chosen == ("transport", "A1", "L", "A2+E2", 3, "5.3a 5.3b")
    assert "profit 0 → 5" in out


def test_the_table_speaks_german_too() -> None:
    state = table(challenges=(1,))
    text = TERMINAL.render(state.view(0), "de")
    assert "Kapital 0/20" in text and "Karte 5" in text and "Der Ökonom (gewählt)" in text
    assert "nicht erschlossen" in text
