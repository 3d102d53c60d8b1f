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


def render_view(view: Mapping[str, Any], lang: str = "en", names: list[str] | None = None) -> Group:
    names = names or [f"Seat {i + 1}" for i in range(view["players"])]
    parts: list[Any] = [_line_table(view, lang, names)]
    cards = Table(title=CATALOG.text("rl.offer", lang) + "  —  " +
                  CATALOG.text("rl.deck", lang, n=view["deck"]), show_lines=False)
    cards.add_column("card")
    for t in range(3):
        cards.add_column(f"{CATALOG.text('rl.track', lang)} {t + 1}")
    for item in view["offer"]:
        cards.add_row(item["card"], *(station_text(s, lang) for s in item["stations"]))
    if view.get("hand"):
        cards.add_section()
        cards.add_row(Text(CATALOG.text("rl.hand", lang), style="bold"), "", "", "")
        for item in view["hand"]:
            cards.add_row(item["card"], *(station_text(s, lang) for s in item["stations"]))
    parts.append(cards)
    parts.append(_sheet_table(view, lang, names))
    if view["end_triggered"]:
        parts.append(Text(CATALOG.text("rl.end_triggered", lang), style="bold yellow"))
    return Group(*parts)


def _line_table(view: Mapping[str, Any], lang: str, names: list[str]) -> Table:
    table = Table(title=CATALOG.text("rl.line", lang), show_lines=False)
    table.add_column("pos", justify="right")
    table.add_column("card")
    owner = {s["track"]: s for s in view["seats"] if s["track"]}
    for t in range(1, 4):
        seat = owner.get(t)
        head = f"{CATALOG.text('rl.track', lang)} {t}"
        if seat is not None:
            head += f" ({names[seat['seat']]})"
        table.add_column(head, style=COLOURS[seat["seat"]] if seat else "dim")
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
    table.caption = "● fast locomotive   ○ slow locomotive"
    return table


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
            cells.append(" ".join(("[" + str(v) + "]") if i < n else str(v)
                                  for i, v in enumerate(values)))
        table.add_row(CATALOG.text(symbol, lang), *cells)
    table.add_section()
    table.add_row(CATALOG.text("coins", lang), *(str(s["coins"]) for s in view["seats"]))
    extra = []
    for s in view["seats"]:
        bits = [f"score now {s['score_now']}", f"hand {s['hand_size']}"]
        if view["players"] == 3:
            bits.append(f"refusals left {s['refusals_left']}")
        bits.append("gain used" if s["gain_used"] else "gain unused")
        extra.append(", ".join(bits))
    table.add_row("", *extra)
    table.caption = "[n] = marked box"
    return table
