"""Every game drawn through the contract (`Picture.svg`), the web table naming no game, and
Benelux Rails' board (networks, panel, pointable mileposts) and build-cost preview."""

from __future__ import annotations

import functools
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core import companions
from stellwerk.core.chance import Chance
from stellwerk.core.companions import Picture
from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Game
from stellwerk.games import game_ids, get_game
from stellwerk.testing.states import deciding_seats
from stellwerk.web import boards

WEB = Path(boards.__file__).parent


@functools.cache
def _pack(game_id: str) -> ContentPack:
    return get_game(game_id).load_pack()


def _picture(game: Game) -> Picture:
    return companions.picture(game, _pack(game.id))


def _played(game_id: str, seats: int, seed: int, until=lambda state: False, steps=400):
    game = get_game(game_id)
    state = game.new_state(game.parse_options({}, seats), seed, _pack(game_id), seats)
    rnd = random.Random(seed)
    for seat in deciding_seats(state, steps):
        if until(state):
            break
        state.apply(seat, rnd.choice(state.candidate_actions(seat)))
    return game, state


def test_the_web_table_names_no_game() -> None:
    """House rule: front ends speak only the core's contract."""
    for path in WEB.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "stellwerk.games." not in text.replace("from stellwerk.games import", ""), path
        for game_id in game_ids():
            assert f'"{game_id}"' not in text, (path, game_id)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_draws_a_scalable_svg_in_both_languages(game_id: str) -> None:
    seats = 2 if game_id != "railways" else 1
    game, state = _played(game_id, seats, 3, steps=30)
    names = ["<Ann>", "Bo"][:seats]
    for lang in ("en", "de"):
        svg = _picture(game).svg(state.view(0), lang, names)
        assert svg is not None
        root = ET.fromstring(svg)
        assert root.get("viewBox") and root.get("width") is None


def test_benelux_board_shows_networks_panel_and_only_the_seats_own_demands() -> None:
    game, state = _played("benelux-rails", 2, 5,
                          until=lambda s: any(p.edges for p in s.players))
    names = ["<Ann & co>", "Bo"]
    views = [state.view(0), state.view(1), state.public_view()]
    svgs = [_picture(game).svg(view, "en", names) for view in views]
    for svg in svgs:
        assert svg is not None
        root = ET.fromstring(svg)   # valid XML: the names were escaped
        assert root.get("viewBox")
        assert "&lt;Ann &amp; co&gt;" in svg
        assert svg.count('data-milepost="') > 100
    tracked = [s for s, p in enumerate(views[2]["players"]) if p["track"]]
    assert tracked, "the game built no track in 400 random actions"
    from stellwerk.games.benelux_rails.svg import seat_colour
    for seat in tracked:
        assert f'stroke="{seat_colour(seat)}"' in svgs[2]
    for seat in (0, 1):
        mine = {f"#{card['card']}:" for card in views[seat]["hand"]}
        assert mine and all(card in svgs[seat] for card in mine)
        others = {f"#{card['card']}:" for card in views[1 - seat]["hand"]}
        assert not any(card in svgs[seat] or card in svgs[2] for card in others)


def _cached_build():
    if "build" not in _CACHE:
        _CACHE["build"] = _build_state()
    return _CACHE["build"]


_CACHE: dict = {}


def _build_state():
    def building(state) -> bool:
        decision = state.decision()
        return decision is not None and any(
            game.format_action(a).startswith("build ")
            for a in state.candidate_actions(decision.seats[0]))
    game = get_game("benelux-rails")
    return _played("benelux-rails", 2, 11, until=building)


def test_benelux_preview_prices_a_build_from_the_seats_knowledge() -> None:
    game, state = _build_state()
    seat = state.decision().seats[0]
    build = next(game.format_action(a) for a in state.candidate_actions(seat)
                 if game.format_action(a).startswith("build "))
    before = state.snapshot()
    answer = boards.preview(game, _pack(game.id), state, seat, build, "en")
    assert answer is not None and answer["ok"] is True
    assert re.match(r"Cost \d+ M", answer["text"]), answer
    german = boards.preview(game, _pack(game.id), state, seat, build, "de")
    assert german is not None and german["text"].startswith("Kosten")
    bad = boards.preview(game, _pack(game.id), state, seat, "build ZZ99 A1", "en")
    assert bad is not None and bad["ok"] is False and "ZZ99" in bad["text"]
    nothing = _picture(game).preview(state.determinized(seat, Chance(1)), seat, "", "en")
    assert nothing is not None and nothing["ok"] is False
    assert state.snapshot() == before   # a preview changes nothing


def test_games_without_a_preview_say_so() -> None:
    game, state = _played("rail-line", 2, 1, steps=0)
    assert boards.preview(game, _pack(game.id), state, 0, "lay A01", "en") is None


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(["build", "baue", "cost", "move", "F12", "AB12", "AA13",
                                 "amsterdam", "ZZ99", "", "é", "<b>", "99999999999999"]),
                max_size=8).map(" ".join) | st.text(max_size=60))
def test_benelux_preview_answers_any_text_without_changing_anything(text: str) -> None:
    game, state = _cached_build()
    seat = state.decision().seats[0]
    before = state.snapshot()
    answer = boards.preview(game, _pack(game.id), state, seat, text, "de")
    assert answer is not None and isinstance(answer["ok"], bool) and answer["text"]
    assert state.snapshot() == before
