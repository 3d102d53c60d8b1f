"""The Rail Line table in the terminal: the line with every locomotive, the offer, the
hand, each record sheet with its marks, coins and what is being decided."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from stellwerk.games.rail_line.terms import CATALOG

COLOURS = ("red", "blue", "green")
SHORT = {"passengers": "Pas", "mail": "Mai", "coal": "Coa", "iron": "Iro", "steel": "Ste",
         "factory": "Fac", "forest": "For", "sawmill": "Saw", "beet": "Bee", "sugar": "Sug",
         "glass": "Gla"}


def station_text(station: list[str] | None, lang: str) -> str:
    if station is None:
        return "·"
    if not station:
        return CATALOG.text("free", lang)
    return " + ".join(CATALOG.text(s, lang) for s in station)


RECENT = 10


def describe_event(event: list[Any], lang: str, names: list[str]) -> str:
    """One line of the event log in words."""
    kind, seat = event[0], names[event[1]]
    if kind == "mark":
        symbol = CATALOG.text(event[2], lang)
        text = CATALOG.text("rl.ev.mark", lang, seat=seat, symbol=symbol)
        if event[3] in ("overflow", "lost"):
            text += CATALOG.text(f"rl.ev.{event[3]}", lang)
        return text
    if kind == "start":
        return CATALOG.text("rl.ev.start", lang, seat=seat, arg=event[2] + 1)
    key = f"rl.ev.{kind}"
    if key not in CATALOG:
        return ""
    return CATALOG.text(key, lang, seat=seat, arg=event[2] if len(event) > 2 else "")


def render_view(view: Mapping[str, Any], lang: str = "en", names: list[str] | None = None) -> Group:
    names = names or [CATALOG.text("rl.seat", lang, n=i + 1) for i in range(view["players"])]
    parts: list[Any] = [_line_table(view, lang, names)]
    cards = Table(title=CATALOG.text("rl.offer", lang) + "  —  " +
                  CATALOG.text("rl.deck", lang, n=view["deck"]), show_lines=False)
    cards.add_column(CATALOG.text("rl.card", lang))
    _track_columns(cards, view, lang, names)
    for item in view["offer"]:
        cards.add_row(item["card"], *(station_text(s, lang) for s in item["stations"]))
    if view.get("hand"):
        cards.add_section()
        cards.add_row(Text(CATALOG.text("rl.hand", lang), style="bold"), "", "", "")
        for item in view["hand"]:
            cards.add_row(item["card"], *(station_text(s, lang) for s in item["stations"]))
    parts.append(cards)
    parts.append(_sheet_table(view, lang, names))
    recent = [describe_event(e, lang, names) for e in view.get("log", [])[-RECENT:]]
    if recent:
        parts.append(Text(CATALOG.text("rl.recent", lang) + "; ".join(r for r in recent if r),
                          style="dim"))
    if view["end_triggered"]:
        parts.append(Text(CATALOG.text("rl.end_triggered", lang), style="bold yellow"))
    return Group(*parts)


def _line_table(view: Mapping[str, Any], lang: str, names: list[str]) -> Table:
    table = Table(title=CATALOG.text("rl.line", lang), show_lines=False)
    table.add_column(CATALOG.text("rl.pos", lang), justify="right")
    table.add_column(CATALOG.text("rl.card", lang))
    owner = _track_columns(table, view, lang, names)
    for item in view["line"]:
        cells = []
        for t, station in enumerate(item["stations"], start=1):
            text = station_text(station, lang)
            seat = owner.get(t)
            if seat is not None:
                marks = ""
                if item["position"] == view["head"]:
                    marks += " ●"
                if item["position"] == seat["slow"]:
                    marks += " ○"
                text += marks
            cells.append(text)
        table.add_row(str(item["position"]), item["card"], *cells)
    table.caption = CATALOG.text("rl.locos", lang)
    return table


def _track_columns(table: Table, view: Mapping[str, Any], lang: str,
                   names: list[str]) -> dict[int, Mapping[str, Any]]:
    """A column per track, headed with its owner's name in the owner's colour."""
    owner = {s["track"]: s for s in view["seats"] if s["track"]}
    for t in range(1, 4):
        seat = owner.get(t)
        head = f"{CATALOG.text('rl.track', lang)} {t}"
        if seat is not None:
            head += f" ({names[seat['seat']]})"
        table.add_column(head, style=COLOURS[seat["seat"]] if seat else "dim")
    return owner


def _sheet_table(view: Mapping[str, Any], lang: str, names: list[str]) -> Table:
    table = Table(title=CATALOG.text("rl.sheet", lang, name=view["sheet"]))
    table.add_column("")
    rows = view["sheet_rows"]
    for seat in view["seats"]:
        table.add_column(names[seat["seat"]], style=COLOURS[seat["seat"]])
    for symbol, values in rows.items():
        cells = []
        for seat in view["seats"]:
            n = seat["marks"][symbol]
            cells.append(Text(" ".join(f"[{v}]" if i < n else str(v)
                                       for i, v in enumerate(values))))
        table.add_row(CATALOG.text(symbol, lang), *cells)
    table.add_section()
    table.add_row(CATALOG.text("coins", lang), *(str(s["coins"]) for s in view["seats"]))
    extra = []
    for s in view["seats"]:
        bits = [CATALOG.text("rl.score_now", lang, n=s["score_now"]),
                CATALOG.text("rl.hand_size", lang, n=s["hand_size"])]
        if view["players"] == 3:
            bits.append(CATALOG.text("rl.refusals_left", lang, n=s["refusals_left"]))
        bits.append(CATALOG.text("rl.gain_used" if s["gain_used"] else "rl.gain_unused", lang))
        extra.append(", ".join(bits))
    table.add_row("", *extra)
    table.caption = Text(CATALOG.text("rl.marked_box", lang))
    return table
