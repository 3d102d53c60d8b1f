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
import sys
from collections.abc import Iterator

from debian_packages import ProgramForTests, program_for_tests

ENV = "STELLWERK_DOVECOT"
DOVECOT = ProgramForTests(
    names=("dovecot",), package="dovecot-imapd", env=ENV, skip_env="STELLWERK_NO_DOVECOT",
    purpose="Dovecot for the IMAP tests", heading="IMAP tests",
    skipped="The tests against a real IMAP server (tests/mail, Dovecot)")


@contextlib.contextmanager
def dovecot_for_tests() -> Iterator[str | None]:
    with program_for_tests(DOVECOT) as path:
        yield path


if __name__ == "__main__":
    with dovecot_for_tests() as found:
        print(found or "none")
        sys.exit(0 if found else 1)
