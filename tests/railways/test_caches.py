"""The pack's caches are bounded, and a cleared cache changes no answer."""

from __future__ import annotations

from tests.railways.helpers import GAME, PACK


def test_the_pack_caches_are_bounded() -> None:
    state = GAME.new_state({}, 11, PACK, 1)
    assert state.tables.cache.maxsize <= 100_000
    assert state.tables.plans.maxsize <= 100_000


def test_clearing_the_caches_changes_no_legal_list() -> None:
    state = GAME.new_state({}, 11, PACK, 1)
    state.apply(0, state.legal_actions(0)[5])
    before = state.legal_actions(0)
    state.tables.cache.clear()
    assert state.legal_actions(0) == before
