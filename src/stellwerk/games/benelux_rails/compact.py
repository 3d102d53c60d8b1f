"""The terminal table's compact page and its details (`Terminal.render_compact`,
`detail_topics`, `render_detail`): what a seat needs to decide in about 28 rows of 80 or
120 columns (a map window around its train, every player in one line, its demands, the
public demands), and on request the whole map, the recent log and the players in full.
Every line is cut with "…" rather than wrapped, so the page's height is known."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text

from stellwerk.games.benelux_rails.render import (
    COLOURS,
    draw_map,
    drops_text,
    effects_text,
    log_line,
    train_text,
)
from stellwerk.games.benelux_rails.tables import Tables
from stellwerk.games.benelux_rails.terms import CATALOG
from stellwerk.games.benelux_rails.words import SECOND_TRAIN, demand_text, good_word

TOPICS = ("map", "players", "log")
MAP_ROWS = 13          # map rows in the compact page (of 28)
MIN_MAP_ROWS = 7       # ... at least, with three players' second trains and four cards
MARGIN = 6             # row label and shift before the first milepost
PAGE_ROWS = 28         # the page's rows at most (Terminal.compact_height)
RECENT = 3             # the last events shown when the page has room


def line(text: str, width: int, style: str = "") -> Text:
    """One row, never wrapped: cut with an ellipsis at `width`."""
    out = Text(text, style=style, no_wrap=True, overflow="ellipsis")
    out.truncate(width, overflow="ellipsis")
    return out


def seat_names(view: Mapping[str, Any]) -> list[str]:
    names = view.get("names")
    return [str(n) for n in names] if names else [f"Seat {s + 1}" for s in
                                                  range(view["seats"])]


def card_line(card: Mapping[str, Any], tables: Tables | None = None, lang: str = "en") -> str:
    return f"{card['card']:>3}: " + "; ".join(
        demand_text(tables, d, lang) for d in card["demands"])


def player_lines(view: Mapping[str, Any], seat: int, names: Sequence[str], lang: str,
                 tables: Tables | None = None) -> list[Text]:
    """A player in one line; a second train in a line of its own under it."""
    p = view["players"][seat]
    marker = "▶" if seat == view["active"] else " "
    flag = "★" if p["announced"] else " "
    train = p["train"] + (f"→{p['pending_train']}" if p["pending_train"] else "")
    loads = ", ".join(good_word(tables, g, lang) for g in p["loads"]) or "-"
    text = (f"{marker}{flag}{names[seat][:10]:<10} {p['money']:>4} M  {train} "
            f"{p['speed']}/{p['capacity']} @ {p['position'] or '-'}  "
            f"{CATALOG.text('br.cards', lang)}: {p['hand_size']}  "
            f"{CATALOG.text('br.points', lang)}: {p['points']}  "
            f"{CATALOG.text('br.loads', lang)}: {loads}")
    out = [Text(text, style=COLOURS[seat % 3], no_wrap=True, overflow="ellipsis")]
    for train_data in p.get("trains", [])[1:]:
        out.append(Text(f"   {SECOND_TRAIN[seat % 3]} {CATALOG.text('br.train', lang)} "
                        f"{train_data['number']}: {train_text(tables, train_data, lang)}  "
                        f"{CATALOG.text('br.points', lang)}: {train_data['points']}",
                        style=COLOURS[seat % 3], no_wrap=True, overflow="ellipsis"))
    return out


def render_compact(view: Mapping[str, Any], lang: str, tables: Tables | None,
                   width: int) -> Group:
    def tr(key: str, **params: Any) -> str:
        return CATALOG.text(key, lang, **params)

    names = seat_names(view)
    heading = tr("br.setup") if view["round"] == 0 else tr("br.round", n=view["round"])
    parts: list[Any] = [line(f"Benelux Rails — {heading}  ·  {tr('br.deck', n=view['deck'])}"
                             f"  ·  {tr('br.topics')}", width, "bold")]
    below = sum(len(p.get("trains", [p])) for p in view["players"]) + len(view["hand"]) + (
        len(view["public"]) + 3 + bool(view["drops"]) + bool(view["effects"]))
    if tables is not None:
        # the map gives up rows when second trains, a fourth card and goods lying need
        # them, so the page keeps to PAGE_ROWS (a window of at least MIN_MAP_ROWS)
        rows = max(MIN_MAP_ROWS, min(MAP_ROWS, PAGE_ROWS - 3 - below))
        parts.append(draw_map(view, tables, max_cols=(width - MARGIN) // 2, max_rows=rows))
        parts.append(line(tr("br.legend"), width, "dim"))
    for s in range(view["seats"]):
        for player_line_text in player_lines(view, s, names, lang, tables):
            player_line_text.truncate(width, overflow="ellipsis")
            parts.append(player_line_text)
    for title, cards in ((tr("br.hand"), view["hand"]), (tr("br.public"), view["public"])):
        if cards:
            parts.append(line(title, width, "bold"))
            parts.extend(line(card_line(card, tables, lang), width) for card in cards)
    if view["drops"]:
        parts.append(line(tr("br.drops") + ": " + drops_text(tables, view["drops"], lang),
                          width))
    if view["effects"]:
        parts.append(line(tr("br.effects") + ": " + effects_text(tables, view["effects"],
                                                                 lang), width))
    # what just happened, in the rows left of the page (the whole log: `show log`)
    used = sum(len(part.plain.splitlines()) or 1 for part in parts)
    room = min(RECENT, max(0, PAGE_ROWS - used))
    parts.extend(line("  " + log_line(entry, lang, names, tables), width, "dim")
                 for entry in view["log"][len(view["log"]) - room:] if room)
    return Group(*parts)


def render_detail(view: Mapping[str, Any], topic: str, lang: str, tables: Tables | None,
                  width: int) -> Group:
    """`show map`: the whole map (in a west and an east half when it is wider than the
    terminal); `show players`: everyone's holdings; `show log`: the recent events."""
    names = seat_names(view)
    if topic == "map" and tables is not None:
        cols = (width - MARGIN) // 2
        if tables.cols <= cols:
            return Group(draw_map(view, tables, max_cols=tables.cols))
        middle = tables.rows // 2
        return Group(line(CATALOG.text("br.west", lang), width, "bold"),
                     draw_map(view, tables, max_cols=cols, centre=(middle, 0)),
                     line(CATALOG.text("br.east", lang), width, "bold"),
                     draw_map(view, tables, max_cols=cols, centre=(middle, tables.cols)))
    if topic == "players":
        return Group(players_table(view, names, lang, tables))
    rows = [line(log_line(entry, lang, names, tables), width) for entry in view["log"]]
    return Group(*rows) if rows else Group(Text("—"))


