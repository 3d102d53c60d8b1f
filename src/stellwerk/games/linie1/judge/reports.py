"""The judge's written output for Linie 1, in English or German: the public round
report and each player's private sheet.

The public report is made from the public view only, whose round report says what
became of every placement but not why one failed (`views.report_for`), so it cannot
reveal a line, a stop card or a fact about a hand; a private sheet is made from its
player's view, with the reasons for that player's own placements.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.core.i18n import Catalog
from stellwerk.games.linie1.panel import legend_lines
from stellwerk.games.linie1.render import board_text
from stellwerk.games.linie1.rules import MAX_PLACEMENTS
from stellwerk.games.linie1.tables import Tables, square_name
from stellwerk.games.linie1.terms import CATALOG, reason_text
from stellwerk.games.linie1.tiles import GERMAN
from stellwerk.games.linie1.views import view_board

TEXTS = Catalog({
    "report": {"en": "Linie 1 — public report of round {round}",
               "de": "Linie 1 — öffentlicher Bericht zu Runde {round}"},
    "lots": {"en": "Priority {tier}, order drawn by lot: {seats}",
             "de": "Priorität {tier}, ausgeloste Reihenfolge: {seats}"},
    "placements": {"en": "Placements:", "de": "Gelegte Plättchen:"},
    "none": {"en": "  (none)", "de": "  (keine)"},
    "took_back": {"en": " (took back a {tile})", "de": " ({tile} zurück auf die Hand)"},
    "stop_placed": {"en": ", stop sign {stops} placed", "de": ", Haltestelle {stops} errichtet"},
    "completed": {"en": "Line completed: {name}, route {length} tiles, score {score}",
                  "de": "Linie fertig: {name}, Strecke {length} Plättchen, Wertung {score}"},
    "board_after": {"en": "Board after the round:", "de": "Spielplan nach der Runde:"},
    "standings": {"en": "Standings:", "de": "Stand:"},
    "done": {"en": "  {name}: line complete in round {round}, route {length} tiles, score "
                   "{score}",
             "de": "  {name}: Linie fertig in Runde {round}, Strecke {length} Plättchen, "
                   "Wertung {score}"},
    "open": {"en": "  {name}: not complete, {hand} tiles in hand",
             "de": "  {name}: noch nicht fertig, {hand} Plättchen auf der Hand"},
    "pile": {"en": "Tiles left in the pile: {n}", "de": "Plättchen im Vorrat: {n}"},
    "over": {"en": "The game is over.", "de": "Das Spiel ist zu Ende."},
    "revealed": {"en": "  {name} had line {line} with stops {stops}",
                 "de": "  {name} hatte Linie {line} mit den Haltestellen {stops}"},
    "due": {"en": "Orders for round {round} are due.",
            "de": "Aufträge für Runde {round} bitte einsenden."},
    "begins": {"en": "Linie 1 — a postal game begins", "de": "Linie 1 — ein Postspiel beginnt"},
    "players": {"en": "Players: {names}", "de": "Mitspieler: {names}"},
    "limit": {"en": "Round limit: {n}", "de": "Rundenbegrenzung: {n}"},
    "sheet_for": {"en": "Linie 1 — PRIVATE sheet of {name} — for round {round}",
                  "de": "Linie 1 — PRIVATES Blatt für {name} — zu Runde {round}"},
    "sheet_after": {"en": "Linie 1 — PRIVATE sheet of {name} — after round {round}",
                    "de": "Linie 1 — PRIVATES Blatt für {name} — nach Runde {round}"},
    "your_line": {"en": "Your line: {line}, from {terminals}",
                  "de": "Deine Linie: {line}, von {terminals}"},
    "terminal": {"en": "the {edge} edge of {squares}", "de": "Rand {edge} von {squares}"},
    "to": {"en": " to ", "de": " nach "},
    "your_stops": {"en": "Your stops (any order): {stops}",
                   "de": "Deine Haltestellen (beliebige Reihenfolge): {stops}"},
    "stop": {"en": "{letter} {name} (building on {square}, {where})",
             "de": "{letter} {name} (Gebäude auf {square}, {where})"},
    "stop_on": {"en": "stop sign on {square}", "de": "Haltestelle auf {square}"},
    "no_stop": {"en": "no stop sign yet", "de": "noch keine Haltestelle"},
    "your_hand": {"en": "Your hand ({n}): {tiles}", "de": "Deine Hand ({n}): {tiles}"},
    "empty": {"en": "(empty)", "de": "(leer)"},
    "tree": {"en": "tree tile", "de": "Baumplättchen"},
    "your_done": {"en": "Your line is complete since round {round}: route {length} tiles, "
                        "score {score}.",
                  "de": "Deine Linie ist seit Runde {round} fertig: Strecke {length} "
                        "Plättchen, Wertung {score}."},
    "send": {"en": "Send your order for round {round}: at most {most} placements.",
             "de": "Schicke deinen Auftrag für Runde {round}: höchstens {most} Plättchen."},
    "no_order": {"en": "No order arrived from: {names} (they laid nothing).",
                 "de": "Kein Auftrag kam von: {names} (sie legten nichts)."},
    "all_ordered": {"en": "Every player sent an order.",
                    "de": "Alle haben einen Auftrag geschickt."},
    "your_results": {"en": "Your order in round {round}:",
                     "de": "Dein Auftrag in Runde {round}:"},
    "no_placements": {"en": "  you laid nothing", "de": "  du hast nichts gelegt"},
    "drawn": {"en": "Tiles drawn after round {round}: {tiles}",
              "de": "Nachgezogen nach Runde {round}: {tiles}"},
    "legend": {"en": "Legend:", "de": "Legende:"},
    "help": {"en": """How to write your order (one placement per line, priority 1 first):
    H2 straight 90
    G3 curve 270
  Tiles: straight, curve, straight-curve-left, straight-curve-right, curves-meeting,
  curves-apart, straight-two-curves, straight-end-curves, four-curves, crossing,
  straight-opposite-curves, straight-opposite-curves-mirrored (German names work too:
  gerade, kurve, ...). Rotation: 0, 90, 180 or 270 degrees clockwise from the tile as
  drawn in the rules (straight N-S, curve N-E). 'pass' or an empty file lays nothing.""",
             "de": """So schreibst du deinen Auftrag (ein Plättchen pro Zeile, Priorität 1 zuerst):
    H2 gerade 90
    G3 kurve 270
  Plättchen: gerade, kurve, gerade-kurve-links, gerade-kurve-rechts, kurven-zusammen,
  kurven-getrennt, gerade-zwei-kurven, gerade-endkurven, vier-kurven, kreuzung,
  gerade-gegenkurven, gerade-gegenkurven-gespiegelt (englische Namen gehen auch).
  Drehung: 0, 90, 180 oder 270 Grad im Uhrzeigersinn, ausgehend vom Plättchen wie in
  den Regeln gezeichnet (gerade N-S, kurve N-E; Ränder N, E = Osten, S, W).
  'passe' oder eine leere Datei: nichts."""},
})


def _t(key: str, lang: str, **params: Any) -> str:
    return TEXTS.text(key, lang, **params)


def _tile(tile: str, lang: str) -> str:
    return GERMAN.get(tile, tile) if lang == "de" else tile


def _fate(entry: Mapping[str, Any], lang: str) -> str:
    outcome = CATALOG.text(entry["outcome"], lang)
    if entry["outcome"] == "exchanged":
        outcome += _t("took_back", lang, tile=_tile(entry["replaced"], lang))
    if entry["stops"]:
        outcome += _t("stop_placed", lang, stops=" ".join(entry["stops"]))
    if entry.get("reason_key"):
        outcome += ": " + reason_text(entry["reason_key"], lang, entry["params"])
    return outcome


def standings(view: Mapping[str, Any], names: Sequence[str], lang: str = "en") -> list[str]:
    lines = []
    for row in view["seats"]:
        name = names[row["seat"]]
        if row["finished_round"]:
            lines.append(_t("done", lang, name=name, round=row["finished_round"],
                            length=row["length"], score=f"{row['score']:g}"))
        else:
            lines.append(_t("open", lang, name=name, hand=row["hand_size"]))
    return lines


def _legend(lang: str) -> list[str]:
    """Stop letters, terminal numbers and edges; the SVG explains
    its shading and frames itself."""
    return ["", _t("legend", lang), *(f"  {line}" for line in legend_lines(lang))]


def public_report(tables: Tables, view: Mapping[str, Any], names: Sequence[str],
                  lang: str = "en", missing: Sequence[str] = ()) -> str:
    """The report of the round just resolved, from the public view alone; `missing`
    names the players whose order did not arrive (the judge knows, the view does not)."""
    report = view["last_report"]
    out = [_t("report", lang, round=report["round"]), "",
           _t("no_order", lang, names=", ".join(missing)) if missing
           else _t("all_ordered", lang), ""]
    for tier, seats in enumerate(report["lots"], start=1):
        out.append(_t("lots", lang, tier=tier, seats=", ".join(names[s] for s in seats)))
    out += ["", _t("placements", lang)]
    for entry in report["placements"]:
        out.append(f"  P{entry['priority']} {names[entry['seat']]:<12} {entry['square']:>3} "
                   f"{_tile(entry['tile'], lang)} {entry['rotation']}: {_fate(entry, lang)}")
    if not report["placements"]:
        out.append(_t("none", lang))
    out.append("")
    for done in report["completed"]:
        out.append(_t("completed", lang, name=names[done["seat"]], length=done["length"],
                      score=f"{done['score']:g}"))
    out.append(_t("board_after", lang))
    out.append(board_text(tables, view_board(tables, view), view["stops"], lang))
    out += _legend(lang)
    out += ["", _t("standings", lang), *standings(view, names, lang),
            _t("pile", lang, n=view["pile"]), ""]
    if view["over"]:
        out.append(_t("over", lang))
        for secret in view.get("revealed", []):
            out.append(_t("revealed", lang, name=names[secret["seat"]], line=secret["line"],
                          stops=" ".join(secret["stops"])))
    else:
        out.append(_t("due", lang, round=view["round"]))
    return "\n".join(out) + "\n"


def start_report(tables: Tables, view: Mapping[str, Any], names: Sequence[str],
                 lang: str = "en") -> str:
    out = [_t("begins", lang), "", _t("players", lang, names=", ".join(names)),
           _t("limit", lang, n=view["round_limit"]), "",
           board_text(tables, view_board(tables, view), view["stops"], lang), *_legend(lang),
           "", _t("due", lang, round=view["round"]), "", _t("help", lang)]
    return "\n".join(out) + "\n"


def tiles_drawn(before: Mapping[str, int], after: Mapping[str, int],
                own: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """The tiles a seat drew after a round: its hand now, less the hand before, plus what
    it laid, less what exchanges gave back (undone placements changed nothing)."""
    drawn = {t: after.get(t, 0) - before.get(t, 0) for t in set(before) | set(after)}
    for entry in own:
        if entry["outcome"] in ("placed", "exchanged"):
            drawn[entry["tile"]] = drawn.get(entry["tile"], 0) + 1
        if entry["outcome"] == "exchanged" and entry.get("replaced"):
            drawn[entry["replaced"]] = drawn.get(entry["replaced"], 0) - 1
    return {t: n for t, n in sorted(drawn.items()) if n > 0}


def _own_results(view: Mapping[str, Any], seat: int, lang: str,
                 hand_before: Mapping[str, int] | None) -> list[str]:
    report = view.get("last_report")
    if not report:
        return []
    own = [e for e in report["placements"] if e["seat"] == seat]
    out = [_t("your_results", lang, round=report["round"])]
    out += [f"  P{e['priority']} {e['square']} {_tile(e['tile'], lang)} {e['rotation']}: "
            f"{_fate(e, lang)}" for e in own] or [_t("no_placements", lang)]
    if hand_before is not None:
        drawn = tiles_drawn(hand_before, view["me"]["hand"], own)
        tiles = ", ".join(f"{n} {_tile(t, lang)}" for t, n in drawn.items())
        out.append(_t("drawn", lang, round=report["round"], tiles=tiles or _t("empty", lang)))
    return [*out, ""]


def private_sheet(tables: Tables, view: Mapping[str, Any], names: Sequence[str],
                  seat: int, lang: str = "en",
                  hand_before: Mapping[str, int] | None = None) -> str:
    """One player's sheet: the public board plus their secret line, stops and hand, what
    became of their last order and (given the hand before the round) the tiles drawn."""
    me = view["me"]
    row = view["seats"][seat]
    terminals = _t("to", lang).join(
        _t("terminal", lang, edge=t["edge"], squares="/".join(t["squares"]))
        for t in me["terminals"])
    stops = []
    for letter in me["stops"]:
        b = tables.building_letters.index(letter)
        placed = view["stops"].get(letter)
        where = _t("stop_on", lang, square=placed) if placed else _t("no_stop", lang)
        stops.append(_t("stop", lang, letter=letter, name=tables.building_names[b],
                        square=square_name(tables.building_squares[b]), where=where))
    hand = ", ".join(f"{c} {_tile(t, lang)} ({tables.tracks_text(t)}"
                     + (", " + _t("tree", lang) if not tables.exchangeable[tables.tile_index[t]]
                        else "") + ")"
                     for t, c in me["hand"].items()) or _t("empty", lang)
    heading = "sheet_after" if view["over"] else "sheet_for"
    out = [_t(heading, lang, name=names[seat], round=view["round"]), "",
           *_own_results(view, seat, lang, hand_before),
           _t("your_line", lang, line=me["line"], terminals=terminals),
           _t("your_stops", lang, stops="; ".join(stops)),
           _t("your_hand", lang, n=sum(me["hand"].values()), tiles=hand)]
    if row["finished_round"]:
        out.append(_t("your_done", lang, round=row["finished_round"], length=row["length"],
                      score=f"{row['score']:g}"))
    out += ["", board_text(tables, view_board(tables, view), view["stops"], lang),
            *_legend(lang), ""]
    if not view["over"]:
        out += [_t("send", lang, round=view["round"], most=MAX_PLACEMENTS), "",
                _t("help", lang)]
    return "\n".join(out) + "\n"
