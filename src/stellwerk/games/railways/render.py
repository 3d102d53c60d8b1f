"""The terminal picture of a Railways view: the plan as a grid, the connections, the
progress track and the hand's action fields (rich markup, plain text underneath).

A region shows its type and passengers (`R2`; `*` marks a built region); a rail space
its line: dashed (`╌╎`) while its connection is not opened, solid (`─│┌┐└┘`, bold
green) once opened, doubled (`═║╔╗╚╝`) once upgraded; rail spaces of incomplete lines
are dotted and dim. The shapes differ, so the map reads without colour too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stellwerk.games.railways.board import COLUMNS, REGION_TYPES, ROWS, cell_name
from stellwerk.games.railways.terms import CATALOG

WIDE = {"-": "───", "|": " │ ", "┌": " ┌─", "┐": "─┐ ", "└": " └─", "┘": "─┘ "}
DASHED = {"-": "╌╌╌", "|": " ╎ ", "┌": " ┌╌", "┐": "╌┐ ", "└": " └╌", "┘": "╌┘ "}
DOTTED = {"-": "┈┈┈", "|": " ┊ ", "┌": " ┌┈", "┐": "┈┐ ", "└": " └┈", "┘": "┈┘ "}
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
            return DASHED[kind]
        return f"[dim]{DOTTED[kind]}[/]"
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


def _t(key: str, lang: str, **params: Any) -> str:
    return CATALOG.text(key, lang, **params)


def _heading(view: Mapping[str, Any], lang: str) -> str:
    return "[bold]Railways[/] — " + _t("rw.round", lang, round=view["round"],
                                        rounds=view["rounds"], year=1800 + 10 * view["round"])


def _connection_lines(view: Mapping[str, Any], lang: str) -> list[str]:
    out = [f"[bold]{_t('rw.connections', lang)}[/]"]
    for name, conn in view["connections"].items():
        status = ("upgraded" if conn["upgraded"] else "opened" if conn["opened"]
                  else "closed")
        types = conn["types"] if len(conn["types"]) == 2 else conn["types"] * 2
        out.append(f"  {name:<3} {conn['ends'][0]}–{conn['ends'][1]} ({types}), "
                   f"{_t('rw.rails', lang, n=conn['length'])}, {_t('rw.status.' + status, lang)}")
    large = [f"{r['type']} {'+'.join(r['cells'])}: {_t('rw.passengers', lang, n=r['passengers'])}"
             for r in view["regions"].values() if len(r["cells"]) > 1]
    if large:
        out.append(f"  {_t('rw.large', lang)}: " + "; ".join(large))
    return out


def _progress_lines(view: Mapping[str, Any], lang: str) -> list[str]:
    limits = view["limits"]

    def track(key: str, value: Any, limit: Any = None) -> str:
        return f"{_t('rw.track.' + key, lang)} {value}" + (f"/{limit}" if limit else "")

    return [f"[bold]{_t('rw.progress', lang)}[/]  "
            + "  ".join([track("capital", view["capital"], limits["capital"]),
                         track("profit", view["profit"]),
                         track("pollution", view["pollution"], limits["pollution"]),
                         track("workers", view["workers"], limits["workers"])]),
            "  " + "  ".join([track("markers", view["markers_left"]),
                              track("region_dice", view["region_dice"] or "-"),
                              track("off_plan", view["off_plan"]),
                              track("score", view["score"])]),
            "  " + _t("rw.pile", lang, n=view["pile"], discards=view["discards"] or "-")]


def _hand_lines(view: Mapping[str, Any], lang: str) -> list[str]:
    if not view["hand"]:
        return []
    out = [f"[bold]{_t('rw.hand', lang)}[/]"]
    for card in view["hand"]:
        fields = "  ".join(
            f"[{i + 1}] " + " + ".join(
                f"{SHORT[s]}({'ab'[j]})" if len(f) > 1 else SHORT[s]
                for j, s in enumerate(f))
            for i, f in enumerate(card["fields"]))
        out.append(f"  {_t('rw.card', lang)} {card['card']}: {fields}")
    return out


def _challenge_lines(view: Mapping[str, Any], lang: str, short: bool = False) -> list[str]:
    if not (view["challenges"] or view["over"]):
        return []
    out = [f"[bold]{_t('rw.challenges', lang)}[/]"]
    chosen = view["challenges"]
    rates = (view.get("yardstick") or {}).get("challenge_rates", {})
    for key, met in view["challenge_results"].items():
        if view["over"] or key in chosen:
            mark = "✓" if met else "✗"
            picked = f" ({_t('rw.chosen', lang)})" if key in chosen else ""
            line = f"  {mark} {_t(key, lang)}{picked}"
            if key in rates:
                line += "  " + _t("rw.bots_meet_short" if short else "rw.bots_meet", lang,
                                  **{b: f"{r:g}" for b, r in rates[key].items()})
            out.append(line)
            if not short:
                out.append(f"      {challenge_progress(view, key, lang)}")
    if len(chosen) > 1:
        met = all(view["challenge_results"][k] for k in chosen)
        out.append(f"  {'✓' if met else '✗'} {_t('magnate', lang)} "
                   f"({' + '.join(_t(k, lang) for k in chosen)})")
    return out


def challenge_progress(view: Mapping[str, Any], key: str, lang: str) -> str:
    """How far a challenge is, from the view: the profit against its goal, the dice
    still on the board, the region types passengers reached and those missing, the
    connections upgraded."""
    if key == "economist":
        return _t("rw.progress.economist", lang, profit=view["profit"],
                  goal=view["limits"]["profit"])
    if key == "mayor":
        return _t("rw.progress.mayor", lang, n=len(view["dice"]))
    if key == "train_driver":
        reached = [_t(kind, lang) for kind in REGION_TYPES if kind in view["delivered"]]
        missing = [_t(kind, lang) for kind in REGION_TYPES if kind not in view["delivered"]]
        return _t("rw.progress.train_driver", lang, reached=", ".join(reached) or "—",
                  missing=", ".join(missing) or "—")
    if key == "engineer":
        connections = view["connections"]
        waiting = sorted(name for name, conn in connections.items() if not conn["upgraded"])
        return _t("rw.progress.engineer", lang, n=len(connections) - len(waiting),
                  total=len(connections), waiting=", ".join(waiting) or "—")
    return ""


def yardstick_lines(view: Mapping[str, Any], lang: str) -> list[str]:
    """The end: the score against each bot's measured mean."""
    measure = view.get("yardstick")
    if not measure:
        return []
    bots = ", ".join(_t("rw.bot_mean", lang, bot=b["bot"], mean=f"{b['mean']:g}")
                     for b in measure["bots"])
    beaten = [b["bot"] for b in measure["bots"] if b["beaten"]]
    verdict = (_t("rw.beat", lang, bots=", ".join(beaten)) if beaten
               else _t("rw.beat_none", lang))
    return [f"[bold]{_t('rw.final_score', lang, score=measure['score'])}[/]  {verdict}",
            "  " + _t("rw.yardstick", lang, bots=bots, games=measure["games"])]


