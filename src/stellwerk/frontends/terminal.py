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
import os
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action, Game, Result
from stellwerk.core.errors import BadOption, IllegalAction, StellwerkError
from stellwerk.core.i18n import Catalog
from stellwerk.core.session import Agent, Window, play_out
from stellwerk.frontends.setup import HUMAN, open_table

QUIT_WORDS = ("quit", "exit", "aufgeben")
HELP_WORDS = ("?", "help", "hilfe", "list")

# The table's own words; the game's catalogue supplies its terms and prompts.
TERMS = Catalog({
    "handover": {"en": "Pass the table to {name} and press Enter ",
                 "de": "Gib den Tisch an {name} weiter und drücke Enter "},
    "hint": {"en": "Type a number or an action; ? lists again; quit leaves.",
             "de": "Gib eine Zahl oder eine Aktion ein; ? zeigt die Liste noch einmal; "
                   "aufgeben beendet."},
    "no_choice": {"en": "There is no choice {shown}; choose 1 to {n}.",
                  "de": "Es gibt keine Wahl {shown}; wähle 1 bis {n}."},
    "not_allowed": {"en": "Not allowed: {reason}", "de": "Nicht erlaubt: {reason}"},
    "not_now": {"en": "That action is not possible now.",
                "de": "Diese Aktion ist jetzt nicht möglich."},
    "abandoned": {"en": "The game was abandoned.", "de": "Das Spiel wurde abgebrochen."},
    "partial": {"en": "The unfinished record is in {path}.",
                "de": "Die unvollständige Aufzeichnung steht in {path}."},
    "final": {"en": "Final score", "de": "Schlusswertung"},
    "total": {"en": "Total", "de": "Summe"},
    "rank": {"en": "Rank", "de": "Platz"},
    "won": {"en": "Won by {winners}.", "de": "Gewonnen hat {winners}."},
    "no_winner": {"en": "Nobody won.", "de": "Niemand hat gewonnen."},
    "and": {"en": " and ", "de": " und "},
    "written": {"en": "Record written to {path}.", "de": "Aufzeichnung gespeichert in {path}."},
    "you": {"en": "You", "de": "Du"},
    "player": {"en": "Player {n}", "de": "Spieler {n}"},
})


def _reason(game: Game, error: StellwerkError, lang: str) -> str:
    """An error in the player's language when the game's catalogue knows it (English
    keeps the engine's own message, which may say more, e.g. which placement failed)."""
    if lang != "en" and isinstance(error, IllegalAction) and error.key in game.catalog:
        return game.catalog.text(error.key, lang, **error.params)
    return str(error)


class Abandoned(Exception):
    """The human left the table (quit, end of input)."""


def _input(prompt: str) -> str:
    return input(prompt)  # looked up when called, so a test can replace builtins.input


YES_WORDS = ("y", "yes", "j", "ja")


class HumanAgent:
    kind = HUMAN

    def __init__(self, console: Console, names: list[str], lang: str,
                 ask: Callable[[str], str] | None = None, hotseat: bool = False) -> None:
        self.console = console
        self.names = names
        self.lang = lang
        self.ask = ask if ask is not None else _input
        self.hotseat = hotseat
        self.last_seat: int | None = None
        self.chance = Chance(0)  # its own: a human's mistakes must not steer the bots

    def choose(self, window: Window) -> Action:
        game, seat = window.game, window.seat
        if self.hotseat and self.last_seat != seat:
            self.console.clear()
            self._read(TERMS.text("handover", self.lang, name=self.names[seat]))
        self.last_seat = seat
        view = window.view()
        view["names"] = self.names
        self.console.print(game.render(view, self.lang))
        decision = view.get("decision") or {}
        params = {key: game.catalog.text(value, self.lang) if isinstance(value, str) else value
                  for key, value in decision.get("params", {}).items()}
        prompt = game.catalog.text(decision.get("prompt", ""), self.lang, **params)
        self.console.print(f"[bold]{self.names[seat]}[/bold]: {prompt}")
        # A game may offer a guided prompt (build an action step by step); it returns
        # None when the player asks for the plain numbered list instead.
        chosen = game.guided_choice(window, self.console, self._read_or_quit, self.lang)
        if chosen is not None:
            return chosen
        self._list(game, window.legal, brief=game.type_actions)
        while True:
            text = self._read("> ").strip()
            if not text:
                continue
            if text.lower() in QUIT_WORDS:
                raise Abandoned
            if text.lower() in HELP_WORDS:
                self._list(game, window.legal, brief=game.type_actions)
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

    def _list(self, game: Game, legal: list[Action], brief: bool = False) -> None:
        if brief:  # the game's legal list is only a sample: show a few, ask for typing
            examples = [game.format_action(a) for a in legal[1:4]]
            self.console.print("  [dim]Type your action in notation" + (
                ", e.g. " + " | ".join(examples) if examples else "") + "; ? shows this; "
                "quit leaves.[/dim]", highlight=False)
            return
        for number, action in enumerate(legal, start=1):
            self.console.print(f"  {number:>2}. {game.format_action(action):<18} "
                               f"[dim]{game.describe_action(action, self.lang)}[/dim]",
                               highlight=False)
        self.console.print(f"  [dim]{TERMS.text('hint', self.lang)}[/dim]")

    def _understand(self, game: Game, window: Window, text: str) -> Action | None:
        legal = window.legal
        if text.isdecimal() and not game.type_actions:
            # isdigit() would let "²" through to int(); a huge number is simply out of range
            number = int(text) if len(text) <= 9 else 0
            if 1 <= number <= len(legal):
                return legal[number - 1]
            shown = text if len(text) <= 9 else text[:9] + "…"
            self.console.print("[red]" + TERMS.text("no_choice", self.lang, shown=shown,
                                                    n=len(legal)) + "[/red]")
            return None
        try:
            action = game.parse_action(text)
        except StellwerkError as exc:
            self.console.print(f"[red]{escape(_reason(game, exc, self.lang))}[/red]")
            return None
        if action in legal:
            return action
        try:  # ask the rules why, on a copy consistent with what this seat can see
            window.sample(self.chance).apply(window.seat, action)
        except IllegalAction as exc:
            reason = escape(_reason(game, exc, self.lang))
            self.console.print(f"[red]{TERMS.text('not_allowed', self.lang, reason=reason)}"
                               "[/red]")
            return None
        if game.type_actions:  # its legal list is a sample; the rules accepted the action
            return self._reviewed(game, window, action)
        self.console.print(f"[red]{TERMS.text('not_now', self.lang)}[/red]")
        return None

    def _reviewed(self, game: Game, window: Window, action: Action) -> Action | None:
        """A game may check a typed action against what the seat sees before it is sent
        (Linie 1's orders: which placement would fail and why); when something would
        fail, the player confirms or writes the action again."""
        review = getattr(game, "review_action", None)
        if review is None:
            return action
        lines, question = review(window.view(), action, self.lang)
        for line in lines:
            self.console.print(f"  [dim]{escape(line)}[/dim]", highlight=False)
        if question is None:
            return action
        return action if self._read(question).strip().lower() in YES_WORDS else None


