"""The judge's written output for Linie 1: the public round report and each player's
private sheet.

The public report is made from the public view only (and the round's report, whose
orders are public once resolved), so it cannot reveal a line, a stop card or a hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.games.linie1.render import board_text, view_board
from stellwerk.games.linie1.tables import Tables
from stellwerk.games.linie1.terms import CATALOG

ORDER_HELP = """How to write your order (one placement per line, priority 1 first):
    H2 straight 90
    G3 curve 270
  Tiles: straight, curve, straight-curve-left, straight-curve-right, curves-meeting,
  curves-apart, straight-two-curves, straight-end-curves, four-curves, crossing,
  straight-opposite-curves, straight-opposite-curves-mirrored (German names work too:
  gerade, kurve, ...). Rotation: 0, 90, 180 or 270 degrees clockwise from the tile as
  drawn in the rules (straight N-S, curve N-E). 'pass' or an empty file lays nothing."""


def _fate(entry: Mapping[str, Any], lang: str) -> str:
    outcome = CATALOG.text(entry["outcome"], lang)
    if entry["outcome"] == "exchanged":
        outcome += f" (took back a {entry['replaced']})"
    if entry["stops"]:
        outcome += f", stop sign {' '.join(entry['stops'])} placed"
    if entry["reason_key"]:
        outcome += ": " + CATALOG.text(entry["reason_key"], lang, **entry["params"])
    return outcome


def standings(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    lines = []
    for row in view["seats"]:
        if row["finished_round"]:
            lines.append(f"  {names[row['seat']]}: line complete in round "
                         f"{row['finished_round']}, route {row['length']} tiles, score "
                         f"{row['score']:g}")
        else:
            lines.append(f"  {names[row['seat']]}: not complete, {row['hand_size']} tiles in "
                         "hand")
    return lines


def public_report(tables: Tables, view: Mapping[str, Any], names: Sequence[str],
                  lang: str = "en") -> str:
    """The report of the round just resolved, from the public view alone."""
    report = view["last_report"]
    out = [f"Linie 1 — public report of round {report['round']}", ""]
    for tier, seats in enumerate(report["lots"], start=1):
        out.append(f"Priority {tier}, order drawn by lot: " + ", ".join(names[s] for s in seats))
    out.append("")
    out.append("Placements:")
    for entry in report["placements"]:
        out.append(f"  P{entry['priority']} {names[entry['seat']]:<12} {entry['square']:>3} "
                   f"{entry['tile']} {entry['rotation']}: {_fate(entry, lang)}")
    if not report["placements"]:
        out.append("  (none)")
    out.append("")
    for done in report["completed"]:
        out.append(f"Line completed: {names[done['seat']]}, route {done['length']} tiles, "
                   f"score {done['score']:g}")
    out.append("Board after the round:")
    out.append(board_text(tables, view_board(tables, view), view["stops"]))
    out.append("")
    out.append("Standings:")
    out.extend(standings(view, names))
    out.append(f"Tiles left in the pile: {view['pile']}")
    out.append("")
    if view["over"]:
        out.append("The game is over.")
        for secret in view.get("revealed", []):
            out.append(f"  {names[secret['seat']]} had line {secret['line']} with stops "
                       f"{' '.join(secret['stops'])}")
    else:
        out.append(f"Orders for round {view['round']} are due.")
    return "\n".join(out) + "\n"


def start_report(tables: Tables, view: Mapping[str, Any], names: Sequence[str]) -> str:
    out = ["Linie 1 — a postal game begins", "",
           "Players: " + ", ".join(names),
           f"Round limit: {view['round_limit']}", "",
           board_text(tables, view_board(tables, view), view["stops"]), "",
           f"Orders for round {view['round']} are due.", "", ORDER_HELP]
    return "\n".join(out) + "\n"


def private_sheet(tables: Tables, view: Mapping[str, Any], names: Sequence[str],
                  seat: int) -> str:
    """One player's sheet: the public board plus their secret line, stops and hand."""
    me = view["me"]
    row = view["seats"][seat]
    terminals = " to ".join(f"the {t['edge']} edge of {'/'.join(t['squares'])}"
                            for t in me["terminals"])
    stops = []
    for letter in me["stops"]:
        b = tables.building_letters.index(letter)
        placed = view["stops"].get(letter)
        where = f"stop sign on {placed}" if placed else "no stop sign yet"
        stops.append(f"{letter} {tables.building_names[b]} (building on "
                     f"{_name(tables.building_squares[b])}, {where})")
    hand = ", ".join(f"{c} {t}" for t, c in me["hand"].items()) or "(empty)"
    done = view["over"] or not view["decision"]
    heading = (f"after round {view['round']}" if done
               else f"for round {view['round']}")
    out = [f"Linie 1 — PRIVATE sheet of {names[seat]} — {heading}", "",
           f"Your line: {me['line']}, from {terminals}",
           "Your stops (any order): " + "; ".join(stops),
           f"Your hand ({sum(me['hand'].values())}): {hand}"]
    if row["finished_round"]:
        out.append(f"Your line is complete since round {row['finished_round']}: route "
                   f"{row['length']} tiles, score {row['score']:g}.")
    out += ["", board_text(tables, view_board(tables, view), view["stops"]), ""]
    if not view["over"]:
        out += [f"Send your order for round {view['round']}.", "", ORDER_HELP]
    return "\n".join(out) + "\n"


def _name(square: int) -> str:
    from stellwerk.games.linie1.tables import square_name

    return square_name(square)
