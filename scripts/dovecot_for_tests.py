#!/usr/bin/env python3
"""Dovecot for the mail tests (standard library only).

`dev.py test` calls `dovecot_for_tests()`: it finds Debian's `dovecot` (installing
`dovecot-imapd` with apt-get when running as root and it is missing) and exports its
path as STELLWERK_DOVECOT; tests/mail/dovecot.py starts a throwaway server from it per
test session. When none can be found or installed it says so LOUDLY and the IMAP tests
skip (they print the same notice). STELLWERK_NO_DOVECOT=1 skips them without trying.

    python3 scripts/dovecot_for_tests.py      # find or install it, print the path
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from collections.abc import Iterator

from debian_packages import apt_install

ENV = "STELLWERK_DOVECOT"


def loud(message: str) -> None:
    bar = "!" * 78
    print(f"\n{bar}\n!!! IMAP tests: {message}\n!!! The tests against a real IMAP server "
          f"(tests/mail, Dovecot) will be SKIPPED.\n{bar}\n", file=sys.stderr, flush=True)


def find() -> str | None:
    found = shutil.which("dovecot")
    if found:
        return found
    return "/usr/sbin/dovecot" if os.path.exists("/usr/sbin/dovecot") else None


@contextlib.contextmanager
def dovecot_for_tests() -> Iterator[str | None]:
    if os.environ.get("STELLWERK_NO_DOVECOT"):
        loud("STELLWERK_NO_DOVECOT is set")
        yield None
        return
    path = os.environ.get(ENV) or find()
    if path is None:
        apt_install("dovecot-imapd", "Dovecot for the IMAP tests")
        path = find()
    if path is None:
        loud("no Dovecot found, and it could not be installed (apt-get install "
             "dovecot-imapd needs root and the network)")
        yield None
        return
    old = os.environ.get(ENV)
    os.environ[ENV] = path
    print(f"Dovecot for the IMAP tests: {path}", file=sys.stderr, flush=True)
    try:
        yield path
    finally:
        if old is None:
            os.environ.pop(ENV, None)
        else:
            os.environ[ENV] = old


if __name__ == "__main__":
    with dovecot_for_tests() as found:
        print(found or "none")
        sys.exit(0 if found else 1)
