"""Every built track is visible in the terminal map. The layout has a cell between two
mileposts of a row (east-west track is drawn there as `─`) but none between rows, so a
diagonal track shows through its two mileposts: each is drawn in the owner's glyph
(`*`, `#`, `+`; `%` where networks meet) and colour, a city shows its code (or its
size letter) in the owner's colour, and a train stands on top as its label."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.text import Text

from stellwerk.core.chance import Chance
from stellwerk.games.benelux_rails.citymarks import CLOSE, OPEN, city_codes
from stellwerk.games.benelux_rails.render import (
    COLOURS,
    SECOND_TRAIN,
    SHARED_GLYPH,
    TRACK_GLYPH,
    draw_map,
    window,
)
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.games.benelux_rails.tables import Tables

from .helpers import GAME, give_track


def shipped_state(seed: int, seats: int) -> BeneluxState:
    state = GAME.new_state({}, seed, GAME.load_pack(), seats)
    assert isinstance(state, BeneluxState)
    while state.phase != "turn":
        seat = state.active
        state.apply(seat, state.legal_actions(seat)[0])
        state.apply(seat, state.legal_actions(seat)[seat % 4])
    return state


def random_track(state: BeneluxState, chance: Chance, walks: int) -> None:
    """Random walks of track for every seat (diagonal steps included), no owner twice."""
    t = state.t
    for s in range(state.n):
        for _ in range(walks):
            here = chance.below(t.n)
            path = [here]
            for _ in range(chance.below(8) + 2):
                free = [j for j in t.adjacent[path[-1]] if t.edge(path[-1], j) not in
                        state.owner and not t.same_major(path[-1], j)]
                if not free:
                    break
                path.append(chance.choice(free))
            if len(path) > 1:
                give_track(state, s, *(t.names[p] for p in path))


def cell_at(text: Text, lines: list[str], rows: range, cols: range, r: int, c: int
            ) -> tuple[str, str]:
    """The character drawn for milepost (r, c), and the style it was drawn in."""
    line_no = 1 + r - rows.start                        # the first line holds column numbers
    column = 4 + (1 if r % 2 else 0) + 2 * (c - cols.start)
    offset = sum(len(line) + 1 for line in lines[:line_no]) + column
    styles = " ".join(str(span.style) for span in text.spans
                      if span.start <= offset < span.end)
    return lines[line_no][column], styles


def marks(t: Tables, city: int) -> str:
    """The characters a city's mark on the map is made of (`Ut`, `[AMS]`)."""
    return OPEN + city_codes(t)[city] + CLOSE


def assert_every_edge_visible(state: BeneluxState, text: Text, rows: range, cols: range
                              ) -> int:
    t = state.t
    lines = text.plain.split("\n")
    view = state.view(0)
    labels = {}
    for s, p in enumerate(view["players"]):
        for k, train in enumerate(p["trains"]):
            labels[train["position"]] = str(s + 1) if k == 0 else SECOND_TRAIN[s]
    seen = 0
    for e, owner in state.owner.items():
        a, b = t.ends(e)
        if not all(t.cells[p][0] in rows and t.cells[p][1] in cols for p in (a, b)):
            continue
        seen += 1
        for p in (a, b):
            char, style = cell_at(text, lines, rows, cols, *t.cells[p])
            if t.names[p] in labels:
                assert char in labels.values()
            elif t.terrain[p] in ".^":
                assert char in (TRACK_GLYPH[owner], SHARED_GLYPH), (t.names[p], char)
                if char == TRACK_GLYPH[owner]:
                    assert COLOURS[owner] in style
            else:   # a city: its size letter or a character of its code, in colour
                assert (char == t.terrain[p] or char in marks(t, t.city_at[p])) and \
                    "bold" in style and any(colour in style for colour in COLOURS)
        (ra, ca), (rb, cb) = t.cells[a], t.cells[b]
        if ra == rb:                                    # east-west: the line between them
            r, c = ra, min(ca, cb)
            line = lines[1 + r - rows.start]
            assert line[4 + (1 if r % 2 else 0) + 2 * (c - cols.start) + 1] == "─"
    return seen


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31), seats=st.sampled_from([2, 3]))
def test_every_built_edge_is_visible_on_the_whole_map_and_the_window(seed: int,
                                                                     seats: int) -> None:
    state = shipped_state(seed, seats)
    random_track(state, Chance(seed), walks=12)
    t = state.t
    whole = draw_map(state.view(0), t, max_cols=t.cols, max_rows=t.rows)
    assert assert_every_edge_visible(state, whole, range(t.rows), range(t.cols)) == len(
        state.owner)
    view = state.view(0)
    rows, cols = window(view, t, 37, 13)
    part = draw_map(view, t, max_cols=37, max_rows=13)
    assert_every_edge_visible(state, part, rows, cols)


def test_a_diagonal_track_marks_both_its_mileposts() -> None:
    state = shipped_state(1, 2)
    t = state.t
    a = next(i for i in range(t.n) if t.terrain[i] == "." and any(
        t.cells[j][0] != t.cells[i][0] and t.terrain[j] == "." for j in t.adjacent[i]))
    b = next(j for j in t.adjacent[a] if t.cells[j][0] != t.cells[a][0]
             and t.terrain[j] == ".")
    give_track(state, 1, t.names[a], t.names[b])
    text = draw_map(state.view(0), t, max_cols=t.cols, max_rows=t.rows)
    lines = text.plain.split("\n")
    for p in (a, b):
        char, style = cell_at(text, lines, range(t.rows), range(t.cols), *t.cells[p])
        assert char == "#" and "blue" in style
