"""JSON that a browser reads: every number in it is one JavaScript holds exactly.

A browser's `JSON.parse` makes every number a double, which holds an integer exactly
only up to 2**53 - 1 (`Number.MAX_SAFE_INTEGER`); a bigger one (a record's 64-bit seed)
arrives rounded, silently, and a record sent back would replay another deal. So every
JSON text the server sends (the API's answers and errors, the live frames, the web
table's helpers, the data in its pages) is written by `dumps` here, which writes an
integer beyond +-(2**53 - 1) as its decimal string. A reader that needs the number back
accepts the string (a record's seed: `stellwerk.core.record`).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi.responses import JSONResponse

SAFE_INTEGER = 2**53 - 1   # JavaScript's Number.MAX_SAFE_INTEGER

# 2**53 has 16 digits: a text without a run of 16 digits holds no unsafe integer, so the
# payload is walked (and encoded again) only when such a run occurs. The run is looked
# for with every digit made "0" (bytes.translate, then a substring search): some 20
# times quicker than a regular expression over a digit-heavy view.
_ALL_ZERO = bytes.maketrans(b"123456789", b"000000000")
_LONG_RUN = b"0" * 16


def _has_long_digits(text: str) -> bool:
    return _LONG_RUN in text.encode("utf-8", "surrogatepass").translate(_ALL_ZERO)


def browser_safe(data: Any) -> Any:
    """`data` with every integer beyond +-SAFE_INTEGER written as its decimal string
    (containers copied as lists and dicts; everything else as it is)."""
    if isinstance(data, bool):
        return data
    if isinstance(data, int):
        return str(data) if abs(data) > SAFE_INTEGER else data
    if isinstance(data, dict):
        return {key: browser_safe(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [browser_safe(value) for value in data]
    return data


def dumps(data: Any, allow_nan: bool = True) -> str:
    """Compact JSON (as Starlette writes it) whose integers a browser reads exactly."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=allow_nan)
    if not _has_long_digits(text):
        return text
    return json.dumps(browser_safe(data), separators=(",", ":"), ensure_ascii=False,
                      allow_nan=allow_nan)


class BrowserJSONResponse(JSONResponse):
    """The server's JSON answers, written by `dumps`."""

    def render(self, content: Any) -> bytes:
        return dumps(content, allow_nan=False).encode("utf-8")
