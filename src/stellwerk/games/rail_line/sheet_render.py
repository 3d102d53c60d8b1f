"""A record sheet drawn with its structure: chain rows indented under the row they
stand under, marked boxes that do not count shown apart, red lines, each row's points
now and what its next box would add, and the running breakdown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from stellwerk.games.rail_line.terms import CATALOG


def note_text(note: Mapping[str, Any], lang: str) -> str:
    params = {k: CATALOG.text(v, lang) if k == "row" else v for k, v in note.items()
              if k != "key"}
    return CATALOG.text(note["key"], lang, **params)


def boxes_text(row: Mapping[str, Any]) -> Text:
    """[v] marked and counting, (v) marked but not counting, plain v free, | red line."""
    text = Text()
    red = row.get("red_lines") or []
    for i, value in enumerate(row["values"]):
        if i and red and red[i] != red[i - 1]:
            text.append("|", style="bold red")
        if i < row["marked"]:
            if row["counting"][i]:
                text.append(f"[{value}]", style="bold")
            else:
                text.append(f"({value})", style="yellow")
        else:
            text.append(f" {value} ", style="dim")
    return text


def row_label(row: Mapping[str, Any], lang: str) -> str:
    label = CATALOG.text(row["symbol"], lang)
    return f" ↳{label}" if row.get("under") else label


def sheet_table(seat: Mapping[str, Any], lang: str, title: str,
                boxes: str | None = None) -> Table:
    # the title heads the label column (and `boxes`, e.g. a legend, the boxes column),
    # so the sheet costs no line beyond its rows and one header
    table = Table(box=None, padding=(0, 1), show_edge=False)
    table.add_column(title, no_wrap=True)
    # a Text header: "[n]" in a legend must not be read as markup
    table.add_column(Text(boxes or CATALOG.text("rl.col.boxes", lang)), no_wrap=True)
    table.add_column(CATALOG.text("rl.col.now", lang), justify="right")
    table.add_column(CATALOG.text("rl.col.next", lang), justify="right")
    for row in seat["sheet"]:
        now = "" if row["value_now"] is None else str(row["value_now"])
        adds = row["next_adds"]
        next_text = Text(f"{adds:+d}", style="green" if adds > 0 else
                         "red" if adds < 0 else "dim")
        table.add_row(row_label(row, lang), boxes_text(row), now, next_text)
    return table


def why_lines(seat: Mapping[str, Any], lang: str) -> list[Text]:
    """Per row, why its next box gives what it gives (one line per row with reasons)."""
    lines = []
    for row in seat["sheet"]:
        if row["notes"]:
            reasons = "; ".join(note_text(n, lang) for n in row["notes"])
            lines.append(Text(f"  {CATALOG.text(row['symbol'], lang)}: {reasons}", style="dim"))
    return lines


def breakdown_text(seat: Mapping[str, Any], sheet: str, lang: str,
                   skip_zero: bool = False, names: Sequence[str] | None = None) -> Text:
    """The running score by part, e.g. "Score now 26: Passengers 4 (×2: most Passengers),
    Forest 3 x Sawmill 2 = 6, ..., coins 5"; on Sheet I the Passengers part says whether
    it counts twice, or who keeps it single."""
    info = seat["breakdown"]
    bits = []
    for part, points in info["parts"].items():
        if part == "passengers" and info.get("majority", {}).get("boxes"):
            bits.append(f"{CATALOG.text(part, lang)} {points} "
                        + majority_text(info["majority"], lang, names))
            continue
        if skip_zero and not points:
            continue
        if part == "forest" and sheet == "I":
            bits.append(CATALOG.text("rl.forest_times_sawmill", lang, a=info["forest_factor"],
                                     b=info["sawmill_factor"], n=points))
        else:
            key = "rl.part.passengers_mail" if part == "passengers" and sheet == "II" else (
                "rl.part.forest_sawmill" if part == "forest" else part)
            bits.append(f"{CATALOG.text(key, lang)} {points}")
    return Text(CATALOG.text("rl.breakdown", lang, n=info["total"]) + ", ".join(bits))


def majority_text(majority: Mapping[str, Any], lang: str,
                  names: Sequence[str] | None) -> str:
    """Why the Passengers part counts twice, or who keeps it single."""
    if majority["held"]:
        return CATALOG.text("rl.majority.held", lang)
    rivals = [names[r] if names and r < len(names) else CATALOG.text("rl.seat", lang, n=r + 1)
              for r in majority["rivals"]]
    return CATALOG.text("rl.majority.lost", lang, rivals=", ".join(rivals))
