"""`stellwerk pack GAME [FILE]`: validate a content pack, show the figures the game will
use of it, and what in it is confirmed and what reconstructed.

`stellwerk pack GAME --generate [OUT]`: for a game whose content is generated
(`Game.generate_pack`, e.g. Benelux Rails' map and cards), write the pack afresh to OUT
(default: the game's pack file name in the current folder), then validate and show it
like any other. A game without a generator is refused by the contract's default."""

from __future__ import annotations

import stat
import textwrap
from pathlib import Path

from stellwerk.core.content import iter_items
from stellwerk.core.errors import BadOption
from stellwerk.core.i18n import Term
from stellwerk.frontends.terms import CATALOG
from stellwerk.games import get_game


def show_pack(game_id: str, path: Path | None, lang: str = "en") -> int:
    game = get_game(game_id)
    pack = game.load_pack(path)
    counts = pack.provenance_counts()
    print(CATALOG.text("pack.valid", lang, path=pack.path, game=game.title, id=pack.id,
                     version=pack.version))
    print(f"  {pack.title}")
    print(f"  sha256 {pack.sha256}")
    print("  " + CATALOG.text("pack.items", lang, confirmed=counts["confirmed"],
                            reconstructed=counts["reconstructed"]))
    for figure in pack.figures:       # what the game will use of it
        for line in textwrap.wrap(figure.text(lang), width=PACK_WIDTH - 2,
                                  subsequent_indent="  "):
            print("  " + line)
    reconstructed = [where for where, kind in iter_items(pack.data) if kind == "reconstructed"]
    if reconstructed:               # one entry a line: a run of numbered items is one
        print("  " + CATALOG.text("pack.reconstructed", lang))
        for item in grouped(reconstructed):
            print(f"    {item}")
    return 0


PACK_WIDTH = 80   # the pack report's lines, for a terminal of 80 columns


def grouped(items: list[str]) -> list[str]:
    """Runs of numbered items of one list as one entry (`goods[0]` .. `goods[21]` ->
    `goods[0-21]`), the others as they are, in their order."""
    out: list[str] = []
    runs: dict[str, list[int]] = {}
    for item in items:
        base, bracket, rest = item.partition("[")
        index = rest[:-1] if rest.endswith("]") else ""
        if bracket and index.isdecimal() and "[" not in rest:
            if base not in runs:
                runs[base] = []
                out.append(base)
            runs[base].append(int(index))
        else:
            out.append(item)
    return [_run(item, runs[item]) if item in runs else item for item in out]


def _run(base: str, numbers: list[int]) -> str:
    numbers = sorted(numbers)
    if len(numbers) == 1:
        return f"{base}[{numbers[0]}]"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{base}[{numbers[0]}-{numbers[-1]}]"
    return f"{base}[{','.join(map(str, numbers))}]"


def generate_pack(game_id: str, out: Path | None, lang: str = "en") -> int:
    game = get_game(game_id)
    try:
        data = game.generate_pack()   # the contract's default refuses: no generator
    except BadOption as exc:
        raise BadOption("pk.in", why=exc) from None
    path = out if out is not None else Path(game.default_pack_path().name)
    _refuse_odd_target(path)
    try:
        path.write_bytes(data)
    except OSError as exc:
        raise BadOption("pk.write", path=path, detail=exc.strerror or exc) from None
    print(CATALOG.text("pack.generated", lang, path=path, size=len(data)))
    return show_pack(game_id, path, lang)


def _refuse_odd_target(path: Path) -> None:
    """Only a regular file (new or to overwrite) can take a pack that is then read back
    and checked: a folder is refused, and so is a fifo or device, which would block the
    write or swallow it (nothing hangs on a fifo)."""
    try:
        mode = path.stat().st_mode      # follows a symbolic link to what it names
    except ValueError:                  # a NUL character in the name
        raise BadOption("pk.nul", path=repr(str(path))) from None
    except OSError:
        return                          # a new file; writing it says what is wrong, if any
    if stat.S_ISDIR(mode):
        raise BadOption("pk.folder", path=path)
    if not stat.S_ISREG(mode):
        kind = "in.kind.fifo" if stat.S_ISFIFO(mode) else "in.kind.special"
        raise BadOption("pk.special", path=path, kind=Term(kind))
