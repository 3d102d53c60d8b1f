"""`stellwerk play`: the terminal table for humans and bots in any mix.

The table runs the game (the loop of `core.session.play_out`, plus undo and save): it
asks each seat's agent for an action, keeps the record, and between two humans
(hotseat) hands the screen over only at a sensible moment: the player who just acted
first sees the table after their action, then the screen and its scrollback are wiped
and the next player is asked to take the keyboard.

No game is lost: the record is written after every action (and every undo), atomically,
to `--record FILE` or else to a new file in the saves folder (`saves.py`), and a finished
game's record there is complete. `--resume FILE` continues a saved record with its seats,
names, options and language; `--resume` alone lists the unfinished saved games to pick
one (`pick.py`). Leaving, the table keeps the game saved and says where:

- quit, end of input, Ctrl-C: exit status 1 (the game was not finished);
- the terminal went away (SIGHUP, SIGTERM, or EIO on the terminal; `hangup.py`): exit
  status 129, silently, with no report, since nobody is there to read it;
- a finished game: exit status 0.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from stellwerk.bots import bot_kind, bots_for, make_bot
from stellwerk.core import companions
from stellwerk.core.chance import Chance
from stellwerk.core.contract import Game, Result, State
from stellwerk.core.errors import BadOption, BadRecord, IllegalAction, StellwerkError
from stellwerk.core.i18n import LANGUAGES
from stellwerk.core.inputs import check_text
from stellwerk.core.record import GameRecord, replay
from stellwerk.core.refusals import translate
from stellwerk.core.session import Agent, Window
from stellwerk.frontends.setup import HUMAN, open_table
from stellwerk.frontends.table.hangup import (
    EXIT_HANGUP,
    HangUp,
    hangup_raises,
    holding_hangup,
    silence,
    terminal_gone,
)
from stellwerk.frontends.table.history import TableHistory
from stellwerk.frontends.table.human import Abandoned, HumanAgent, UndoRequested
from stellwerk.frontends.table.pick import pick_save
from stellwerk.frontends.table.saves import new_save_path
from stellwerk.frontends.table.words import QUIT_WORDS, TERMS, UNDO_WORDS
from stellwerk.games import get_game

BOT_SALT = 0x5EEDB075
PICK = ""    # `--resume` given without a file: pick one of the saved games


def seat_names(seats: list[str], names_text: str | None, lang: str = "en") -> list[str]:
    if names_text is not None:
        names = [n.strip() for n in names_text.split(",")]
        if len(names) != len(seats) or not all(names):
            raise BadOption(f"--names needs {len(seats)} non-empty names, one per seat")
        check_names(names)
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


MAX_NAME = 30   # a name fits a question at 80 columns in two rows (pages fit)


def check_names(names: list[str], where: str = "--names") -> None:
    if any("[" in name or "]" in name for name in names):
        # the games draw names in rich tables, which would read brackets as markup
        raise BadOption(f"{where} may not contain square brackets")
    for name in names:
        check_text(name, where)
        if len(name) > MAX_NAME:
            raise BadOption(f"{where}: a name has at most {MAX_NAME} characters, not "
                            f"{len(name)}")


def result_table(game: Game, result: Result, names: list[str], lang: str) -> RichTable:
    title = TERMS.text("final_lower" if result.lower_is_better else "final", lang)
    table = RichTable(title=title)
    table.add_column("")
    for name in names:
        table.add_column(escape(name), justify="right", no_wrap=True)
    keys = list(dict.fromkeys(k for parts in result.breakdown for k in parts))
    for key in keys:
        table.add_row(escape(game.catalog.text(key, lang)),
                      *(f"{parts.get(key, 0):g}" for parts in result.breakdown))
    table.add_section()
    table.add_row(TERMS.text("total", lang),
                  *("—" if s is None else f"{s:g}" for s in result.scores))
    table.add_row(TERMS.text("rank", lang), *(str(r) for r in result.ranks))
    return table


class TablePlay:
    """One game at the terminal: the state, its history (for undo) and its record."""

    def __init__(self, game: Game, record: GameRecord, history: TableHistory, state: State,
                 seats: list[str], lang: str, console: Console,
                 record_path: Path, svg_path: Path | None = None) -> None:
        self.game = game
        self.svg_path = svg_path
        self.record = record
        self.history = history
        self.state = state
        self.lang = lang
        self.console = console
        self.record_path = record_path   # where the game is kept after every action
        self.record.lang = lang
        self.names = [seat.name for seat in record.seats]
        self.chance = Chance(record.seed ^ BOT_SALT)
        humans = seats.count(HUMAN)
        # one agent for every human seat: it remembers who last had the screen
        self.human = HumanAgent(companions.terminal(game, history.pack), console, self.names,
                                lang, hotseat=humans > 1, host=self)
        self.agents: list[Agent] = [
            self.human if kind == HUMAN else make_bot(kind, self.chance, game) for kind in seats]
        self.at_screen: int | None = None  # the human seat whose table is on the screen

    # Host: what a human may ask of the table ----------------------------------------------
    def can_undo(self, seat: int) -> bool:
        return self.history.can_undo(seat)

    def save(self, path: Path | None) -> Path:
        """`save [FILE]`: a copy to FILE (the game stays kept where it was), or the
        record file itself."""
        target = path or self.record_path
        self._sync_record()
        self.record.save(target)
        return target

    def keep(self) -> str | None:
        """Write the record to its file, as it stands. A hang-up waits for the write (the
        file holds the game up to now); a failed write does not stop the game (the next
        action tries again): its message is returned and shown on the next page."""
        try:
            self.keep_strictly()
        except StellwerkError as exc:
            self.human.note = "[red]" + escape(TERMS.text(
                "save_failed", self.lang, why=translate(str(exc), self.lang))) + "[/red]"
            return self.human.note
        return None

    def keep_strictly(self) -> None:
        """Write the record to its file, or StellwerkError saying why it cannot be."""
        self._sync_record()
        with holding_hangup():
            self.record.save(self.record_path)

    def _sync_record(self) -> None:
        self.record.actions = [(step.seat, self.game.format_action(step.action))
                               for step in self.history.steps]

    # the loop -----------------------------------------------------------------------------
    def run(self) -> None:
        while True:
            decision = self.state.decision()
            if decision is None:
                return
            seat = decision.seats[0]
            agent = self.agents[seat]
            if agent is self.human and self.human.hotseat and self.at_screen != seat:
                if self.at_screen is not None and self._turn_over(self.at_screen):
                    continue  # the leaving player took an action back
                self.human.hand_to(seat)
                self.at_screen = seat
            window = Window(self.game, self.state, seat, self.state.candidate_actions(seat),
                            self.chance)
            try:
                action = agent.choose(window)
            except UndoRequested:
                self._undo(seat)
                continue
            try:
                self.history.apply(self.state, seat, action)
            except IllegalAction:
                # a typed action the seat's view could not judge: the real state's reason
                # might tell of what the seat may not see, so only say it was refused
                self.human.note = "[red]" + escape(TERMS.text("not_now", self.lang)) + "[/red]"
                continue
            self.keep()
            self._write_svg(seat)

    def _write_svg(self, seat: int) -> None:
        """`--svg FILE`: after each turn, the public view as the game draws it (games
        without a drawing write nothing)."""
        after = self.state.decision()
        if self.svg_path is None or (after is not None and seat in after.seats):
            return
        picture = companions.picture(self.game, self.history.pack).svg(
            self.state.public_view(), self.lang, self.names)
        if picture is not None:
            try:
                self.svg_path.write_text(picture, encoding="utf-8")
            except OSError as exc:
                raise StellwerkError(f"{self.svg_path}: cannot write the picture "
                                     f"({exc.strerror})") from None

    def _turn_over(self, seat: int) -> bool:
        """Show `seat` the table after its turn before the screen is handed on; True when
        the player took an action back instead."""
        while True:
            window = Window(self.game, self.state, seat, [], self.chance)
            undo = (TERMS.text("turn_over_undo", self.lang)
                    if self.history.can_undo(seat) else "")
            answer = self.human.show_outcome(window, TERMS.text(
                "turn_over", self.lang, name=self.names[seat], undo=undo))
            word = answer.strip().lower()
            if word in QUIT_WORDS:
                raise Abandoned
            if word in UNDO_WORDS and self.history.can_undo(seat):
                self._undo(seat)
                return True
            if word not in UNDO_WORDS:  # Enter (or anything else) hands the table on
                return False

    def _undo(self, seat: int) -> None:
        taken = self.history.steps[-1].action
        self.state = self.history.undo(seat)
        self.human.note = escape(TERMS.text("undone", self.lang,
                                            action=self.game.format_action(taken)))
        self.keep()   # the file must not hold the action taken back

    def finish(self) -> int:
        lang, console = self.lang, self.console
        result = self.state.result()
        self.record.result = result.to_json()
        failed = self.keep()   # kept before anything is shown
        view = self.state.public_view()
        view["names"] = self.names
        console.print(self.human.terminal.render(view, lang))
        console.print(result_table(self.game, result, self.names, lang))
        if len(self.names) > 1:  # a solo game has no winner; its table gives the yardstick
            winners = TERMS.text("and", lang).join(self.names[w] for w in result.winners)
            verdict = (TERMS.text("won", lang, winners=winners) if winners
                       else TERMS.text("no_winner", lang))
            console.print(f"[bold]{escape(verdict)}[/bold]")
        if failed is not None:
            console.print(failed, soft_wrap=True)
            return 1
        console.print(escape(TERMS.text("written", lang, path=str(self.record_path))),
                      soft_wrap=True)
        return 0

    def abandon(self) -> int:
        """Quit, end of input, Ctrl-C: the game is kept (it was after every action);
        say where and how to go on."""
        failed = self.keep()
        console, lang, path = self.console, self.lang, str(self.record_path)
        console.print("\n" + TERMS.text("abandoned", lang))
        if failed is not None:
            console.print(failed, soft_wrap=True)
            return 1
        # soft wrap: the terminal wraps a long path, and it copies whole
        console.print(escape(TERMS.text("partial", lang, path=path)), soft_wrap=True)
        console.print(escape(TERMS.text("resume_hint", lang, path=path)), soft_wrap=True)
        return 1


def _check_writable(path: Path | None) -> None:
    if path is None:
        return
    folder = path.parent
    if path.is_dir() or not folder.is_dir() or not os.access(folder, os.W_OK):
        raise BadOption(f"{path}: cannot write the record there")


def _new_play(args: argparse.Namespace, options: dict[str, str], console: Console) -> TablePlay:
    if args.game is None:
        raise BadOption("play: name a game (see `stellwerk games`) or --resume FILE")
    table = open_table(args.game, args.seats, args.seed, args.pack, options)
    names = seat_names(table.seats, args.names, args.lang)
    record = table.record(names)
    history = TableHistory(table.game, table.options, table.seed, table.pack, len(table.seats))
    path = args.record or new_save_path(table.game.id, table.seed)
    return TablePlay(table.game, record, history, history.new_state(), table.seats,
                     args.lang, console, path, getattr(args, "svg", None))


def _resumed_play(args: argparse.Namespace, options: dict[str, str], console: Console,
                  path: Path) -> TablePlay:
    given = [flag for flag, value in (("--seats", args.seats), ("--names", args.names),
                                      ("--seed", args.seed), ("-o", options or None))
             if value is not None]
    if given:
        raise BadOption(f"--resume takes seats, names, options and seed from the file; "
                        f"leave out {', '.join(given)}")
    record = GameRecord.load(path)
    game = get_game(record.game)
    if args.game is not None and args.game != record.game:
        raise BadOption(f"{path} is a game of {record.game}, not {args.game}")
    if record.result is not None:
        raise BadOption(f"{path}: that game is over (see `stellwerk replay`)")
    kinds = [seat.kind for seat in record.seats]
    check_names([seat.name for seat in record.seats], f"{path}: seat names")
    strange = [kind for kind in kinds
               if kind != HUMAN and bot_kind(kind, game) not in bots_for(game)]
    if strange:
        raise BadRecord(f"{path}: unknown seat kind {strange[0]!r}")
    replay(record, game, args.pack)  # refuses a record that does not fit, naming why
    pack = game.load_pack(args.pack)
    history = TableHistory(game, game.parse_options(record.options, len(kinds)), record.seed,
                      pack, len(kinds))
    state = history.new_state()
    for seat, text in record.actions:
        history.apply(state, seat, game.parse_action(text))
    lang = resumed_language(args, record)
    play = TablePlay(game, record, history, state, kinds, lang, console,
                     args.record or path, getattr(args, "svg", None))
    console.print(escape(TERMS.text("resumed", lang, n=len(record.actions))))
    return play


def resumed_language(args: argparse.Namespace, record: GameRecord) -> str:
    """--lang when typed; else the language the game was played in; else the locale's."""
    if getattr(args, "lang_typed", True) or record.lang not in LANGUAGES:
        return str(args.lang)
    return str(record.lang)


