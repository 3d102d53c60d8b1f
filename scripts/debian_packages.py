"""Installing a Debian package for the test command (PostgreSQL, Chromium, Dovecot): only
as root with apt-get, quietly, refreshing the package lists once if the first try fails.
`program_for_tests` finds a program (installing its package where it can), exports its
path for the tests and says LOUDLY when it is still missing afterwards."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass


def apt_install(package: str, purpose: str) -> None:
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        return
    print(f"Installing {purpose} (apt-get install {package}) ...", file=sys.stderr, flush=True)
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    if subprocess.run(["apt-get", "install", "-y", "-q", package], env=env,
                      **quiet).returncode != 0:
        subprocess.run(["apt-get", "update", "-q"], env=env, **quiet)
        subprocess.run(["apt-get", "install", "-y", "-q", package], env=env, **quiet)


def find_program(*names: str) -> str | None:
    """The first of `names` on the PATH or in /usr/bin or /usr/sbin (root's tools are not
    on every user's PATH)."""
    for name in names:
        found = shutil.which(name) or next(
            (f"{where}/{name}" for where in ("/usr/bin", "/usr/sbin")
             if os.path.exists(f"{where}/{name}")), None)
        if found:
            return found
    return None


@dataclass(frozen=True)
class ProgramForTests:
    """A program some tests need: how to find it, which package brings it, which
    environment variable hands its path to the tests (and names another one), which
    variable skips those tests, and what the loud notice calls them."""

    names: tuple[str, ...]
    package: str
    env: str
    skip_env: str
    purpose: str            # "Chromium for the browser tests"
    heading: str            # "Browser tests"
    skipped: str            # "The web table's browser tests (tests/web/test_browser_*.py)"

    def loud(self, message: str) -> None:
        bar = "!" * 78
        print(f"\n{bar}\n!!! {self.heading}: {message}\n!!! {self.skipped} will be SKIPPED."
              f"\n{bar}\n", file=sys.stderr, flush=True)


@contextlib.contextmanager
def program_for_tests(program: ProgramForTests) -> Iterator[str | None]:
    """The program's path, exported in `program.env` while the block runs; None (said
    loudly) when it is skipped on purpose or cannot be found or installed."""
    if os.environ.get(program.skip_env):
        program.loud(f"{program.skip_env} is set")
        yield None
        return
    path = os.environ.get(program.env) or find_program(*program.names)
    if path is None:
        apt_install(program.package, program.purpose)
        path = find_program(*program.names)
    if path is None:
        program.loud(f"no {program.names[0]} found, and it could not be installed "
                     f"(apt-get install {program.package} needs root and the network)")
        yield None
        return
    old = os.environ.get(program.env)
    os.environ[program.env] = path
    print(f"{program.purpose}: {path}", file=sys.stderr, flush=True)
    try:
        yield path
    finally:
        if old is None:
            os.environ.pop(program.env, None)
        else:
            os.environ[program.env] = old
