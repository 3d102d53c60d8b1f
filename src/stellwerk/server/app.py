"""The JSON API of the Stellwerk game server (its OpenAPI schema: /openapi.json).

Everything JSON lives under /api; the web table's pages are `/`, `/t/{table}`, `/mine`
and `/viewer`. The data flows one way: request -> access (token) -> tables (engine,
log) -> store -> live -> each seat's payload. Every refusal is a 4xx with {"error":
text, "key": catalogue key} in the language the request asks for (Accept-Language: de,
or ?lang=de) and changes nothing; a database out of reach is a 503 in the same form.
A request body is at most 64 KB; a name at most 40 characters, a chat message 1000,
and no text may hold a control character. `/api/tables/{table}/live` is a WebSocket:
its first message is {"token": "..."} (at most 4 KB), then every change brings the
seat's new payload.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Annotated, Any

import sqlalchemy as sa
from fastapi import Depends, FastAPI, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stellwerk import __version__
from stellwerk.core.crash import write_crash_report
from stellwerk.core.i18n import LANGUAGES
from stellwerk.core.inputs import character_name, json_problem, printable, unfit_character
from stellwerk.games import game_ids, get_game
from stellwerk.server import access, collector, limits, schemas, store
from stellwerk.server.bot_runner import BotRunner
from stellwerk.server.browser_json import BrowserJSONResponse
from stellwerk.server.deadlines import sweep_forever
from stellwerk.server.errors import ApiError
from stellwerk.server.limits import Limits
from stellwerk.server.live import POLL_SECONDS, Hub, PgListener
from stellwerk.server.open_storage import open_storage
from stellwerk.server.payloads import (
    encode,
    legal_payload,
    log_payload,
    table_json,
    table_payload,
)
from stellwerk.server.tables import HUMAN, TableService

log = logging.getLogger("stellwerk.server")

MAX_BODY = 64 * 1024
MAX_HELLO = 4096  # the WebSocket's first message: {"token": ...} needs less than 100 bytes
# every frame the WebSocket takes (uvicorn's ws_max_size; its default is 16 MB)
MAX_FRAME = 64 * 1024
# the record viewer sends a whole record with every step it asks for; a long Benelux
# Rails game's record file is some 100 KiB, and 2 MiB holds tens of thousands of moves
WIDER_BODIES = {"/web/replay": 2 * 2**20}
LOOP_THREADS = 32  # the event loop's default executor (asyncio.to_thread)


@dataclass
class Settings:
    database: str
    bot_workers: int = 1
    bot_delay: float = 0.05
    deadline_sweep: float = 2.0
    background: bool = True  # bots and deadline sweeps (tests may drive them by hand)
    settle_gc: bool = False  # `serve` only: the collector's schedule (collector.py)
    limits: Limits = field(default_factory=Limits)
    # where players reach the server (`serve --public-url`, else its listening address);
    # the links in a new table's answer start with it, never with the request's Host
    # header, which whoever sends the request may forge. None: links are paths only.
    public_url: str | None = None


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


def language(request: Request, lang: Annotated[str | None, Query(
        max_length=5, description="en or de (else Accept-Language)")] = None) -> str:
    if lang in LANGUAGES:
        return lang
    return "de" if request.headers.get("accept-language", "").lower().startswith("de") else "en"


async def request_language(request: Request, lang: Annotated[str | None, Query(
        max_length=5, description="en or de (else Accept-Language)")] = None) -> str:
    """`language` as a dependency. Async on purpose: FastAPI runs a plain `def`
    dependency in a worker thread, one thread hand-off more per request, which the
    profile under the bench showed as a fifth of the event loop's time."""
    return language(request, lang)


bearer = HTTPBearer(auto_error=False, description="a seat, admin or spectator token")
Lang = Annotated[str, Depends(request_language)]
Token = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