LEGEND_KEYS = ("rw.legend.symbols", "rw.legend.symbols2", "rw.legend.regions",
               "rw.legend.map", "rw.legend.notation")


def legend_lines(lang: str) -> list[str]:
    return [_t(key, lang) for key in LEGEND_KEYS]


def render_view(view: Mapping[str, Any], lang: str = "en") -> str:
    """Everything at once (rich markup)."""
    out = [_heading(view, lang), render_plan(view), "", *_connection_lines(view, lang), "",
           *_progress_lines(view, lang)]
    hand = _hand_lines(view, lang)
    if hand:
        out += ["", *hand, "[dim]" + _t("rw.legend.short", lang) + "[/]"]
    challenges = _challenge_lines(view, lang)
    if challenges:
        out += ["", *challenges]
    if view.get("yardstick"):
        out += ["", *yardstick_lines(view, lang)]
    return "\n".join(out)


def render_compact(view: Mapping[str, Any], lang: str = "en") -> str:
    """About 22 lines of 80 columns: the plan (its shapes show which connections are
    open), progress, hand with the short legend, challenges and, at the end, the
    yardstick; the connection list and the full legend are details."""
    out = [_heading(view, lang), render_plan(view), *_progress_lines(view, lang),
           *_hand_lines(view, lang), "[dim]" + _t("rw.legend.short", lang) + "[/]",
           *_challenge_lines(view, lang, short=True), *yardstick_lines(view, lang)]
    return "\n".join(out)


DETAIL_TOPICS = ("connections", "legend", "challenges", "hand")


def render_details(view: Mapping[str, Any], lang: str = "en", topic: str = "legend") -> str:
    if topic == "connections":
        return "\n".join(_connection_lines(view, lang))
    if topic == "challenges":
        return "\n".join(_challenge_lines(view, lang) or [_t("rw.no_challenges", lang)])
    if topic == "hand":
        return "\n".join(_hand_lines(view, lang) or [_t("rw.no_hand", lang)])
    return "\n".join(legend_lines(lang))
