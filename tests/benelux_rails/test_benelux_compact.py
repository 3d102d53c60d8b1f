"""The terminal table's compact page for Benelux Rails: it fits 80 and 120 columns in
about 28 rows, shows the map around the seat's train, the players, the seat's demands
(never another seat's) and the public demands; the details draw the whole map, the
players and the log; names are text, never markup."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.session import Window
from tests.rich_text import printed, printed_lines

from .helpers import GAME, new_state, terminal


def mid_game(seed: int = 3, steps: int = 60):  # type: ignore[no-untyped-def]
    state = new_state(seed, 3)
    chance = Chance(seed)
    bot = make_bot("planner", chance, GAME)
    for _ in range(steps):
        seat = state.decision().seats[0]
        state.apply(seat, bot.choose(Window(GAME, state, seat, state.candidate_actions(seat),
                                            chance)))
    return state


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_compact_page_fits_and_shows_what_the_seat_needs(width: int, lang: str) -> None:
    state = mid_game()
    seat = state.decision().seats[0]
    view = dict(state.view(seat), names=["[red]Ann", "Bo", "Cy"])
    lines = printed_lines(terminal().render_compact(view, lang, width), width)
    assert len(lines) <= terminal().compact_height
    assert all(cell_len(line) <= width for line in lines)
    text = "\n".join(lines)
    assert "[red]Ann" in text                      # a name is text, not markup
    for card in state.players[seat].hand:
        assert f"{card:>3}: " in text
    for other in range(3):
        if other != seat:
            assert all(f"{card:>3}: " not in text for card in state.players[other].hand
                       if card not in state.players[seat].hand and card not in state.public)
    position = state.t.names[state.players[seat].position]
    assert position in text                        # the train's milepost is named


def test_the_details_draw_the_map_the_players_and_the_log() -> None:
    state = mid_game()
    view = dict(state.view(0), names=["Ann", "Bo", "Cy"])
    assert list(terminal().detail_topics(view)) == ["map", "cities", "goods", "demands",
                                                   "players", "log"]
    whole = printed_lines(terminal().render_detail(view, "map", "en", 80), 80)
    assert len(whole) >= state.t.rows and all(cell_len(line) <= 80 for line in whole)
    players = printed(terminal().render_detail(view, "players", "en", 80), 80)
    assert all(name in players for name in ("Ann", "Bo", "Cy"))
    log = printed_lines(terminal().render_detail(view, "log", "de", 80), 80)
    assert len(log) == len(view["log"]) and "{" not in "".join(log)


def test_the_shipped_map_is_a_window_on_the_page_and_whole_in_the_detail() -> None:
    shipped = GAME.load_pack()
    state = GAME.new_state({}, 1, shipped, 2)
    view = state.view(0)
    t = GAME.tables(shipped)
    shown = terminal(shipped)
    compact = printed_lines(shown.render_compact(view, "en", 80), 80)
    assert len(compact) <= shown.compact_height and len(compact) < t.rows
    whole = printed_lines(shown.render_detail(view, "map", "en", 80), 80)
    assert all(cell_len(line) <= 80 for line in whole)
    assert len(whole) >= t.rows


@pytest.mark.parametrize("width", [80, 120])
def test_second_trains_a_fourth_card_and_goods_lying_still_fit_the_page(width: int) -> None:
    from stellwerk.games.benelux_rails.player import Loco

    state = mid_game()
    for s, p in enumerate(state.players):
        if len(p.trains) == 1:
            p.trains.append(Loco("B9", state.t.cities[state.t.majors[s]].centre))
    seat = state.decision().seats[0]
    state.players[seat].hand.append(next(c for c in state.deck if isinstance(c, int)))
    state.drops.append([0, 0, state.round])
    view = state.view(seat)
    lines = printed_lines(terminal().render_compact(view, "en", width), width)
    assert len(lines) <= terminal().compact_height
    text = "\n".join(lines)
    for s, p in enumerate(view["players"]):
        assert f"{'abc'[s]} train 2: {p['trains'][1]['train']} " in text   # each second train
    for card in state.players[seat].hand:
        assert f"{card:>3}: " in text
