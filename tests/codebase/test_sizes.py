"""Every module of the product stays a size a reader can hold: no module over 600
lines, no function over 80 (from its `def` to its last line)."""

from __future__ import annotations

import ast
from pathlib import Path

from .source import modules, name_of

MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80


def long_functions(path: Path) -> dict[str, int]:
    """The functions (methods, nested ones) of a file over the limit, by name."""
    found = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > MAX_FUNCTION_LINES:
                found[node.name] = lines
    return found


def test_no_module_is_longer_than_the_limit() -> None:
    long = {name_of(path): n for path in modules()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert long == {}


def test_no_function_is_longer_than_the_limit() -> None:
    long = {f"{name_of(path)}:{name}": n
            for path in modules() for name, n in long_functions(path).items()}
    assert long == {}


def test_the_measure_counts_a_function_from_its_def_to_its_last_line(tmp_path: Path) -> None:
    body = "".join(f"    x{i} = {i}\n" for i in range(MAX_FUNCTION_LINES))
    module = tmp_path / "long.py"
    module.write_text(f"@staticmethod\ndef long():\n{body}\n\ndef short():\n    pass\n")
    assert long_functions(module) == {"long": MAX_FUNCTION_LINES + 1}
