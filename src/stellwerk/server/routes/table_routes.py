"""A table as a token sees it: its payload, taking a seat, the legal actions, acting,
the log and the record; a friend's claim of a free seat; the admin's seat, link and
deadline changes; "my tables".

The table's payload is answered as JSON text encoded once per version and viewer
(payloads.table_json), not as a dict FastAPI would walk and encode per request. The
routes every move uses (the table, its legal actions, the action) are async and do all
their table work in one call on the loop's executor: a plain `def` route runs in
anyio's worker threads, whose hand-off showed heavier under the server benchmark, and
whose idle threads end after 10 s, so a route asked every few moves often paid for
starting a thread (the profile).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, Response

from stellwerk.server import access, rematch, schemas, seat_links
from stellwerk.server.errors import ApiError
from stellwerk.server.payloads import encode, legal_payload, log_payload, table_json, table_payload
from stellwerk.server.routes import (
    AT_TABLE,
    Lang,
    Server,
    Token,
    client_address,
    json_text,
    own_seat,
)

router = APIRouter()


@router.get("/api/tables/{table_id}", summary="The table as this token may see it",
            response_model=dict[str, Any], responses=AT_TABLE)
async def get_table(table_id: str, token: Token, lang: Lang, parts: Server) -> Response:
    def work() -> str:
        who, info = parts.authorize(table_id, token)
        with parts.service.table(info) as loaded:
            return table_json(info, loaded, who, lang)

    return json_text(await asyncio.to_thread(work))


@router.post("/api/tables/{table_id}/join", summary="Take your seat under a name",
             responses=AT_TABLE)
def join(table_id: str, body: schemas.Join, token: Token, lang: Lang, parts: Server) \
        -> dict[str, Any]:
    service = parts.service
    who, info = parts.authorize(table_id, token)
    seat = own_seat(who)
    service.join(info, seat, body.name.strip() or info.seats[seat].name)
    info = service.info(table_id)
    with service.table(info) as loaded:
        return table_payload(info, loaded, who, lang)


@router.get("/api/tables/{table_id}/legal",
            summary="Your seat's actions now, with notation and JSON form",
            response_model=dict[str, Any], responses=AT_TABLE)
async def legal(table_id: str, token: Token, lang: Lang, parts: Server) -> Response:
    def work() -> str:
        who, info = parts.authorize(table_id, token)
        seat = own_seat(who)
        with parts.service.table(info) as loaded:
            return encode(legal_payload(loaded, seat, lang))

    return json_text(await asyncio.to_thread(work))


@router.post("/api/tables/{table_id}/actions", summary="Submit an action of your seat",
             response_model=dict[str, Any], responses=AT_TABLE)
async def submit(table_id: str, body: schemas.Submit, token: Token, lang: Lang,
                 parts: Server) -> Response:
    def work() -> str:
        who, info = parts.authorize(table_id, token)
        seat = own_seat(who)
        shown: list[str] = []

        def show(loaded: Any) -> None:  # the seat's new payload, under the table's lock
            shown.append(table_json(info, loaded, who, lang))

        seq = parts.service.submit(info, seat, body.notation, body.action,
                                   body.expected_seq, after=show)
        return f'{{"accepted":{int(seq)},"table":{shown[0]}}}'

    return json_text(await asyncio.to_thread(work))


@router.post("/api/tables/{table_id}/undo",
             summary="Take back your seat's newest action (while nothing was revealed since)",
             response_model=dict[str, Any], responses=AT_TABLE)
async def undo(table_id: str, body: schemas.Undo, token: Token, lang: Lang,
               parts: Server) -> Response:
    """Allowed while the table's `can_undo` says so for this seat: its own newest action,
    no other seat's since, nothing drawn or shown by it. Logged as an undo row."""
    def work() -> str:
        who, info = parts.authorize(table_id, token)
        seat = own_seat(who)
        shown: list[str] = []

        def show(loaded: Any) -> None:
            shown.append(table_json(info, loaded, who, lang))

        seq = parts.service.undo(info, seat, body.expected_seq, after=show)
        return f'{{"undone":{int(seq)},"table":{shown[0]}}}'

    return json_text(await asyncio.to_thread(work))


@router.get("/api/tables/{table_id}/log",
            summary="The game log this token may see: events and accepted actions",
            responses=AT_TABLE)
def game_log(table_id: str, token: Token, lang: Lang, parts: Server) -> dict[str, Any]:
    who, info = parts.authorize(table_id, token)
    rows = parts.service.action_rows(table_id)
    with parts.service.table(info) as loaded:
        return log_payload(loaded, rows[:loaded.seq], who, lang)


@router.get("/api/tables/{table_id}/record",
            summary="The record of a finished game (the format `stellwerk replay` checks)",
            responses=AT_TABLE)
