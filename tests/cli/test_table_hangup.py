"""No game is lost at the terminal: the real `stellwerk play` on a pseudo-terminal (and
under tmux), left by closing the terminal, a hang-up signal or end of input after two
moves. The game is on disk, replays with both moves, and nothing reports an internal
error."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import time
import uuid
from pathlib import Path

import pytest
from rich.console import Console
from tests.cli.ptyrun import (
    CLOSE,
    END_OF_INPUT,
    HANG_UP,
    INTERRUPT,
    TERMINATE,
    Answer,
    command,
    plain,
    run_on_pty,
)
from tests.cli.test_terminal import ScriptedHuman, play

from stellwerk.cli import main
from stellwerk.frontends.table.hangup import EXIT_HANGUP

MOVES = 2


def two_moves_then(leave: str) -> Answer:
    """Answer the first choice at the first two prompts, then leave with `leave`."""
    answered = [0]

    def answer(text: str) -> str | None:
        if not plain(text).rstrip().endswith(">"):
            return None
        answered[0] += 1
        return "1" if answered[0] <= MOVES else leave

    return answer


def state_home() -> Path:
    return Path(os.environ["XDG_STATE_HOME"])


def crash_reports() -> list[Path]:
    return sorted((state_home() / "stellwerk").glob("crash-*"))


def saved_games() -> list[Path]:
    folder = state_home() / "stellwerk" / "saves"
    return sorted(folder.iterdir()) if folder.is_dir() else []


def assert_kept_with_two_moves(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["result"] is None
    assert [a["action"] for a in data["actions"] if a["seat"] == 0] == ["side 1", "track 1"]
    capsys.readouterr()
    assert main(["replay", str(record)]) == 0
    assert "the game is not finished" in capsys.readouterr().out
    assert not [p for p in record.parent.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("leave", [CLOSE, HANG_UP, TERMINATE],
                         ids=["terminal-closed", "sighup", "sigterm"])
def test_a_hang_up_keeps_the_game_and_leaves_quietly(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], leave: str) -> None:
    record = tmp_path / "x.json"
    code, text = run_on_pty(["play", "rail-line", "--seed", "3", "--record", str(record)],
                            two_moves_then(leave), seconds=60)
    assert record.exists(), plain(text)[-1500:]
    assert_kept_with_two_moves(record, capsys)
    assert crash_reports() == []
    assert "internal error" not in text and "Traceback" not in text
    assert code == EXIT_HANGUP


@pytest.mark.parametrize("leave", [END_OF_INPUT, INTERRUPT], ids=["ctrl-d", "ctrl-c"])
def test_end_of_input_or_ctrl_c_keeps_the_game_in_the_saves_folder(
        capsys: pytest.CaptureFixture[str], leave: str) -> None:
    code, text = run_on_pty(["play", "rail-line", "--seed", "3"], two_moves_then(leave),
                            seconds=60)
    assert code == 1, plain(text)[-1500:]
    [kept] = saved_games()
    assert_kept_with_two_moves(kept, capsys)
    assert f"The unfinished record is in {kept}." in plain(text).replace("\n", "")
    assert crash_reports() == []
    assert "Traceback" not in text


def tmux(socket: str, *words: str) -> str:
    done = subprocess.run(["tmux", "-L", socket, *words], capture_output=True, text=True,
                          timeout=20, check=False)
    return done.stdout


def test_killing_the_tmux_session_keeps_the_game(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    if shutil.which("tmux") is None:
        pytest.skip("TMUX IS NOT INSTALLED: the tmux reproduction (kill-session after two "
                    "moves) did not run; apt-get install tmux to run it")
    program = command()
    socket = f"stellwerk-test-{uuid.uuid4().hex[:8]}"   # a server of its own
    record = tmp_path / "x.json"
    try:
        subprocess.run(["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s",
                        "x", "-x", "100", "-y", "40",
                        f"{program} play rail-line --seed 3 --record {record}"],
                       check=True, timeout=20, cwd=tmp_path)
        pane = Pane(socket)
        for _ in range(MOVES):
            pane.wait_for_prompt()
            tmux(socket, "send-keys", "-t", "x", "1", "Enter")
        pane.wait_for_prompt()
        tmux(socket, "kill-session", "-t", "x")
    finally:
        tmux(socket, "kill-server")
    end = time.monotonic() + 20
    while time.monotonic() < end and not record.exists():
        time.sleep(0.1)
    assert_kept_with_two_moves(record, capsys)
    time.sleep(1)   # a report, if one were written, would come right after the hang-up
    assert crash_reports() == []


class Pane:
    """The tmux pane the game runs in, read as a player would."""

    def __init__(self, socket: str) -> None:
        self.socket = socket
        self.seen = ""

    def wait_for_prompt(self, seconds: float = 30) -> None:
        """Until the last line is a new `> ` prompt (the pane changed since the last one
        and stayed still)."""
        end = time.monotonic() + seconds
        last = None
        while time.monotonic() < end:
            pane = tmux(self.socket, "capture-pane", "-p", "-t", "x").rstrip()
            if pane.endswith(">") and pane == last and pane != self.seen:
                self.seen = pane
                return
            last = pane
            time.sleep(0.2)
        raise AssertionError(f"no prompt within {seconds} s:\n{last}")


@pytest.mark.parametrize("when", ["at a prompt", "when saying goodbye"])
def test_eio_on_the_terminal_leaves_quietly_with_the_game_kept(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path, when: str) -> None:
    """The terminal answers a read (or the goodbye's write) with EIO, as a closed one does."""
    record = tmp_path / "x.json"

    class Gone(ScriptedHuman):
        def answer(self, prompt: str) -> str:
            if len(self.answers) < MOVES:
                return "1"
            if when == "at a prompt":
                raise OSError(errno.EIO, "Input/output error")
            monkeypatch.setattr(Console, "print", dead_terminal)
            raise EOFError

    def dead_terminal(*_: object, **__: object) -> None:
        raise OSError(errno.EIO, "Input/output error")

    code, _, err = play(capsys, monkeypatch, Gone(capsys), "--record", str(record),
                        argv=("play", "rail-line", "--seed", "3"))
    assert code == EXIT_HANGUP
    assert err == ""
    assert_kept_with_two_moves(record, capsys)
    assert crash_reports() == []
