"""Rail Line's words never guess a plural ("1 coins", "station(s)"): a count stands
after its noun ("coins 1", "stations: 3") or says the word for its number
(`{n|station|stations}`)."""

from __future__ import annotations

import re

import pytest

from stellwerk.games.rail_line.terms import CATALOG


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_text_guesses_a_plural(lang: str) -> None:
    for key in CATALOG.keys():  # noqa: SIM118 (a Catalog, not a dict)
        text = CATALOG.template(key, lang)
        assert not re.search(r"[a-zäöü]\((s|n|e|en|er)\)", text) and "/Bahnhöfe" not in text, key
        assert not re.search(r"\{(coins|n|arg)\} (coins|Münzen|stations|Bahnhöfe)\b", text), key


def test_one_coin_reads_right() -> None:
    assert CATALOG.text("rl.summary_short", "en", score=9, coins=1, hand=1) == \
        "9 VP, coins 1, hand 1"
