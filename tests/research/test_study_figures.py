"""Each game's own study figures (`Study.figures`) on recorded games,
against values checked by hand from the record, the final sheet and the event log; and
how the study pools them (series per chair with a band) and draws them."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from stellwerk.core import companions
from stellwerk.core.contract import Action, State
from stellwerk.core.record import GameRecord
from stellwerk.games import get_game
from stellwerk.games.benelux_rails.game import PACK_DIR as BENELUX_PACKS
from stellwerk.research.study import series_band, summarise_figures

if TYPE_CHECKING:
    from tests.cli.conftest import Stellwerk

TESTS = Path(__file__).resolve().parents[1]
FIXTURES = TESTS / "fixtures"
TINY = BENELUX_PACKS / "tiny.toml"


def played(path: Path, pack: Path | None = None) -> tuple[State, State,
                                                          list[tuple[int, Action]]]:
    """(final, start, taken) of a recorded game, as `simulation.play_one` hands them."""
    record = GameRecord.load(path)
    game = get_game(record.game)
    options = game.parse_options(record.options, len(record.seats))
    final = game.new_state(options, record.seed, game.load_pack(pack), len(record.seats))
    start = final.clone()
    taken = [(seat, game.parse_action(text)) for seat, text in record.actions]
    for seat, action in taken:
        final.apply(seat, action)
    assert final.result().to_json() == record.result
    return final, start, taken


def figures_of(path: Path, pack: Path | None = None) -> dict[str, Any]:
    final, start, taken = played(path, pack)
    figures = companions.study(get_game(GameRecord.load(path).game)).figures(final, start,
                                                                             taken)
    assert figures is not None
    return figures.to_json()


def test_rail_line_rows_filled_and_symbols_gained() -> None:
    figures = figures_of(FIXTURES / "rail-line/rules/rail-line-3p-sheetI-greedy-greedy-"
                         "greedy-seed13.json")
    numbers = figures["numbers"]
    rows = numbers["Sheet rows filled (share of the row's boxes marked)"]
    # seat 1 (Anna): marks 2,0,4,2,2,2,2,3,1,1,3 on Sheet I's rows of 8,6,6,2,2,2,5,5,5,2,5
    # boxes; checked against its score: Passengers 2, Coal box 4 = 4, Iron 2, Steel 5,
    # Factory 8, Forest 2 x Sawmill 3 = 6, Sugar factory 3, Glassworks box 3 = 6, beet 0
    assert {k: v[0] for k, v in rows.items()} == {
        "passengers": 0.25, "mail": 0.0, "coal": pytest.approx(4 / 6), "iron": 1.0,
        "steel": 1.0, "factory": 1.0, "forest": 0.4, "sawmill": 0.6, "beet": 0.2,
        "sugar": 0.5, "glass": 0.6}
    gained = numbers["Symbols gained per seat (marked, past a full row, or lost)"]
    # seat 1's mark events: coal 4, iron 2 + 1 past the full row, steel 2 + 1, factory 2,
    # forest 2, sawmill 3, beet 1, sugar 1, glass 3, passengers 1, plus the Passengers of
    # its Starting Station track (marked at setup without an event)
    assert {k: v[0] for k, v in gained.items()} == {
        "passengers": 2, "mail": 0, "coal": 4, "iron": 3, "steel": 3, "factory": 2,
        "forest": 2, "sawmill": 3, "beet": 1, "sugar": 1, "glass": 3}
    sheet = numbers["Sheet per seat"]
    assert sheet["full rows"] == [3, 2, 1]        # seat 1: Iron, Steel, Factory
    assert sheet["coins left"] == [3, 1, 0]       # the record's tiebreak
    assert sheet["refusals"] == [4, 4, 4]
    assert sheet["boxes marked"] == [22, 23, 22]
    assert figures["series"] == {}


@pytest.mark.parametrize("name", sorted(p.name for p in (FIXTURES / "rail-line/rules")
                                        .glob("*.json")))
def test_rail_line_every_marked_box_was_gained(name: str) -> None:
    final, _, _ = played(FIXTURES / "rail-line/rules" / name)
    numbers = figures_of(FIXTURES / "rail-line/rules" / name)["numbers"]
    rows = numbers["Sheet rows filled (share of the row's boxes marked)"]
    gained = numbers["Symbols gained per seat (marked, past a full row, or lost)"]
    sizes = final.sheet.sizes          # a RailLineState
    for row, symbol in enumerate(gained):
        for seat in range(len(gained[symbol])):
            assert gained[symbol][seat] >= round(rows[symbol][seat] * sizes[row])


def test_railways_challenges_and_pollution() -> None:
    figures = figures_of(FIXTURES / "railways/rules/railways-greedy-seed3-challenges-1-3.json")
    numbers = figures["numbers"]
    # the record: profit 19 (the economist needs the profit track's end), every region
    # type delivered (train driver), no dice left (mayor), no connection upgraded
    assert numbers["Challenges met at the end (share of games; chosen or not)"] == {
        "economist": [0.0], "mayor": [1.0], "train_driver": [1.0], "engineer": [0.0]}
    assert numbers["At the end of the game"] == {
        "chosen challenges met": [1.0],       # of economist (1) and train driver (3)
        "pollution": [2.0],                   # the breakdown's pollution -2
        "goods kinds delivered": [4.0],
        "connections opened": [6.0],          # six `open` actions in the record
        "connections upgraded": [0.0]}


def test_linie1_lines_and_rounds() -> None:
    figures = figures_of(TESTS / "linie1/fixtures/planners-77.json")
    # two planners complete their lines in round 6 (lengths 42 and 28); the random seat
    # never does, so the game runs to its 40-round limit
    assert figures["numbers"] == {
        "Lines (per seat)": {"line completed": [1.0, 1.0, 0.0]},
        "Completed lines (only the seats that completed one)": {
            "round completed": [6.0, 6.0], "line length": [42.0, 28.0]},
        "The game": {"rounds played": [40.0], "lines completed": [2.0]}}


def test_benelux_rails_money_per_round_deliveries_and_rounds_to_win() -> None:
    figures = figures_of(FIXTURES / "benelux-rails/benelux-rails-tiny-planner-greedy-"
                         "standard-seed11.json", TINY)
    # seat 1 (planner) starts with 50 M and builds for 12 in round 1 (38); seat 2
    # (greedy) builds for 19 (31) and never earns; seat 1 wins in round 9 with 250, the
    # record's result; the rounds between follow the event ledger (the next test)
    money = figures["series"]["Money (M) at the end of each round"]
    assert money == [[38, 77, 105, 120, 151, 184, 218, 218, 250], [31] * 9]
    assert figures["numbers"] == {
        "The game": {"rounds played": [9.0], "rounds to win": [9.0]},
        "Deliveries": {"deliveries per seat": [9.0, 0.0],
                       "payout per delivery (M)": [39.0, 37.0, 35.0, 32.0, 8.0, 37.0,
                                                   35.0, 19.0, 32.0]}}


@pytest.mark.parametrize("name", sorted(p.name for p in (FIXTURES / "benelux-rails")
                                        .glob("*.json")))
def test_benelux_rails_money_curve_follows_the_ledger_of_events(name: str) -> None:
    """Each round's change of money is that round's payouts, minus build and upgrade
    costs, minus fees paid plus fees received, as the event log tells them."""
    final, _, _ = played(FIXTURES / "benelux-rails" / name, TINY)
    curves = figures_of(FIXTURES / "benelux-rails" / name, TINY)["series"][
        "Money (M) at the end of each round"]
    ledger: dict[tuple[int, int], int] = defaultdict(int)
    for event in final.events(None):
        seat, round_ = event["seat"], event["round"]
        ledger[seat, round_] += event.get("payout", 0) - event.get("cost", 0)
        if event["key"] == "br.ev.fee":
            ledger[seat, round_] -= event["fee"]
            ledger[event["to"], round_] += event["fee"]
    for seat, curve in enumerate(curves):
        before = 50                                       # the starting money
        for round_, money in enumerate(curve, start=1):
            assert money - before == ledger[seat, round_], (seat, round_)
            before = money


def test_series_band_pools_games_still_running() -> None:
    curves = [[10, 20, 30], [20, 40], [30, 60, 90, 120]] + [[0]] * 7
    band = series_band(curves)
    # round 1: all ten games; round 2: three; round 3: two; round 4: one game of ten
    # (a tenth, still shown); round 5: none
    assert band["round"] == [1, 2, 3, 4]
    assert band["n"] == [10, 3, 2, 1]
    assert band["mean"] == [6.0, 40.0, 60.0, 120.0]
    assert band["low"][1:] == [30.0, 45.0, 120.0] and band["high"][1:] == [50.0, 75.0, 120.0]
    assert series_band([[1.0]] * 5 + [[1.0, 2.0]])["round"] == [1, 2]
    assert series_band([[1.0]] * 11 + [[1.0, 2.0]])["round"] == [1]   # 1 of 12 < a tenth


def test_figures_pool_over_games_and_chairs() -> None:
    one = {"numbers": {"G": {"a": [1.0, 3.0]}}, "series": {"S": [[1.0, 2.0], [5.0]]}}
    two = {"numbers": {"G": {"a": [5.0], "b": [2.0]}}, "series": {"S": [[3.0], [7.0]]}}
    pooled = summarise_figures([one, None, two], seats=2)
    assert pooled["numbers"]["G"]["a"]["n"] == 3 and pooled["numbers"]["G"]["a"]["mean"] == 3
    assert pooled["numbers"]["G"]["b"]["n"] == 1
    chair1, chair2 = pooled["series"]["S"]
    assert chair1["chair"] == 1 and chair1["mean"] == [2.0, 2.0] and chair1["n"] == [2, 1]
    assert chair2["mean"] == [6.0] and chair2["low"] == [5.5] and chair2["high"] == [6.5]
    assert summarise_figures([None, None], seats=2) == {"numbers": {}, "series": {}}


def test_the_report_draws_the_money_curves_with_their_numbers(stellwerk: Stellwerk,
                                                              tmp_path: Path) -> None:
    out = tmp_path / "benelux.html"
    run = stellwerk("study", "benelux-rails", "--seats", "planner,greedy", "-n", "2",
                    "--seed", "11", "--pack", TINY, "--compare", TINY, "--out", out,
                    "--json", "--quiet")
    assert run.code == 0, run.err
    first, second = json.loads(run.out)["packs"]
    assert first["figures"] == second["figures"]          # same pack, same seeds
    money = first["figures"]["series"]["Money (M) at the end of each round"]
    assert [c["chair"] for c in money] == [1, 2]
    assert money[0]["n"][0] == 2 and money[0]["round"][0] == 1
    assert first["figures"]["numbers"]["The game"]["rounds played"]["n"] == 2
    page = out.read_text(encoding="utf-8")
    for title in ("Money (M) at the end of each round", "Deliveries", "The game"):
        assert f'<img alt="{title}"' in page
    # the table beside the curve: the first round's mean for chair 1 of each pack
    row = (f"<td>A: tiny.toml</td><td>1</td><td>1</td><td>2</td>"
           f"<td>{money[0]['mean'][0]}</td>")
    assert row in page
