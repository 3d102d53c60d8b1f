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

from stellwerk.core.contract import Action, Game
from stellwerk.core.errors import StellwerkError
from stellwerk.core.inputs import ascii_int
from stellwerk.core.session import Window
from stellwerk.games.railways.rules import OVER, RailwaysState
from stellwerk.games.railways.uses import pollution_of, split_uses

Ask = Callable[[str], str]
KINDS = [("open", "open a connection"), ("build", "build a region"),
         ("transport", "transport a passenger"), ("hire", "hire a rail worker"),
         ("capital", "increase capital"), ("clean", "reduce pollution"),
         ("add", "add a passenger"), ("upgrade", "upgrade a connection")]
WATCHED = ("capital", "profit", "pollution", "workers", "markers_left", "score")


class Back(Exception):
    """The player wants to start the action again."""


class ListInstead(Exception):
    """The player wants the plain numbered list."""


def guided_choice(game: Game, window: Window, console: Any, ask: Ask) -> Action | None:
    try:
        while True:
            try:
                action = _one_try(game, window, console, ask)
            except Back:
                continue
            if action is not None:
                return action
    except ListInstead:
        return None


def _read(ask: Ask, prompt: str) -> str:
    text = ask(prompt).strip()
    if text.lower() in ("list", "?", "help"):
        raise ListInstead
    if text.lower() in ("back", "b"):
        raise Back
    return text


def _one_try(game: Game, window: Window, console: Any, ask: Ask) -> Action | None:
    legal = window.legal
    if legal and legal[0][0] == "dice":
        console.print("Place the passenger dice: one per network card on a printed region, "
                      "two showing 1 and two showing 2, e.g. [bold]dice "
                      f"{legal[0][1]}[/bold]. (list: all {len(legal)} placements)")
        return _confirm(game, window, console, ask, _read(ask, "dice> "))
    kinds = [(k, label) for k, label in KINDS if any(a[0] == k for a in legal)]
    menu = "  ".join(f"[bold]{i}[/bold] {label}" for i, (_, label) in enumerate(kinds, 1))
    extra = "  [bold]p[/bold] pass" if ("pass",) in legal else ""
    console.print(f"Choose an action: {menu}{extra}\n  (or type an action in notation; "
                  "list = numbered list; back = start again; quit)", highlight=False)
    text = _read(ask, "action> ")
    if text.lower() in ("p", "pass"):
        return _confirm(game, window, console, ask, "pass")
    number = ascii_int(text) or 0      # ASCII digits only: isdigit() passes '²'
    if 1 <= number <= len(kinds):
        return _build(game, window, console, ask, kinds[number - 1][0])
    return _confirm(game, window, console, ask, text) if text else None


def _choose(console: Any, ask: Ask, title: str, options: list[str],
            label: Callable[[str], str] = str) -> str:
    """Ask for one of `options` (by number or by text)."""
    if len(options) == 1:
        console.print(f"{title}: {label(options[0])}", highlight=False)
        return options[0]
    console.print(title + ": " + "  ".join(f"[bold]{i}[/bold] {label(o)}"
                                          for i, o in enumerate(options, 1)), highlight=False)
    while True:
        text = _read(ask, "> ")
        number = ascii_int(text) or 0
        if 1 <= number <= len(options):
            return options[number - 1]
        if text.upper() in (o.upper() for o in options):
            return next(o for o in options if o.upper() == text.upper())
        console.print(f"[red]Choose 1 to {len(options)} (or back).[/red]")


def _build(game: Game, window: Window, console: Any, ask: Ask, kind: str) -> Action | None:
    """Narrow the legal actions of `kind` step by step, then ask for the symbols."""
    matching = [a for a in window.legal if a[0] == kind]
    head_length = {"open": 2, "upgrade": 2, "add": 2, "build": 3, "transport": 5}.get(kind, 1)
    titles = {1: {"open": "connection", "upgrade": "connection", "add": "space",
                  "build": "space", "transport": "passenger from"},
              2: {"build": "region die", "transport": "to region type"},
              3: {"transport": "route"}, 4: {"transport": "convert capital to profit"}}
    for position in range(1, head_length):
        choices = list(dict.fromkeys(str(a[position]) for a in matching))
        label = (_route_label(window, str(matching[0][1])) if (kind, position) ==
                 ("transport", 3) else str)
        picked = _choose(console, ask, titles[position][kind], choices, label)
        matching = [a for a in matching if str(a[position]) == picked]
    offers = [a[-1] for a in matching]
    console.print("Pay with the symbols of your hand (card.field + a/b). Cheapest ways:")
    for i, uses in enumerate(offers[:9], 1):
        parsed = split_uses(uses) or ()
        console.print(f"  [bold]{i}[/bold] {uses}   (pollution +{pollution_of(parsed)}, "
                      f"plays card(s) {', '.join(sorted({str(u[0]) for u in parsed}))})",
                      highlight=False)
    text = _read(ask, "symbols> ")
    number = ascii_int(text) or 0
    uses = offers[number - 1] if 1 <= number <= min(9, len(offers)) else text
    head = game.format_action((*matching[0][:head_length], "X"))
    return _confirm(game, window, console, ask, head[:-1] + uses)


def _route_label(window: Window, start_cell: str) -> Callable[[str], str]:
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
        return f"{route} ({' '.join(path)}, {capital} capital)"

    return label


def _confirm(game: Game, window: Window, console: Any, ask: Ask, text: str) -> Action | None:
    """Parse, preview on a copy, show the cost and the result, and ask to confirm."""
    try:
        action = game.parse_action(text)
        trial = window.sample()
        assert isinstance(trial, RailwaysState)
        before = _numbers(trial)
        trial.apply(window.seat, action)
    except StellwerkError as exc:
        console.print(f"[red]Not allowed: {exc}[/red]")
        return None
    after = _numbers(trial)
    uses = split_uses(str(action[-1])) if len(action) > 1 else None
    cost = pollution_of(uses) if uses else 0
    changes = ", ".join(f"{k.replace('_', ' ')} {before[k]} → {after[k]}"
                        for k in WATCHED if before[k] != after[k]) or "no change in numbers"
    console.print(f"[bold]{game.format_action(action)}[/bold]\n  symbols cost pollution "
                  f"+{cost}; result: {changes}"
                  + ("; this ends the game" if trial.phase == OVER else ""), highlight=False)
    answer = _read(ask, "confirm? [Y/n] ").lower()
    if answer in ("", "y", "yes", "j", "ja"):
        return action
    console.print("Not taken; choose again.")
    return None


def _numbers(state: RailwaysState) -> dict[str, int]:
    return {"capital": state.capital, "profit": state.profit, "pollution": state.pollution,
            "workers": state.workers, "markers_left": state.markers_left,
            "score": state.score()}