def play_command(args: argparse.Namespace, options: dict[str, str]) -> int:
    """Play at the terminal; the exit status as the module says. The terminal going away
    at any moment (a hang-up signal, or EIO on a read or write) ends the program quietly."""
    _check_writable(args.record)
    console = Console(highlight=False)
    with hangup_raises():
        try:
            return _play(args, options, console)
        except HangUp:
            pass
        except OSError as exc:
            if not terminal_gone(exc):
                raise
    silence()
    return EXIT_HANGUP


def _play(args: argparse.Namespace, options: dict[str, str], console: Console) -> int:
    given = getattr(args, "resume", None)
    resume = Path(given) if given else None
    if given == PICK:
        resume = pick_save(console, args.lang, lambda prompt: input(prompt))
        if resume is None:
            return 0
    play = (_resumed_play(args, options, console, resume) if resume is not None
            else _new_play(args, options, console))
    play.keep_strictly()   # the game is kept from its first moment
    game, record = play.game, play.record
    console.print(f"[bold]{escape(game.title)}[/bold] — {TERMS.text('seed', play.lang)} "
                  f"{record.seed} — " + ", ".join(
                      f"{escape(s.name)} ({s.kind})" for s in record.seats))
    try:
        play.run()
    except (Abandoned, KeyboardInterrupt):  # quit, end of input or Ctrl-C: keep what was played
        return play.abandon()
    return play.finish()
