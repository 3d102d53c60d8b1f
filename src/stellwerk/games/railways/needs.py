"""What symbols each action needs (railways.md: The eight actions). A need is a test on
the summed symbols of an action's uses; `key` names it for the offers cache."""

from __future__ import annotations

from collections.abc import Callable

from stellwerk.games.railways.symbols import COUNT_INDEX
from stellwerk.games.railways.uses import Summary, targets_ok

Need = tuple[object, Callable[[Summary], bool]]

TRACK, TICKET, UPGRADE = COUNT_INDEX["track"], COUNT_INDEX["ticket"], COUNT_INDEX["upgrade"]
SINGLE = {"build": COUNT_INDEX["build"], "hire": COUNT_INDEX["worker"],
          "clean": COUNT_INDEX["clean"], "add": COUNT_INDEX["passenger"]}
CAPITAL = COUNT_INDEX["capital"]


def open_need(length: int, types: str) -> Need:
    """As many track symbols as rail spaces, plus a target of one of the two regions."""
    return (("open", length, types),
            lambda s: s[TRACK] == length and targets_ok(s, types))


def transport_need(target: str) -> Need:
    """A ticket plus the target symbol of the destination type."""
    return (("transport", target), lambda s: s[TICKET] == 1 and targets_ok(s, target))


def upgrade_need(types: str) -> Need:
    """The upgrade symbol plus a target of one of the connection's regions."""
    return (("upgrade", types), lambda s: s[UPGRADE] == 1 and targets_ok(s, types))


def single_need(kind: str) -> Need:
    index = SINGLE[kind]
    return ((kind,), lambda s: s[index] == 1)


def capital_need(amount: int) -> Need:
    """Any number of capital symbols (railways.md: Increase capital)."""
    return (("capital", amount), lambda s: s[CAPITAL] == amount)
