"""The terminal table: the milepost map as text, the players, demands and the log.

Each milepost is one character two columns apart (odd rows shifted by one): `·` plain,
`^` mountain, `s`/`m` small/medium city, `M` a major city; a milepost on a player's track
takes that player's colour, an east-west track between two mileposts is drawn as `─`,
and a train is its seat number. Maps wider than the terminal are shown as a window
around the viewing player's train. Text from the pack is escaped before rich reads it.
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

COLOURS = ("red", "blue", "green")
GLYPH = {".": "·", "^": "^", "s": "s", "m": "m", "M": "M"}
MAX_COLS = 58
LOG_LINES = 6


def draw_map(view: Mapping[str, Any], t: Tables, max_cols: int = MAX_COLS,
             max_rows: int | None = None, centre: tuple[int, int] | None = None) -> Text:
    """The map, or a window of at most `max_cols` x `max_rows` mileposts around the
    viewing player's train (an onlooker's: the active player's)."""
    colour_at: dict[int, str] = {}
    own_edges: dict[int, str] = {}
    trains: dict[int, int] = {}
    for s, p in enumerate(view["players"]):
        for a, b in p["track"]:
            i, j = t.index[a], t.index[b]
            colour_at.setdefault(i, COLOURS[s % 3])
            colour_at.setdefault(j, COLOURS[s % 3])
            own_edges[t.edge(i, j)] = COLOURS[s % 3]
        if p["position"] is not None:
            trains[t.index[p["position"]]] = s
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
                seat_here = trains[spot]
                text.append(str(seat_here + 1), style=f"bold reverse {COLOURS[seat_here % 3]}")
            else:
                style = colour_at.get(spot, "dim" if t.terrain[spot] in ".^" else "bold")
                text.append(GLYPH[t.terrain[spot]], style=style)
            east = at.get((r, c + 1))
            edge_colour = own_edges.get(t.edge(spot, east)) if east is not None else None
            text.append("─" if edge_colour else " ", style=edge_colour or "")
        text.append("\n")
    text.rstrip()
    return text


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
        train = p["train"] + (f" → {p['pending_train']}" if p["pending_train"] else "")
        marker = "▶ " if s == view["active"] else "  "
        flag = " ★" if p["announced"] else ""
        table.add_row(f"[{COLOURS[s % 3]}]{marker}{escape(names[s])}{flag}[/]",
                      str(p["money"]), f"{train} @ {p['position'] or '-'}",
                      escape(", ".join(p["loads"]) or "-"), str(p["points"]),
                      str(p["hand_size"]))
    parts.append(table)
    for title, cards in ((tr("br.hand"), view["hand"]), (tr("br.public"), view["public"])):
        if cards:
            parts.append(Text(title, style="bold"))
            for card in cards:
                line = "; ".join(f"{d['good']} → {d['city']} {d['payout']}M"
                                 for d in card["demands"])
                parts.append(Text(f"  {card['card']:>3}: {line}"))
    if view["drops"]:
        parts.append(Text(tr("br.drops") + ": " + ", ".join(
            f"{d['good']}@{d['city']}" for d in view["drops"])))
    if view["effects"]:
        parts.append(Text(tr("br.effects") + ": " + ", ".join(
            e["event"] for e in view["effects"])))
    for entry in view["log"][-LOG_LINES:]:
        parts.append(Text("  " + log_line(entry, lang, names), style="dim"))
    return Group(*parts)


def log_line(entry: Mapping[str, Any], lang: str, names: Sequence[str]) -> str:
    """One event of the log in words, seats by their names."""
    seat = entry.get("seat")
    params = {k: (" ".join(map(str, v)) if isinstance(v, list) else v) for k, v in entry.items()
              if k not in ("key", "seat")}
    if "to" in params and isinstance(params["to"], int):
        params["to"] = names[params["to"]]
    who = names[seat] if isinstance(seat, int) else ""
    return CATALOG.text(entry["key"], lang, seat=who, **params)
