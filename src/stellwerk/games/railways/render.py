"""The terminal picture of a Railways view: the plan as a grid, the connections, the
progress track and the hand's action fields (rich markup, plain text underneath).

A region shows its type and passengers (`R2`; `*` marks a built region); a rail space
its line (`─│┌┐└┘`), drawn bold green once its connection is opened and doubled
(`═║╔╗╚╝`) once upgraded; rail spaces of incomplete lines are dim.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stellwerk.games.railways.board import COLUMNS, ROWS, cell_name
from stellwerk.games.railways.terms import CATALOG

WIDE = {"-": "───", "|": " │ ", "┌": " ┌─", "┐": "─┐ ", "└": " └─", "┘": "─┘ "}
DOUBLE = {"-": "═══", "|": " ║ ", "┌": " ╔═", "┐": "═╗ ", "└": " ╚═", "┘": "═╝ "}
SHORT = {"ticket": "Tkt", "track": "Trk", "double": "2Trk", "passenger": "Pas",
         "worker": "Wrk", "target-R": "→R", "target-L": "→L", "target-C": "→C",
         "target-I": "→I", "upgrade": "Upg", "clean": "-Pol", "build": "Bld",
         "capital": "Cap"}
COLOURS = {"R": "yellow", "L": "green", "C": "cyan", "I": "magenta"}


def _cell_text(view: Mapping[str, Any], cell: int, rail_state: Mapping[str, str]) -> str:
    name = cell_name(cell)
    kind = view["kinds"][cell]
    if kind in COLOURS:
        die = view["dice"].get(name)
        mark = "*" if name in view["built"] else " "
        text = f"{kind}{die if die is not None else '·'}{mark}"
        return f"[bold {COLOURS[kind]}]{text}[/]"
    if kind in WIDE:
        status = rail_state.get(name)
        if status == "upgraded":
            return f"[bold green]{DOUBLE[kind]}[/]"
        if status == "opened":
            return f"[bold green]{WIDE[kind]}[/]"
        if status == "closed":
            return WIDE[kind]
        return f"[dim]{WIDE[kind]}[/]"
    return "[dim] . [/]"


def render_plan(view: Mapping[str, Any]) -> str:
    rail_state: dict[str, str] = {}
    for conn in view["connections"].values():
        status = "upgraded" if conn["upgraded"] else "opened" if conn["opened"] else "closed"
        for rail in conn["rails"]:
            rail_state[rail] = status
    lines = ["    " + "".join(f" {c} " + (" " if c == "C" else "") for c in "ABCDEF")]
    for row in range(ROWS):
        if row == 4:
            lines.append("")
        cells = []
        for col in range(COLUMNS):
            cells.append(_cell_text(view, row * COLUMNS + col, rail_state))
            if col == 2:
                cells.append(" ")
        lines.append(f" {row + 1}  " + "".join(cells))
    return "\n".join(lines)


def render_view(view: Mapping[str, Any], lang: str = "en") -> str:
    t = CATALOG.text
    out = ["[bold]Railways[/] — " + t("rw.round", lang, round=view["round"],
                                        rounds=view["rounds"], year=1800 + 10 * view["round"]),
           render_plan(view), "", f"[bold]{t('rw.connections', lang)}[/]"]
    for name, conn in view["connections"].items():
        status = ("upgraded" if conn["upgraded"] else "opened" if conn["opened"]
                  else "closed")
        types = conn["types"] if len(conn["types"]) == 2 else conn["types"] * 2
        out.append(f"  {name:<3} {conn['ends'][0]}–{conn['ends'][1]} ({types}), "
                   f"{t('rw.rails', lang, n=conn['length'])}, {t('rw.status.' + status, lang)}")
    large = [f"{r['type']} {'+'.join(r['cells'])}: {t('rw.passengers', lang, n=r['passengers'])}"
             for r in view["regions"].values() if len(r["cells"]) > 1]
    if large:
        out.append(f"  {t('rw.large', lang)}: " + "; ".join(large))
    limits = view["limits"]

    def track(key: str, value: Any, limit: Any = None) -> str:
        return f"{t('rw.track.' + key, lang)} {value}" + (f"/{limit}" if limit else "")

    out += ["", f"[bold]{t('rw.progress', lang)}[/]  "
            + "  ".join([track("capital", view["capital"], limits["capital"]),
                         track("profit", view["profit"]),
                         track("pollution", view["pollution"], limits["pollution"]),
                         track("workers", view["workers"], limits["workers"])]),
            "  " + "  ".join([track("markers", view["markers_left"]),
                              track("region_dice", view["region_dice"] or "-"),
                              track("off_plan", view["off_plan"]),
                              track("score", view["score"])]),
            "  " + t("rw.pile", lang, n=view["pile"], discards=view["discards"] or "-")]
    if view["hand"]:
        out += ["", f"[bold]{t('rw.hand', lang)}[/]"]
        for card in view["hand"]:
            fields = "  ".join(
                f"[{i + 1}] " + " + ".join(
                    f"{SHORT[s]}({'ab'[j]})" if len(f) > 1 else SHORT[s]
                    for j, s in enumerate(f))
                for i, f in enumerate(card["fields"]))
            out.append(f"  {t('rw.card', lang)} {card['card']}: {fields}")
    if view["challenges"] or view["over"]:
        out += ["", f"[bold]{t('rw.challenges', lang)}[/]"]
        chosen = view["challenges"]
        for key, met in view["challenge_results"].items():
            if view["over"] or key in chosen:
                mark = "✓" if met else "✗"
                picked = f" ({t('rw.chosen', lang)})" if key in chosen else ""
                out.append(f"  {mark} {t(key, lang)}{picked}")
        if len(chosen) > 1:
            met = all(view["challenge_results"][k] for k in chosen)
            out.append(f"  {'✓' if met else '✗'} {t('magnate', lang)} "
                       f"({' + '.join(t(k, lang) for k in chosen)})")
    return "\n".join(out)
