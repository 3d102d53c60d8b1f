"""The words beside the Linie 1 board, in English or German: the last round's report
with the seat's own placements first, every seat's state, the seat's own line with its
stops placed and reached and how far it is built, and the legend.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.games.linie1.tables import Tables
from stellwerk.games.linie1.terms import CATALOG, reason_text, tile_name


def t(key: str, lang: str, **params: Any) -> str:
    return CATALOG.text(key, lang, **params)


def default_names(view: Mapping[str, Any], lang: str) -> list[str]:
    return [t("l1.seat", lang, n=i + 1) for i in range(view["players"])]


def placement_text(entry: Mapping[str, Any], lang: str, name: str | None = None) -> str:
    text = f"P{entry['priority']} {entry['square']} {tile_name(entry['tile'], lang)} " \
           f"{entry['rotation']}: {t(entry['outcome'], lang)}"
    if name is not None:
        text = f"{name} {text}"
    if entry.get("replaced"):
        text += t("l1.report.took_back", lang, tile=tile_name(entry["replaced"], lang))
    if entry.get("stops"):
        text += t("l1.report.stop_placed", lang, stops=" ".join(entry["stops"]))
    if entry.get("reason_key"):
        text += f" ({reason_text(entry['reason_key'], lang, entry['params'])})"
    return text


def report_lines(view: Mapping[str, Any], names: Sequence[str], lang: str,
                 brief: bool = False) -> list[str]:
    """The last round: the seat's own placements one per line, then the others (in brief:
    counted by outcome), then lines completed."""
    report = view.get("last_report")
    if not report:
        return []
    own = view.get("seat")
    lines = [t("l1.report.round", lang, round=report["round"])]
    mine = [e for e in report["placements"] if e["seat"] == own]
    others = [e for e in report["placements"] if e["seat"] != own]
    if own is not None:
        lines.append(t("l1.report.yours", lang))
        lines += [f"  {placement_text(e, lang)}" for e in mine] or [t("l1.report.none", lang)]
    if others:
        lines.append(t("l1.report.others", lang))
        if brief:
            counts: dict[str, int] = {}
            for entry in others:
                counts[entry["outcome"]] = counts.get(entry["outcome"], 0) + 1
            lines.append("  " + ", ".join(f"{n} {t(o, lang)}" for o, n in counts.items()))
        else:
            lines += [f"  {placement_text(e, lang, names[e['seat']])}" for e in others]
    elif own is None:
        lines.append(t("l1.report.none", lang))
    for done in report["completed"]:
        lines.append(t("l1.report.completed", lang, name=names[done["seat"]],
                       score=f"{done['score']:g}"))
    return lines


def seat_lines(view: Mapping[str, Any], names: Sequence[str], lang: str) -> list[str]:
    lines = []
    for row in view["seats"]:
        if row["finished_round"]:
            status = t("l1.seat.finished", lang, round=row["finished_round"],
                       length=row["length"], score=f"{row['score']:g}")
        else:
            status = t("l1.seat.ordered" if row["ordered"] else "l1.seat.waiting", lang)
        lines.append(f"{names[row['seat']]}: " + t("l1.seat.hand", lang, n=row["hand_size"])
                     + f", {status}")
    return lines


def own_lines(tables: Tables, view: Mapping[str, Any], lang: str,
              hand_detail: bool = True) -> list[str]:
    """The seat's secret: line and terminals, stops (placed? reached?), progress, hand."""
    me = view.get("me")
    if not me:
        return []
    terminals = t("l1.to", lang).join(
        t("l1.terminal", lang, edge=t(f"l1.edge.{x['edge']}", lang), squares="/".join(x["squares"]))
        for x in me["terminals"])
    lines = [t("l1.your_line", lang, line=me["line"], terminals=terminals)]
    progress = me.get("progress")
    if progress:
        for stop in progress["stops"]:
            key = ("l1.stop.reached" if stop["reached"] else
                   "l1.stop.placed" if stop["square"] else "l1.stop.unplaced")
            lines.append("  " + t(key, lang, letter=stop["letter"], square=stop["square"]))
        lines.append("  " + t("l1.progress.joined" if progress["joined"] else "l1.progress",
                              lang, a=progress["from_first"], b=progress["from_second"]))
    hand = ", ".join(
        f"{c} {tile_name(name, lang)}" + (f" ({tables.tracks_text(name)})" if hand_detail else "")
        for name, c in me["hand"].items() if name in tables.tile_index)
    lines.append(t("l1.your_hand", lang, tiles=hand or t("l1.empty", lang)))
    return lines


LEGEND_KEYS = ("l1.legend.squares", "l1.legend.tiles", "l1.legend.stops", "l1.legend.terminals",
               "l1.legend.edges", "l1.legend.rotation")


def legend_lines(lang: str) -> list[str]:
    return [t(key, lang) for key in LEGEND_KEYS]
