"""`stellwerk serve --config FILE`: the turn notices' settings in a TOML file, each key
named as its option (`mail-from` for --mail-from), and the reminder times and limits
that have no option. An option given on the command line wins over the file.

    smtp = "smtps://user:password@mail.example.org"
    mail-from = "tables@example.org"
    notice-delay = "1m"          # seconds, or a number with s, m, h or d
    notice-lease = "2m"
    reminders = ["24h", "1h"]    # before a deadline; [] for none
    mails-per-hour = 20          # mails to one address in any hour
    confirms-per-day = 3         # confirmation mails to one address a day
    targets-per-seat = 4         # addresses and webhooks per seat
    webhooks-private = false

A file that cannot be read, is no TOML, names an unknown key or gives a value of the
wrong kind is one clear refusal (BadOption), and the server does not start.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from stellwerk.core.errors import BadOption
from stellwerk.server.notices import terms as _terms  # noqa: F401  (the ntc.* keys)

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*$")
_UNIT = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}


def duration(value: object) -> float | None:
    """Seconds from 90, 90.5, "90", "90s", "15m", "24h" or "2d"; None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value) if value >= 0 else None
    if isinstance(value, str):
        found = _DURATION.match(value)
        if found:
            return float(found[1]) * _UNIT[found[2]]
    return None


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


def _count(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) \
        and value >= 1 else None


def _switch(value: object) -> bool | None:
    return value if isinstance(value, bool) else None


def _durations(value: object) -> tuple[float, ...] | None:
    if not isinstance(value, list):
        return None
    found = [duration(v) for v in value]
    if any(f is None or f <= 0 for f in found):
        return None
    return tuple(sorted((f for f in found if f is not None), reverse=True))


# key -> (reader: the value or None when it is of the wrong kind, the refusal's key)
KEYS: dict[str, tuple[Callable[[object], Any], str]] = {
    "smtp": (_text, "ntc.config_text"),
    "mail-from": (_text, "ntc.config_text"),
    "notice-delay": (duration, "ntc.config_duration"),
    "notice-lease": (duration, "ntc.config_duration"),
    "reminders": (_durations, "ntc.config_durations"),
    "mails-per-hour": (_count, "ntc.config_count"),
    "confirms-per-day": (_count, "ntc.config_count"),
    "targets-per-seat": (_count, "ntc.config_count"),
    "webhooks-private": (_switch, "ntc.config_switch"),
}


def read_config(path: Path) -> dict[str, Any]:
    """The file's settings by key (underscores for hyphens: `mail_from`), each of its
    kind; a BadOption names the first thing wrong."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        detail = getattr(exc, "strerror", None) or str(exc)
        raise BadOption("ntc.config_unreadable", path=str(path), detail=detail) from None
    except tomllib.TOMLDecodeError as exc:
        raise BadOption("ntc.config_syntax", path=str(path), detail=str(exc)) from None
    settings: dict[str, Any] = {}
    for key, value in data.items():
        if key not in KEYS:
            raise BadOption("ntc.config_unknown", path=str(path), key=key,
                            known=", ".join(KEYS))
        reader, refusal = KEYS[key]
        read = reader(value)
        if read is None:
            raise BadOption(refusal, path=str(path), key=key)
        settings[key.replace("-", "_")] = read
    return settings
