"""The mail loop's settings from a TOML file: `--config FILE`, or `GAME_DIR/mail.toml`
when it exists. A flag given on the command line wins over the environment variable
(STELLWERK_JUDGE_IMAP, ..._MAILDIR, ..._SMTP), which wins over the file; each
`--address` flag replaces that player's address from the file.

    judge = "judge@example.org"
    deadline = 72                       # hours; none: a round waits for every order
    imap = "imaps://judge%40example.org:PASSWORD@mail.example.org/INBOX"
    smtp = "smtp://mail.example.org:587?tls=starttls"
    every = 60                          # seconds between cycles
    refusals_per_address = 3            # refusals an hour to one stranger's address
    refusals_per_hour = 20              # refusals an hour in all

    [addresses]
    Anna = "anna@example.org"
    Bert = "bert@example.org"

A file in the game folder is read by whoever can read the folder: keep passwords in the
environment variables instead, or the file where only the judge can read it.
"""

from __future__ import annotations

import argparse
import tomllib
from pathlib import Path
from typing import Any

from stellwerk.core.inputs import read_capped_text
from stellwerk.frontends.postal.folder import JudgeError

CONFIG_FILE = "mail.toml"
MAX_CONFIG_BYTES = 64 * 1024
MAX_DEADLINE_HOURS = 24 * 366
MAX_REFUSALS = 10_000
MAX_EVERY = 86400

# setting (named as the flag's attribute): (the expected form, for the message; a check)
SETTINGS: dict[str, tuple[str, Any]] = {
    "judge": ("\"ADDRESS\"", lambda v: isinstance(v, str)),
    "deadline": (f"1..{MAX_DEADLINE_HOURS}",
                 lambda v: _whole(v) and 1 <= v <= MAX_DEADLINE_HOURS),
    "imap": ("\"imap[s]://...\"", lambda v: isinstance(v, str)),
    "maildir": ("\"PATH\"", lambda v: isinstance(v, str)),
    "smtp": ("\"smtp[s]://...\"", lambda v: isinstance(v, str)),
    "every": (f"1..{MAX_EVERY}", lambda v: _whole(v) and 1 <= v <= MAX_EVERY),
    "once": ("true | false", lambda v: isinstance(v, bool)),
    "refusals_per_address": (f"0..{MAX_REFUSALS}",
                             lambda v: _whole(v) and 0 <= v <= MAX_REFUSALS),
    "refusals_per_hour": (f"0..{MAX_REFUSALS}",
                          lambda v: _whole(v) and 0 <= v <= MAX_REFUSALS),
}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def config_path(folder: Path, given: Path | None) -> Path | None:
    """The settings file: the one given, else the game folder's when it exists."""
    if given is not None:
        return given
    found = folder / CONFIG_FILE
    return found if found.is_file() else None


def read_config(path: Path) -> dict[str, Any]:
    """The file's settings, checked: an unknown setting or a value of the wrong kind is
    one clear refusal naming it."""
    text = read_capped_text(path, MAX_CONFIG_BYTES, "config", JudgeError)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise JudgeError.of("jm.config_unreadable", path=path, detail=exc) from None
    known = [*SETTINGS, "addresses"]
    for key, value in data.items():
        if key == "addresses":
            if not isinstance(value, dict) or not all(
                    isinstance(a, str) for a in value.values()):
                raise JudgeError.of("jm.config_value", path=path, setting=key,
                                    form="{ NAME = \"ADDRESS\", ... }")
        elif key not in SETTINGS:
            raise JudgeError.of("jm.config_key", path=path, setting=key, known=", ".join(known))
        elif not SETTINGS[key][1](value):
            raise JudgeError.of("jm.config_value", path=path, setting=key, form=SETTINGS[key][0])
    return data


SERVERS = ("imap", "maildir", "smtp")     # each also an environment variable
DEFAULT_EVERY = 60


def with_config(args: argparse.Namespace, folder: Path) -> argparse.Namespace:
    """`args` with every setting the command line left out taken from the settings
    file (if there is one); the flags stay as given. The servers the file names are in
    `file_servers`, for the caller to weigh against the environment."""
    path = config_path(folder, getattr(args, "config", None))
    data = read_config(path) if path is not None else {}
    merged = argparse.Namespace(**vars(args))
    for key in SETTINGS:
        given = getattr(merged, key, None)
        if key in data and key not in SERVERS and (given is None or given is False):
            setattr(merged, key, data[key])      # False: `--once` was not given
    if merged.every is None:
        merged.every = DEFAULT_EVERY
    listed = [f"{name}={address}" for name, address in data.get("addresses", {}).items()]
    merged.address = [*listed, *args.address]     # later ones win: the flags
    merged.file_servers = {key: data[key] for key in SERVERS if key in data}
    return merged