def seat_names(seats: list[str], names_text: str | None, lang: str = "en") -> list[str]:
    if names_text is not None:
        names = [n.strip() for n in names_text.split(",")]
        if len(names) != len(seats) or not all(names):
            raise BadOption(f"--names needs {len(seats)} non-empty names, one per seat")
        if any("[" in name or "]" in name for name in names):
            # the table is drawn with rich, which would read brackets as markup
            raise BadOption("--names may not contain square brackets")
        return names
    humans = seats.count(HUMAN)
    names = []
    for i, kind in enumerate(seats):
        if kind == HUMAN:
            names.append(TERMS.text("you", lang) if humans == 1
                         else TERMS.text("player", lang, n=i + 1))
        else:
            names.append(f"{kind.capitalize()} {i + 1}")
    return names


def result_table(game: Game, result: Result, names: list[str], lang: str) -> RichTable:
    table = RichTable(title=TERMS.text("final", lang))
    table.add_column("")
    for name in names:
        table.add_column(name, justify="right")
    keys = list(dict.fromkeys(k for parts in result.breakdown for k in parts))
    for key in keys:
        table.add_row(game.catalog.text(key, lang),
                      *(f"{parts.get(key, 0):g}" for parts in result.breakdown))
    table.add_section()
    table.add_row(TERMS.text("total", lang),
                  *("—" if s is None else f"{s:g}" for s in result.scores))
    table.add_row(TERMS.text("rank", lang), *(str(r) for r in result.ranks))
    return table


def play_command(args: argparse.Namespace, options: dict[str, str]) -> int:
    table = open_table(args.game, args.seats, args.seed, args.pack, options)
    if args.record is not None:  # refuse now, not after a whole game has been played
        folder = args.record.parent
        if args.record.is_dir() or not folder.is_dir() or not os.access(folder, os.W_OK):
            raise BadOption(f"{args.record}: cannot write the record there")
    lang = args.lang
    names = seat_names(table.seats, args.names, lang)
    console = Console(highlight=False)
    chance = Chance(table.seed ^ 0x5EEDB075)
    humans = table.seats.count(HUMAN)
    # one agent for every human seat: it remembers who last had the screen, so the
    # table is handed over whenever the seat in front of it changes
    human = HumanAgent(console, names, lang, hotseat=humans > 1)
    agents: list[Agent] = [human if kind == HUMAN else make_bot(kind, chance)
                           for kind in table.seats]
    game = table.game
    state = game.new_state(table.options, table.seed, table.pack, len(table.seats))
    record = table.record(names)
    console.print(f"[bold]{game.title}[/bold] — seed {table.seed} — "
                  + ", ".join(f"{n} ({k})" for n, k in zip(names, table.seats, strict=True)))

    def keep(seat: int, action: Action, _state: Any) -> None:
        record.actions.append((seat, game.format_action(action)))

    try:
        play_out(game, state, agents, chance, on_step=keep)
    except (Abandoned, KeyboardInterrupt):  # quit, end of input or Ctrl-C: keep what was played
        console.print("\n" + TERMS.text("abandoned", lang))
        if args.record is not None:
            record.save(args.record)
            console.print(TERMS.text("partial", lang, path=escape(str(args.record))))
        return 1
    result = state.result()
    record.result = result.to_json()
    view = state.public_view()
    view["names"] = names
    console.print(game.render(view, lang))
    console.print(result_table(game, result, names, lang))
    if len(table.seats) > 1:  # a solo game has no winner; its table gives the yardstick
        winners = TERMS.text("and", lang).join(names[w] for w in result.winners)
        verdict = (TERMS.text("won", lang, winners=winners) if winners
                   else TERMS.text("no_winner", lang))
        console.print(f"[bold]{verdict}[/bold]")
    if args.record is not None:
        record.save(args.record)
        console.print(TERMS.text("written", lang, path=escape(str(args.record))))
    return 0
