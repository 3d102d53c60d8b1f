"""Write tests/slow_tests.txt from a pytest durations report: the tests that take at
least `--seconds` (setup, call and teardown together) are marked `slow` (tests/conftest.py),
so `python3 dev.py test --fast` leaves them out.

    .venv/bin/python -m pytest --durations=0 -p no:cacheprovider > durations.txt
    .venv/bin/python scripts/slow_tests.py durations.txt --seconds 2

Measure on the machine the fast subset is for (its figure is on docs/tests.md), with
little else running: the times of a loaded machine mark too much. The browser and
PostgreSQL tests are left out by their own markers and need not be listed.
"""

from __future__ import annotations

import argparse
import re
from collections import defaultdict
from pathlib import Path

LINE = re.compile(r"^\s*([0-9.]+)s\s+(setup|call|teardown)\s+(\S+::\S.*?)\s*$")
OUT = Path(__file__).resolve().parent.parent / "tests" / "slow_tests.txt"
HEADER = """\
# Tests that take seconds on a 2-core machine, as measured (scripts/slow_tests.py);
# marked `slow` by tests/conftest.py and left out by `python3 dev.py test --fast`.
"""


def durations(report: str) -> dict[str, float]:
    """Seconds per test node id (its setup, call and teardown summed)."""
    spent: dict[str, float] = defaultdict(float)
    for line in report.splitlines():
        found = LINE.match(line)
        if found:
            spent[found.group(3)] += float(found.group(1))
    return dict(spent)


def slow(spent: dict[str, float], seconds: float) -> list[str]:
    return sorted(node for node, taken in spent.items() if taken >= seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path, help="the output of pytest --durations=0")
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    spent = durations(args.report.read_text(encoding="utf-8"))
    marked = slow(spent, args.seconds)
    OUT.write_text(HEADER + "".join(f"{node}\n" for node in marked), encoding="utf-8")
    kept = sum(t for node, t in spent.items() if node not in set(marked))
    print(f"{len(marked)} of {len(spent)} tests marked slow; the rest took {kept:.0f} s")


if __name__ == "__main__":
    main()
