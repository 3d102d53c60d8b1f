"""The hostile-input tests use the command-line tests' in-process runner."""

from tests.cli.conftest import Run, Stellwerk, stellwerk  # noqa: F401
