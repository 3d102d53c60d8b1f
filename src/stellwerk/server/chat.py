"""A table's chat: what its seats say to each other (and the deals they negotiate),
stored with the table and announced like any other change."""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from stellwerk.server import store
from stellwerk.server.errors import fit_text
from stellwerk.server.log_store import LogStore


def post(log_store: LogStore, table_id: str, seat: int | None, text: str) -> int:
    """Store a message of `seat` (None: the admin); its id, or a 422 for unfit text."""
    fit_text(text, "text")

    def write(conn: Connection) -> Any:
        new_id = conn.execute(store.chat.insert().values(
            table_id=table_id, seat=seat, text=text, at=time.time())).inserted_primary_key
        log_store.announce(conn, table_id, "chat")
        return new_id

    new_id = log_store.write(write)
    return int(new_id[0]) if new_id else 0


def messages(log_store: LogStore, table_id: str, after: int = 0) -> list[dict[str, Any]]:
    """The table's messages after id `after`, oldest first."""
    rows = log_store.read(lambda conn: conn.execute(sa.select(store.chat).where(
        store.chat.c.table_id == table_id, store.chat.c.id > after).order_by(
        store.chat.c.id)).mappings().all())
    return [{"id": r["id"], "seat": r["seat"], "text": r["text"], "at": r["at"]}
            for r in rows]
