"""The Rail Line table in the terminal: the line with every locomotive, the offer, the
hand, each record sheet with its marks, coins and what is being decided."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from stellwerk.games.rail_line.sheet_render import (
    breakdown_text,
    note_text,
    sheet_table,
    why_lines,
)
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
    names = names or _default_names(view, lang)
    parts: list[Any] = [_line_table(view, lang, names), _cards_table(view, lang, names)]
    parts += _sheets(view, lang, names)
    parts += decision_facts(view, lang)
    recent = [describe_event(e, lang, names) for e in view.get("log", [])[-RECENT:]]
    if recent:
        parts.append(Text(CATALOG.text("rl.recent", lang) + "; ".join(r for r in recent if r),
                          style="dim"))
    if view["end_triggered"]:
        parts.append(Text(CATALOG.text("rl.end_triggered", lang), style="bold yellow"))
    return Group(*parts)


def _line_table(view: Mapping[str, Any], lang: str, names: list[str],
                last: int | None = None) -> Table:
    table = Table(title=CATALOG.text("rl.line", lang), show_lines=False, box=None,
                  padding=(0, 1), title_justify="left")
    table.add_column(CATALOG.text("rl.pos", lang), justify="right")
    table.add_column(CATALOG.text("rl.card", lang))
    owner = _track_columns(table, view, lang, names)
    items = view["line"]
    if last is not None:
        items = _near_window(view, items, last)
    shown_before = 0    # the line's cards left out of the window show as one "…" row
    for item in items:
        if item["position"] > shown_before + 1:
            table.add_row("…", "", *("" for _ in item["stations"]), style="dim")
        shown_before = item["position"]
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


def _near_window(view: Mapping[str, Any], items: list[Mapping[str, Any]],
                 last: int) -> list[Mapping[str, Any]]:
    """The cards a decision can touch: the seat's slow locomotive, the next stations on
    its track (a slow move goes 1 to 5 stations on), and the head of the line."""
    seat = next((s for s in view["seats"] if s["seat"] == view.get("seat")), None)
    if seat is None or not seat["track"]:
        return items[-last:]
    track = seat["track"] - 1
    ahead = [i for i in items if i["position"] > seat["slow"]
             and i["stations"][track] is not None][:last - 2]
    keep = {seat["slow"], view["head"], *(i["position"] for i in ahead)}
    return [i for i in items if i["position"] in keep]


def _track_columns(table: Table, view: Mapping[str, Any], lang: str,
                   names: list[str]) -> dict[int, Mapping[str, Any]]:
    """A column per track, headed with its number and owner's name in the owner's colour."""
    owner = {s["track"]: s for s in view["seats"] if s["track"]}
    for t in range(1, 4):
        seat = owner.get(t)
        head = f"{CATALOG.text('rl.track', lang)} {t}"
        if seat is not None:
            head = f"{t}: {names[seat['seat']]}"
        # one row whatever the name: a long name is cut with "…" (the seat's number
        # stays), so a header never takes three rows of an 80x40 page
        table.add_column(Text(head, no_wrap=True, overflow="ellipsis"),
                         style=COLOURS[seat["seat"]] if seat else "dim")
    return owner


def _sheets(view: Mapping[str, Any], lang: str, names: list[str],
            notes: bool = True, one_line: bool = False, others_line: bool = True
            ) -> list[Any]:
    """The seat's own sheet with its structure (every sheet for an onlooker) and its
    breakdown, then the players' state. With notes (the full table): each row's reasons,
    the legend and a line per player. Without (compact): the marking legend heads the
    boxes column, the own state is one line and the others share one line; `one_line`
    cuts each of those lines (and the breakdown) to one row with "…", and without
    `others_line` the others' line is left out."""
    own = view.get("seat")
    parts: list[Any] = []
    for seat in view["seats"]:
        if own is None or seat["seat"] == own:
            title = CATALOG.text("rl.sheet_of", lang, name=view["sheet"], seat=names[seat["seat"]])
            boxes = None if notes else CATALOG.text("rl.boxes_legend", lang)
            parts.append(sheet_table(seat, lang, title, boxes))
            parts.append(_cut(breakdown_text(seat, view["sheet"], lang, skip_zero=not notes,
                                             names=names), one_line))
            if notes:
                parts += why_lines(seat, lang)
    if notes:
        parts.append(Text(CATALOG.text("rl.sheet_legend", lang), style="dim"))
        for seat in view["seats"]:
            parts.append(Text(f"{names[seat['seat']]}: {_seat_summary(view, seat, lang)}",
                              style=COLOURS[seat["seat"]]))
        return parts
    others = Text()
    for seat in view["seats"]:
        line = Text() if seat["seat"] == own else others
        if line.plain:
            line.append("  ·  ")
        line.append(f"{names[seat['seat']]}: {_short_summary(view, seat, lang, full=False)}"
                    if seat["seat"] != own else
                    f"{names[seat['seat']]}: {_short_summary(view, seat, lang)}",
                    style=COLOURS[seat["seat"]])
        if seat["seat"] == own:
            parts.append(_cut(line, one_line))
    if others.plain and others_line:
        parts.append(_cut(others, one_line))
    return parts


