"""Registering where a seat's notices go, and removing it.

A seat's link holder registers an e-mail address or webhook for that seat; the table's
admin registers webhooks for the whole table (a shared channel, seat None). An e-mail
address first receives one mail with a confirm link, and nothing else until it is
confirmed; every mail carries an unsubscribe link that works without the seat link.
Both links' tokens are kept as their SHA-256 only.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from stellwerk.core.errors import StellwerkError
from stellwerk.server import access, store
from stellwerk.server.errors import ApiError
from stellwerk.server.log_store import LogStore
from stellwerk.server.notices import outbox, webhooks
from stellwerk.server.notices.events import CONFIRM
from stellwerk.server.notices.settings import NoticeSettings
from stellwerk.server.notices.terms import CATALOG
from stellwerk.server.table_info import TableInfo

EMAIL, WEBHOOK = "email", "webhook"
CONFIRM_PURPOSE, STOP_PURPOSE = "confirm", "stop"
# one address, no display name: local@domain, no spaces, quotes or angle brackets
_EMAIL = re.compile(r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$")
_T = store.notice_targets


def refusal(exc: StellwerkError, status: int = 422) -> ApiError:
    return ApiError(status, exc.key or "ntc.bad_webhook", catalog=CATALOG, **exc.params)


def email_address(text: str) -> str:
    address = text.strip()
    if len(address) > 254 or not _EMAIL.match(address):
        raise ApiError(422, "ntc.bad_email", catalog=CATALOG, address=text[:80])
    return address


def listed(log_store: LogStore, table_id: str, seat: int | None) -> list[dict[str, Any]]:
    """The targets of `seat` (None: the table's shared ones), without their secrets."""
    where = _T.c.seat.is_(None) if seat is None else _T.c.seat == seat
    rows = log_store.read(lambda conn: conn.execute(sa.select(
        _T.c.id, _T.c.channel, _T.c.address, _T.c.style, _T.c.lang, _T.c.confirmed).where(
        _T.c.table_id == table_id, where).order_by(_T.c.id)).mappings().all())
    return [dict(r) for r in rows]


def add_email(log_store: LogStore, settings: NoticeSettings, info: TableInfo, seat: int,
              text: str, lang: str) -> int:
    """Register `text` for `seat` (unconfirmed) and queue its confirm mail, in one
    transaction; the id of the target."""
    if not settings.mail_on:
        raise ApiError(409, "ntc.mail_off", catalog=CATALOG)
    address = email_address(text)
    now = time.time()
    prefix = f"{CONFIRM}:{hashlib.sha256(address.lower().encode()).hexdigest()[:32]}:"

    def write(conn: Connection) -> int:
        _room_for_one(conn, settings, info.id, seat)
        # counted by the address's hash in the row's key, which outlives the target
        # (removed and registered again, an address is still asked only so often)
        asked = conn.execute(sa.select(sa.func.count()).select_from(store.outbox).where(
            store.outbox.c.dedupe.startswith(prefix, autoescape=True),
            store.outbox.c.created_at > now - 86400)).scalar() or 0
        if asked >= settings.confirms_per_day:
            raise ApiError(429, "ntc.too_many_confirms", catalog=CATALOG, address=address)
        target = _insert(conn, info.id, seat, EMAIL, address, "mail", lang, False, None, now)
        conn.execute(store.outbox.insert().values(
            target_id=target, table_id=info.id, kind=CONFIRM, seq=0, detail={"seat": seat},
            dedupe=f"{prefix}{target}", created_at=now, next_try_at=now, attempts=0))
        return target

    return log_store.write(write)


def add_webhook(log_store: LogStore, settings: NoticeSettings, info: TableInfo,
                seat: int | None, url: str, style: str | None, lang: str) -> tuple[int, str]:
    """Register a webhook for `seat` (None: the table's shared channel); its id and the
    secret its bodies are signed with (shown once, here)."""
    try:
        checked = webhooks.check_url(url, settings.allow_private)
    except StellwerkError as exc:
        raise refusal(exc) from None
    chosen = style or webhooks.guess_style(checked)
    if chosen not in webhooks.STYLES:
        raise ApiError(422, "ntc.bad_style", catalog=CATALOG, style=chosen)
    secret = secrets.token_hex(32)

    def write(conn: Connection) -> int:
        _room_for_one(conn, settings, info.id, seat)
        return _insert(conn, info.id, seat, WEBHOOK, checked, chosen, lang, True, secret,
                       time.time())

    return log_store.write(write), secret


def _room_for_one(conn: Connection, settings: NoticeSettings, table_id: str,
                  seat: int | None) -> None:
    where = _T.c.seat.is_(None) if seat is None else _T.c.seat == seat
    count = conn.execute(sa.select(sa.func.count()).select_from(_T).where(
        _T.c.table_id == table_id, where)).scalar() or 0
    if count >= settings.targets_per_seat:
        raise ApiError(409, "ntc.too_many_targets", catalog=CATALOG,
                       limit=settings.targets_per_seat)


def _insert(conn: Connection, table_id: str, seat: int | None, channel: str, address: str,
            style: str, lang: str, confirmed: bool, secret: str | None, now: float) -> int:
    return int(conn.execute(_T.insert().values(
        table_id=table_id, seat=seat, channel=channel, address=address, style=style,
        lang=lang, confirmed=confirmed, secret=secret, created_at=now).returning(
        _T.c.id)).scalar_one())


def remove(log_store: LogStore, table_id: str, seat: int | None, target_id: int) -> None:
    """Remove one of `seat`'s targets (None: a shared one); its unsent notices go
    unsent. A 404 when it is not theirs."""
    where = _T.c.seat.is_(None) if seat is None else _T.c.seat == seat

    def write(conn: Connection) -> None:
        found = conn.execute(sa.select(_T.c.id).where(
            _T.c.id == target_id, _T.c.table_id == table_id, where)).first()
        if found is None:
            raise ApiError(404, "ntc.no_target", catalog=CATALOG, id=target_id)
        drop(conn, target_id)

    log_store.write(write)


def drop(conn: Connection, target_id: int) -> None:
    """Delete a target, its tokens, and its place in the outbox (sent rows stay)."""
    o = store.outbox
    conn.execute(o.update().where(o.c.target_id == target_id, o.c.sent_at.is_(None)).values(
        sent_at=time.time(), outcome=outbox.SKIPPED))
    conn.execute(o.update().where(o.c.target_id == target_id).values(target_id=None))
    conn.execute(store.notice_tokens.delete().where(
        store.notice_tokens.c.target_id == target_id))
    conn.execute(_T.delete().where(_T.c.id == target_id))


def mint(log_store: LogStore, target_id: int, purpose: str) -> str:
    """A fresh token for a confirm or unsubscribe link (only its hash is kept); it is
    committed before the mail that carries it is sent."""
    token = access.new_token()
    log_store.write(lambda conn: conn.execute(store.notice_tokens.insert().values(
        token_hash=access.token_hash(token), target_id=target_id, purpose=purpose,
        created_at=time.time())))
    return token


def use(log_store: LogStore, token: str, purpose: str) -> bool:
    """Confirm the address (`confirm`) or remove the target (`stop`) a link's token
    names; False for a token that names none (unknown, or its target removed)."""
    if not token or len(token) > 200:
        return False
    digest = access.token_hash(token)
    t = store.notice_tokens

    def write(conn: Connection) -> bool:
        target = conn.execute(sa.select(t.c.target_id).where(
            t.c.token_hash == digest, t.c.purpose == purpose)).scalar()
        if target is None:
            return False
        if purpose == CONFIRM_PURPOSE:
            conn.execute(_T.update().where(_T.c.id == target).values(confirmed=True))
        else:
            drop(conn, int(target))
        return True

    return bool(log_store.write(write))
