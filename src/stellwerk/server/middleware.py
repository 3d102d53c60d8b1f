"""The layers around every request: the body limit, the Server-Timing header, and the
net under everything (a bug is one log line naming a report file and a keyed 500)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stellwerk.core.crash import write_crash_report
from stellwerk.core.inputs import printable
from stellwerk.server.browser_json import BrowserJSONResponse
from stellwerk.server.errors import ApiError

log = logging.getLogger("stellwerk.server")

MAX_BODY = 64 * 1024
# the record viewer sends a whole record with every step it asks for; a long Benelux
# Rails game's record file is some 100 KiB, and 2 MiB holds tens of thousands of moves
WIDER_BODIES = {"/web/replay": 2 * 2**20}


class BodyLimit:
    """Refuse a body over MAX_BODY bytes (a path of `WIDER_BODIES`: its own limit) with
    413 before anything reads it whole."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = WIDER_BODIES.get(scope.get("path", ""), self.limit)
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > limit):
                await _too_big(scope, send, limit)
                return
        # read the body here, at most `limit` bytes of it, so a chunked upload without a
        # Content-Length is refused the same way (and never parsed)
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            body.extend(message.get("body", b""))
            if len(body) > limit:
                await _too_big(scope, send, limit)
                return
            if not message.get("more_body", False):
                break
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class ServerTiming:
    """Say in each answer how long the server took over it (`Server-Timing: app;dur=MS`,
    from the request reaching the app to the answer starting): the benchmark tells the
    server's own latency from the time a loaded client takes to notice the answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        began = time.perf_counter()

        async def timed(message: Message) -> None:
            if message["type"] == "http.response.start":
                took = f"app;dur={1000 * (time.perf_counter() - began):.2f}".encode()
                message = {**message, "headers": [*message.get("headers", []),
                                                  (b"server-timing", took)]}
            await send(message)

        await self.app(scope, receive, timed)


class InternalErrors:
    """The net under every request and live connection: a bug (an exception no handler
    answers) is one log line naming a report file with the traceback, and the client
    gets a keyed 500 (a live connection: close 1011), never a traceback in the log."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            if message["type"] in ("http.response.start", "websocket.close"):
                started = True
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception as exc:
            where = f"{scope.get('method', 'WS')} {printable(str(scope.get('path', '?')))[:200]}"
            report = await asyncio.to_thread(write_crash_report, exc, f"request: {where}")
            log.error("internal error (%s) on %s; the report is in %s",
                      type(exc).__name__, where, report)
            if started:
                return
            with contextlib.suppress(Exception):
                if scope["type"] == "http":
                    error = ApiError(500, "srv.internal")
                    await BrowserJSONResponse(error.to_json(_lang_of_scope(scope)),
                                              status_code=500)(scope, _no_receive, send)
                else:
                    await send({"type": "websocket.close", "code": 1011,
                                "reason": "internal error"})


async def _too_big(scope: Scope, send: Send, limit: int) -> None:
    error = ApiError(413, "srv.too_big", limit=limit)
    response = BrowserJSONResponse(error.to_json(_lang_of_scope(scope)), status_code=413)
    await response(scope, _no_receive, send)


async def _no_receive() -> Message:
    return {"type": "http.disconnect"}


def _lang_of_scope(scope: Scope) -> str:
    for name, value in scope.get("headers", []):
        if name == b"accept-language" and value.lower().startswith(b"de"):
            return "de"
    return "en"
