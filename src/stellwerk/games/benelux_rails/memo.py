"""Listings and checks remembered per state of the built track.

`remembered(state, key, work)` keeps `work()` in the track's `listings` slot
(`pathfind.Track`), which every change of the track drops and a clone shares; `key` must
name everything else `work` reads, so a hit is exactly what `work()` would give now.
Users: candidates.py (the build candidates with their deeds, the build paths, the
moves to cities) and actions.py (the check of a move). Never seen by views, snapshots
or records: they read the track as a mapping, and a pickled track drops the memo.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from stellwerk.games.benelux_rails import pathfind

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState


def remembered(state: BeneluxState, key: tuple[Any, ...], work: Callable[[], Any]) -> Any:
    """`work()`, remembered on the state's track under `key` (see the module); a plain
    mapping as track remembers nothing."""
    track = state.owner
    if not isinstance(track, pathfind.Track):
        return work()
    memo = track.listings
    if memo is None or memo.get(TABLES) is not state.t:
        memo = track.listings = {TABLES: state.t}
    found = memo.get(key)
    if found is None:
        if len(memo) > LISTINGS_SIZE:
            memo.clear()
            memo[TABLES] = state.t
        found = memo[key] = work()
    return found


TABLES = ("tables",)    # the memo's entry naming the tables its listings were made with
LISTINGS_SIZE = 512      # listings kept per track (a pure memo: cleared when full)
