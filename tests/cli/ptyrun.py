"""Run the real `stellwerk` on a pseudo-terminal of a given size and answer its prompts."""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]")
CLEAR = "\x1b[2J"
WIPE_SCROLLBACK = "\x1b[3J"

# what to answer, given the text printed since the last answer; None: keep reading
Answer = Callable[[str], str | None]

# answers that leave instead of typing a line
END_OF_INPUT = "\x04"            # Ctrl-D at the start of a line: the program reads EOF
INTERRUPT = "\x03"               # Ctrl-C: the terminal sends SIGINT
HANG_UP = "\x00send SIGHUP"      # the hang-up signal, as when the terminal window closes
CLOSE = "\x00close the terminal"  # the terminal itself goes (the kernel sends SIGHUP)
TERMINATE = "\x00send SIGTERM"   # as a system shutting down asks every program to stop


def command() -> Path:
    found = Path(sys.executable).parent / "stellwerk"
    if not found.exists():
        pytest.skip("the stellwerk console command is not installed beside this Python")
    if not hasattr(os, "fork") or sys.platform == "win32":
        pytest.skip("needs a POSIX pseudo-terminal")
    return found


def run_on_pty(argv: list[str], answer: Answer, rows: int = 40, columns: int = 80,
               seconds: float = 90, env: dict[str, str] | None = None) -> tuple[int, str]:
    """The program's exit status and everything it wrote to the terminal."""
    import fcntl
    import pty
    import select
    import struct
    import termios

    program = command()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the real program on a terminal, never back into pytest
        try:
            # as a terminal's shell starts a program: a run started in the background
            # (`cmd &` without job control) ignores SIGINT, and an ignored signal stays
            # ignored across exec, so Ctrl-C would never reach the program
            for number in (signal.SIGINT, signal.SIGQUIT, signal.SIGHUP, signal.SIGTERM):
                signal.signal(number, signal.SIG_DFL)
            for name in ("COLUMNS", "LINES", "NO_COLOR"):
                os.environ.pop(name, None)
            os.environ.update(env or {})
            os.environ["TERM"] = "xterm-256color"
            os.execv(program, [str(program), *argv])
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    screen, since_answer = b"", b""
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.15)
            if not ready:
                reply = answer(since_answer.decode("utf-8", "replace"))
                if reply == CLOSE:
                    os.close(fd)
                    fd = -1
                    break
                if reply in (HANG_UP, TERMINATE):
                    os.kill(pid, signal.SIGHUP if reply == HANG_UP else signal.SIGTERM)
                elif reply in (END_OF_INPUT, INTERRUPT):
                    os.write(fd, reply.encode())
                elif reply is not None:
                    os.write(fd, reply.encode() + b"\n")
                if reply is not None:
                    since_answer = b""
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            screen += chunk
            since_answer += chunk
    finally:
        # out of time: kill at once; else give the program a moment to finish leaving
        status = _reap(pid, 20 if time.monotonic() < deadline else 0)
        if fd >= 0:
            os.close(fd)
    return os.waitstatus_to_exitcode(status), screen.decode("utf-8", "replace")


def _reap(pid: int, seconds: float) -> int:
    """The child's wait status; killed when it has not ended within `seconds`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.05)
    os.kill(pid, 9)
    return os.waitpid(pid, 0)[1]


def plain(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def pages(text: str) -> list[str]:
    """The screens between two clears, without escape codes."""
    return [plain(page) for page in text.split(CLEAR)[1:]]
