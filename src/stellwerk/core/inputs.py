"""Untrusted input made safe: numbers a person typed, files a person named, JSON.

Everything that reaches Stellwerk from outside (command line, option, record, pack,
order file, notation) goes through these few helpers, so a hostile value gets one
clear message instead of a traceback, a hang or gigabytes of memory:

- `ascii_int` / `parse_int`: ASCII digits only (`str.isdigit()` also passes '²', which
  `int()` refuses) and a length cap (Python refuses ints of more than 4,300 digits
  with a ValueError, and long before that a number is nonsense for a board game).
- `read_capped`: refuses anything that is not a regular file (a fifo or /dev/zero would
  block or never end) *before* reading, and reads at most a cap of bytes.
- `parse_json`: every way `json.loads` can fail, as one message.
- `check_text` / `unfit_character`: the one rule for text a person gives Stellwerk to
  show to others (seat names, chat, notation): no control characters, lone surrogates,
  noncharacters, line separators or bidi overrides. Every entry point (API, web form,
  `--names`, the judge's `--players`, a record's names) refuses them with one message.
"""

from __future__ import annotations

import json
import os
import stat
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any, BinaryIO

from stellwerk.core.errors import BadOption, StellwerkError
from stellwerk.core.i18n import Term

# 20 digits hold any 64-bit number; nothing a person types here needs more.
MAX_DIGITS = 20
SEED_LIMIT = 2**64              # seeds are 64 bits (SplitMix64 keeps 64 bits of state)

# Read caps per kind of file: generous for real use, small enough that a hostile file
# cannot eat memory. A record of the longest game is ~100 KB; `simulate --record` writes
# JSON Lines of any length, which replay reads a line at a time.
MAX_RECORD_BYTES = 64 * 2**20          # one record, or a whole JSON Lines file read at once
MAX_RECORD_LINE_BYTES = 16 * 2**20     # one line of a larger JSON Lines file
MAX_PACK_BYTES = 2 * 2**20
MAX_ORDER_BYTES = 64_000
MAX_SETTINGS_BYTES = 64_000


