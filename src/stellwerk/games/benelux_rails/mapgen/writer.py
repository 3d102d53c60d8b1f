"""Write the generated pack as TOML: deterministic, compact and readable.

tomli_w writes every array element on its own line (a milepost pair takes four lines),
so this module only lays the document out (one crossing, demand or point run per line)
and leaves the formatting of every string and number to tomli_w, which knows TOML's
escaping rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import tomli_w

POINTS_PER_LINE = 6


def scalar(value: Any) -> str:
    """A string or number as a TOML value (tomli_w's own formatting)."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise TypeError(f"not a TOML scalar: {value!r}")
    return tomli_w.dumps({"v": value})[4:].rstrip("\n")


def inline(value: Any) -> str:
    """Any value on one line: scalars, arrays and inline tables."""
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{key} = {inline(item)}" for key, item in value.items()) + " }"
    if isinstance(value, Sequence) and not isinstance(value, str):
        return "[" + ", ".join(inline(item) for item in value) + "]"
    return scalar(value)


def _value(key: str, value: Any) -> list[str]:
    if isinstance(value, Sequence) and not isinstance(value, str) and value and \
            not all(isinstance(item, str | int | float) for item in value):
        # arrays of arrays or of tables: one element (or a run of points) per line
        if all(isinstance(item, Sequence) and len(item) == 2 and
               all(isinstance(n, int | float) for n in item) for item in value):
            runs = [value[i:i + POINTS_PER_LINE] for i in range(0, len(value), POINTS_PER_LINE)]
            body = [", ".join(inline(point) for point in run) + "," for run in runs]
        else:
            body = [inline(item) + "," for item in value]
        return [f"{key} = [", *("  " + line for line in body), "]"]
    if isinstance(value, Sequence) and not isinstance(value, str) and \
            sum(len(inline(item)) for item in value) > 90:
        return [f"{key} = [", *(f"  {inline(item)}," for item in value), "]"]
    return [f"{key} = {inline(value)}"]


def _table(name: str, table: Mapping[str, Any], header: tuple[str, str]) -> list[str]:
    lines = [f"{header[0]}{name}{header[1]}"]
    sub_tables = []
    for key, value in table.items():
        if isinstance(value, Sequence) and not isinstance(value, str) and value and \
                all(isinstance(item, Mapping) for item in value) and \
                any(isinstance(v, Sequence) and not isinstance(v, str) and len(v) > 12
                    for item in value for v in item.values()):
            sub_tables.append((key, value))   # long items: [[name.key]] blocks
        else:
            lines.extend(_value(key, value))
    for key, items in sub_tables:
        for item in items:
            lines.append("")
            lines.extend(_table(f"{name}.{key}", item, ("[[", "]]")))
    return lines


def dumps(document: Mapping[str, Any], comment: str) -> str:
    """The document as TOML text, after a `#` comment block."""
    lines = [f"# {line}".rstrip() for line in comment.splitlines()]
    for name, value in document.items():
        if isinstance(value, Mapping):
            lines.append("")
            lines.extend(_table(name, value, ("[", "]")))
        else:
            for item in value:
                lines.append("")
                lines.extend(_table(name, item, ("[[", "]]")))
    return "\n".join(lines) + "\n"