def players_table(view: Mapping[str, Any], names: Sequence[str], lang: str,
                  tables: Tables | None = None) -> RichTable:
    def tr(key: str) -> str:
        return CATALOG.text(key, lang)

    table = RichTable(show_header=True)
    for head in ("", "M", tr("br.train"), tr("br.loads"), tr("br.cards"), tr("br.start"),
                 tr("br.track")):
        table.add_column(head, overflow="fold")
    for s, p in enumerate(view["players"]):
        trains = p.get("trains") or [p]
        flags = (" ★" if p["announced"] else "") + (
            " ✗" if any(train["derailed"] for train in trains) else "")
        train = "\n".join(f"{k + 1}: " + train_text(tables, tr_data, lang)
                          + (" ✗" if tr_data["derailed"] else "")
                          for k, tr_data in enumerate(trains)) if len(trains) > 1 else \
            train_text(tables, p, lang)
        loads = ", ".join(good_word(tables, g, lang) for tr_data in trains
                          for g in tr_data["loads"]) or "-"
        table.add_row(Text(names[s] + flags, style=COLOURS[s % 3]), str(p["money"]), train,
                      loads, f"{p['hand_size']}/{p.get('hand_limit', 3)}", p["start"] or "-",
                      f"{len(p['track'])} + {len(p['ferries'])}")
    return table
