"""The terminal table: the milepost map as text, the players, demands and the log.

Each milepost is one character two columns apart (odd rows shifted by one): `·` plain,
`^` mountain, `s`/`m` small/medium city, `M` a major city. The layout has a cell between
two mileposts of a row (an east-west track is drawn there as `─`) but none between rows,
so a diagonal track has no line of its own: every milepost a player's track touches is
drawn in that player's glyph and colour (`*` seat 1, `#` seat 2, `+` seat 3, `%` where
networks meet; a city keeps its letter in the colour), so every built edge shows as two
marked mileposts side by side. A first train is its seat number, a second train the
seat's letter (a, b, c). Maps wider than the terminal are shown as a window around the
viewing player's train. Text from the pack is escaped before rich reads it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.markup import escape
from rich.table import Table as RichTable
from rich.text import Text

from stellwerk.games.benelux_rails import grid
from stellwerk.games.benelux_rails.tables import Tables
from stellwerk.games.benelux_rails.terms import CATALOG
from stellwerk.games.benelux_rails.words import (
    SECOND_TRAIN,
    city_word,
    demand_text,
    good_word,
    localise,
)

COLOURS = ("red", "blue", "green")
GLYPH = {".": "·", "^": "^", "s": "s", "m": "m", "M": "M"}
TRACK_GLYPH = ("*", "#", "+")   # a milepost on seat 1's, 2's, 3's track
SHARED_GLYPH = "%"              # a milepost on several players' track
MAX_COLS = 58
LOG_LINES = 6


def draw_map(view: Mapping[str, Any], t: Tables, max_cols: int = MAX_COLS,
             max_rows: int | None = None, centre: tuple[int, int] | None = None) -> Text:
    """The map, or a window of at most `max_cols` x `max_rows` mileposts around the
    viewing player's train (an onlooker's: the active player's)."""
    on_track: dict[int, list[int]] = {}       # milepost -> seats whose track touches it
    own_edges: dict[int, str] = {}
    trains: dict[int, tuple[str, int]] = {}   # milepost -> (label, seat)
    for s, p in enumerate(view["players"]):
        for a, b in p["track"]:
            i, j = t.index[a], t.index[b]
            for end in (i, j):
                seats = on_track.setdefault(end, [])
                if s not in seats:
                    seats.append(s)
            own_edges[t.edge(i, j)] = COLOURS[s % 3]
        for k, train in enumerate(p.get("trains") or [p]):
            if train["position"] is not None:
                label = str(s + 1) if k == 0 else SECOND_TRAIN[s % 3]
                trains.setdefault(t.index[train["position"]], (label, s))
    rows, cols = window(view, t, max_cols, max_rows or t.rows, centre)
    at = {cell: i for i, cell in enumerate(t.cells)}
    text = Text("    " + "".join(f"{c + 1:<10}" for c in range(cols.start, cols.stop, 5))
                + "\n", style="dim")
    for r in rows:
        text.append(f"{grid.row_label(r):>3} " + (" " if r % 2 else ""), style="dim")
        for c in cols:
            spot = at.get((r, c))
            if spot is None:
                text.append("  ", style="blue dim")
                continue
            if spot in trains:
                label, seat_here = trains[spot]
                text.append(label, style=f"bold reverse {COLOURS[seat_here % 3]}")
            else:
                text.append(*milepost_glyph(t.terrain[spot], on_track.get(spot, [])))
            east = at.get((r, c + 1))
            edge_colour = own_edges.get(t.edge(spot, east)) if east is not None else None
            text.append("─" if edge_colour else " ", style=edge_colour or "")
        text.append("\n")
    text.rstrip()
    return text


def milepost_glyph(terrain: str, seats: Sequence[int]) -> tuple[str, str]:
    """A milepost's character and style: the terrain, or the track of the seats on it."""
    if not seats:
        return GLYPH[terrain], "dim" if terrain in ".^" else "bold"
    colour = COLOURS[seats[0] % 3]
    if terrain not in ".^":
        return GLYPH[terrain], f"bold {colour}"   # a city keeps its letter
    return (SHARED_GLYPH if len(seats) > 1 else TRACK_GLYPH[seats[0] % 3]), colour


