"""The symbols of the action fields (docs/games/railways.md#rw-rules: Content to reconstruct, action
side)."""

from __future__ import annotations

TARGETS = ("target-R", "target-L", "target-C", "target-I")
SYMBOLS = ("ticket", "track", "double", "passenger", "worker", *TARGETS, "upgrade", "clean",
           "build", "capital")

# The counts an action cares about. A double-track symbol counts 2 towards "track"; the
# four target symbols count under their region type.
COUNTS = ("track", "ticket", "upgrade", "build", "worker", "clean", "passenger", "capital",
          "R", "L", "C", "I")
COUNT_INDEX = {name: i for i, name in enumerate(COUNTS)}
TARGET_SLOTS = tuple(COUNT_INDEX[t] for t in ("R", "L", "C", "I"))


def contribution(symbol: str) -> tuple[int, int]:
    """(index in COUNTS, amount) that one symbol adds."""
    if symbol == "double":
        return COUNT_INDEX["track"], 2
    if symbol in TARGETS:
        return COUNT_INDEX[symbol[-1]], 1
    return COUNT_INDEX[symbol], 1


# Which symbols each action may use; any other symbol in an action is refused
# (docs/games/railways.md#rw-rules: each symbol serves once per action; an action uses what it
# needs).
RELEVANT: dict[str, frozenset[str]] = {
    "open": frozenset({"track", "double", *TARGETS}),
    "transport": frozenset({"ticket", *TARGETS}),
    "upgrade": frozenset({"upgrade", *TARGETS}),
    "build": frozenset({"build"}),
    "hire": frozenset({"worker"}),
    "clean": frozenset({"clean"}),
    "add": frozenset({"passenger"}),
    "capital": frozenset({"capital"}),
}
