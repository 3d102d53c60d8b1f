"""Every entry of tests/slow_tests.txt names a test that exists: a renamed or removed
test would leave its entry marking nothing."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from tests.conftest import SLOW_LIST, slow_ids

ROOT = SLOW_LIST.parent.parent


def functions_in(path: Path) -> set[str]:
    """The functions a test file defines, and the tests it takes in with `import *`
    (the contract suite of stellwerk.testing)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and \
                [alias.name for alias in node.names] == ["*"]:
            names.update(getattr(importlib.import_module(node.module), "__all__", ()))
    return names


def test_every_slow_entry_names_a_test_that_exists() -> None:
    entries = sorted(slow_ids())
    assert entries, "the list is empty: measure it (scripts/slow_tests.py)"
    missing = []
    for node in entries:
        file, _, name = node.partition("::")
        path = ROOT / file
        if not (file.startswith("tests/") and path.is_file()
                and name.partition("[")[0] in functions_in(path)):
            missing.append(node)
    assert missing == []