def _cut(text: Text, one_line: bool) -> Text:
    if one_line:
        text.no_wrap, text.overflow = True, "ellipsis"
    return text


def _seat_summary(view: Mapping[str, Any], seat: Mapping[str, Any], lang: str) -> str:
    bits = [CATALOG.text("rl.score_now", lang, n=seat["score_now"]),
            f"{CATALOG.text('coins', lang)} {seat['coins']}",
            CATALOG.text("rl.hand_size", lang, n=seat["hand_size"])]
    if view["players"] == 3:
        bits.append(CATALOG.text("rl.refusals_left", lang, n=seat["refusals_left"]))
    bits.append(CATALOG.text("rl.status.gain_used" if seat["gain_used"]
                              else "rl.status.gain_unused", lang))
    return ", ".join(bits)


def _short_summary(view: Mapping[str, Any], seat: Mapping[str, Any], lang: str,
                   full: bool = True) -> str:
    text = CATALOG.text("rl.summary_short", lang, score=seat["score_now"], coins=seat["coins"],
                        hand=seat["hand_size"])
    if not full:
        return text
    if view["players"] == 3:
        text += CATALOG.text("rl.summary_refusals", lang, n=seat["refusals_left"])
    return text + CATALOG.text("rl.summary_gain_used" if seat["gain_used"]
                               else "rl.summary_gain_free", lang)


def decision_facts(view: Mapping[str, Any], lang: str) -> list[Text]:
    """What the decision needs on screen: both Starting Station sides, or for keep/refuse
    the station's other symbols and what each answer does."""
    decision = view.get("decision") or {}
    prompt = decision.get("prompt")
    lines: list[Text] = []
    if prompt == "rl.ask.side":
        for number, side in enumerate(view["start_sides"], start=1):
            tracks = ", ".join(f"{CATALOG.text('rl.track', lang)} {t}: {station_text(s, lang)}"
                               for t, s in enumerate(side, start=1))
            lines.append(Text(CATALOG.text("rl.side_carries", lang, n=number, tracks=tracks)))
    refusal = view.get("refusal")
    if prompt == "rl.ask.refuse" and refusal and refusal["seat"] == view.get("seat"):
        symbol = CATALOG.text(refusal["symbol"], lang)
        if refusal["coming"]:
            coming = ", ".join(CATALOG.text(c, lang) for c in refusal["coming"])
            lines.append(Text(CATALOG.text("rl.refusal.coming", lang, symbol=symbol,
                                           coming=coming), style="bold"))
        if refusal.get("own_free_move"):
            lines.append(Text(CATALOG.text("rl.refusal.free_move", lang, symbol=symbol),
                              style="dim"))
        lines.append(Text(CATALOG.text("rl.refusal.keep", lang, symbol=symbol,
                                       n=f"{refusal['keep_adds']:+d}")))
        refuse = CATALOG.text("rl.refusal.refuse", lang, n=f"{refusal['refuse_adds']:+d}")
        if refusal["refuse_loses"]:
            refuse += CATALOG.text("rl.refusal.loses", lang, lost=", ".join(
                CATALOG.text(c, lang) for c in refusal["refuse_loses"]))
        lines.append(Text(refuse))
        for note in refusal["notes"]:
            lines.append(Text(f"  {symbol}: {note_text(note, lang)}", style="dim"))
    return lines


def _cards_table(view: Mapping[str, Any], lang: str, names: list[str],
                 short: bool = False) -> Table:
    """Offer and hand in one table: the group's name stands in its first row; the B
    deck's size heads it (`short`: in as few columns as the labels below it, so the
    symbols beside it wrap less on a compact page)."""
    cards = Table(box=None, padding=(0, 1))
    cards.add_column(CATALOG.text("rl.deck_short" if short else "rl.deck", lang,
                                  n=view["deck"]), no_wrap=True)
    cards.add_column(CATALOG.text("rl.card", lang))
    _track_columns(cards, view, lang, names)
    groups = [("rl.offer", view["offer"]), ("rl.hand", view.get("hand") or [])]
    for key, items in groups:
        for i, item in enumerate(items):
            label = Text(CATALOG.text(key, lang) if i == 0 else "", style="bold")
            cards.add_row(label, item["card"], *(station_text(s, lang) for s in item["stations"]))
    return cards


