"""The server and the web table stay in parts a reader can hold: no module over 600
lines, no function over 80, and `create_app` only assembles routers (no route is
nested in it)."""

from __future__ import annotations

import ast
from pathlib import Path

import stellwerk.server
import stellwerk.web

MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80
FOLDERS = [Path(stellwerk.server.__file__).parent, Path(stellwerk.web.__file__).parent]


def modules() -> list[Path]:
    return sorted(path for folder in FOLDERS for path in folder.rglob("*.py"))


def test_no_module_is_longer_than_the_limit() -> None:
    long = {path.name: n for path in modules()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert long == {}


def test_no_function_is_longer_than_the_limit() -> None:
    long = {}
    for path in modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long[f"{path.name}:{node.name}"] = lines
    assert long == {}


def test_create_app_defines_no_route_of_its_own() -> None:
    tree = ast.parse(Path(stellwerk.server.__file__).with_name("app.py").read_text(
        encoding="utf-8"))
    create_app = next(node for node in tree.body
                      if isinstance(node, ast.FunctionDef) and node.name == "create_app")
    nested = [node.name for node in ast.walk(create_app)
              if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
              and node is not create_app]
    assert nested == []