def create_app(settings: Settings) -> FastAPI:
    engine = open_storage(settings.database)
    checkpointer = store.Checkpointer(engine)
    limit = settings.limits
    service = TableService(engine, cache_bytes=limit.state_cache_mb * 2**20)
    creations = limits.RateWindow(limit.create_rate)
    sockets_from = limits.Slots(limit.ws_per_address)
    sockets_at = limits.Slots(limit.ws_per_table)
    hub = Hub()
    runner = BotRunner(service, workers=settings.bot_workers, delay=settings.bot_delay)
    service.listeners.append(hub.publish)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        hub.attach(loop)
        # live updates, bot moves and sweeps run in the loop's default executor, which
        # asyncio sizes by CPUs (6 threads on 2 cores): a burst of updates queued behind
        # a slow view or a thinking bot. Threads waiting on the GIL cost little.
        executor = ThreadPoolExecutor(LOOP_THREADS, "stellwerk-work")
        loop.set_default_executor(executor)
        checkpointer.start()  # SQLite: the WAL is copied back outside the requests
        # import every game now, not in the first request that names one
        await asyncio.to_thread(lambda: [get_game(g) for g in game_ids()])
        tasks: list[asyncio.Task[None]] = []
        if settings.settle_gc:
            collector.settle()
            tasks.append(asyncio.create_task(collector.Schedule().run()))
        listener = None
        if settings.background:
            runner.start()
            hub.on_change.append(runner.poke)
            tasks.append(asyncio.create_task(sweep_forever(service, settings.deadline_sweep)))
            if store.is_postgres(engine):
                listener = PgListener(settings.database, hub, service.log_store.origin,
                                      forget=service.heard,
                                      forget_all=service.forget_all,
                                      listening=service.set_listening)
                listener.start()
            _app.state.listener = listener  # (the tests watch it reconnect)
            # bots resume where they were when the server stopped
            for table_id in await asyncio.to_thread(service.unfinished_with_bots):
                runner.poke(table_id)
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            runner.stop()
            if listener is not None:
                listener.stop()
            checkpointer.stop()
            executor.shutdown(wait=False)
            engine.dispose()

    # no /docs or /redoc: both load their scripts from a CDN, which the pages' policy of
    # "scripts only from this server" forbids; the schema itself is /openapi.json
    app = FastAPI(title="Stellwerk game server", version=__version__, lifespan=lifespan,
                  description=__doc__, docs_url=None, redoc_url=None,
                  responses=schemas.error_answers(413, 422, 503),
                  # every JSON answer through browser_json: no integer a browser would round
                  default_response_class=BrowserJSONResponse)
    app.state.service = service
    app.state.hub = hub
    app.state.runner = runner
    app.add_middleware(BodyLimit)
    app.add_middleware(ServerTiming)  # it times the body limit too
    app.add_middleware(InternalErrors)  # outermost: the net under everything else

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> BrowserJSONResponse:
        lang = language(request, request.query_params.get("lang"))
        return BrowserJSONResponse(exc.to_json(lang), status_code=exc.status,
                                   headers=exc.headers)

    @app.exception_handler(sa.exc.DBAPIError)
    async def _database(request: Request, exc: sa.exc.DBAPIError) -> BrowserJSONResponse:
        # the table service retries a lost connection and answers its own 503s; this
        # is the net under anything else the database refuses: a clear 503, never a 500
        log.error("database error on %s: %s", _quoted(request.url.path, 200),
                  _quoted(" ".join(str(exc.orig).split()), 500))
        error = ApiError(503, "srv.db_full" if store.is_full(exc) else "srv.db_lost")
        lang = language(request, request.query_params.get("lang"))
        return BrowserJSONResponse(error.to_json(lang), status_code=503)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> BrowserJSONResponse:
        error, details = _validation_refusal(exc.errors())
        # one line: the path as typed may hold control characters, the input is not
        # echoed (details neither), and no traceback
        log.info("refused %s %s: %s", request.method, _quoted(request.url.path, 200),
                 error.text("en"))
        body = error.to_json(language(request, request.query_params.get("lang")))
        body["details"] = details
        return BrowserJSONResponse(body, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> BrowserJSONResponse:
        lang = language(request, request.query_params.get("lang"))
        key = _HTTP_KEYS.get(exc.status_code)
        if key is None:
            return BrowserJSONResponse({"error": str(exc.detail), "key": "srv.http"},
                                       status_code=exc.status_code)
        # FastAPI's 400 is a body it could not even decode: a request that does not
        # fit, as any other (422)
        status = 422 if exc.status_code == 400 else exc.status_code
        return BrowserJSONResponse(ApiError(status, key).to_json(lang), status_code=status)

    def authorize(table_id: str, token: HTTPAuthorizationCredentials | None) \
            -> tuple[access.Access, Any]:
        return service.authorize(table_id, token.credentials if token else None)

    base = (settings.public_url or "/").rstrip("/") + "/"

    def link(table_id: str, token: str) -> str:
        # the token sits in the fragment, which browsers never send to a server, so it
        # stays out of access logs; the web page reads it from there
        return f"{base}t/{table_id}#{token}"

    @app.get("/api/games", summary="The games this server plays")
    def games() -> list[dict[str, Any]]:
        from stellwerk.bots import bots_for

        out = []
        for game_id in game_ids():
            game = get_game(game_id)
            # the seat kinds `create` accepts for this game (its own planner, no
            # withdrawn bot), which the admin's "hand to a bot" list offers too
            out.append({"id": game.id, "title": game.title, "min_seats": game.min_seats,
                        "max_seats": game.max_seats, "enumerable": game.enumerable,
                        "seat_kinds": [HUMAN, *bots_for(game)]})
        return out

    @app.post("/api/tables", status_code=201, summary="Create a table; returns the links")
    def create_table(body: schemas.CreateTable, request: Request) -> dict[str, Any]:
        wait = creations.take(client_address(request.client))
        if wait is not None:
            raise ApiError(429, "srv.create_rate", headers={"Retry-After": str(wait)},
                           limit=limit.create_rate, seconds=wait)
        if 0 < limit.max_tables <= service.open_tables():
            raise ApiError(429, "srv.max_tables",
                           headers={"Retry-After": str(limits.FULL_RETRY_SECONDS)},
                           limit=limit.max_tables)
        kinds = [s.kind.strip().lower() for s in body.seats]
        names = [s.name or (f"Seat {i + 1}" if k == HUMAN else f"{k} bot {i + 1}")
                 for i, (s, k) in enumerate(zip(body.seats, kinds, strict=True))]
        made = service.create(body.game, body.options, kinds, names, body.deadline_seconds,
                              seed=None)
        return {
            "table": made.table_id,
            "admin": {"token": made.admin_token,
                      "link": link(made.table_id, made.admin_token)},
            "spectator": {"token": made.spectator_token,
                          "link": link(made.table_id, made.spectator_token)},
            "seats": [{"seat": seat, "name": names[seat], "token": token,
                       "link": link(made.table_id, token)}
                      for seat, token in sorted(made.seat_tokens.items())],
        }

    # The table's payload is answered as JSON text encoded once per version and viewer
    # (payloads.table_json), not as a dict FastAPI would walk and encode per request.
    # The two routes every move uses (this one and the action) are async and do all
    # their table work in one call on the loop's executor: a plain `def` route runs in
    # anyio's worker threads, whose hand-off showed heavier under the server benchmark.
    at_table = schemas.error_answers(401, 403, 404, 409)

    @app.get("/api/tables/{table_id}", summary="The table as this token may see it",
             response_model=dict[str, Any], responses=at_table)
    async def get_table(table_id: str, token: Token, lang: Lang) -> Response:
        def work() -> str:
            who, info = authorize(table_id, token)
            with service.table(info) as loaded:
                return table_json(info, loaded, who, lang)

        return json_text(await asyncio.to_thread(work))

    @app.post("/api/tables/{table_id}/join", summary="Take your seat under a name",
              responses=at_table)
    def join(table_id: str, body: schemas.Join, token: Token, lang: Lang) -> dict[str, Any]:
        who, info = authorize(table_id, token)
        seat = own_seat(who)
        service.join(info, seat, body.name.strip() or info.seats[seat].name)
        info = service.info(table_id)
        with service.table(info) as loaded:
            return table_payload(info, loaded, who, lang)

    @app.get("/api/tables/{table_id}/legal",
             summary="Your seat's actions now, with notation and JSON form",
             response_model=dict[str, Any], responses=at_table)
    async def legal(table_id: str, token: Token, lang: Lang) -> Response:
        # async, as the two above: anyio's idle worker threads end after 10 s, so a
        # route asked every few moves often paid for starting a thread (the profile)
        def work() -> str:
            who, info = authorize(table_id, token)
            seat = own_seat(who)
            with service.table(info) as loaded:
                return encode(legal_payload(loaded, seat, lang))

        return json_text(await asyncio.to_thread(work))

    @app.post("/api/tables/{table_id}/actions", summary="Submit an action of your seat",
              response_model=dict[str, Any], responses=at_table)
    async def submit(table_id: str, body: schemas.Submit, token: Token, lang: Lang) \
            -> Response:
        def work() -> str:
            who, info = authorize(table_id, token)
            seat = own_seat(who)
            shown: list[str] = []

            def show(loaded: Any) -> None:  # the seat's new payload, under the table's lock
                shown.append(table_json(info, loaded, who, lang))

            seq = service.submit(info, seat, body.notation, body.action,
                                 body.expected_seq, after=show)
            return f'{{"accepted":{int(seq)},"table":{shown[0]}}}'

        return json_text(await asyncio.to_thread(work))

    @app.get("/api/tables/{table_id}/log",
             summary="The game log this token may see: events and accepted actions",
             responses=at_table)
    def game_log(table_id: str, token: Token, lang: Lang) -> dict[str, Any]:
        who, info = authorize(table_id, token)
        rows = service.action_rows(table_id)
        with service.table(info) as loaded:
            return log_payload(loaded, rows[:loaded.seq], who, lang)

    @app.get("/api/tables/{table_id}/chat", summary="Chat messages (and negotiated deals)",
             responses=at_table)
    def get_chat(table_id: str, token: Token,
                 after: Annotated[int, Query(ge=0, le=2**62)] = 0) -> list[dict[str, Any]]:
        authorize(table_id, token)
        return service.chat_messages(table_id, after)

    @app.post("/api/tables/{table_id}/chat", status_code=201, summary="Say something",
              responses=at_table)
    def post_chat(table_id: str, body: schemas.ChatMessage, token: Token) -> dict[str, Any]:
        who, info = authorize(table_id, token)
        if who.role == access.SPECTATOR:
            own_seat(who)  # refuses, saying why
        text = body.text.strip()
        if not text:
            raise ApiError(422, "srv.empty_chat")
        return {"id": service.chat(info, who.seat, text)}

    @app.get("/api/tables/{table_id}/record",
             summary="The record of a finished game (the format `stellwerk replay` checks)",
             responses=at_table)
    def record(table_id: str, token: Token) -> dict[str, Any]:
        authorize(table_id, token)
        # read fresh: the game may have ended in another process a moment ago
        return service.record(service.info(table_id)).to_json()

    @app.post("/api/tables/{table_id}/seats/{seat}/bot",
              summary="Admin: a bot takes over a seat whose player left", responses=at_table)
    def replace_seat(table_id: str, seat: int, body: schemas.ReplaceSeat, token: Token,
                     lang: Lang) -> dict[str, Any]:
        who, info = authorize(table_id, token)
        if who.role != access.ADMIN:
            raise ApiError(403, "srv.admin_only")
        service.replace_with_bot(info, seat, body.kind.strip().lower())
        info = service.info(table_id)
        with service.table(info) as loaded:
            return table_payload(info, loaded, who, lang)

    @app.post("/api/tables/{table_id}/deadline", summary="Admin: set or clear the deadline",
              responses=at_table)
    def set_deadline(table_id: str, body: schemas.Deadline, token: Token) -> dict[str, Any]:
        who, info = authorize(table_id, token)
        if who.role != access.ADMIN:
            raise ApiError(403, "srv.admin_only")
        service.set_deadline(info, body.seconds)
        return {"deadline_seconds": body.seconds}

    @app.post("/api/my-tables", summary="Your tables, from the seat tokens you hold")
    def my_tables(body: schemas.MyTables, lang: Lang) -> list[dict[str, Any]]:
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

    @app.websocket("/api/tables/{table_id}/live")
    async def live(socket: WebSocket, table_id: str) -> None:
        """Send {"token": ...} first; then every change brings the seat's new payload.
        A connection over a limit is told why and closed with code 1013 (try later)."""
        await socket.accept()
        lang = "de" if socket.headers.get("accept-language", "").startswith("de") else "en"
        address = client_address(socket.client)
        if not sockets_from.take(address):
            await _refuse_socket(socket, ApiError(
                429, "srv.ws_address", limit=limit.ws_per_address), lang)
            return
        try:
            await _watch(socket, table_id, lang)
        finally:
            sockets_from.give_back(address)

    async def _watch(socket: WebSocket, table_id: str, lang: str) -> None:
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
        if not sockets_at.take(table_id):
            await _refuse_socket(socket, ApiError(
                429, "srv.ws_table", limit=limit.ws_per_table), lang)
            return
        queue = hub.subscribe(table_id)
        # PostgreSQL announces every commit (LISTEN/NOTIFY): no polling; SQLite polls
        poll = None if store.is_postgres(service.engine) else POLL_SECONDS
        try:
            await _stream(socket, service, who, table_id, queue, lang, poll)
        except WebSocketDisconnect:
            pass
        finally:
            hub.unsubscribe(table_id, queue)
            sockets_at.give_back(table_id)

    from stellwerk.web import mount  # the web table's pages

    mount(app)
    return app


def client_address(client: Any) -> str:
    """The client's address (uvicorn's peer, or the one a trusted proxy names) as the
    per-address limits count it (limits.client_key)."""
    host = str(client.host) if client is not None and client.host else "unknown"
    return limits.client_key(host)


async def _refuse_socket(socket: WebSocket, error: ApiError, lang: str) -> None:
    """Tell the client why (a frame like every refusal's), then close with 1013."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await socket.send_text(encode(error.to_json(lang)))
        await socket.close(code=limits.CLOSE_TRY_LATER,
                           reason=limits.close_reason(error.text(lang)))


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


# the answers of Starlette and FastAPI themselves, in the request's language
_HTTP_KEYS = {400: "srv.bad_body", 404: "srv.no_page", 405: "srv.bad_method"}


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


async def _refuse(socket: WebSocket, error: ApiError, lang: str) -> None:
    """Say why (a JSON frame, as every refusal), then close with a code and the reason
    cut to the 123 bytes a close frame holds."""
    code = error.code if isinstance(error, _Hello) else 4403
    text = error.to_json(lang)
    await socket.send_text(encode(text))
    await socket.close(code=code, reason=limits.close_reason(text["error"]))


def _validation_refusal(errors: Sequence[Any]) -> tuple[ApiError, list[dict[str, Any]]]:
    """The refusal of a request that does not fit its schema, and its details. The
    details name each problem's place and reason but never echo the input: it may be
    a NaN or a lone surrogate, which JSON or UTF-8 cannot carry, or 60 KB of it."""
    details = [{"loc": [part if isinstance(part, int) else _quoted(str(part))
                        for part in problem.get("loc", ())],
                "msg": _quoted(str(problem.get("msg", "?")), 200),
                "type": _quoted(str(problem.get("type", "?")))}
               for problem in errors[:20]]
    first = errors[0] if errors else {}
    where = ".".join(str(part) for part in details[0]["loc"]) if details else "?"
    bad = first.get("input")
    if first.get("type") == schemas.UNFIT:
        char = str(first.get("ctx", {}).get("char", "?"))
        return ApiError(422, "srv.bad_character", where=where, char=char), details
    if first.get("type") == "string_unicode" and isinstance(bad, str) and unfit_character(bad):
        char = character_name(unfit_character(bad) or "?")
        return ApiError(422, "srv.bad_character", where=where, char=char), details
    return ApiError(422, "srv.bad_request", reason=f"{where}: {details[0]['msg']}"
                    if details else "?"), details


def _quoted(text: str, limit: int = 60) -> str:
    """Part of a refusal: one printable line, cut to `limit` characters."""
    text = printable(text)
    return text if len(text) <= limit else text[:limit] + "…"


def own_seat(who: access.Access) -> int:
    """The seat `who` speaks for, or the refusal: only a seat's own link may do this
    (a link whose seat a bot has taken over is told so)."""
    if who.seat is not None:
        return who.seat
    if who.former_seat is not None:
        raise ApiError(403, "srv.seat_left", seat=who.former_seat)
    raise ApiError(403, "srv.seat_only")


def json_text(text: str) -> Response:
    """An answer whose JSON is already encoded."""
    return Response(text, media_type="application/json")
