"""`stellwerk replay FILE --step`: a finished or imported record, move by move.

The record is checked first (as `stellwerk replay` does); then each position is drawn
as an onlooker sees it, or as one seat saw it with `--seat N`, fitted to the terminal.
Enter goes on, `b` back, `q` stops. A record holds everything (its seed included), so
whoever has the file may look at any seat; without `--seat` nothing hidden is shown, and
each action is headed as the viewer read it while the game ran (`Game.shown_action`).
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from stellwerk.core import companions
from stellwerk.core.errors import BadOption, BadRecord
from stellwerk.core.record import GameRecord, replay
from stellwerk.frontends.replaying import _records, outcome_line
from stellwerk.frontends.report_words import WORDS
from stellwerk.frontends.table.screen import Screen
from stellwerk.games import get_game

BACK = ("b", "back", "z", "zurück")
STOP = ("q", "quit", "ende")


def step_file(path: Path, pack: Path | None, seat: int | None, lang: str = "en") -> int:
    console = Console(highlight=False)
    for where, record in _records(path):
        if seat is not None and not 1 <= seat <= len(record.seats):
            raise BadOption(f"--seat must be 1 to {len(record.seats)} for {where}")
        if not step_record(where, record, pack, None if seat is None else seat - 1, lang,
                           console):
            break
    return 0


def step_record(where: str, record: GameRecord, pack: Path | None, seat: int | None,
                lang: str, console: Console) -> bool:
    """Step through one record; False when the viewer asked to stop."""
    game = get_game(record.game)
    try:
        final = replay(record, game, pack)
        loaded = game.load_pack(pack)
        state = game.new_state(game.parse_options(record.options, len(record.seats)),
                               record.seed, loaded, len(record.seats))
    except BadRecord as exc:
        raise BadRecord(f"{where}: {exc}") from None
    names = [s.name for s in record.seats]
    positions = [state.clone()]
    shown: list[str | None] = []   # each action as the viewer read it while the game ran
    for actor, text in record.actions:
        action = game.parse_action(text)
        decision = state.decision()
        shown.append(game.shown_action(action, actor, seat,
                                       decision.kind if decision is not None else ""))
        state.apply(actor, action)
        positions.append(state.clone())
    screen = Screen(console, lang)
    terminal = companions.terminal(game, loaded)
    total = len(record.actions)
    k = 0
    while True:
        position = positions[k]
        view = position.view(seat) if seat is not None else position.public_view()
        view["names"] = names
        if k == 0:
            heading = WORDS.text("rp.start", lang, n=total)
        else:
            actor, public = record.actions[k - 1][0], shown[k - 1]
            heading = WORDS.text("rp.step", lang, k=k, n=total, name=names[actor],
                                 action=WORDS.text("rp.sealed", lang) if public is None
                                 else public)
        screen.clear()
        screen.page_of(terminal.render_compact(view, lang, width=screen.width), [],
                       heading=Text(heading, style="bold"), reserve=1,
                       cropped="cropped_taller")
        if k == total:
            console.print(escape(outcome_line(where, record, final, lang)))
        try:
            answer = input(WORDS.text("rp.step_prompt", lang)).strip().lower()
        except EOFError:
            return False
        if answer in STOP:
            return False
        if answer in BACK:
            k = max(k - 1, 0)
        elif k == total:
            return True
        else:
            k += 1
