"""The product's own modules, for the tests that read its source."""

from __future__ import annotations

from pathlib import Path

import stellwerk

SRC = Path(stellwerk.__file__).resolve().parent


def modules() -> list[Path]:
    """Every Python module of the package, in a stable order."""
    return sorted(SRC.rglob("*.py"))


def name_of(path: Path) -> str:
    """A module's path inside the package, as the tests report it (`server/app.py`)."""
    return path.relative_to(SRC).as_posix()
