"""A human at the terminal table: the page drawn at each prompt and the answers read.

The page is the game's compact picture, the seat's question and the numbered choices
(`Game.candidate_actions`), fitted to the screen (`screen.py`). The player answers with
a number or an action in notation, or with a command: `list`, `show [TOPIC]`, `log`,
`hint`, `undo`, `rules`, `save [FILE]`, `help`, `quit` (German words work too). A game
may instead offer a guided prompt (`Terminal.guided_choice`); the commands work inside
it. The pictures and prompts are the game's terminal companion's
(`stellwerk.core.companions.Terminal`), made for the table's pack.
A wrong entry gets one clear message and a new prompt, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console, Group
from rich.markdown import Markdown
from rich.markup import escape
from rich.text import Text

from stellwerk.core.chance import Chance
from stellwerk.core.companions import Terminal
from stellwerk.core.contract import Action, Game
from stellwerk.core.errors import IllegalAction, StellwerkError
from stellwerk.core.session import Window
from stellwerk.frontends.setup import HUMAN
from stellwerk.frontends.table import comforts
from stellwerk.frontends.table.choices import choice_texts, in_columns
from stellwerk.frontends.table.screen import Screen, render_lines
from stellwerk.frontends.table.terms import (
    CATALOG,
    HELP_WORDS,
    HINT_WORDS,
    LIST_WORDS,
    LOG_WORDS,
    QUIT_WORDS,
    RULES_WORDS,
    SAVE_WORDS,
    SHOW_WORDS,
    UNDO_WORDS,
    YES_WORDS,
)
from stellwerk.frontends.table.topics import find_topic, topic_word


class Abandoned(Exception):
    """The human left the table (quit, end of input)."""


class UndoRequested(Exception):
    """The human asked to take back their last action (the table checked it may)."""


class Host(Protocol):
    """What the table offers a human beyond the window: undo and save."""

    def can_undo(self, seat: int) -> bool: ...

    def why_no_undo(self, seat: int) -> str: ...

    def save(self, path: Path | None) -> Path: ...


def reason_text(game: Game, error: StellwerkError, lang: str) -> str:
    """An error in the player's language (English keeps the engine's own message, which
    may say more, e.g. which placement failed)."""
    return error.text(lang)


def _input(prompt: str) -> str:
    return input(prompt)  # looked up when called, so a test can replace builtins.input


class HumanAgent:
    kind = HUMAN

    def __init__(self, terminal: Terminal, console: Console, names: list[str], lang: str,
                 ask: Callable[[str], str] | None = None, hotseat: bool = False,
                 host: Host | None = None) -> None:
        self.terminal = terminal
        self.console = console
        self.screen = Screen(console, lang)
        self.names = names
        self.lang = lang
        self.ask = ask if ask is not None else _input
        self.hotseat = hotseat
        self.host = host
        self.last_seat: int | None = None
        self.chance = Chance(0)  # its own: a human's mistakes must not steer the bots
        self.note: str | None = None  # a message for the top of the next page

    # the page ---------------------------------------------------------------------------
    def choose(self, window: Window) -> Action:
        game, seat = window.game, window.seat
        if self.hotseat and self.last_seat != seat:  # the table runs this itself; kept
            self.hand_to(seat)                       # for callers without a table
        self.last_seat = seat
        guided = self.terminal.has_guided_choice()
        self.draw_page(window, with_choices=not guided)
        if guided:
            # The game's guided prompt builds an action step by step; it returns None
            # when the player asks for the plain numbered list instead.
            chosen = self.terminal.guided_choice(window, self.console,
                                        lambda prompt: self._guided_read(window, prompt),
                                        self.lang)
            if chosen is not None:
                return chosen
            self._help(window, commands=False)
        while True:
            text = self._read("> ").strip()
            if not text:
                continue
            if self._command(window, text):
                continue
            action = self._understand(game, window, text)
            if action is not None:
                return action

    def hand_to(self, seat: int) -> None:
        """Wipe the screen and its scrollback, and wait for `seat`'s player."""
        self.screen.clear(scrollback=True)
        self._read(CATALOG.text("handover", self.lang, name=self.names[seat]))
        self.last_seat = seat

    def view_of(self, window: Window) -> dict[str, Any]:
        view = window.view()
        view["names"] = self.names
        return view

    def question(self, window: Window, view: dict[str, Any]) -> str:
        game = window.game
        decision = view.get("decision") or {}
        params = {key: game.catalog.text(value, self.lang) if isinstance(value, str) else value
                  for key, value in decision.get("params", {}).items()}
        prompt = game.catalog.text(decision.get("prompt", ""), self.lang, **params)
        return f"[bold]{escape(self.names[window.seat])}[/bold]: {escape(prompt)}"

    def draw_page(self, window: Window, with_choices: bool = True) -> None:
        view = self.view_of(window)
        self.screen.clear()
        reserve = 2        # the typing hint (or "… N more") and the prompt
        if self.note:      # e.g. "Taken back: …": its rows come off the page's
            reserve += len(render_lines(self.console, self.note, self.screen.width))
            self.console.print(self.note)
            self.note = None
        picture = self.terminal.render_compact(view, self.lang, width=self.screen.width)
        choices = self._choices(window) if with_choices else []
        question = Text.from_markup(self.question(window, view))
        cut = self.screen.page_of(picture, choices, heading=question, reserve=reserve,
                                  picture_rows=self.terminal.compact_height)
        if cut:
            self.console.print(Text(CATALOG.text("more_choices", self.lang, n=cut), style="dim"))
        elif with_choices:
            self.console.print(Text(self._typing_hint(window), style="dim"))

    def show_outcome(self, window: Window, prompt: str, note: str = "") -> str:
        """Draw the seat's table (e.g. after its turn), with `note` over it (what the
        seat just did), and ask `prompt`."""
        view = self.view_of(window)
        self.screen.clear()
        if note:
            self.console.print(Text(note, style="bold"))
        self.screen.page_of(self.terminal.render_compact(view, self.lang,
                                                         width=self.screen.width), [])
        return self._read(prompt)

    def _choices(self, window: Window) -> list[Text]:
        if window.game.type_actions:
            return []
        return choice_texts(window.game, window.legal, self.lang)

    def _typing_hint(self, window: Window) -> str:
        game = window.game
        if game.type_actions:  # the game's list is only a sample: show a few, ask for typing
            examples = " | ".join(game.describe_action(a, self.lang) for a in window.legal[1:4])
            return CATALOG.text("type_hint", self.lang, examples=CATALOG.text(
                "examples", self.lang, examples=examples) if examples else "")
        return CATALOG.text("hint", self.lang)

    # commands ---------------------------------------------------------------------------
    def _command(self, window: Window, text: str) -> bool:
        """Carry out a table command; False when `text` is not one (then it is an action)."""
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        game = window.game
        if word in QUIT_WORDS and not rest:
            raise Abandoned
        if word in HELP_WORDS and not rest:
            self._help(window)
        elif word in LIST_WORDS and not rest:
            self.screen.pager(Group(*choice_texts(game, window.legal, self.lang)), self._read)
        elif word in SHOW_WORDS:
            self._show(window, rest)
        elif word in LOG_WORDS and not rest:
            lines = comforts.log_lines(window, self.lang, self.names)
            if not lines:
                self.console.print(CATALOG.text("no_log", self.lang))
            else:
                self.screen.pager(Group(Text(CATALOG.text("log_title", self.lang), style="bold"),
                                        *(Text(line) for line in lines)), self._read)
        elif word in RULES_WORDS and not rest:
            rules = comforts.rules_text(game, self.lang)
            if rules is None:
                self.console.print(CATALOG.text("no_rules", self.lang))
            else:
                self.screen.pager(Markdown(rules), self._read)
        elif word in HINT_WORDS and not rest:
            self._hint(window)
        elif word in UNDO_WORDS and not rest:
            if self.host is None or not self.host.can_undo(window.seat):
                why = self.host.why_no_undo(window.seat) if self.host is not None else ""
                self.console.print(Text(CATALOG.text("no_undo", self.lang)
                                        + (" " + why if why else ""), style="red"))
            else:
                raise UndoRequested
        elif word in SAVE_WORDS and self.host is not None:
            self._save(rest)
        else:
            return False
        return True

    def _help(self, window: Window, commands: bool = True) -> None:
        if commands:
            topics = [topic_word(window.game, t, self.lang)
                      for t in self.terminal.detail_topics(self.view_of(window))]
            listed = CATALOG.text("topics", self.lang, topics=", ".join(topics)) if topics else ""
            self.console.print(Text(CATALOG.text("commands", self.lang, topics=listed)))
        lines, cut = in_columns(self._choices(window), self.screen.width,
                                max_rows=max(self.screen.height - 4, 4))
        for line in lines:
            self.console.print(line)
        if cut:
            self.console.print(Text(CATALOG.text("more_choices", self.lang, n=cut), style="dim"))
        else:
            self.console.print(Text(self._typing_hint(window), style="dim"))

    def _show(self, window: Window, topic: str) -> None:
        terminal = self.terminal
        view = self.view_of(window)
        if not topic:
            self.screen.pager(terminal.render(view, self.lang), self._read)
            return
        topics = list(terminal.detail_topics(view))
        game = terminal.game
        found = find_topic(game, topics, topic, self.lang) or terminal.detail_for(view, topic)
        if found is None:
            words = ", ".join(topic_word(game, t, self.lang) for t in topics)
            self.console.print("[red]" + escape(CATALOG.text(
                "no_topic", self.lang, topic=topic[:40], topics=words or "—")) + "[/red]")
            return
        self.screen.pager(terminal.render_detail(view, found, self.lang,
                                                 width=self.screen.width), self._read)

    def _hint(self, window: Window) -> None:
        self.console.print(Text(CATALOG.text("thinking", self.lang), style="dim"))
        action, before, after = comforts.hint(window, self.chance.fork())
        words = comforts.hint_words(self.terminal, window, action, self.lang, self.chance.fork())
        if words:
            why = f" — {words}"   # the game's words are in the reader's language
        elif before is None or after is None:
            why = ""
        else:
            why = CATALOG.text("hint_why", self.lang, before=f"{before:.1f}", after=f"{after:.1f}")
        self.console.print(Text(CATALOG.text("hint_is", self.lang,
                                           bot=comforts.hint_bot(window.game),
                                           action=window.game.format_action(action), why=why)))

    def _save(self, name: str) -> None:
        assert self.host is not None
        try:
            path = self.host.save(Path(name) if name else None)
        except StellwerkError as exc:
            self.console.print(f"[red]{escape(exc.text(self.lang))}[/red]")
            return
        self.console.print(Text(CATALOG.text("saved", self.lang, path=str(path))), soft_wrap=True)

    # reading ----------------------------------------------------------------------------
    def _guided_read(self, window: Window, prompt: str) -> str:
        """The guided prompt's input, with the table's commands (but its own `list`)."""
        while True:
            text = self._read(prompt)
            word = text.strip().partition(" ")[0].lower()
            if word in LIST_WORDS or word in HELP_WORDS:
                return text
            if not self._command(window, text.strip()):
                return text

    def _read(self, prompt: str) -> str:
        try:
            return self.ask(prompt)
        except EOFError:
            raise Abandoned from None

    def _understand(self, game: Game, window: Window, text: str) -> Action | None:
        legal = window.legal
        if text.isdecimal() and not game.type_actions:
            # isdigit() would let "²" through to int(); a huge number is simply out of range
            number = int(text) if len(text) <= 9 else 0
            if 1 <= number <= len(legal):
                return legal[number - 1]
            shown = text if len(text) <= 9 else text[:9] + "…"
            self._error(CATALOG.text("no_choice", self.lang, shown=shown, n=len(legal)))
            return None
        try:
            action = game.parse_action(text)
        except StellwerkError as exc:
            self._error(reason_text(game, exc, self.lang))
            return None
        if action in legal:
            return self._reviewed(game, window, action)
        try:  # ask the rules why, on a copy consistent with what this seat can see
            window.sample(self.chance).check(window.seat, action)
        except IllegalAction as exc:
            self._error(CATALOG.text("not_allowed", self.lang,
                                   reason=reason_text(game, exc, self.lang)))
            return None
        if not game.enumerable or game.type_actions:
            # its list is a sample; the rules accepted the action
            return self._reviewed(game, window, action)
        self._error(CATALOG.text("not_now", self.lang))
        return None

    def _reviewed(self, game: Game, window: Window, action: Action) -> Action | None:
        """The game's look at an action before it is sent (`Terminal.review_action`: Linie 1
        checks an order against the board the seat sees). When the game asks, the player
        confirms or writes the action again (None)."""
        lines, question = self.terminal.review_action(window.view(), action, self.lang)
        for line in lines:
            self.console.print(Text("  " + line, style="dim"))
        if question is None:
            return action
        while True:   # a table command (hint, show, ...) answers and asks again
            answer = self._read(question).strip()
            if answer.lower() in YES_WORDS or not self._command(window, answer):
                return action if answer.lower() in YES_WORDS else None

    def _error(self, message: str) -> None:
        self.console.print(Text(message, style="red"))
