"""Hostile text for the fuzzers: random text, and real input with one word or one
number made hostile (digits that pass isdigit() but not int(), numbers of thousands
of digits, control and direction characters, brackets, quotes)."""

from __future__ import annotations

import re

from hypothesis import strategies as st

HOSTILE_NUMBERS = ["²", "٣", "Ⅻ", "9" * 5000, "-1", "0", "00", "-0", "1e9", "1_000", "0x10",
                   "99999999999999999999999", str(2**64), "+1", " 1", "１"]
HOSTILE_WORDS = [
    *HOSTILE_NUMBERS, " ", "", "\x00", "\t", "\r", "\u202e", "🚂", "NaN", "inf", "'", '"',
    "\\", "[", "]", "{", "}", "[" * 3000, ";", ";;", "#", ":", "=", "%s", "{0}", "A0", "L13",
    "Z9", "F9", "0.0a", "1.2b", "9.9z", "+", "+++",
]
DIGITS = re.compile(r"[0-9]+")


def words() -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(HOSTILE_NUMBERS), st.sampled_from(HOSTILE_WORDS),
                     st.text(max_size=12))


def hostile_text(real: list[str]) -> st.SearchStrategy[str]:
    """Random text, hostile words, or one of `real` with a number, a word replaced or a
    word added."""
    @st.composite
    def mutate(draw: st.DrawFn) -> str:
        text = draw(st.sampled_from(real)) if real else ""
        numbers = list(DIGITS.finditer(text))
        if numbers and draw(st.booleans()):
            found = numbers[draw(st.integers(0, len(numbers) - 1))]
            return text[:found.start()] + draw(words()) + text[found.end():]
        parts = text.split(" ")
        at = draw(st.integers(0, len(parts)))
        if at < len(parts) and draw(st.booleans()):
            parts[at] = draw(words())
        else:
            parts.insert(at, draw(words()))
        return " ".join(parts)

    return st.one_of(mutate(), mutate(), mutate(), st.text(max_size=80),
                     st.lists(words(), max_size=6).map(" ".join))
