"""The live WebSocket of a table (`/api/tables/{table}/live`): its first message is
{"token": "..."} (at most MAX_HELLO bytes), then every change brings the seat's new
payload (and new chat messages). On PostgreSQL every commit is announced
(LISTEN/NOTIFY); on SQLite each connection polls.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.types import Message

from stellwerk.core.i18n import LANGUAGES
from stellwerk.core.inputs import json_problem
from stellwerk.server import access, limits, store
from stellwerk.server.errors import ApiError
from stellwerk.server.live import POLL_SECONDS
from stellwerk.server.payloads import encode, table_json
from stellwerk.server.routes import Parts, client_address
from stellwerk.server.table_service import TableService

MAX_HELLO = 4096  # the WebSocket's first message: {"token": ...} needs less than 100 bytes
# every frame the WebSocket takes (uvicorn's ws_max_size; its default is 16 MB)
MAX_FRAME = 64 * 1024

router = APIRouter()


@router.websocket("/api/tables/{table_id}/live")
async def live(socket: WebSocket, table_id: str) -> None:
    """Send {"token": ...} first; then every change brings the seat's new payload.
    A connection over a limit is told why and closed with code 1013 (try later)."""
    await socket.accept()
    parts: Parts = socket.app.state.parts
    # the page's language (?lang=), else the browser's
    lang = socket.query_params.get("lang") or ""
    if lang not in LANGUAGES:
        lang = "de" if socket.headers.get("accept-language", "").startswith("de") else "en"
    address = client_address(socket.client)
    if not parts.sockets_from.take(address):
        await _refuse(socket, ApiError(
            429, "srv.ws_address", limit=parts.limits.ws_per_address), lang,
            code=limits.CLOSE_TRY_LATER)
        return
    try:
        await _watch(socket, parts, table_id, lang)
    finally:
        parts.sockets_from.give_back(address)


async def _watch(socket: WebSocket, parts: Parts, table_id: str, lang: str) -> None:
    service = parts.service
    try:
        hello = await asyncio.wait_for(socket.receive(), timeout=30)
        token = _hello_token(hello)
        who, _info = await asyncio.to_thread(service.authorize, table_id, token)
    except ApiError as exc:
        await _refuse(socket, exc, lang)
        return
    except (TimeoutError, WebSocketDisconnect):
        return
    # counted once the token opened the table: strangers cannot crowd its players out
    if not parts.sockets_at.take(table_id):
        await _refuse(socket, ApiError(
            429, "srv.ws_table", limit=parts.limits.ws_per_table), lang,
            code=limits.CLOSE_TRY_LATER)
        return
    queue = parts.hub.subscribe(table_id)
    # a seat watching live needs no turn notice, whichever process would send it
    if parts.watchers.arrive(table_id, who.viewer):
        await asyncio.to_thread(parts.watchers.try_sync)
    # PostgreSQL announces every commit (LISTEN/NOTIFY): no polling; SQLite polls
    poll = None if store.is_postgres(service.engine) else POLL_SECONDS
    try:
        await _stream(socket, service, who, table_id, queue, lang, poll)
    except WebSocketDisconnect:
        pass
    finally:
        parts.hub.unsubscribe(table_id, queue)
        parts.sockets_at.give_back(table_id)
        if parts.watchers.leave(table_id, who.viewer):
            # written beside, not awaited: the connection's places are free at once
            asyncio.get_running_loop().run_in_executor(None, parts.watchers.try_sync)


async def _stream(socket: WebSocket, service: TableService, who: access.Access,
                  table_id: str, queue: asyncio.Queue[str], lang: str,
                  poll: float | None) -> None:
    """Send the seat's payload after every change. All the work for one change (reading
    the table, catching up with the log, building the seat's view, encoding the JSON)
    happens in one worker thread, so no view is ever built on the event loop."""
    seq: int | None = None
    chat = (await asyncio.to_thread(service.current_seq, table_id))[1]
    frames, seq, chat = await asyncio.to_thread(
        _news, service, who, table_id, lang, seq, chat, False, True)
    for frame in frames:
        await socket.send_text(frame)
    receiver = asyncio.create_task(socket.receive())  # notices a closed socket
    try:
        while True:
            waiter = asyncio.create_task(queue.get())
            done, _ = await asyncio.wait({waiter, receiver}, timeout=poll,
                                         return_when=asyncio.FIRST_COMPLETED)
            if receiver in done:
                waiter.cancel()
                if receiver.result()["type"] == "websocket.disconnect":  # the client left
                    return
                receiver = asyncio.create_task(socket.receive())  # (what it sent: ignored)
                continue
            waiter.cancel()
            news = {waiter.result()} if waiter in done else set()
            while not queue.empty():
                news.add(queue.get_nowait())
            # a poll (no news: another process may have written) or a notice from
            # PostgreSQL may be chat too; a change of seats or deadline keeps the seq
            chat_too = not news or bool(news & {"chat", "notify"})
            table_too = bool(news - {"chat", "action", "bot-turn"})
            frames, seq, chat = await asyncio.to_thread(
                _news, service, who, table_id, lang, seq, chat, chat_too, table_too)
            for frame in frames:
                await socket.send_text(frame)
    finally:
        receiver.cancel()


def _news(service: TableService, who: access.Access, table_id: str, lang: str,
          seq: int | None, chat: int, chat_too: bool, table_too: bool) \
        -> tuple[list[str], int | None, int]:
    """The frames a seat is owed since (`seq`, `chat`), encoded, and the new marks."""
    frames = []
    if chat_too:
        messages = service.chat_messages(table_id, chat)
        if messages:
            chat = int(messages[-1]["id"])
            frames.append(encode({"type": "chat", "messages": messages}))
    info = service.known_info(table_id)
    who = service.still(who, info)  # a seat handed to a bot meanwhile is only watched
    with service.table(info) as loaded:
        if table_too or loaded.seq != seq:
            seq = loaded.seq
            frames.append(f'{{"type":"table","table":{table_json(info, loaded, who, lang)}}}')
    return frames, seq, chat


class _Hello(ApiError):
    """A first WebSocket message that is not {"token": ...}, with its close code."""

    def __init__(self, code: int, key: str, **params: Any) -> None:
        super().__init__(400, key, **params)
        self.code = code


def _hello_token(message: Message) -> str:
    """The token of the WebSocket's first message: {"token": "..."} as a text frame, or
    as UTF-8 in a binary one. Its size is checked before it is parsed, and the parser
    is depth-safe (a hostile nesting is a refusal, not a RecursionError)."""
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    data: str | bytes | None = message.get("text")
    if data is None:
        data = message.get("bytes") or b""
    if len(data) > MAX_HELLO:
        raise _Hello(1009, "srv.hello_too_big", limit=MAX_HELLO)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise _Hello(4400, "srv.bad_hello") from None
    hello, problem, _ = json_problem(data)
    if problem is not None:
        raise _Hello(4400, "srv.bad_hello")
    token = hello.get("token") if isinstance(hello, dict) else None
    if not isinstance(token, str) or not token:
        raise ApiError(401, "srv.no_token")
    return token


async def _refuse(socket: WebSocket, error: ApiError, lang: str,
                  code: int | None = None) -> None:
    """Say why (a JSON frame, as every refusal), then close with `code` (default: a bad
    first message's own code, else 4403) and the reason cut to the 123 bytes a close
    frame holds. A client already gone is no error."""
    if code is None:
        code = error.code if isinstance(error, _Hello) else 4403
    text = error.to_json(lang)
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await socket.send_text(encode(text))
        await socket.close(code=code, reason=limits.close_reason(text["error"]))
