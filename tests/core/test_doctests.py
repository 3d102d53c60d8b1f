"""The examples in the docstrings of the core and the games run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import stellwerk


def _modules_with_examples() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(stellwerk.__path__, "stellwerk."):
        if info.name.startswith(("stellwerk.core.", "stellwerk.games.", "stellwerk.mail.")):
            names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules_with_examples())
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0