def record(table_id: str, token: Token, lang: Lang, parts: Server) -> dict[str, Any]:
    parts.authorize(table_id, token)
    # read fresh: the game may have ended in another process a moment ago
    return parts.service.record(parts.service.info(table_id), lang).to_json()


@router.post("/api/tables/{table_id}/seats/{seat}/bot",
             summary="Admin: a bot takes over a seat whose player left", responses=AT_TABLE)
def replace_seat(table_id: str, seat: int, body: schemas.ReplaceSeat, token: Token,
                 lang: Lang, parts: Server) -> dict[str, Any]:
    service = parts.service
    who, info = parts.authorize(table_id, token)
    if who.role != access.ADMIN:
        raise ApiError(403, "srv.admin_only")
    service.replace_with_bot(info, seat, body.kind.strip().lower())
    info = service.info(table_id)
    with service.table(info) as loaded:
        return table_payload(info, loaded, who, lang)


@router.post("/api/tables/{table_id}/deadline", summary="Admin: set or clear the deadline",
             responses=AT_TABLE)
def set_deadline(table_id: str, body: schemas.Deadline, token: Token, parts: Server) \
        -> dict[str, Any]:
    who, info = parts.authorize(table_id, token)
    if who.role != access.ADMIN:
        raise ApiError(403, "srv.admin_only")
    parts.service.set_deadline(info, body.seconds)
    return {"deadline_seconds": body.seconds}


@router.post("/api/my-tables", summary="Your tables, from the seat tokens you hold")
def my_tables(body: schemas.MyTables, lang: Lang, parts: Server) -> list[dict[str, Any]]:
    service = parts.service
    out = []
    for _token, who in service.find_tokens(body.tokens):
        info = service.info(who.table_id)
        with service.table(info) as loaded:
            payload = table_payload(info, loaded, who, lang)
        out.append({key: payload[key] for key in (
            "table", "game", "title", "seat", "seq", "your_turn", "finished",
            "deadline_at")})
    out.sort(key=lambda t: (not t["your_turn"], t["finished"], t["table"]))
    return out


@router.post("/api/tables/{table_id}/claim", summary="Friends: claim a free seat",
             responses=AT_TABLE)
def claim_seat(table_id: str, body: schemas.Claim, token: Token, parts: Server) \
        -> dict[str, Any]:
    """With the table's invitation link: take a free seat under a name and receive that
    seat's own private link (keep it: it is the only way back to the seat)."""
    who, info = parts.authorize(table_id, token)
    if who.role != access.GUEST:
        raise ApiError(403, "srv.invite_only")
    name = body.name.strip()
    seat_token = seat_links.claim(parts.service, info, body.seat, name)
    return {"seat": body.seat, "name": name, "token": seat_token,
            "link": parts.link(table_id, seat_token)}


@router.post("/api/tables/{table_id}/seats/{seat}/link",
             summary="Admin: a fresh private link for a seat (the old one stops working)",
             responses=AT_TABLE)
def new_seat_link(table_id: str, seat: int, token: Token, parts: Server) -> dict[str, Any]:
    who, info = parts.authorize(table_id, token)
    if who.role != access.ADMIN:
        raise ApiError(403, "srv.admin_only")
    seat_token = seat_links.fresh_seat_link(parts.service, info, seat)
    return {"seat": seat, "token": seat_token, "link": parts.link(table_id, seat_token)}


@router.post("/api/tables/{table_id}/invitation",
             summary="Admin: a fresh invitation link (the old one stops working)",
             responses=AT_TABLE)
def new_invitation(table_id: str, token: Token, parts: Server) -> dict[str, Any]:
    who, info = parts.authorize(table_id, token)
    if who.role != access.ADMIN:
        raise ApiError(403, "srv.admin_only")
    invite = seat_links.fresh_invitation(parts.service, info)
    return {"token": invite, "link": parts.link(table_id, invite)}


@router.post("/api/tables/{table_id}/rematch",
             summary="A finished table's rematch: same seats, a new deal", responses=AT_TABLE)
def rematch_table(table_id: str, request: Request, token: Token, parts: Server) \
        -> dict[str, Any]:
    """Opens the rematch (the first time) and gives a seat of this table the same seat
    there: its new private link. The admin's and spectators' links open it as they are."""
    who, info = parts.authorize(table_id, token)
    info = parts.service.info(table_id)  # fresh: another player may have opened it
    if info.next_table is None:
        wait = parts.creations.take(client_address(request.client))
        if wait is not None:
            raise ApiError(429, "srv.create_rate", headers={"Retry-After": str(wait)},
                           limit=parts.limits.create_rate, seconds=wait)
    answer = rematch.rematch(parts.service, info, who)
    # a seat gets its new seat's link; the admin's own token opens the new table too
    link_token = answer.get("token") or (token.credentials if token else "")
    answer["link"] = parts.link(answer["table"], link_token)
    return answer
