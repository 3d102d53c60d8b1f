"""The guided prompt of `stellwerk play railways`: build an action step by step.

The player picks an action kind, then what it acts on (connection, space, die, route),
then the hand symbols to pay with. Before anything happens the prompt shows the
pollution the symbols cost and the result (a preview on a copy of the game), and asks
for confirmation; a refusal is explained and the player chooses again. At any prompt the
player may type a whole action in notation, `list` for the plain numbered list, or
`quit`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.markup import escape

from stellwerk.core.contract import Action, Game
from stellwerk.core.errors import IllegalAction, StellwerkError
from stellwerk.core.inputs import ascii_int
from stellwerk.core.session import Window
from stellwerk.games.railways.explain import explain_pollution
from stellwerk.games.railways.rules import OVER, RailwaysState, conversion_cost
from stellwerk.games.railways.terms import CATALOG
from stellwerk.games.railways.uses import pollution_of, split_uses

Ask = Callable[[str], str]
KINDS = ["open", "build", "transport", "hire", "capital", "clean", "add", "upgrade"]
WATCHED = ("capital", "profit", "pollution", "workers", "markers_left", "score")
HELP_WORDS = ("?", "help", "hilfe")
LIST_WORDS = ("list", "liste")
BACK_WORDS = ("back", "b", "zurück", "z")
YES_WORDS = ("", "y", "yes", "j", "ja")


def t(key: str, lang: str, **params: Any) -> str:
    return CATALOG.text(key, lang, **params)


class Back(Exception):
    """The player wants to start the action again."""


class ListInstead(Exception):
    """The player wants the plain numbered list."""


def guided_choice(game: Game, window: Window, console: Any, ask: Ask,
                  lang: str = "en") -> Action | None:
    try:
        while True:
            try:
                action = _one_try(game, window, console, ask, lang)
            except Back:
                continue
            if action is not None:
                return action
    except ListInstead:
        return None


def _read(ask: Ask, prompt: str, help_text: str | None = None, console: Any = None) -> str:
    """One answer; `list` asks for the numbered list, `back` starts again. `?` shows
    `help_text` when given (at the dice prompt the numbered list would be hundreds of
    lines), else the list."""
    while True:
        text = ask(prompt).strip()
        word = text.lower()
        if word in HELP_WORDS and help_text is not None and console is not None:
            console.print(help_text, highlight=False)
            continue
        if word in LIST_WORDS or word in HELP_WORDS:
            raise ListInstead
        if word in BACK_WORDS:
            raise Back
        return text


def _one_try(game: Game, window: Window, console: Any, ask: Ask, lang: str) -> Action | None:
    legal = window.legal
    if legal and legal[0][0] == "dice":
        example = escape(game.format_action(legal[0]))
        console.print(t("rw.guide.dice", lang, example=example), highlight=False)
        help_text = t("rw.guide.dice_help", lang, example=example, n=len(legal))
        return _confirm(game, window, console, ask, _read(ask, "dice> ", help_text, console),
                        lang)
    kinds = [k for k in KINDS if any(a[0] == k for a in legal)]
    menu = "  ".join(f"[bold]{i}[/bold] {t('rw.do.' + k, lang)}" for i, k in enumerate(kinds, 1))
    extra = f"  [bold]p[/bold] {t('rw.guide.pass', lang)}" if ("pass",) in legal else ""
    console.print(t("rw.guide.choose", lang, menu=menu + extra), highlight=False)
    text = _read(ask, "action> ")
    if text.lower() in ("p", "pass", "passe") and ("pass",) in legal:
        return ("pass",)   # passing spends nothing: no preview to confirm
    number = ascii_int(text) or 0      # ASCII digits only: isdigit() passes '²'
    if 1 <= number <= len(kinds):
        return _build(game, window, console, ask, kinds[number - 1], lang)
    return _confirm(game, window, console, ask, text, lang) if text else None


def _choose(console: Any, ask: Ask, title: str, options: list[str], lang: str,
            label: Callable[[str], str] = str, vertical: bool = False) -> str:
    """Ask for one of `options` (by number or by text); `vertical`: one per line."""
    if len(options) == 1:
        console.print(f"{title}: {label(options[0])}", highlight=False)
        return options[0]
    items = [f"[bold]{i}[/bold] {label(o)}" for i, o in enumerate(options, 1)]
    if vertical:
        console.print(title + ":\n" + "\n".join(f"  {item}" for item in items),
                      highlight=False)
    else:
        console.print(title + ": " + "  ".join(items), highlight=False)
    while True:
        text = _read(ask, "> ")
        number = ascii_int(text) or 0
        if 1 <= number <= len(options):
            return options[number - 1]
        if text.upper() in (o.upper() for o in options):
            return next(o for o in options if o.upper() == text.upper())
        console.print("[red]" + t("rw.guide.choose_range", lang, n=len(options)) + "[/red]")


TITLES = {1: {"open": "rw.guide.connection", "upgrade": "rw.guide.connection",
              "add": "rw.guide.space", "build": "rw.guide.space",
              "transport": "rw.guide.from"},
          2: {"build": "rw.guide.region_die", "transport": "rw.guide.to"},
          3: {"transport": "rw.guide.route"}, 4: {"transport": "rw.guide.convert"}}


def _build(game: Game, window: Window, console: Any, ask: Ask, kind: str,
           lang: str) -> Action | None:
    """Narrow the legal actions of `kind` step by step, then ask for the symbols."""
    matching = [a for a in window.legal if a[0] == kind]
    head_length = {"open": 2, "upgrade": 2, "add": 2, "build": 3, "transport": 5}.get(kind, 1)
    for position in range(1, head_length):
        choices = list(dict.fromkeys(str(a[position]) for a in matching))
        label: Callable[[str], str] = str
        if (kind, position) == ("transport", 3):
            label = _route_label(window, str(matching[0][1]), lang)
        elif (kind, position) == ("transport", 4):
            label = _conversion_label(window, lang)
        picked = _choose(console, ask, t(TITLES[position][kind], lang), choices, lang, label,
                         vertical=(kind, position) == ("transport", 4))
        matching = [a for a in matching if str(a[position]) == picked]
    offers = [a[-1] for a in matching]
    console.print(t("rw.guide.pay", lang))
    for i, uses in enumerate(offers[:9], 1):
        parsed = split_uses(uses) or ()
        cards = sorted({str(u[0]) for u in parsed})
        console.print(f"  [bold]{i}[/bold] {uses}   " + t(
            "rw.guide.offer", lang, n=pollution_of(parsed), count=len(cards),
            cards=", ".join(cards)), highlight=False)
    text = _read(ask, "symbols> ")
    number = ascii_int(text) or 0
    uses = offers[number - 1] if 1 <= number <= min(9, len(offers)) else text
    head = game.format_action((*matching[0][:head_length], "X"))
    return _confirm(game, window, console, ask, head[:-1] + uses, lang)


def _conversion_label(window: Window, lang: str) -> Callable[[str], str]:
    """`2` -> `2: 3 capital -> 2 profit (capital 7 -> 4)`; 0 is no conversion."""
    capital = int(window.view()["capital"])

    def label(tier: str) -> str:
        n = int(tier)
        if n == 0:
            return t("rw.guide.no_convert", lang)
        cost = conversion_cost(n)
        return t("rw.guide.convert_tier", lang, cost=cost, n=n, before=capital,
                 after=capital - cost)

    return label


def _route_label(window: Window, start_cell: str, lang: str) -> Callable[[str], str]:
    """`B1+D1` -> `B1+D1 (A1 C1 E1, 2 capital)`: the regions passed and the rail capital."""
    view = window.view()
    connections = view["connections"]
    region_of = {c: key for key, region in view["regions"].items() for c in region["cells"]}

    def label(route: str) -> str:
        names = route.split("+")
        capital = sum(connections[n]["length"] * (2 if connections[n]["upgraded"] else 1)
                      for n in names)
        ends = [[region_of[e] for e in connections[n]["ends"]] for n in names]
        path = [region_of[start_cell]]
        for a, b in ends:
            path.append(b if path[-1] == a else a)
        return f"{route} ({' '.join(path)}, {capital} {t('capital', lang)})"

    return label


def _confirm(game: Game, window: Window, console: Any, ask: Ask, text: str,
             lang: str = "en") -> Action | None:
    """Parse, preview on a copy, show the cost, why pollution moves, and the result, and
    ask to confirm."""
    try:
        action = game.parse_action(text)
        trial = window.sample()
        assert isinstance(trial, RailwaysState)
        before = _numbers(trial)
        trial.apply(window.seat, action)
    except StellwerkError as exc:
        reason = (t(exc.key, lang, **exc.params) if lang != "en" and isinstance(
            exc, IllegalAction) and exc.key in CATALOG else str(exc))
        console.print("[red]" + escape(t("rw.guide.refused", lang, reason=reason)) + "[/red]")
        return None
    after = _numbers(trial)
    uses = split_uses(str(action[-1])) if len(action) > 1 else None
    cost = pollution_of(uses) if uses else 0
    changes = ", ".join(f"{t('rw.track.' + k, lang)} {before[k]} → {after[k]}"
                        for k in WATCHED if before[k] != after[k]) or t("rw.guide.no_change",
                                                                         lang)
    lines = [f"[bold]{escape(game.format_action(action))}[/bold]",
             "  " + t("rw.guide.result", lang, n=cost, changes=changes)
             + (t("rw.guide.ends", lang) if trial.phase == OVER else "")]
    why = explain_pollution(action, before["pollution"], after["pollution"])
    if why:
        lines.append("  " + t("rw.guide.why", lang) + "; ".join(
            t(r["key"], lang, **{k: v for k, v in r.items() if k != "key"}) for r in why))
    console.print("\n".join(lines), highlight=False)
    answer = _read(ask, t("rw.guide.confirm", lang)).lower()
    if answer in YES_WORDS:
        return action
    console.print(t("rw.guide.not_taken", lang))
    return None


def _numbers(state: RailwaysState) -> dict[str, int]:
    return {"capital": state.capital, "profit": state.profit, "pollution": state.pollution,
            "workers": state.workers, "markers_left": state.markers_left,
            "score": state.score()}
