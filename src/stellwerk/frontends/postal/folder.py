"""Writing in a game folder safely: one judge command at a time, whole files or none.

Two `judge GAME resolve` started at once must not both report success:
every command that changes the folder holds an exclusive lock on it for its whole
run (`fcntl.flock` on a lock file in the folder; Linux is the target), and every file
is written to a temporary file of its own in the same folder and renamed into place,
so a reader sees the old file or the new one, never half of one. A command killed
mid-write (kill -9, a power cut) leaves that temporary file behind; the next command to
take the lock removes it, since only the lock's holder writes in the folder.
"""

from __future__ import annotations

import fcntl
import os
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from stellwerk.core.errors import StellwerkError
from stellwerk.core.i18n import LANGUAGES, say
from stellwerk.frontends.postal.terms import texts as judge_texts

LOCK_FILE = ".judge.lock"
# the names `write_whole` gives its temporary files: "." + the target's name + "." +
# tempfile's eight random characters + ".tmp"
LEFT_OVER = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")


class JudgeError(StellwerkError):
    """A judge command that cannot be carried out; nothing was changed. `texts` holds
    the message in every language (the command prints the game master's); given a
    catalogue key instead (the judge's or the core's), its texts are that entry's."""

    def __init__(self, texts: dict[str, str] | str, /, **params: Any) -> None:
        if isinstance(texts, str):
            texts = {lang: say(texts, lang, **params) for lang in LANGUAGES}
        super().__init__(texts["en"])
        self.texts = texts

    def text(self, lang: str = "en") -> str:
        return self.texts.get(lang) or self.texts["en"]

    @classmethod
    def of(cls, key: str, **params: Any) -> JudgeError:
        """The error worded by the judge's catalogue entry `key`."""
        return cls(judge_texts(key, **params))


class OrderProblems(JudgeError):
    """The round's order files have mistakes: one a line, each line made printable."""

    multiline = True


@contextmanager
def game_lock(folder: Path) -> Iterator[None]:
    """Hold the folder's lock, or refuse at once when another command holds it."""
    make_folder(folder)
    path = folder / LOCK_FILE
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
    except OSError as exc:
        raise JudgeError.of("jd.lock", path=path, detail=exc.strerror or exc) from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise JudgeError.of("jd.busy", folder=folder) from None
        remove_left_over_writes(folder)
        yield                     # the lock is released when the descriptor closes
    finally:
        os.close(fd)


def remove_left_over_writes(folder: Path) -> None:
    """Delete the temporary files of writes that never finished; the caller holds the
    folder's lock, so no write of this folder is under way."""
    for left in folder.rglob(".*.tmp"):
        if LEFT_OVER.fullmatch(left.name) and left.is_file():
            with suppress(OSError):
                left.unlink()


def write_whole(path: Path, text: str) -> None:
    """Write whole or not at all: a temporary file of its own (so two writers never
    share one) in the same folder, renamed into place."""
    temporary: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                         dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temporary, path)
        temporary = None
    except OSError as exc:
        raise JudgeError.of("jd.write", path=path, detail=exc.strerror or exc) from None
    finally:
        if temporary is not None:
            with suppress(OSError):
                os.unlink(temporary)


def make_folder(path: Path) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise JudgeError.of("jd.mkdir", path=path, detail=exc.strerror or exc) from None
