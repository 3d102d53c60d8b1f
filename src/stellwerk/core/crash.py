"""The report of a bug: the traceback in a new file, so the person who met it reads one
line and can attach the file to a bug report. The command line and the server use it."""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from collections.abc import Sequence
from pathlib import Path

from stellwerk import __version__


def write_crash_report(exc: BaseException, context: Sequence[str] | str) -> str:
    """Write the traceback to a new file in the user's state folder (or the temp dir)
    and return its path; never raises (an error while reporting an error helps nobody).
    `context` is what was being done: a command's arguments, or a request's method and
    path."""
    what = context if isinstance(context, str) else f"arguments: {list(context)!r}"
    text = (f"stellwerk {__version__}, Python {sys.version.split()[0]}, {sys.platform}\n"
            f"{what}\n\n" + "".join(traceback.format_exception(exc)))
    for folder in report_folders():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            handle, name = tempfile.mkstemp(prefix="crash-", suffix=".txt", dir=folder)
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            return name
        except OSError:
            continue
    return "(nowhere: no folder could be written)"


def report_folders() -> list[Path]:
    """$XDG_STATE_HOME/stellwerk (default ~/.local/state/stellwerk), else the temp dir."""
    folders = [Path(tempfile.gettempdir())]
    state = os.environ.get("XDG_STATE_HOME")
    try:
        base = Path(state) if state else Path.home() / ".local" / "state"
    except RuntimeError:          # no home directory
        return folders
    return [base / "stellwerk", *folders]
