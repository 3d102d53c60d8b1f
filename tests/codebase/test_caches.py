"""Bounded memos come from cachetools, or from core/cache.py `BoundedCache` where the
games' threads share one, not from an `OrderedDict` trimmed by hand in each module
that needs one."""

from __future__ import annotations

import re

from .source import modules, name_of

# The server's kept states are budgeted by memory and skip the states in use when they
# evict, which no library's eviction does; the games' memo (core/cache.py) is read on
# the hot path without a lock, which no library's cache allows.
BUDGETED_BY_HAND = {"server/state_cache.py", "core/cache.py"}
HAND_MADE_LRU = re.compile(r"\.move_to_end\(|\.popitem\(last=False\)")


def hand_made_lrus() -> list[str]:
    return [name_of(path) for path in modules()
            if HAND_MADE_LRU.search(path.read_text(encoding="utf-8"))]


def test_no_module_trims_an_ordered_dict_by_hand() -> None:
    assert sorted(set(hand_made_lrus()) - BUDGETED_BY_HAND) == []


def test_the_excused_caches_are_still_there_to_be_excused() -> None:
    assert set(hand_made_lrus()) == BUDGETED_BY_HAND
