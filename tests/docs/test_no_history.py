"""README, docs, code comments, docstrings and test names describe the product as it is.

How it came to be (work-item numbers, dates of work, commit hashes, "before this
change") belongs in git and in CHANGELOG.md; this test fails on any such phrase and
prints file:line for each. What is scanned and what is exempt (and why) is written down
in `history_scan.py`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.docs.history_scan import ALLOWED_FILES, history_hits, scanned_files


def test_no_file_narrates_development_history() -> None:
    hits = history_hits()
    assert not hits, (f"{len(hits)} phrases narrate development history; say what the "
                      "product does and why instead (history goes in git and "
                      "CHANGELOG.md):\n" + "\n".join(str(hit) for hit in hits))


def test_the_scan_covers_the_prose_and_the_code() -> None:
    scanned = {path.relative_to(Path(__file__).resolve().parents[2]).as_posix()
               for path in scanned_files()}
    for expected in ("README.md", "mkdocs.yml", "docs/bots.md", "src/stellwerk/cli.py",
                     "tests/docs/test_docs_build.py", "scripts/bench_server.py"):
        assert expected in scanned
    assert len(ALLOWED_FILES) <= 4, "keep the allow-list short and explained"


# The vectors are written from parts (the words below), so that this file does not
# itself read as narration to a scanner of the repository: each part alone is no
# history, the phrases they are put together into are.
ITEM, ROUND = "issue", "session"
DAY = "-".join(("2026", "11", "22"))
CLOCK = ":".join(("11", "32")) + " UTC"
HASH_A, HASH_B, HASH_C = "c192" + "d49", "639a" + "645", "1784" + "8f5"

NARRATION = [
    ("notes.md", f"The planner was tuned in {ROUND} 7."),
    ("notes.md", f"Fixed for {ITEM} 12 §4."),
    ("notes.md", f"Measured {DAY} while four other engineers worked."),
    ("notes.md", f"the runs at {CLOCK}"),
    ("notes.md", f"the old code (main at {HASH_A}) and the new"),
    ("notes.md", f"checked out at commit {HASH_B}"),
    ("notes.md", f"the same hour, base (`{HASH_C}`, the previous one)"),
    ("notes.md", "Behaviour is unchanged: it plays as " + "before."),
    ("notes.md", "Before " + "this change the table polled."),
    ("notes.md", "The cache no " + "longer holds views."),
    ("notes.md", "the pool was 10, it is " + "now 20"),
    ("notes.md", "a pool of 20 (" + "was 10)"),
    ("notes.md", "`hard_search.py`, " + "formerly the only plan search"),
    ("notes.md", "the search " + "used to pick each link"),
    ("notes.md", "as a later work " + "round found"),
    ("notes.md", "planner.py (" + "new)"),
    ("code.py", f"# changed in {ITEM} 7\nx = 1\n"),
    ("code.py", f'def f():\n    """Kept per track ({ROUND} 5)."""\n'),
    ("code.py", "def test_plays_as_" + "before_the_rewrite():\n    pass\n"),
    ("pack.toml", f"# tuned in {ITEM} 9\nx = 1\n"),
    ("code.py", "# the score against each bot's mean (" + "finding 7)\nx = 1\n"),
    ("code.py", "# digits only, bounded (" + "h7-input)\nx = 1\n"),
]

PRODUCT = [
    ("notes.md", "Each round every player orders at once; the order is resolved by priority."),
    ("notes.md", "A seat used to the game can type `lay A07`; the deck is used to refill."),
    ("notes.md", "The record stores the pack's SHA-256 and replays to the stored result."),
    ("notes.md", "Round 3: Anna lays 5 tiles; `rounds=30` sets the limit."),
    ("notes.md", "Seeds 1000-1039, 40 games, Wilson 55.9-82.9 %."),
    ("notes.md", "The game is now over when the 24th card is laid."),
    ("code.py", 'DIGEST = "67b40bb6d2e1e6a3"  # the planner games of seeds 0-11\n'),
    ("code.py", f'WHEN = "{DAY}"  # a date the pack carries as provenance\n'),
    ("pack.toml", f'# the figures of the shipped pack\nwhen = "{DAY}"\n'),
    ("code.py", "def test_a_full_row_pays_its_coins():\n    pass\n"),
]


def _scan(tmp_path: Path, name: str, text: str) -> list[str]:
    folder = tmp_path / ("docs" if name.endswith(".md") else "src")
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return [str(hit) for hit in history_hits(tmp_path)]


@pytest.mark.parametrize(("name", "text"), NARRATION)
def test_narration_is_found_with_its_file_and_line(tmp_path: Path, name: str,
                                                   text: str) -> None:
    hits = _scan(tmp_path, name, text)
    assert hits, f"not found: {text!r}"
    folder = "docs" if name.endswith(".md") else "src"
    assert all(hit.startswith(f"{folder}/{name}:") for hit in hits)


@pytest.mark.parametrize(("name", "text"), PRODUCT)
def test_product_text_and_data_pass(tmp_path: Path, name: str, text: str) -> None:
    assert _scan(tmp_path, name, text) == []
