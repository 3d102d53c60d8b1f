"""Write a file so that a reader (or a crash, a hang-up, a full disk) never sees half of it.

The text goes to a temporary file beside the target, is flushed to the disk (fsync), and
then renamed over the target, which POSIX makes atomic: the target holds either the old
text or the new one. The folder is synced as well, so the rename itself survives a power
cut. A file that existed keeps its permission bits; a new one gets what the umask allows,
as `open()` would give it.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path


def write_text_atomically(path: Path, text: str) -> None:
    """Replace `path` with `text` (UTF-8) in one step; raises OSError, leaving no
    temporary file behind, when it cannot."""
    folder = path.parent
    mode = _mode_for(path)
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fchmod(out.fileno(), mode)
            os.fsync(out.fileno())
        os.replace(name, path)
    except BaseException:   # also a signal's exception: never leave the temporary file
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise
    _sync_folder(folder)


def _mode_for(path: Path) -> int:
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:   # some file systems cannot sync a folder; the rename is done anyway
        pass
    finally:
        os.close(fd)
