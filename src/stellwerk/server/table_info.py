"""A table's row and seats as stored (`TableInfo`), read by `TableService.info` and kept
briefly by the state cache (`StateCache.known_info`)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from stellwerk.core.contract import HUMAN
from stellwerk.server.terms import CATALOG

# who made an action, as the log records it
BY_SEAT, BY_BOT, BY_DEADLINE = "seat", "bot", "deadline"


@dataclass
class SeatInfo:
    seat: int
    name: str
    kind: str
    joined: bool
    token_hash: str | None = field(default=None, repr=False)

    @property
    def is_bot(self) -> bool:
        return self.kind != HUMAN

    def shown(self, lang: str) -> str:
        """The seat's name, or for a seat nobody named "Seat 2" in `lang` ("Platz 2")."""
        return self.name or CATALOG.text("srv.seat_name", lang, n=self.seat + 1)


@dataclass
class TableInfo:
    """A table's row and seats as stored, as read at `read_at` (`StateCache.known_info`
    keeps it for INFO_SECONDS; `LogStore.info` reads it fresh)."""

    id: str
    game: str
    engine_version: str
    options: dict[str, Any]
    pack_id: str
    pack_sha256: str
    seed: int
    deadline_seconds: int | None
    created_at: float
    turn_started_at: float
    finished: bool
    result: dict[str, Any] | None
    seats: list[SeatInfo]
    admin_hash: str = field(repr=False)
    spectator_hash: str = field(repr=False)
    invite_hash: str | None = field(default=None, repr=False)
    next_table: str | None = None  # the rematch, once asked for
    read_at: float = field(default_factory=time.monotonic, repr=False)

    def free_seats(self) -> list[int]:
        """The seats a friend may still claim: a person's, not yet taken."""
        return [s.seat for s in self.seats if not s.is_bot and not s.joined]

    def deadline_at(self) -> float | None:
        if self.deadline_seconds is None or self.finished:
            return None
        return self.turn_started_at + self.deadline_seconds
