"""Seat links handed out one by one: a friend claims a free seat at the table's
invitation link and gets a private link of their own; the admin may replace any
seat's link (one went astray) or the invitation itself.

Each change writes a new token's hash over the old one in one statement whose WHERE
says what must still hold (the seat still free, still a person's), so two friends
claiming one seat at the same moment get it once: the other is told it is taken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stellwerk.core.contract import HUMAN
from stellwerk.core.i18n import Term
from stellwerk.server import access, store
from stellwerk.server.errors import ApiError, fit_text
from stellwerk.server.table_info import TableInfo

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection

    from stellwerk.server.table_service import TableService


def claim(service: TableService, info: TableInfo, seat: int, name: str) -> str:
    """`seat` becomes the claimer's under `name`; returns the seat's new token (its old
    one, if the host had one, stops working). 409 when the seat is taken meanwhile."""
    fit_text(name, "name")
    if info.finished:
        raise ApiError(409, "srv.game_over")
    if not 0 <= seat < len(info.seats):
        raise ApiError(422, "srv.bad_seat", seat=seat)
    if seat not in info.free_seats():
        raise ApiError(409, "srv.seat_taken", name=_named(info, seat))
    token = access.new_token()
    seats = store.seats.c

    def write(conn: Connection) -> None:
        changed = conn.execute(store.seats.update().where(
            seats.table_id == info.id, seats.seat == seat, seats.kind == HUMAN,
            seats.joined.is_(False)).values(
            name=name, joined=True, token_hash=access.token_hash(token))).rowcount
        if changed != 1:
            raise ApiError(409, "srv.seat_taken", name=_named(info, seat))

    service.change_table(info.id, write)
    return token


def fresh_seat_link(service: TableService, info: TableInfo, seat: int) -> str:
    """A new token for a person's seat (the admin's "new link"); the old one stops."""
    if not 0 <= seat < len(info.seats):
        raise ApiError(422, "srv.bad_seat", seat=seat)
    if info.seats[seat].is_bot:
        raise ApiError(409, "srv.already_bot", seat=seat)
    token = access.new_token()
    seats = store.seats.c

    service.change_table(info.id, lambda conn: conn.execute(store.seats.update().where(
        seats.table_id == info.id, seats.seat == seat).values(
        token_hash=access.token_hash(token))))
    return token


def fresh_invitation(service: TableService, info: TableInfo) -> str:
    """A new invitation link for the table (the admin's); the old one stops."""
    token = access.new_token()

    service.change_table(info.id, lambda conn: conn.execute(store.tables.update().where(
        store.tables.c.id == info.id).values(invite_hash=access.token_hash(token))))
    return token


def _named(info: TableInfo, seat: int) -> object:
    """The seat as a refusal names it: its name, or "Seat 2" in the reader's language."""
    return info.seats[seat].name or Term("srv.seat_name", n=seat + 1)
