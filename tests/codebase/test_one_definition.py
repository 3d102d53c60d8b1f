"""A name the whole product shares is defined in one module and imported elsewhere; a
module that only re-exports another's names under a second path is not kept around."""

from __future__ import annotations

import ast
from pathlib import Path

from .source import modules, name_of


def top_level_assignments(path: Path, name: str) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(isinstance(node, ast.Assign)
               and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
               for node in tree.body)


def only_reexports(path: Path) -> bool:
    """Whether a module holds nothing but a docstring, imports and `__all__`."""
    body = ast.parse(path.read_text(encoding="utf-8")).body
    return all(isinstance(node, ast.Import | ast.ImportFrom)
               or (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))
               or (isinstance(node, ast.Assign)
                   and [ast.unparse(t) for t in node.targets] == ["__all__"])
               for node in body)


def test_the_human_seat_kind_is_defined_once_in_the_contract() -> None:
    defined = [name_of(path) for path in modules() if top_level_assignments(path, "HUMAN")]
    assert defined == ["core/contract.py"]


def test_no_module_only_forwards_another_module_s_names() -> None:
    forwarding = [name_of(path) for path in modules()
                  if path.name != "__init__.py" and only_reexports(path)]
    assert forwarding == []


def test_the_forwarding_finder_knows_a_forwarder_from_a_module(tmp_path: Path) -> None:
    forwarder = tmp_path / "old_name.py"
    forwarder.write_text('"""Kept for old callers."""\nfrom x import y\n__all__ = ["y"]\n')
    module = tmp_path / "real.py"
    module.write_text("from x import y\n\n\ndef z() -> int:\n    return y\n")
    assert only_reexports(forwarder) and not only_reexports(module)