def ascii_int(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """`text` (surrounding blanks allowed, an optional '-') as an int, or None when it is
    not a plain decimal number of at most `max_digits` digits."""
    text = text.strip()
    digits = text[1:] if text.startswith("-") else text
    if not digits or len(digits) > max_digits or not (digits.isascii() and digits.isdigit()):
        return None
    return int(text)


def ascii_natural(word: str, max_digits: int = MAX_DIGITS) -> int | None:
    """`word` as a non-negative int when it is ASCII digits only (no sign, no blanks, at
    most `max_digits` of them), else None: a card number or a count in a notation.

    >>> ascii_natural("40"), ascii_natural("-1"), ascii_natural("²"), ascii_natural("1234", 3)
    (40, None, None, None)
    """
    if not word or len(word) > max_digits or not (word.isascii() and word.isdigit()):
        return None
    return int(word)


def parse_int(text: str, what: str, minimum: int | None = None,
              maximum: int | None = None,
              error: type[StellwerkError] = BadOption) -> int:
    """A whole number from a person or a file, or `error` with one line saying why."""
    text = str(text)
    value = ascii_int(text)
    if value is None:
        digits = text.strip().lstrip("-")
        if digits.isascii() and digits.isdigit():      # digits, but hundreds of them
            raise error("in.too_many_digits", what=what, n=len(digits))
        raise error("in.whole", what=what, value=_short(text))
    return check_range(value, what, minimum, maximum, error)


def check_range(value: int, what: str, minimum: int | None = None,
                maximum: int | None = None,
                error: type[StellwerkError] = BadOption) -> int:
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        shown = _short(str(value))
        if maximum is None:
            raise error("in.at_least", what=what, n=minimum, value=shown)
        if minimum is None:
            raise error("in.at_most", what=what, n=maximum, value=shown)
        raise error("in.range", what=what, low=minimum, high=maximum, value=shown)
    return value


def _short(text: str, limit: int = 40) -> str:
    """A value for a message: quoted, and cut so a hostile value cannot flood it."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"… ({len(text)} chars)"


def int_argument(what: str, minimum: int | None = None,
                 maximum: int | None = None) -> Any:
    """An argparse `type=` for a bounded whole number (the message names the flag)."""
    def convert(text: str) -> int:
        return parse_int(text, what, minimum, maximum)
    convert.__name__ = what        # argparse names the type in its own messages
    return convert


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """`-o KEY=VALUE` pairs as a dict; the game checks the keys and values."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise BadOption("in.pair", pair=_short(pair))
        options[key.strip()] = value.strip()
    return options


def open_regular(path: Path, what: str,
                 error: type[StellwerkError] = BadOption) -> BinaryIO:
    """The regular file at `path`, open for reading; a fifo, device or folder is refused
    before a byte is read (opened without blocking: a fifo would wait for a writer)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise error("in.unreadable", path=path, noun=what,
                    detail=exc.strerror or exc) from None
    except ValueError:             # a NUL character in the name
        raise error("in.nul", path=repr(str(path)), noun=what) from None
    try:
        mode = os.fstat(fd).st_mode
    except OSError as exc:
        os.close(fd)
        raise error("in.unreadable", path=path, noun=what,
                    detail=exc.strerror or exc) from None
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = ("in.kind.folder" if stat.S_ISDIR(mode) else "in.kind.fifo"
                if stat.S_ISFIFO(mode) else "in.kind.device"
                if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "in.kind.other")
        raise error(_an("in.not_regular", what), path=path, kind=Term(kind), noun=what)
    return os.fdopen(fd, "rb")


def read_capped(path: Path, limit: int, what: str,
                error: type[StellwerkError] = BadOption) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them (`open_regular`),
    stopping at `limit + 1` bytes to say "too large" rather than reading on."""
    with open_regular(path, what, error) as handle:
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise error("in.unreadable", path=path, noun=what,
                        detail=exc.strerror or exc) from None
    if len(data) > limit:
        raise error(_an("in.too_large", what), path=path, noun=what, size=_size(limit))
    return data


def read_capped_text(path: Path, limit: int, what: str,
                     error: type[StellwerkError] = BadOption) -> str:
    data = read_capped(path, limit, what, error)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise error("in.not_utf8", path=path, line=line) from None


def printable(text: str, keep_newlines: bool = False) -> str:
    """`text` with control and format characters shown as escapes (\\n, \\r, \\x1b,
    \\u202e), so a message stays one line and never moves the cursor, colours the
    terminal or reverses text. `keep_newlines` is for a message of several lines (an
    order file's mistakes, one per line) whose every part was made printable."""
    return "".join(c if c.isprintable() or (keep_newlines and c == "\n") else repr(c)[1:-1]
                   for c in text)


# Bidi embeddings, overrides and isolates: a name holding U+202E shows reversed and can
# pass for another; nothing a player types for a board game needs them.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def unfit_character(text: str) -> str | None:
    """The first character of `text` that no name, chat line or notation may hold, or
    None. Refused: control characters (C0, DEL, C1: they move a terminal's cursor, and
    XML, so every SVG board, forbids most of them), lone surrogates (no encoding holds
    them), noncharacters (U+FDD0-U+FDEF, U+FFFE, U+FFFF and their kin in every plane),
    line and paragraph separators (these texts are one line) and bidi controls."""
    for char in text:
        code = ord(char)
        if (32 <= code < 127) or (code > 159 and code < 0x2028):
            continue                         # the common case, without a table look-up
        if (unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp")
                or 0xFDD0 <= code <= 0xFDEF or (code & 0xFFFE) == 0xFFFE
                or char in _BIDI_CONTROLS):
            return char
    return None


def character_name(char: str) -> str:
    """A character for a message: its code point (U+001B), never the character itself."""
    return f"U+{ord(char):04X}"


def check_text(text: str, what: str, error: type[StellwerkError] = BadOption) -> str:
    """`text` unchanged, or `error` naming the first character `unfit_character` finds."""
    char = unfit_character(text)
    if char is not None:
        raise error("in.character", what=what, char=character_name(char))
    return text


def _an(key: str, noun: str) -> str:
    """The entry of `key` whose English article fits `noun` ("a record", "an order")."""
    return f"{key}_an" if noun[:1] in "aeiou" else key


def _size(limit: int) -> str:
    return f"{limit // 2**20} MB" if limit >= 2**20 else f"{limit // 1000} KB"


def json_problem(text: str, with_line: bool = True) -> tuple[Any, Term | None, int]:
    """(data, None, 0) for valid JSON; else (None, what is wrong, its line number or 0).
    `with_line=False` leaves the line out of the words (one line of a JSON Lines file,
    whose line the caller names)."""
    try:
        return json.loads(text), None, 0
    except json.JSONDecodeError as exc:
        if not with_line:
            return None, Term("in.json_line", detail=exc.msg), exc.lineno
        return None, Term("in.json", detail=exc.msg, line=exc.lineno), exc.lineno
    except RecursionError:
        return None, Term("in.json_deep"), 0
    except ValueError:   # Python refuses integers of more than 4,300 digits
        return None, Term("in.json_number"), 0


def parse_json(text: str, where: str, error: type[StellwerkError] = BadOption) -> Any:
    data, problem, _ = json_problem(text)
    if problem is not None:
        raise error("in.at", where=where, why=problem)
    return data
