"""Helpers for `State.snapshot` / `Game.restore`: plain JSON data out, checked data in.

A snapshot holds the whole state (secrets and chance included) so a server can load a
long game without replaying it from the seed. Restoring untrusted data
must never raise anything but `BadRecord`: `reading` turns every slip of a malformed
snapshot (a missing key, a wrong type, an index out of range) into one, and `expect`
states the checks that name the problem.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from stellwerk.core.errors import BadRecord, StellwerkError

SNAPSHOT_FORMAT = 1


def plain(value: Any) -> Any:
    """Tuples to lists and sets to sorted lists, recursively: JSON-ready data."""
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(plain(v) for v in value)
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value


def tupled(value: Any) -> Any:
    """Lists back to tuples, recursively (actions and pending steps are tuples)."""
    if isinstance(value, list):
        return tuple(tupled(v) for v in value)
    return value


def expect(condition: bool, problem: str) -> None:
    if not condition:
        raise BadRecord("rec.snapshot", detail=problem)   # a technical detail, in English


def header(game_id: str, data: Any) -> Mapping[str, Any]:
    """Check the snapshot is a mapping for this game in a known format."""
    expect(isinstance(data, Mapping), "not a JSON object")
    expect(data.get("game") == game_id, f"is not a {game_id} snapshot "
           f"(game {data.get('game')!r})")
    expect(data.get("format") == SNAPSHOT_FORMAT, f"format must be {SNAPSHOT_FORMAT}, "
           f"not {data.get('format')!r}")
    return data


def ints(value: Any, what: str, low: int | None = None, high: int | None = None) -> list[int]:
    """A list of whole numbers, each within [low, high] when given."""
    expect(isinstance(value, list), f"{what} must be a list")
    for item in value:
        expect(isinstance(item, int) and not isinstance(item, bool), f"{what}: {item!r} is "
               "not a whole number")
        expect((low is None or item >= low) and (high is None or item <= high),
               f"{what}: {item} is out of range")
    return list(value)


def integer(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    return ints([value], what, low, high)[0]


@contextmanager
def reading(game_title: str) -> Iterator[None]:
    """Report any failure while rebuilding a state from a snapshot as BadRecord."""
    try:
        yield
    except BadRecord:
        raise
    except (StellwerkError, KeyError, TypeError, ValueError, IndexError, AttributeError,
            OverflowError, RecursionError) as error:
        raise BadRecord("rec.snapshot", detail=f"not a valid {game_title} state "
                        f"({type(error).__name__}: {error})") from error


def exercise(state: Any, seats: int) -> None:
    """Ask a restored state everything a front end will, so that a snapshot whose parts
    do not fit together fails now (inside `reading`), not later in play."""
    decision = state.decision()
    for seat in range(seats):
        state.view(seat)
    state.public_view()
    if decision is not None:
        for seat in decision.seats:
            state.legal_actions(seat)
    elif state.is_over():
        state.result()
