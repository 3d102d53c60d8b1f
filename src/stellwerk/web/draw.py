"""Draw a game from a record file as SVG, from the terminal (the same drawings
as the web table, written to a file).

    python -m stellwerk.web.draw game.json --out table.svg            # the end, public view
    python -m stellwerk.web.draw game.json --step 20 --seat 0 --lang de --out t.svg

The record is checked whole first (as `stellwerk replay` does). `--seat N` draws what
seat N saw (its hand included); without it, what a spectator saw. Bad input gets one
line on standard error and exit status 2; a record that does not replay, status 1.
Its lines are in the language of `--lang` as typed, else the locale's (as `stellwerk`'s
refusals: core/refusals.py), whatever the drawing's language.
"""

from __future__ import annotations

import sys
from pathlib import Path

from stellwerk.cli_help import HelpParser, help_language, speak
from stellwerk.core.drawing import Drawing
from stellwerk.core.errors import BadRecord, StellwerkError
from stellwerk.core.i18n import LANGUAGES
from stellwerk.core.record import GameRecord, replay
from stellwerk.core.refusals import translate
from stellwerk.games import get_game
from stellwerk.web import boards


def draw_record(path: Path, step: int | None, seat: int | None, lang: str) -> Drawing:
    record = GameRecord.load(path)
    game = get_game(record.game)
    replay(record, game)
    pack = game.load_pack()
    state = game.new_state(game.parse_options(record.options, len(record.seats)),
                           record.seed, pack, len(record.seats))
    if seat is not None and not 0 <= seat < len(record.seats):
        raise StellwerkError(f"--seat must be 0-{len(record.seats) - 1}, not {seat}")
    for seat_of, text in record.actions[:step]:
        state.apply(seat_of, game.parse_action(text))
    view = state.view(seat) if seat is not None else state.public_view()
    svg = boards.draw(game, pack, view, [s.name for s in record.seats], lang)
    if svg is None:
        raise StellwerkError(f"no drawing for {game.title} yet")
    return Drawing(svg)


def build_parser(lang: str = "en") -> HelpParser:
    """The command line; its help and usage mistakes in `lang` (help strings are keys of
    stellwerk.cli_terms.HELP). --lang's default stays English, as the drawing's."""
    parser = HelpParser(prog="python -m stellwerk.web.draw", description="cmd.draw")
    parser.add_argument("record", type=Path, help="draw.record")
    parser.add_argument("--out", type=Path, required=True, help="draw.out")
    parser.add_argument("--step", type=int, help="draw.step")
    parser.add_argument("--seat", type=int, help="draw.seat")
    parser.add_argument("--lang", default="en", choices=LANGUAGES)
    speak(parser, lang)
    return parser


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    # the language of help and messages as the `stellwerk` command's: --lang as typed,
    # else the locale's (the drawing's own language is --lang, English by default)
    lang = help_language(words)
    args = build_parser(lang).parse_args(words)

    def say(line: str) -> None:
        print(f"draw: {translate(line, lang)}", file=sys.stderr)

    if args.step is not None and args.step < 0:
        say("--step must be 0 or more")
        return 2
    try:
        drawing = draw_record(args.record, args.step, args.seat, args.lang)
        drawing.save(args.out)
    except BadRecord as exc:
        say(str(exc))
        return 1
    except StellwerkError as exc:
        say(str(exc))
        return 2
    except OSError as exc:
        say(f"cannot write {args.out} ({exc.strerror})")
        return 2
    print(translate(f"wrote {args.out}", lang))
    return 0


if __name__ == "__main__":
    sys.exit(main())
