"""The facts and options tables of the game guides, made from the games' declarations.

    python3 dev.py docs                      # rewrite the tables in docs/games/*.md
    python3 scripts/game_docs.py --check     # exit 1 and name the pages that differ

Each game's guide (docs/games/GAME.md) holds, between the two marker comments below, a
table of the game's declared facts (`Game.meta`) and one of its options
(`Game.options`): what each takes, its default and what it does, in English. A page
without the markers gets them before its first section. tests/docs/test_game_docs.py
fails when a table and the declarations differ.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from stellwerk.core.contract import Game
from stellwerk.core.meta import TEXTS as META_TEXTS
from stellwerk.core.options import TEXTS as OPTION_TEXTS
from stellwerk.core.options import Choice, Flag, Option, Subset

ROOT = Path(__file__).resolve().parents[1]
BEGIN = "<!-- facts and options: made by `python3 dev.py docs` from the game's declarations -->"
END = "<!-- end of facts and options -->"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def facts_table(game: Game) -> list[str]:
    low, high = game.min_seats, game.max_seats
    rows = [(META_TEXTS.text("meta.players", "en"), str(low) if low == high else f"{low}-{high}")]
    meta = game.meta
    if meta is not None:
        if meta.designers:
            rows.append((META_TEXTS.text("meta.designers", "en"), ", ".join(meta.designers)))
        if meta.publisher:
            rows.append((META_TEXTS.text("meta.publisher", "en"), meta.publisher))
        if meta.year:
            rows.append((META_TEXTS.text("meta.year", "en"), str(meta.year)))
    return ["| | |", "| --- | --- |", *(f"| {_cell(a)} | {_cell(b)} |" for a, b in rows)]


def options_table(game: Game) -> list[str]:
    if not game.options:
        return ["No options."]
    lines = ["| Option | Takes | Default | What it does |", "| --- | --- | --- | --- |"]
    for option in game.options:
        default = option.typed(option.default) or OPTION_TEXTS.text("opt.none", "en")
        lines.append(f"| `{option.name}` | {_cell(option.allowed(game.catalog, 'en'))} | "
                     f"`{_cell(default)}` | {_cell(game.catalog.text(option.help, 'en'))} |")
    return lines


def _example(option: Option) -> str:
    """A value worth showing: another choice than the default, two of a subset."""
    if isinstance(option, Choice):
        return option.choices[-1]
    if isinstance(option, Subset):
        return option.typed(option.choices[:2])
    return "yes" if isinstance(option, Flag) else option.typed(option.default)


def block(game: Game) -> str:
    """The generated part of a game's guide, markers included."""
    about = game.catalog.text(game.meta.about, "en") if game.meta is not None else ""
    lines = [BEGIN, "", *([about, ""] if about else []), *facts_table(game), "",
             *options_table(game), ""]
    if game.options:
        example = f"{game.options[0].name}={_example(game.options[0])}"
        lines += [f"Set an option with `-o NAME=VALUE` (e.g. `stellwerk play {game.id} -o "
                  f"{example}`), or with its field on the web start page.", ""]
    return "\n".join([*lines, END])


def section(game: Game) -> str:
    return f"## Facts and options {{#{game.id}-options}}\n\n{block(game)}\n\n"


def page(game: Game) -> Path:
    return ROOT / "docs" / "games" / f"{game.id}.md"


def updated(text: str, game: Game) -> str:
    """`text` (a guide) with its generated part made afresh from the declarations."""
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        return head + block(game) + rest.split(END, 1)[1]
    at = text.find("\n## ")
    at = len(text) if at < 0 else at + 1
    return text[:at] + section(game) + text[at:]


def pages() -> list[tuple[Game, Path]]:
    """Every game with a guide under docs/games/."""
    from stellwerk.games import game_ids, get_game

    found = [(get_game(game_id), page(get_game(game_id))) for game_id in game_ids()]
    return [(game, path) for game, path in found if path.is_file()]


def differing() -> list[Path]:
    """The guides whose generated part is not what the declarations make."""
    return [path for game, path in pages()
            if updated(path.read_text(encoding="utf-8"), game) != path.read_text(encoding="utf-8")]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 naming each page that differs")
    args = parser.parse_args(argv)
    if args.check:
        stale = differing()
        for path in stale:
            print(f"{path.relative_to(ROOT)}: differs from the declarations "
                  "(run `python3 dev.py docs`)", file=sys.stderr)
        return 1 if stale else 0
    for game, path in pages():
        text = path.read_text(encoding="utf-8")
        new = updated(text, game)
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
