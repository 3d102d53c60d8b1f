"""Leaving quietly when the terminal goes away.

A terminal window closed, an ssh link dropped, `tmux kill-session`: the program gets
SIGHUP (SIGTERM from a system shutting down), and its terminal answers every read and
write with EIO (errno 5) or ENXIO. The table saves after every action, so nothing is left
to keep; what matters is that the program stops at once and says nothing, since nobody is
there to read it and every write would fail again (which once ended in an internal-error
report). `HangUp` carries the way out; `silence` points the standard streams at
/dev/null so that not even the interpreter's last flush can fail.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import sys
from collections.abc import Iterator
from types import FrameType

EXIT_HANGUP = 129    # 128 + SIGHUP, as a shell reports a program that SIGHUP ended

# the terminal has gone: reads and writes on it fail like this
GONE = frozenset({errno.EIO, errno.ENXIO})
SIGNALS = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGTERM")
                if hasattr(signal, name))


class HangUp(BaseException):
    """The terminal went away (a hang-up signal, or the terminal refuses reads/writes).
    A BaseException, like KeyboardInterrupt: no `except Exception` on the way may keep
    the program at a table nobody sits at."""


def terminal_gone(exc: BaseException) -> bool:
    """True for the error a read or write on a terminal that went away raises."""
    return isinstance(exc, OSError) and not isinstance(exc, BrokenPipeError) \
        and exc.errno in GONE


def _raise_hangup(signum: int, frame: FrameType | None) -> None:
    for number in SIGNALS:   # one is enough: a second must not interrupt the way out
        signal.signal(number, signal.SIG_IGN)
    raise HangUp


@contextlib.contextmanager
def hangup_raises() -> Iterator[None]:
    """Within: SIGHUP and SIGTERM raise HangUp in the main thread (elsewhere, where no
    signal handler can be set, nothing changes). The handlers before are restored."""
    try:
        before = {number: signal.signal(number, _raise_hangup) for number in SIGNALS}
    except ValueError:   # not the main thread
        yield
        return
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


@contextlib.contextmanager
def holding_hangup() -> Iterator[None]:
    """Within (a file being written): SIGHUP and SIGTERM wait, and arrive after it."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def silence() -> None:
    """Point standard input, output and error at /dev/null (the terminal is gone)."""
    try:
        devnull = os.open(os.devnull, os.O_RDWR)
    except OSError:
        return
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        try:
            fd = stream.fileno()
        except (AttributeError, OSError, ValueError):
            continue   # not a real file (a test's capture): nothing to point elsewhere
        with contextlib.suppress(OSError):
            os.dup2(devnull, fd)
    os.close(devnull)
