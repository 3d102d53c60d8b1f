#!/usr/bin/env python3
"""One-step set-up and run for a fresh machine that has only Python 3.11+.

    python3 dev.py play rail-line     # any `stellwerk` command: play, simulate, replay, ...
    python3 dev.py test               # ruff + mypy + the whole pytest suite
    python3 dev.py test --fast        # the same without the slow, browser and postgres tests
    python3 dev.py docs               # the game guides' tables from the games' declarations

On first use (and whenever pyproject.toml changes) it creates `.venv` beside this file
and installs Stellwerk into it with its development tools; afterwards it only runs.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".stellwerk-installed"
PIP = [str(BIN / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
# The research adapters' and Ray's tests need OpenSpiel (`[research]`) and Ray
# (`[cluster]`). Both are compiled, so they come from wheels only, never from source.
COMPILED = (("research", "open_spiel"), ("cluster", "ray"))
WHEELS_ONLY = [f"--only-binary={name}" for _, name in COMPILED]


def _wanted_stamp() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_environment() -> None:
    if sys.version_info < (3, 11):
        sys.exit("Stellwerk needs Python 3.11 or newer.")
    if STAMP.exists() and STAMP.read_text() == _wanted_stamp():
        return
    if not (BIN / "python").exists():
        print("Creating .venv ...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("Installing Stellwerk and its tools into .venv ...", file=sys.stderr)
    extras = ",".join(["dev", *(extra for extra, _ in COMPILED)])
    everything = subprocess.run([*PIP, *WHEELS_ONLY, "-e", f"{ROOT}[{extras}]"])
    if everything.returncode != 0:     # a wheel is missing here: the rest without it
        subprocess.run([*PIP, "-e", f"{ROOT}[dev]"], check=True)
        _install_compiled_extras()
    STAMP.write_text(_wanted_stamp())


def _install_compiled_extras() -> None:
    """OpenSpiel and Ray for their tests; where this platform has no wheel of one, say so
    loudly and go on (its tests then skip with a reason)."""
    missing = []
    for extra, name in COMPILED:
        done = subprocess.run([*PIP, f"--only-binary={name}", "-e", f"{ROOT}[{extra}]"])
        if done.returncode != 0:
            missing.append(name)
    if missing:
        bar = "!" * 78
        print(f"{bar}\n!! NOTICE: no wheel of {' and '.join(missing)} for this platform "
              f"(Python {sys.version_info.major}.{sys.version_info.minor}, {sys.platform}):"
              f"\n!! their tests in tests/research will SKIP.\n{bar}", file=sys.stderr)


# the daily subset (docs/tests.md#markers): no PostgreSQL or Chromium to start, and none
# of the tests measured slow
FAST = ["-m", "not slow and not browser and not postgres"]


def run_tests(extra: list[str]) -> int:
    lint = [name for name in ("src", "tests", "scripts") if (ROOT / name).is_dir()]
    fast = "--fast" in extra
    extra = [*FAST, *(a for a in extra if a != "--fast")] if fast else extra
    steps = [
        [str(BIN / "ruff"), "check", *lint],
        [str(BIN / "mypy")],
        [str(BIN / "python"), "-m", "pytest", *extra],
    ]
    for step in steps:
        print("$", " ".join(Path(step[0]).name if i == 0 else a for i, a in enumerate(step)),
              flush=True)
        if step is steps[-1] and not fast:
            code = _pytest_with_postgres(step)
        else:
            code = subprocess.run(step, cwd=ROOT).returncode
        if code != 0:
            return code
    return 0


def _pytest_with_postgres(step: list[str]) -> int:
    """pytest with a throwaway PostgreSQL server for the storage tests, Chromium for
    the web table's browser tests and Dovecot for the IMAP tests, where they can be had
    (scripts/throwaway_postgres.py, browser_for_tests.py and dovecot_for_tests.py say
    loudly when not)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from browser_for_tests import browser_for_tests
    from dovecot_for_tests import dovecot_for_tests
    from throwaway_postgres import postgres_for_tests

    with postgres_for_tests(), browser_for_tests(), dovecot_for_tests():
        return subprocess.run(step, cwd=ROOT).returncode


def main(argv: list[str]) -> int:
    ensure_environment()
    if argv[:1] == ["test"]:
        return run_tests(argv[1:])
    if argv[:1] == ["docs"]:     # the game guides' facts and options tables
        return subprocess.run([str(BIN / "python"), str(ROOT / "scripts" / "game_docs.py"),
                               *argv[1:]], cwd=ROOT).returncode
    return subprocess.run([str(BIN / "stellwerk"), *argv], cwd=os.getcwd()).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
