"""Control characters and their kin in what people name and say: one rule refuses them
at every entry point (core/inputs.py `check_text`), and every drawing and page stays
well-formed whatever text reaches it (core/drawing.py `xml_safe`)."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stellwerk.cli import main
from stellwerk.core import companions
from stellwerk.core.contract import State
from stellwerk.core.errors import BadOption, BadRecord
from stellwerk.core.inputs import check_text, unfit_character
from stellwerk.core.record import GameRecord
from stellwerk.frontends.table.play import seat_names
from stellwerk.games import game_ids, get_game
from stellwerk.testing.states import deciding_seats

HOSTILE = ["\x00", "\x07", "\x1b", "\x1b[2J", "\x7f", "\x85", "\x9b", "\ud800", "\udfff",
           "\ufffe", "\uffff", "\U0001fffe", "\ufdd0", "\u202e", "\u2066", "\u2028", "\r",
           "\n", "\t", "<", "&", "]]>", '"', "'", "🚂", "Zoë"]

# What XML 1.0 (and HTML, as a parse error) does not allow in a document: the test's own
# statement of it, independent of the code under test.
NOT_IN_MARKUP = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef"
                           "\ufffe\uffff]")


def hostile_text(max_size: int = 12) -> st.SearchStrategy[str]:
    """Any text, lone surrogates included, often with a hostile piece in it."""
    anything = st.text(st.characters(codec=None, categories=None), max_size=max_size)
    return st.one_of(anything, st.builds(lambda a, h, b: a + h + b, anything,
                                         st.sampled_from(HOSTILE), anything))


@cache
def played(game_id: str) -> tuple[Any, State, int]:
    """A game a few moves in (so its drawing shows the seats' names), and its seats."""
    game = get_game(game_id)
    seats = max(game.min_seats, min(3, game.max_seats))
    state = game.new_state(game.parse_options({}, seats), 7, game.load_pack(), seats)
    rnd = random.Random(7)
    for seat in deciding_seats(state, 12):
        state.apply(seat, rnd.choice(state.candidate_actions(seat)))
    return game, state, seats


@pytest.mark.parametrize("game_id", game_ids())
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck),
          derandomize=True, database=None)
@given(names=st.lists(hostile_text(), min_size=8, max_size=8),
       lang=st.sampled_from(["en", "de"]), public=st.booleans())
def test_every_games_drawing_is_well_formed_xml_whatever_the_names(
        game_id: str, names: list[str], lang: str, public: bool) -> None:
    game, state, seats = played(game_id)
    view = state.public_view() if public else state.view(0)
    svg = companions.picture(game, game.load_pack()).svg(view, lang, names[:seats])
    if svg is not None:
        assert not NOT_IN_MARKUP.search(svg), game_id
        ET.fromstring(svg)  # raises on anything that is not well-formed XML


@settings(max_examples=60, deadline=None, database=None)
@given(text=hostile_text(40))
def test_what_the_rule_accepts_is_drawn_unchanged(text: str) -> None:
    """Names pass the rule or are refused whole: nothing accepted is ever altered on
    the way into a drawing (and nothing unfit slips through)."""
    if unfit_character(text) is None:
        assert not NOT_IN_MARKUP.search(text)
        assert check_text(text, "name") == text
    else:
        with pytest.raises(BadOption, match="is not allowed"):
            check_text(text, "name")


class _StrictParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag not in ("meta", "link", "input", "br", "img", "hr"):
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, (tag, self.open[-3:])
        self.open.pop()


@pytest.fixture(scope="module")
def web() -> Any:
    import tempfile

    from fastapi.testclient import TestClient

    from stellwerk.server.app import Settings, create_app

    folder = Path(tempfile.mkdtemp(prefix="stellwerk-unfit-"))
    app = create_app(Settings(database=f"sqlite:///{folder / 'db.sqlite3'}", bot_workers=0,
                              background=False))
    with TestClient(app) as client:
        yield client


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck),
          derandomize=True, database=None)
@given(table_id=hostile_text(20).filter(lambda t: t.strip("/. ") != ""))
def test_every_table_page_parses_whatever_its_address_holds(web: Any, table_id: str) -> None:
    encoded = quote(table_id.encode("utf-8", "surrogatepass"), safe="")
    response = web.get(f"/t/{encoded}")
    if response.status_code != 200:       # an address no route takes
        assert response.status_code == 404, response.status_code
        return
    assert not NOT_IN_MARKUP.search(response.text)
    parser = _StrictParser()
    parser.feed(response.text)
    parser.close()
    assert parser.open == [], parser.open


# ---- the other entry points: the command line, record files, the postal judge ----------
def test_play_names_with_a_control_character_are_refused_in_both_languages() -> None:
    with pytest.raises(BadOption) as refused:
        seat_names(["human", "greedy"], "Ann\x1bX,Bo")
    assert "U+001B" in str(refused.value)
    assert "Zeichen U+001B ist nicht erlaubt" in refused.value.text("de")
    assert seat_names(["human", "greedy"], "Zoë 🚂,Bo") == ["Zoë 🚂", "Bo"]


def test_a_record_whose_seat_name_holds_a_control_character_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = get_game("railways")
    record = GameRecord(game="railways", engine_version="x", options={},
                        pack_id="p", pack_sha256="0" * 64, seed=1,
                        seats=[], actions=[]).to_json()
    record["seats"] = [{"name": "Ann\x00", "kind": "human"}]
    with pytest.raises(BadRecord, match="U\\+0000"):
        GameRecord.from_json(record)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) != 0
    err = capsys.readouterr().err
    assert "U+0000" in err and "\x00" not in err and game.id


def test_the_judge_refuses_a_player_name_with_a_control_character(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["judge", "linie1", "new", str(tmp_path / "g"), "--players",
                 "Ann\x1b,Bert"])
    assert code != 0
    assert not (tmp_path / "g" / "game.json").exists()
    assert "\x1b" not in capsys.readouterr().err
