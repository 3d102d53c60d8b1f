"""Every Rail Line page fits its terminal: a German three-player page with a
four-card hand, a keep/refuse question and long wrapped names was two rows too tall for
80x40. The page is drawn by the real table (`HumanAgent.draw_page`) and must fit whole,
at 80x40 and 120x40, with nothing of the table cut: over every question and hand size
met in play, three kinds of names, both languages and both sheets, and for random
positions and names (hypothesis)."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console

from stellwerk.core import companions
from stellwerk.core.chance import Chance
from stellwerk.core.session import Window
from stellwerk.frontends.table.human import HumanAgent
from stellwerk.frontends.table.play import MAX_NAME
from stellwerk.games import get_game
from stellwerk.games.rail_line.render import (
    COMPACT_ROWS,
    VARIANTS,
    _compact,
    render_compact,
    rows_needed,
)
from stellwerk.testing.states import deciding_seats

GAME = get_game("rail-line")
PACK = GAME.load_pack()
SIZES = ((80, 40), (120, 40))
NAMES = {
    "short": ["Anna", "Bert", "Cora"],
    "long": ["Maximiliane Alexandrine Wöhler", "Bartholomäus Friedrich von Ahr",
             "Konstantinopel Wilhelmine Korn"],     # 30 characters, wrapping words
    "wide": ["山田太郎" * 3 + "花子", "김민준" * 5, "Ωmega Ελένη Σοφία ÄÖÜ ß Ōtaro"],
}
CUT = ("more lines", "weitere Zeilen")


def page(state: Any, seat: int, names: list[str], lang: str, width: int, height: int) -> str:
    console = Console(width=width, height=height, record=True, force_terminal=True,
                      color_system=None, file=io.StringIO())
    human = HumanAgent(companions.terminal(GAME, PACK), console, names, lang)
    human.draw_page(Window(GAME, state, seat, state.candidate_actions(seat), Chance(1)))
    console.print("> ")
    return console.export_text(styles=False)


def assert_fits(state: Any, names: list[str], lang: str) -> None:
    seat = state.decision().seats[0]
    for width, height in SIZES:
        text = page(state, seat, names[:state.n], lang, width, height)
        lines = text.splitlines()
        assert len(lines) <= height, (width, lang, names, text)
        assert all(cell_len(line) <= width for line in lines), text
        assert not any(cut in text for cut in CUT), text


def positions() -> dict[tuple[Any, ...], Any]:
    """One position for each (players, sheet, question, hand size) met in random play,
    and the end triggered."""
    found: dict[tuple[Any, ...], Any] = {}
    for seats, sheet, seed in ((3, "I", 0), (3, "II", 1), (3, "I", 2), (2, "II", 3)):
        state = GAME.new_state(GAME.parse_options({"sheet": sheet}, seats), seed, PACK, seats)
        chooser = random.Random(seed)
        while (decision := state.decision()) is not None:
            seat = decision.seats[0]
            view = state.view(seat)
            key = (seats, sheet, decision.prompt, len(view.get("hand") or []),
                   view["end_triggered"])
            found.setdefault(key, state.clone())
            state.apply(seat, chooser.choice(state.candidate_actions(seat)))
    return found


POSITIONS = positions()


def test_the_positions_cover_every_question_and_hand() -> None:
    prompts = {key[2] for key in POSITIONS}
    assert {"rl.ask.side", "rl.ask.track", "rl.ask.lay", "rl.ask.optional",
            "rl.ask.refuse", "rl.ask.free"} <= prompts, prompts
    assert {key[3] for key in POSITIONS} == {0, 1, 2, 3, 4}
    assert any(key[4] for key in POSITIONS)          # the end triggered
    # the tallest kind of page: three players, a full hand, keep/refuse
    assert any(k[0] == 3 and k[2] == "rl.ask.refuse" and k[3] == 4 for k in POSITIONS)


# short names are drawn whole and take the fewest rows: the random test and the
# captures (tests/cli/test_screens.py) have them
@pytest.mark.parametrize("names", ["long", "wide"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_page_fits_80x40_and_120x40(names: str, lang: str) -> None:
    for state in POSITIONS.values():
        assert_fits(state, NAMES[names], lang)


# Keep/refuse questions of three players (random play from these seeds, this many
# steps) whose fullest German page with long names is 35-37 rows at 80 columns
# before the page tightens itself.
TALLEST = [(2, "II", 10), (0, "II", 14), (1, "I", 13), (3, "II", 40), (2, "I", 19)]


def played(seed: int, sheet: str, steps: int, seats: int = 3) -> Any:
    state = GAME.new_state(GAME.parse_options({"sheet": sheet}, seats), seed, PACK, seats)
    chooser = random.Random(seed)
    for seat in deciding_seats(state, steps):
        state.apply(seat, chooser.choice(state.candidate_actions(seat)))
    return state


@pytest.mark.parametrize(("seed", "sheet", "steps"), TALLEST)
def test_the_tallest_keep_or_refuse_pages_fit(seed: int, sheet: str, steps: int) -> None:
    state = played(seed, sheet, steps)
    seat = state.decision().seats[0]
    assert state.decision().prompt == "rl.ask.refuse"
    view = {**state.view(seat), "names": NAMES["long"]}
    fullest = _compact(view, "de", None, *VARIANTS[0])
    assert rows_needed(fullest, 80) > COMPACT_ROWS + 2      # the case is a hard one
    for width, _ in SIZES:
        assert rows_needed(render_compact(view, "de", None, width), width) <= COMPACT_ROWS
    for lang in ("en", "de"):
        for names in NAMES.values():
            assert_fits(state, names, lang)


name = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp"),
                             blacklist_characters="[],"), min_size=1, max_size=MAX_NAME)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.sampled_from([2, 3]),
       sheet=st.sampled_from(["I", "II"]), steps=st.integers(0, 120),
       names=st.lists(name, min_size=3, max_size=3), lang=st.sampled_from(["en", "de"]))
def test_a_random_page_with_random_names_fits(seed: int, seats: int, sheet: str, steps: int,
                                              names: list[str], lang: str) -> None:
    state = GAME.new_state(GAME.parse_options({"sheet": sheet}, seats), seed, PACK, seats)
    chooser = random.Random(seed)
    for seat in deciding_seats(state, steps):
        state.apply(seat, chooser.choice(state.candidate_actions(seat)))
    if state.decision() is not None:
        assert_fits(state, [n.strip() or "x" for n in names], lang)
