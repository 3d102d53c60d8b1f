"""A table's chat: reading it and saying something."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from stellwerk.server import access, schemas
from stellwerk.server.errors import ApiError
from stellwerk.server.routes import AT_TABLE, Server, Token, own_seat

router = APIRouter()


@router.get("/api/tables/{table_id}/chat", summary="Chat messages (and negotiated deals)",
            responses=AT_TABLE)
def get_chat(table_id: str, token: Token, parts: Server,
             after: Annotated[int, Query(ge=0, le=2**62)] = 0) -> list[dict[str, Any]]:
    parts.authorize(table_id, token)
    return parts.service.chat_messages(table_id, after)


@router.post("/api/tables/{table_id}/chat", status_code=201, summary="Say something",
             responses=AT_TABLE)
def post_chat(table_id: str, body: schemas.ChatMessage, token: Token, parts: Server) \
        -> dict[str, Any]:
    who, info = parts.authorize(table_id, token)
    if who.role in (access.SPECTATOR, access.GUEST):
        own_seat(who)  # refuses, saying why
    text = body.text.strip()
    if not text:
        raise ApiError(422, "srv.empty_chat")
    return {"id": parts.service.chat(info, who.seat, text)}
