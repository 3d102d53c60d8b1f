"""`stellwerk play`: the terminal table for humans and bots in any mix.

A human sees the table drawn by the game, then a numbered list of legal actions, and
answers with a number or with the action's notation. A game may instead offer a guided
prompt (an optional `guided_choice(window, console, ask, lang)` method returning an
action, or None for the numbered list). A wrong entry gets one clear
message and a new prompt. With several humans (hotseat) the screen is cleared and
handed over between them, so no one sees another's hand.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table as RichTable

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action, Game, Result
from stellwerk.core.errors import BadOption, IllegalAction, StellwerkError
from stellwerk.core.session import Agent, Window, play_out
from stellwerk.frontends.setup import HUMAN, open_table

QUIT_WORDS = ("quit", "exit", "aufgeben")
HELP_WORDS = ("?", "help", "hilfe", "list")


class Abandoned(Exception):
    """The human left the table (quit, end of input)."""


class HumanAgent:
    kind = HUMAN

    def __init__(self, console: Console, names: list[str], lang: str,
                 ask: Callable[[str], str] = input, hotseat: bool = False) -> None:
        self.console = console
        self.names = names
        self.lang = lang
        self.ask = ask
        self.hotseat = hotseat
        self.last_seat: int | None = None

    def choose(self, window: Window) -> Action:
        game, seat = window.game, window.seat
        if self.hotseat and self.last_seat != seat:
            self.console.clear()
            self._read(f"Pass the table to {self.names[seat]} and press Enter ")
        self.last_seat = seat
        view = window.view()
        view["names"] = self.names
        self.console.print(game.render(view, self.lang))
        decision = view.get("decision") or {}
        prompt = game.catalog.text(decision.get("prompt", ""), self.lang,
                                   **decision.get("params", {}))
        self.console.print(f"[bold]{self.names[seat]}[/bold]: {prompt}")
        # A game may offer a guided prompt (build an action step by step); it returns
        # None when the player asks for the plain numbered list instead.
        guide = getattr(game, "guided_choice", None)
        if guide is not None:
            chosen = guide(window, self.console, self._read_or_quit, self.lang)
            if chosen is not None:
                return chosen
        self._list(game, window.legal)
        while True:
            text = self._read("> ").strip()
            if not text:
                continue
            if text.lower() in QUIT_WORDS:
                raise Abandoned
            if text.lower() in HELP_WORDS:
                self._list(game, window.legal)
                continue
            action = self._understand(game, window, text)
            if action is not None:
                return action

    def _read_or_quit(self, prompt: str) -> str:
        text = self._read(prompt)
        if text.strip().lower() in QUIT_WORDS:
            raise Abandoned
        return text

    def _read(self, prompt: str) -> str:
        try:
            return self.ask(prompt)
        except EOFError:
            raise Abandoned from None

    def _list(self, game: Game, legal: list[Action]) -> None:
        for number, action in enumerate(legal, start=1):
            self.console.print(f"  {number:>2}. {game.format_action(action):<18} "
                               f"[dim]{game.describe_action(action, self.lang)}[/dim]",
                               highlight=False)
        self.console.print("  [dim]Type a number or an action; ? lists again; quit leaves."
                           "[/dim]")

    def _understand(self, game: Game, window: Window, text: str) -> Action | None:
        legal = window.legal
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.console.print(f"[red]There is no choice {number}; choose 1 to {len(legal)}."
                               "[/red]")
            return None
        try:
            action = game.parse_action(text)
        except StellwerkError as exc:
            self.console.print(f"[red]{exc}[/red]")
            return None
        if action in legal:
            return action
        try:  # ask the rules why, on a copy consistent with what this seat can see
            window.sample().apply(window.seat, action)
        except IllegalAction as exc:
            self.console.print(f"[red]Not allowed: {exc}[/red]")
            return None
        self.console.print("[red]That action is not possible now.[/red]")
        return None


def seat_names(seats: list[str], names_text: str | None) -> list[str]:
    if names_text is not None:
        names = [n.strip() for n in names_text.split(",")]
        if len(names) != len(seats) or not all(names):
            raise BadOption(f"--names needs {len(seats)} non-empty names, one per seat")
        return names
    humans = seats.count(HUMAN)
    names = []
    for i, kind in enumerate(seats):
        if kind == HUMAN:
            names.append("You" if humans == 1 else f"Player {i + 1}")
        else:
            names.append(f"{kind.capitalize()} {i + 1}")
    return names


def result_table(game: Game, result: Result, names: list[str], lang: str) -> RichTable:
    table = RichTable(title="Final score")
    table.add_column("")
    for name in names:
        table.add_column(name, justify="right")
    keys = list(dict.fromkeys(k for parts in result.breakdown for k in parts))
    for key in keys:
        table.add_row(game.catalog.text(key, lang),
                      *(f"{parts.get(key, 0):g}" for parts in result.breakdown))
    table.add_section()
    table.add_row("Total", *(f"{s:g}" for s in result.scores))
    table.add_row("Rank", *(str(r) for r in result.ranks))
    return table


def play_command(args: argparse.Namespace, options: dict[str, str]) -> int:
    table = open_table(args.game, args.seats, args.seed, args.pack, options)
    names = seat_names(table.seats, args.names)
    console = Console(highlight=False)
    chance = Chance(table.seed ^ 0x5EEDB075)
    humans = table.seats.count(HUMAN)
    agents: list[Agent] = [
        HumanAgent(console, names, args.lang, hotseat=humans > 1) if kind == HUMAN
        else make_bot(kind, chance) for kind in table.seats]
    game = table.game
    state = game.new_state(table.options, table.seed, table.pack, len(table.seats))
    record = table.record(names)
    console.print(f"[bold]{game.title}[/bold] — seed {table.seed} — "
                  + ", ".join(f"{n} ({k})" for n, k in zip(names, table.seats, strict=True)))

    def keep(seat: int, action: Action, _state: Any) -> None:
        record.actions.append((seat, game.format_action(action)))

    try:
        play_out(game, state, agents, chance, on_step=keep)
    except Abandoned:
        console.print("\nThe game was abandoned.")
        if args.record is not None:
            record.save(args.record)
            console.print(f"The unfinished record is in {args.record}.")
        return 1
    result = state.result()
    record.result = result.to_json()
    view = state.public_view()
    view["names"] = names
    console.print(game.render(view, args.lang))
    console.print(result_table(game, result, names, args.lang))
    winners = " and ".join(names[w] for w in result.winners)
    console.print(f"[bold]Won by {winners}.[/bold]")
    if args.record is not None:
        record.save(args.record)
        console.print(f"Record written to {args.record}.")
    return 0