def window(view: Mapping[str, Any], t: Tables, max_cols: int, max_rows: int,
           centre: tuple[int, int] | None = None) -> tuple[range, range]:
    """Rows and columns of the map shown: all of it when it fits, else a window centred
    on the viewer's train (an onlooker, or a seat without a train: the active player's;
    nobody's: the map's middle), moved inside the map."""
    if centre is None:
        seat = view.get("seat")
        if seat is None or view["players"][seat]["position"] is None:
            seat = view.get("active", 0)
        where = view["players"][seat]["position"]
        centre = t.cells[t.index[where]] if where is not None else (t.rows // 2, t.cols // 2)

    def span(middle: int, size: int, limit: int) -> range:
        if limit <= size:
            return range(limit)
        first = max(0, min(middle - size // 2, limit - size))
        return range(first, first + size)

    return span(centre[0], max_rows, t.rows), span(centre[1], max_cols, t.cols)


def render_view(view: Mapping[str, Any], lang: str, tables: Tables | None,
                names: Sequence[str] | None = None) -> Group:
    def tr(key: str, **params: Any) -> str:
        return CATALOG.text(key, lang, **params)

    names = list(names or [f"Seat {s + 1}" for s in range(view["seats"])])
    parts: list[Any] = []
    heading = tr("br.setup") if view["round"] == 0 else tr("br.round", n=view["round"])
    parts.append(Text(f"Benelux Rails — {heading}", style="bold"))
    if tables is not None:
        parts.append(draw_map(view, tables))
        parts.append(Text(tr("br.legend"), style="dim"))
    table = RichTable(show_header=True)
    for head in ("", "M", tr("br.train"), tr("br.loads"), tr("br.points"), tr("br.cards")):
        table.add_column(head)
    for s, p in enumerate(view["players"]):
        marker = "▶ " if s == view["active"] else "  "
        flag = " ★" if p["announced"] else ""
        for k, train in enumerate(p.get("trains") or [p]):
            kind = train["train"] + (f" → {train['pending_train']}"
                                     if train["pending_train"] else "")
            who = f"[{COLOURS[s % 3]}]{marker}{escape(names[s])}{flag}[/]" if k == 0 else \
                f"[{COLOURS[s % 3]}]  {SECOND_TRAIN[s % 3]}[/]"
            table.add_row(who, str(p["money"]) if k == 0 else "",
                          f"{kind} @ {train['position'] or '-'}",
                          escape(", ".join(good_word(tables, g, lang) for g in train["loads"])
                                 or "-"), str(train["points"]),
                          str(p["hand_size"]) if k == 0 else "")
    parts.append(table)
    for title, cards in ((tr("br.hand"), view["hand"]), (tr("br.public"), view["public"])):
        if cards:
            parts.append(Text(title, style="bold"))
            for card in cards:
                line = "; ".join(demand_text(tables, d, lang, " → ") + "M"
                                 for d in card["demands"])
                parts.append(Text(f"  {card['card']:>3}: {line}"))
    if view["drops"]:
        parts.append(Text(tr("br.drops") + ": " + drops_text(tables, view["drops"], lang)))
    if view["effects"]:
        parts.append(Text(tr("br.effects") + ": " + effects_text(tables, view["effects"],
                                                                 lang)))
    for entry in view["log"][-LOG_LINES:]:
        parts.append(Text("  " + log_line(entry, lang, names, tables), style="dim"))
    return Group(*parts)


def log_line(entry: Mapping[str, Any], lang: str, names: Sequence[str],
             tables: Tables | None = None) -> str:
    """One event of the log in words, seats by their names (with the train's number
    when the player has two), goods and cities in the reader's language."""
    seat = entry.get("seat")
    params = {k: (" ".join(map(str, v)) if isinstance(v, list) else v) for k, v in entry.items()
              if k not in ("key", "seat")}
    if "to" in params and isinstance(params["to"], int):
        params["to"] = names[params["to"]]
    if tables is not None:
        localise(params, tables, lang)
    who = names[seat] if isinstance(seat, int) else ""
    if who and isinstance(params.get("train_no"), int):
        who = CATALOG.text("br.seat_train", lang, seat=who, n=params["train_no"])
    return CATALOG.text(entry["key"], lang, seat=who, **params)


def drops_text(t: Tables | None, drops: Sequence[Mapping[str, Any]], lang: str) -> str:
    return ", ".join(f"{good_word(t, d['good'], lang)}@{city_word(t, d['city'], lang)}"
                     for d in drops)


def effects_text(t: Tables | None, effects: Sequence[Mapping[str, Any]], lang: str) -> str:
    return ", ".join(t.events[e["event"]].names[lang] if t and e["event"] in t.events
                     and lang in t.events[e["event"]].names else e["event"] for e in effects)


def train_text(t: Tables | None, train: Mapping[str, Any], lang: str) -> str:
    """One train: type (and pending upgrade), speed/loads, where, its loads."""
    kind = train["train"] + (f"→{train['pending_train']}" if train["pending_train"] else "")
    loads = ", ".join(good_word(t, g, lang) for g in train["loads"]) or "-"
    return f"{kind} {train['speed']}/{train['capacity']} @ {train['position'] or '-'} [{loads}]"
