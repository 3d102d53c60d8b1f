"""Where the terminal table keeps games played without `--record`: the saves folder.

`$XDG_STATE_HOME/stellwerk/saves/` (by default `~/.local/state/stellwerk/saves/`): the
XDG base directory specification puts "state that should persist between restarts" of
a program, such as the game it was in the middle of, in XDG_STATE_HOME (XDG_DATA_HOME is
for data a user would carry to another machine). The folder is the user's alone (mode
700): a record holds the seed, and with the seed the hidden cards can be foreseen.

A file is named after its game, the moment it began and its seed, e.g.
`rail-line-YYYY-MM-DD-HHMMSS-seedN.json`, so a listing sorts by game and date.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from stellwerk.core.errors import BadOption, StellwerkError
from stellwerk.core.record import GameRecord

LISTED = 30   # the newest unfinished games `play --resume` offers


def saves_folder(environ: Mapping[str, str] | None = None) -> Path:
    """$XDG_STATE_HOME/stellwerk/saves, or ~/.local/state/stellwerk/saves when the
    variable is unset or not an absolute path (as the specification says)."""
    environ = os.environ if environ is None else environ
    state = environ.get("XDG_STATE_HOME", "")
    if state and Path(state).is_absolute():
        return Path(state) / "stellwerk" / "saves"
    try:
        home = Path.home()
    except RuntimeError:
        raise BadOption("set.no_saves_folder") from None
    return home / ".local" / "state" / "stellwerk" / "saves"


def new_save_path(game_id: str, seed: int, now: datetime | None = None,
                  folder: Path | None = None) -> Path:
    """A new file in the saves folder (made if need be) for a game begun `now`."""
    folder = saves_folder() if folder is None else folder
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise BadOption("set.saves_folder", folder=folder, detail=exc.strerror) from None
    stamp = (now or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    base = f"{game_id}-{stamp}-seed{seed}"
    path, n = folder / f"{base}.json", 1
    while path.exists():
        n += 1
        path = folder / f"{base}-{n}.json"
    return path


@dataclass(frozen=True)
class SavedGame:
    path: Path
    record: GameRecord
    when: datetime      # when it was last saved


def unfinished_saves(folder: Path | None = None) -> list[SavedGame]:
    """The unfinished games in the saves folder, newest first (at most LISTED); a file
    that is not a readable record is passed over."""
    folder = saves_folder() if folder is None else folder
    try:
        files = [(entry.stat().st_mtime, entry) for entry in folder.iterdir()
                 if entry.suffix == ".json" and not entry.name.startswith(".")]
    except OSError:
        return []
    found: list[SavedGame] = []
    for mtime, path in sorted(files, key=lambda pair: pair[0], reverse=True):
        try:
            record = GameRecord.load(path)
        except (StellwerkError, OSError):
            continue
        if record.result is None:
            found.append(SavedGame(path, record, datetime.fromtimestamp(mtime)))
            if len(found) == LISTED:
                break
    return found
