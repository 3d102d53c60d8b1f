"""The core's small helpers: the one `illegal()` and the bounded, locked cache."""

from __future__ import annotations

import threading

import pytest

from stellwerk.core.cache import BoundedCache
from stellwerk.core.errors import IllegalAction, illegal


def test_illegal_fills_named_fields_and_keeps_the_key_and_params() -> None:
    error = illegal("x.key", "card {card} and {card!r}: {n} left", card="A07", n=3)
    assert isinstance(error, IllegalAction)
    assert str(error) == "card A07 and 'A07': 3 left"
    assert error.key == "x.key" and error.params == {"card": "A07", "n": 3}


def test_illegal_leaves_other_braces_alone_so_player_text_cannot_break_it() -> None:
    # an f-string that already holds a player's braces, with or without params
    assert str(illegal("k", "'{0} {x} {' is no space", cell="{0}")) == "'{0} {x} {' is no space"
    assert str(illegal("k", "no {params} here")) == "no {params} here"


def test_the_cache_forgets_the_least_recently_used_beyond_its_size() -> None:
    cache = BoundedCache(3)
    for key in "abc":
        cache[key] = key.upper()
    assert cache.get("a") == "A"           # a is now the most recent
    cache["d"] = "D"
    assert "b" not in cache and len(cache) == 3
    assert cache["a"] == "A" and cache.get("b", 0) == 0
    with pytest.raises(KeyError):
        cache["b"]
    with pytest.raises(ValueError):
        BoundedCache(0)


def test_a_memo_per_object_works_out_once_and_never_answers_for_another_object() -> None:
    cache = BoundedCache(4)
    made: list[int] = []

    class Tables:
        pass

    def make(word: str) -> str:
        made.append(len(made))
        return word

    first = Tables()
    assert cache.for_object(first, lambda: make("first")) == "first"
    assert cache.for_object(first, lambda: make("again")) == "first"
    assert made == [0]
    # an entry under the same id that holds another object (an id reused after the
    # first object died) is worked out afresh
    other = Tables()
    cache[id(other)] = (first, "stale")
    assert cache.for_object(other, lambda: "other") == "other"


def test_the_cache_stays_bounded_and_whole_under_threads() -> None:
    cache = BoundedCache(100)

    def fill(offset: int) -> None:
        for i in range(2000):
            cache[(offset, i)] = i
            cache.get((offset, i - 1))

    threads = [threading.Thread(target=fill, args=(t,)) for t in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(cache) == 100
    assert all(cache.get((3, i)) == i for i in range(1990, 2000) if (3, i) in cache)