# The rows of the line the compact table shows (see _near_window); the whole line is
# the "line" detail.
COMPACT_LINE_ROWS = 4
# The rows the compact picture keeps to (Terminal.compact_height), at 80 and 120 columns.
COMPACT_ROWS = 32
# From the fullest page to the tightest: (rows of the line, player and fact lines cut
# to one row, the others' line shown, symbols in the card columns cut to one row). A
# German page with three long names, a full hand and a keep/refuse question wrapped two
# rows past 80x40; the first variant that fits is drawn, and `show` (line,
# cards, sheets) always has everything.
VARIANTS = ((COMPACT_LINE_ROWS, False, True, False), (3, False, True, False),
            (3, True, True, False), (2, True, True, False), (2, True, False, False),
            (2, True, False, True))
NAME_CELLS = 14   # a name in the compact page's own lines (the full table has it whole)


def render_compact(view: Mapping[str, Any], lang: str = "en",
                   names: list[str] | None = None, width: int = 80) -> Drawn:
    """The table in at most COMPACT_ROWS rows of `width` columns, leaving room for the
    question and the choices: the near end of the line, offer and hand, the seat's own
    sheet (no notes column) and a line per player. When wrapped names or symbols make it
    taller, the line shows fewer cards and the player lines are cut to one row each
    (`show` has everything). `render_details` shows the rest."""
    for variant in VARIANTS:
        lines = drawn(_compact(view, lang, names, *variant), width)
        if len(lines) <= COMPACT_ROWS:
            break
    return Drawn(lines)


def drawn(renderable: Any, width: int) -> list[list[Segment]]:
    """`renderable` drawn at `width` columns, a list of segments per row."""
    console = Console(width=width, file=io.StringIO(), color_system=None)
    return console.render_lines(renderable, console.options, pad=False)


def rows_needed(renderable: Any, width: int) -> int:
    """How many rows `renderable` takes at `width` columns."""
    return len(drawn(renderable, width))


class Drawn:
    """A page already drawn (measuring it drew it): printed as it is, styles and all,
    so the table does not draw it a second time."""

    def __init__(self, lines: list[list[Segment]]) -> None:
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines:
            yield from line
            yield Segment.line()


def short_name(name: str, cells: int = NAME_CELLS) -> str:
    """A name cut to `cells` characters with "…", for the compact page's own lines."""
    return name if len(name) <= cells else name[:cells - 1] + "…"


def _compact(view: Mapping[str, Any], lang: str, names: list[str] | None, line_rows: int,
             one_line: bool, others: bool, cut_cells: bool) -> Group:
    names = names or view.get("names") or _default_names(view, lang)
    line = _line_table(view, lang, names, last=line_rows)
    line.title = line.caption = None
    line.columns[0].header = CATALOG.text("rl.card_locos", lang)   # the pos column
    line.columns[0].justify = "left"
    cards = _cards_table(view, lang, names, short=True)
    if cut_cells:
        for column in line.columns[2:] + cards.columns[2:]:    # the tracks' symbols
            column.no_wrap, column.overflow = True, "ellipsis"
    parts: list[Any] = [line, cards]
    parts += _sheets(view, lang, [short_name(n) for n in names], notes=False,
                     one_line=one_line, others_line=others)
    parts += [_cut(fact, one_line) for fact in decision_facts(view, lang)]
    if view["end_triggered"]:
        parts.append(Text(CATALOG.text("rl.end_triggered", lang), style="bold yellow"))
    return Group(*parts)


DETAIL_TOPICS = ("line", "cards", "sheet", "sheets", "log", "legend")


def render_details(view: Mapping[str, Any], lang: str = "en", topic: str = "sheet",
                   names: list[str] | None = None) -> Any:
    """One topic in full: the whole line, the cards, the own sheet with the reason for
    every next box, every player's sheet, the event log, or the legend."""
    names = names or view.get("names") or _default_names(view, lang)
    if topic == "line":
        return _line_table(view, lang, names)
    if topic == "cards":
        return _cards_table(view, lang, names)
    if topic == "sheets":
        return Group(*_sheets({**view, "seat": None}, lang, names))
    if topic == "log":
        events = [describe_event(e, lang, names) for e in view.get("log", [])]
        return Text("\n".join(e for e in events if e))
    if topic == "legend":
        return Text("\n".join(CATALOG.text(k, lang) for k in
                              ("rl.locos", "rl.sheet_legend", "rl.legend.next")))
    return Group(*_sheets(view, lang, names), *decision_facts(view, lang))


def _default_names(view: Mapping[str, Any], lang: str) -> list[str]:
    return [CATALOG.text("rl.seat", lang, n=i + 1) for i in range(view["players"])]
