#!/usr/bin/env python3
"""Chromium for the web table's browser tests (standard library only).

`dev.py test` calls `browser_for_tests()`: it finds Debian's `chromium` (installing it
with apt-get when running as root and it is missing) and exports its path as
STELLWERK_CHROMIUM for the Playwright tests in tests/web/. Playwright never downloads a
browser of its own. When no browser can be found or installed it says so LOUDLY and
the browser tests skip (they print the same notice).

    python3 scripts/browser_for_tests.py      # find or install it, print the path

Set STELLWERK_CHROMIUM yourself to use another Chromium; STELLWERK_NO_BROWSER=1 skips
the browser tests without trying.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

from debian_packages import ProgramForTests, program_for_tests

ENV = "STELLWERK_CHROMIUM"
CANDIDATES = ("chromium", "chromium-browser")
CHROMIUM = ProgramForTests(
    names=CANDIDATES, package="chromium", env=ENV, skip_env="STELLWERK_NO_BROWSER",
    purpose="Chromium for the browser tests", heading="Browser tests",
    skipped="The web table's browser tests (tests/web/test_browser_*.py)")


@contextlib.contextmanager
def browser_for_tests() -> Iterator[str | None]:
    with program_for_tests(CHROMIUM) as path:
        yield path


if __name__ == "__main__":
    with browser_for_tests() as found:
        print(found or "none")
        sys.exit(0 if found else 1)
