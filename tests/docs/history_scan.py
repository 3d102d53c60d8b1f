"""Finds narrated development history in the repository's prose.

The product's texts (README, docs, comments, docstrings, test names) describe what the
product is and why; how it came to be lives in git and in CHANGELOG.md. This module
finds the phrases that narrate it instead: work-item numbers, dates and clock times of
work, commit hashes, and "before/after this change" wording.

Markdown and YAML files are scanned whole; in TOML files the comment lines; in Python
files the comments, docstrings and test function names (string literals are content: a
digest or a date a test expects is data, not history).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# What is scanned: the product's prose and code.
SCANNED = ("README.md", "mkdocs.yml", "docs", "src", "tests", "scripts")

# Files whose dates, hashes and version words are content, not narration. Keep this short;
# every entry says why.
ALLOWED_FILES = {
    # user-visible changes by version: history is its content
    "CHANGELOG.md",
    # this scanner and its test spell out the patterns they look for
    "tests/docs/history_scan.py",
    "tests/docs/test_no_history.py",
}

# Only prose and code are scanned: data files (records, packs, snapshots) hold seeds,
# digests and provenance dates as content.
SCANNED_SUFFIXES = {".md", ".yml", ".yaml", ".py", ".toml"}

_HEX = r"(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}"

PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("work item", re.compile(r"\b(?:issues?|sessions?|work[- ]items?)\s+#?\d+", re.I)),
    ("work item", re.compile(r"\bitems?\s+\d+(?:\s*[-–,]\s*\d+)?\s*\)", re.I)),
    ("work item", re.compile(r"\bissue\s+\d+\s*§\s*\d+|§\s*\d+\s*\(issue", re.I)),
    ("work item", re.compile(r"\bwork rounds?\b", re.I)),
    ("work item", re.compile(r"\bhelper s\d+-", re.I)),
    ("work item", re.compile(r"\(finding \d+(?:\.\d+)?[):;]", re.I)),
    ("work item", re.compile(r"\(h\d+-[a-z]+\)")),
    ("date of work", re.compile(r"\b20\d\d-[01]\d-[0-3]\d\b")),
    ("clock time", re.compile(r"\b[0-2]?\d:[0-5]\d(?:\s*[-–]\s*[0-2]?\d:[0-5]\d)?\s*UTC\b")),
    ("commit hash", re.compile(r"\bcommit\s+`?" + _HEX + r"\b", re.I)),
    ("commit hash", re.compile(r"`" + _HEX + r"`")),
    ("commit hash", re.compile(r"\bmain at\s+`?" + _HEX + r"\b", re.I)),
    ("commit hash", re.compile(r"(?<![\w./:=-])" + _HEX + r"(?![\w./:=-])")),
    ("before/after", re.compile(r"\b(?:before|after|since|until) (?:this|the|that) "
                                r"(?:change|fix|rewrite|refactor(?:ing)?)\b", re.I)),
    ("before/after", re.compile(r"\bas before\b", re.I)),
    ("before/after", re.compile(r"\bbefore this (?:change|fix|schedule|branch|commit|session|"
                                r"rewrite|work|pass)\b", re.I)),
    ("before/after", re.compile(r"\b(?:this|that|another|other) branch\b|\bmain before\b|"
                                r"\b(?:the )?commit before\b", re.I)),
    ("work item", re.compile(r"\b(?:earlier|previous|later|next) (?:session|work round)s?\b",
                             re.I)),
    ("was/now", re.compile(r"\bno longer\b", re.I)),
    ("was/now", re.compile(r"\bformerly\b", re.I)),
    ("was/now", re.compile(r"\(new\)", re.I)),
    ("was/now", re.compile(r"(?<!\bbe )(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )"
                           r"(?<!\bbeen )(?<!\bbeing )(?<!\bgets )(?<!\bget )"
                           r"\bused to (?!(?:be|the|a|an|it|its|this|that|their|them|being)\b)"
                           r"[a-z]+\b", re.I)),
    ("was/now", re.compile(r"\bwas\b[^.;:\n]{0,60}?,? (?:is )?now\b", re.I)),
    ("was/now", re.compile(r"\(was\b", re.I)),
)


@dataclass(frozen=True)
class Hit:
    path: str
    line: int
    kind: str
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.kind}: {self.text}"


def _matches(text: str) -> Iterator[tuple[str, str]]:
    for kind, pattern in PATTERNS:
        for match in pattern.finditer(text):
            yield kind, match.group(0)


def _prose_hits(rel: str, text: str, first_line: int = 1) -> Iterator[Hit]:
    for offset, line in enumerate(text.splitlines()):
        for kind, found in _matches(line):
            yield Hit(rel, first_line + offset, kind, found)


def _docstring_nodes(tree: ast.AST) -> Iterator[ast.Constant]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                yield first.value


def _python_hits(rel: str, source: str) -> Iterator[Hit]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        yield from _prose_hits(rel, source)
        return
    for node in _docstring_nodes(tree):
        assert isinstance(node.value, str)
        yield from _prose_hits(rel, node.value, node.lineno)
    for node in ast.walk(tree):
        if (isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
                and node.name.startswith(("test_", "Test"))):
            for kind, found in _matches(node.name.replace("_", " ")):
                yield Hit(rel, node.lineno, f"test name {node.name}: {kind}", found)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return
    for token in tokens:
        if token.type == tokenize.COMMENT:
            for kind, found in _matches(token.string):
                yield Hit(rel, token.start[0], kind, found)


def scanned_files(root: Path = ROOT) -> Iterator[Path]:
    for name in SCANNED:
        path = root / name
        if path.is_file():
            yield path
        elif path.is_dir():
            for child in sorted(path.rglob("*")):
                if child.is_file() and child.suffix in SCANNED_SUFFIXES:
                    yield child


def history_hits(root: Path = ROOT) -> list[Hit]:
    hits: list[Hit] = []
    for path in scanned_files(root):
        rel = path.relative_to(root).as_posix()
        if rel in ALLOWED_FILES:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".py":
            hits.extend(_python_hits(rel, text))
        elif path.suffix == ".toml":   # a pack's values are content, its comments prose
            comments = "".join(line if line.lstrip().startswith("#") else "\n"
                               for line in text.splitlines(keepends=True))
            hits.extend(_prose_hits(rel, comments))
        else:
            hits.extend(_prose_hits(rel, text))
    return hits


if __name__ == "__main__":
    import sys

    found = history_hits(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT)
    for hit in found:
        print(hit)
    print(f"{len(found)} hits", file=sys.stderr)
