"""A rematch: the same game, options, seats and deadline, a new deal.

Any seat (or the admin) of a finished table may ask; the first request opens the new
table and writes its id on the old one (`next_table`, set only while still empty, so
two players asking at once open one table between them). Every person's seat of the
new table starts free; whoever asks from a seat of the old table is given the same seat
of the new one (proved by holding the old seat's link, so no plain token is ever kept),
and the others follow from their own pages. The admin's and the spectators' links open
the new table with the same tokens; bots keep their seats.
"""

from __future__ import annotations

import secrets
import time
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from stellwerk.core.contract import HUMAN
from stellwerk.core.errors import StellwerkError
from stellwerk.games import get_game
from stellwerk.server import access, seat_links, store
from stellwerk.server.errors import ApiError
from stellwerk.server.table_info import TableInfo

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection

    from stellwerk.server.table_service import TableService


def rematch(service: TableService, old: TableInfo, who: access.Access) -> dict[str, Any]:
    """The new table's id, and for a seat of the old table that seat's new token
    (`seat`, `token`); for the admin, nothing more (its link opens the new table)."""
    if not old.finished:
        raise ApiError(409, "srv.not_finished_yet")
    if who.role not in (access.SEAT, access.ADMIN):
        raise ApiError(403, "srv.rematch_players")
    new_id = old.next_table or _open(service, old)
    answer: dict[str, Any] = {"table": new_id}
    if who.role == access.SEAT and who.seat is not None:
        seat = who.seat
        info = service.info(new_id)
        name = old.seats[seat].name
        answer.update(seat=seat, token=seat_links.claim(service, info, seat, name))
    return answer


def _open(service: TableService, old: TableInfo) -> str:
    """Open the rematch table (or find the one another request opened meanwhile)."""
    game = get_game(old.game)   # the engine and pack this server plays now
    pack = service.pack_for(game)
    try:
        options = game.parse_options(old.options, len(old.seats))
    except StellwerkError as exc:
        raise ApiError(409, "srv.bad_option", reason=str(exc)) from None
    new_id = access.new_table_id()
    now = time.time()
    tables = store.tables.c

    def write(conn: Connection) -> str:
        taken = conn.execute(store.tables.update().where(
            tables.id == old.id, tables.next_table.is_(None)).values(
            next_table=new_id)).rowcount
        if taken != 1:  # another request opened it first: that one is the rematch
            found = conn.execute(sa.select(tables.next_table).where(
                tables.id == old.id)).scalar()
            return str(found)
        conn.execute(store.tables.insert().values(
            id=new_id, game=game.id, engine_version=game.engine_version, options=options,
            pack_id=pack.id, pack_sha256=pack.sha256,
            seed=secrets.randbelow(2**62), admin_hash=old.admin_hash,
            spectator_hash=old.spectator_hash, invite_hash=None,
            deadline_seconds=old.deadline_seconds, created_at=now, turn_started_at=now,
            finished=False, result=None))
        conn.execute(store.seats.insert(), [
            {"table_id": new_id, "seat": s.seat, "name": s.name, "kind": s.kind,
             "token_hash": None, "joined": s.kind != HUMAN} for s in old.seats])
        service.log_store.announce(conn, old.id, "seats")
        return new_id

    opened = service.log_store.write(write)
    service.forget_info(old.id)
    service.notify(old.id, "seats")
    if opened == new_id:
        service.notify(new_id, "created")
    return opened
