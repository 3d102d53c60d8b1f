"""`browser_json` writes every integer a browser would round (beyond +-(2**53 - 1)) as
its decimal string, and leaves everything else as `json` writes it."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from stellwerk.server.browser_json import SAFE_INTEGER, browser_safe, dumps

from .test_browser_numbers import unsafe_integers

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=5),
    max_leaves=12)


@settings(max_examples=60)
@given(JSON_VALUES)
def test_browser_json_writes_every_unsafe_integer_as_its_decimal_string(data: Any) -> None:
    read = json.loads(dumps(data))
    assert not unsafe_integers(read)
    assert read == json.loads(json.dumps(browser_safe(data)))
    assert read == json.loads(json.dumps(data)) or unsafe_integers(data)


@given(st.integers())
def test_an_integer_keeps_its_exact_value_as_number_or_string(number: int) -> None:
    read = json.loads(dumps({"n": number, "list": [number]}))
    safe = abs(number) <= SAFE_INTEGER
    assert read["n"] == read["list"][0] == (number if safe else str(number))
    assert int(read["n"]) == number


def test_a_payload_without_long_numbers_is_written_as_json_writes_it() -> None:
    data = {"seq": 3, "name": "Ann", "scores": [1.5, None, -7], "ok": True}
    assert dumps(data) == json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    assert dumps({"id": "9007199254740993", "n": 9007199254740993}) == \
        '{"id":"9007199254740993","n":"9007199254740993"}'
    assert dumps({"n": 9007199254740991, "m": -9007199254740991}) == \
        '{"n":9007199254740991,"m":-9007199254740991}'


@example("x" + "7" * 16 + "\ud800")
@example("1" * 15 + "\u00e9" + "1")
@given(st.text(alphabet="0123456789x\u00e9\ud800", max_size=40))
def test_a_run_of_16_digits_is_found_wherever_it_stands(text: str) -> None:
    from stellwerk.server.browser_json import _has_long_digits

    longest = max((len(run) for run in "".join(
        c if c in "0123456789" else " " for c in text).split()), default=0)
    assert _has_long_digits(text) == (longest >= 16)
