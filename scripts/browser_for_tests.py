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
import os
import shutil
import sys
from collections.abc import Iterator

from debian_packages import apt_install

ENV = "STELLWERK_CHROMIUM"
CANDIDATES = ("chromium", "chromium-browser")


def loud(message: str) -> None:
    bar = "!" * 78
    print(f"\n{bar}\n!!! Browser tests: {message}\n!!! The web table's browser tests "
          f"(tests/web/test_browser_*.py) will be SKIPPED.\n{bar}\n", file=sys.stderr,
          flush=True)


def find() -> str | None:
    for name in CANDIDATES:
        path = shutil.which(name) or (f"/usr/bin/{name}" if os.path.exists(
            f"/usr/bin/{name}") else None)
        if path:
            return path
    return None


def install() -> None:
    apt_install("chromium", "Chromium for the browser tests")


@contextlib.contextmanager
def browser_for_tests() -> Iterator[str | None]:
    if os.environ.get("STELLWERK_NO_BROWSER"):
        loud("STELLWERK_NO_BROWSER is set")
        yield None
        return
    path = os.environ.get(ENV) or find()
    if path is None:
        install()
        path = find()
    if path is None:
        loud("no Chromium found, and it could not be installed (apt-get install chromium "
             "needs root and the network)")
        yield None
        return
    old = os.environ.get(ENV)
    os.environ[ENV] = path
    print(f"Chromium for the browser tests: {path}", file=sys.stderr, flush=True)
    try:
        yield path
    finally:
        if old is None:
            os.environ.pop(ENV, None)
        else:
            os.environ[ENV] = old


if __name__ == "__main__":
    with browser_for_tests() as found:
        print(found or "none")
        sys.exit(0 if found else 1)
