"""Capability tokens: no accounts; whoever holds a link may do what it says.

Creating a table makes one token per human seat, one for the admin, one for
spectators and one for friends (the invitation: whoever holds it watches and may claim
a free seat, which gives them a token of that seat of their own). Each is 128 random
bits (more, in fact: `token_urlsafe(24)` is 192), shown once in the links and stored
only as its SHA-256, so a copy of the database lets nobody act at a table.

A seat's token speaks for its seat only while a person plays it: once the admin hands
the seat to a bot (its player left), the token is a spectator's (`seat_access`), so a
departed player cannot read the seat's hand, rename it, chat as it or act.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

TOKEN_BYTES = 24
ADMIN = "admin"
SEAT = "seat"
SPECTATOR = "spectator"
GUEST = "guest"  # the friends' link: watches, and may claim a free seat


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_table_id() -> str:
    # random, not sequential, so table ids cannot be enumerated (they grant nothing alone)
    return secrets.token_urlsafe(9)


@dataclass(frozen=True)
class Access:
    """Who a request speaks for at one table."""

    table_id: str
    role: str  # ADMIN, SEAT or SPECTATOR
    seat: int | None = None
    # a spectator's link that was this seat's until a bot took the seat over (its
    # refusals say why the link only watches now)
    former_seat: int | None = None

    @property
    def viewer(self) -> int | None:
        """The seat whose view this request may see (None: the public view)."""
        return self.seat if self.role == SEAT else None


def seat_access(table_id: str, seat: int, played_by_bot: bool) -> Access:
    """What a seat's token grants: the seat, or, once a bot plays it, the public view."""
    if played_by_bot:
        return Access(table_id, SPECTATOR, former_seat=seat)
    return Access(table_id, SEAT, seat)
