"""Planning Benelux Rails at the terminal: the map names its cities (codes with a legend
in the reader's language) and draws the water, the player line names the train's city,
`show cities`, `show goods` and `show demands` answer, the suggestions and the hint say
where a build leads, for which demand and at what cost."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from stellwerk.core.companions import terminal
from stellwerk.games.benelux_rails.citymarks import LAKE, RIVER, city_codes, water_gaps
from stellwerk.games.benelux_rails.render import draw_map
from stellwerk.games.benelux_rails.rules import BeneluxState
from tests.rich_text import printed, printed_lines
from tests.typed_play import play_typed

from .helpers import GAME

TERMINAL = terminal(GAME, GAME.load_pack())  # the shipped pack's pages


def _play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
          lines: list[str], *extra: str, columns: int = 80) -> str:
    monkeypatch.setenv("LINES", "40")
    return play_typed(monkeypatch, capsys, ["play", "benelux-rails", "--seats",
                                            "human,planner", "--seed", "5", *extra], lines,
                      columns=columns).out


def shipped(seed: int = 5) -> BeneluxState:
    state = GAME.new_state({}, seed, GAME.load_pack(), 2)
    assert isinstance(state, BeneluxState)
    return state


def test_the_city_codes_are_unique_and_every_city_is_on_the_whole_map() -> None:
    state = shipped()
    t = state.t
    codes = city_codes(t)
    assert len({code.lower() for code in codes}) == len(t.cities)
    for lang in ("en", "de"):
        text = printed(TERMINAL.render_detail(state.view(0), "map", lang, 120), 120)
        for k, city in enumerate(t.cities):
            mark = f"[{codes[k]}]" if city.size == "major" else codes[k]
            assert mark in text, city.id
            assert re.search(rf"{re.escape(codes[k])} +{re.escape(t.city_word(k, lang))} "
                             rf"{t.names[city.centre]}:", text), city.id
    assert "Brüssel" in printed(TERMINAL.render_detail(state.view(0), "map", "de", 80), 80)


def test_water_between_two_mileposts_of_a_row_is_drawn_in_their_gap() -> None:
    state = shipped()
    t = state.t
    lines = draw_map(state.view(0), t, max_cols=t.cols, max_rows=t.rows).plain.split("\n")
    codes = "".join(city_codes(t)) + "[]"
    seen = 0
    for edge in t.water:
        a, b = t.ends(edge)
        (ra, ca), (rb, cb) = t.cells[a], t.cells[b]
        if ra != rb:
            continue
        gap = lines[1 + ra][4 + ra % 2 + 2 * min(ca, cb) + 1]
        assert gap in (RIVER, LAKE) or gap in codes, (t.names[a], t.names[b], gap)
        seen += gap in (RIVER, LAKE)
    assert seen > 40
    assert len(water_gaps(t)) > 90   # rivers between rows are drawn too


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_page_names_the_cities_in_its_window_and_the_trains_city(width: int,
                                                                     lang: str) -> None:
    state = shipped()
    for seat in (0, 1):
        state.apply(seat, ("keep", *state.players[seat].hand[:3]))
        state.apply(seat, ("start", ("amsterdam", "brussels")[seat]))
    view = state.view(0)
    lines = printed_lines(TERMINAL.render_compact(view, lang, width), width)
    assert len(lines) <= TERMINAL.compact_height
    assert all(cell_len(line) <= width for line in lines)
    text = "\n".join(lines)
    t = state.t
    amsterdam = t.city_index["amsterdam"]
    assert "[AMS]" in text or "1" in text
    assert re.search(rf"AMS +{t.city_word(amsterdam, lang)}", text)
    utrecht = t.city_index["utrecht"]
    assert re.search(rf"Ut +{t.city_word(utrecht, lang)}", text)   # in the window too
    assert f"@ M14 {t.city_word(amsterdam, lang)}" in text


def test_the_estimates_of_the_view_price_each_demand_from_the_network() -> None:
    state = shipped()
    for seat in (0, 1):
        state.apply(seat, ("keep", *state.players[seat].hand[:3]))
        state.apply(seat, ("start", ("amsterdam", "brussels")[seat]))
    t = state.t
    view = state.view(0)
    assert state.public_view()["estimates"] == []
    wanted = [(c, d) for c in [*state.players[0].hand, *state.public]
              for d in t.demands[c]]
    assert len(view["estimates"]) == len(wanted)
    for entry, (card, (dest, good, payout)) in zip(view["estimates"], wanted, strict=True):
        assert (entry["card"], entry["city"], entry["good"], entry["payout"]) == (
            card, t.cities[dest].id, t.goods[good], payout)
        suppliers = {c.id for c in t.cities if good in c.supplies}
        assert {o["city"] for o in entry["from"]} == suppliers
        builds = [o["build"] for o in entry["from"]]
        assert builds == sorted(builds)   # cheapest first (all reachable from Amsterdam)
        for option in entry["from"]:
            # Amsterdam is joined: a demand from Amsterdam to Amsterdam would cost nothing
            if option["city"] == "amsterdam" and t.cities[dest].id == "amsterdam":
                assert option["build"] == 0
            assert option["turns"] == -(-option["run"] // 9)
    # a supply and a destination both on the network cost nothing to join
    assert any(o["build"] == 0 for e in view["estimates"] for o in e["from"]) or all(
        e["city"] != "amsterdam" for e in view["estimates"])


def test_show_cities_goods_and_demands_at_the_terminal(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = _play(monkeypatch, capsys, ["1", "start amsterdam", "show cities", "show goods",
                                      "show demands", "quit"], columns=120)
    assert "There is no detail" not in out
    assert re.search(r"Ut +utrecht +medium city +P15 +cheese", out)          # cities
    assert re.search(r"AMS +amsterdam +major city +M14 .*You", out)          # joined
    assert re.search(r"cheese +Ut utrecht, Le leeuwarden +.*oostende 43", out)  # goods
    # demands: card 32's cheese→oostende from Utrecht, then Leeuwarden, with costs
    assert re.search(r"cheese→Oo oostende 43 +Ut utrecht +\d+ M +\d+ mileposts", out)
    assert re.search(r"\n +Le leeuwarden +\d+ M +\d+ mileposts", out)


def test_the_suggestions_and_the_hint_say_where_a_build_leads(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = _play(monkeypatch, capsys, ["1", "start amsterdam", "?", "hint", "quit"])
    assert re.search(r"\d\. to utrecht for cheese→oostende 43: 4 M +build N14 O15 P15",
                     out)
    assert re.search(r"\d\. toward oostende for cheese→oostende 43: \d+ M +build N14 … Z10",
                     out)
    assert "Hint (planner bot): build N14 O15 P15 — to utrecht for cheese→oostende 43: 4 M" \
        in out
    german = _play(monkeypatch, capsys, ["1", "starte amsterdam", "?", "tipp", "aufgeben"],
                   "--lang", "de")
    assert "nach Utrecht für Käse→Ostende 43: 4 Mio." in german
    assert "— nach Utrecht für Käse→Ostende 43: 4 Mio." in german


def test_the_remembered_estimates_equal_fresh_ones_through_a_game() -> None:
    from stellwerk.bots import make_bot
    from stellwerk.core.chance import Chance
    from stellwerk.core.session import Window
    from stellwerk.games.benelux_rails.estimates import _estimates

    state = shipped(7)
    chance = Chance(7)
    bot = make_bot("planner", chance, GAME)
    for _ in range(90):
        decision = state.decision()
        assert decision is not None
        seat = decision.seats[0]
        for viewer in (0, 1):
            assert state.view(viewer)["estimates"] == _estimates(state, viewer)
        view = state.view(seat)
        for entry in view["estimates"]:                # a caller's change stays its own
            entry["from"].clear()
        assert state.view(seat)["estimates"] == _estimates(state, seat)
        state.apply(seat, bot.choose(Window(GAME, state, seat, state.candidate_actions(seat),
                                            chance)))
