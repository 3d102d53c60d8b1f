"""The command-line helpers of tests/cli serve the research commands too."""

from tests.cli.conftest import Run, stellwerk

__all__ = ["Run", "stellwerk"]
