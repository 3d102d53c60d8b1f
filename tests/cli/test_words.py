"""Every text the terminal table and the reporting commands print exists in English and
German: the keys used in the source are found by scanning it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from stellwerk.core.i18n import LANGUAGES, Catalog
from stellwerk.frontends.report_words import WORDS
from stellwerk.frontends.table.words import TERMS

FRONTENDS = Path(__file__).parents[2] / "src" / "stellwerk" / "frontends"
USE = re.compile(r"\b(TERMS|WORDS)\.text\(\s*[\"']([^\"']+)[\"']")


def used_keys() -> list[tuple[str, str, str]]:
    found = []
    for path in sorted(FRONTENDS.rglob("*.py")):
        for name, key in USE.findall(path.read_text(encoding="utf-8")):
            found.append((path.name, name, key))
    return found


def test_the_scan_finds_the_texts() -> None:
    keys = {key for _, _, key in used_keys()}
    assert {"handover", "turn_over", "no_undo", "sim.head", "rp.step", "pack.valid"} <= keys


@pytest.mark.parametrize(("where", "name", "key"), used_keys())
def test_every_used_key_is_in_both_languages(where: str, name: str, key: str) -> None:
    catalog: Catalog = TERMS if name == "TERMS" else WORDS
    assert key in catalog, f"{where}: {name} lacks {key!r}"
    for lang in LANGUAGES:
        assert catalog.text(key, lang).strip(), (key, lang)


@pytest.mark.parametrize("catalog", [TERMS, WORDS], ids=["table", "reports"])
def test_german_differs_where_words_differ(catalog: Catalog) -> None:
    same = [key for key in catalog.keys()  # noqa: SIM118 (a Catalog, not a dict)
            if catalog.text(key, "en") == catalog.text(key, "de")
            and re.search(r"[a-z]{4,}", catalog.text(key, "en"))]
    assert same == [], f"untranslated: {same}"
