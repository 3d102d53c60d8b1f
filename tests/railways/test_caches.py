"""The pack's caches are bounded, and a cleared cache changes no answer."""

from __future__ import annotations

from stellwerk.games.railways.tables import BoundedCache
from tests.railways.helpers import GAME, PACK


def test_a_bounded_cache_empties_itself_past_its_limit() -> None:
    cache = BoundedCache(limit=3)
    for i in range(3):
        cache[i] = i
    assert len(cache) == 3
    cache[3] = 3
    assert dict(cache) == {3: 3}


def test_clearing_the_caches_changes_no_legal_list() -> None:
    state = GAME.new_state({}, 11, PACK, 1)
    state.apply(0, state.legal_actions(0)[5])
    before = state.legal_actions(0)
    state.tables.cache.clear()
    assert state.legal_actions(0) == before
