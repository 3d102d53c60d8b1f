"""The server stays in parts a reader can find: `create_app` only assembles routers (no
route is nested in it). The size limits of every module are tests/codebase/test_sizes.py."""

from __future__ import annotations

import ast
from pathlib import Path

import stellwerk.server


def test_create_app_defines_no_route_of_its_own() -> None:
    tree = ast.parse(Path(stellwerk.server.__file__).with_name("app.py").read_text(
        encoding="utf-8"))
    create_app = next(node for node in tree.body
                      if isinstance(node, ast.FunctionDef) and node.name == "create_app")
    nested = [node.name for node in ast.walk(create_app)
              if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
              and node is not create_app]
    assert nested == []
