"""Helpers for the command-line tests: run `stellwerk` in-process and judge refusals."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from stellwerk.cli import main


@dataclass
class Run:
    code: int
    out: str
    err: str

    def refused(self, *fragments: str) -> str:
        """Assert one clear line on stderr, a non-zero status and no traceback."""
        assert self.code != 0, (self.out, self.err)
        assert "Traceback" not in self.err + self.out
        lines = self.err.strip().splitlines()
        assert len(lines) == 1, self.err
        line = lines[0]
        assert line.startswith("stellwerk: "), line
        assert not line.startswith("stellwerk: stellwerk"), line
        for fragment in fragments:
            assert fragment in line, (fragment, line)
        return line


Stellwerk = Callable[..., Run]


@pytest.fixture
def stellwerk(capsys: pytest.CaptureFixture[str]) -> Stellwerk:
    def run(*argv: str | Path) -> Run:
        capsys.readouterr()
        code = main([str(a) for a in argv])
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run
