"""The JSON API (FastAPI; OpenAPI at /openapi.json, docs at /docs).

Everything JSON lives under /api; `/` is left for the web pages of the next issue. The
data flows one way: request -> access (token) -> tables (engine, log) -> store -> live ->
each seat's payload. Every refusal is a 4xx with {"error": text, "key": catalogue key} in
the language the request asks for (Accept-Language: de, or ?lang=de) and changes nothing;
a database out of reach is a 503 in the same form (tables.py `_read`/`_write`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Annotated, Any

import sqlalchemy as sa
from fastapi import Depends, FastAPI, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stellwerk import __version__
from stellwerk.core.i18n import LANGUAGES
from stellwerk.games import game_ids, get_game
from stellwerk.server import access, collector, schemas, store
from stellwerk.server.deadlines import sweep_forever
from stellwerk.server.errors import ApiError
from stellwerk.server.live import POLL_SECONDS, Hub, PgListener
from stellwerk.server.payloads import (
    encode,
    legal_payload,
    log_payload,
    table_json,
    table_payload,
)
from stellwerk.server.seats import BotRunner
from stellwerk.server.tables import HUMAN, TableService

log = logging.getLogger("stellwerk.server")

MAX_BODY = 64 * 1024
LOOP_THREADS = 32  # the event loop's default executor (asyncio.to_thread)


@dataclass
class Settings:
    database: str
    bot_workers: int = 1
    bot_delay: float = 0.05
    deadline_sweep: float = 2.0
    background: bool = True  # bots and deadline sweeps (tests may drive them by hand)
    settle_gc: bool = False  # `serve` only: the collector's schedule (collector.py)


class BodyLimit:
    """Refuse a body over MAX_BODY bytes with 413 before anything reads it whole."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await _too_big(scope, send, self.limit)
                return
        # read the body here, at most `limit` bytes of it, so a chunked upload without a
        # Content-Length is refused the same way (and never parsed)
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            body.extend(message.get("body", b""))
            if len(body) > self.limit:
                await _too_big(scope, send, self.limit)
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


async def _too_big(scope: Scope, send: Send, limit: int) -> None:
    error = ApiError(413, "srv.too_big", limit=limit)
    response = JSONResponse(error.to_json(_lang_of_scope(scope)), status_code=413)
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
    engine = store.open_engine(settings.database)
    store.migrate(engine)
    checkpointer = store.Checkpointer(engine)
    service = TableService(engine)
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
                listener = PgListener(settings.database, hub, service.origin,
                                      forget=service.heard,
                                      forget_all=service.forget_all,
                                      listening=service.set_listening)
                listener.start()
            _app.state.listener = listener  # (the tests watch it reconnect)
            # bots resume where they were when the server stopped
            for table_id in await asyncio.to_thread(service.unfinished):
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

    app = FastAPI(title="Stellwerk game server", version=__version__, lifespan=lifespan,
                  description=__doc__)
    app.state.service = service
    app.state.hub = hub
    app.state.runner = runner
    app.add_middleware(BodyLimit)
    app.add_middleware(ServerTiming)  # outermost: it times the body limit too

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.to_json(language(request, request.query_params.get("lang"))),
                            status_code=exc.status)

    @app.exception_handler(sa.exc.DBAPIError)
    async def _database(request: Request, exc: sa.exc.DBAPIError) -> JSONResponse:
        # the table service retries a lost connection and answers its own 503s; this
        # is the net under anything else the database refuses: a clear 503, never a 500
        log.error("database error on %s: %s", request.url.path, " ".join(str(exc.orig).split()))
        error = ApiError(503, "srv.db_lost")
        return JSONResponse(error.to_json(language(request, request.query_params.get("lang"))),
                            status_code=503)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        error = ApiError(422, "srv.bad_request", reason=f"{where}: {first.get('msg', '?')}")
        body = error.to_json(language(request, request.query_params.get("lang")))
        body["details"] = json.loads(json.dumps(exc.errors(), default=str))
        return JSONResponse(body, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail), "key": "srv.http"},
                            status_code=exc.status_code)

    def authorize(table_id: str, token: HTTPAuthorizationCredentials | None) \
            -> tuple[access.Access, Any]:
        return service.authorize(table_id, token.credentials if token else None)

    def link(request: Request, table_id: str, token: str) -> str:
        # the token sits in the fragment, which browsers never send to a server, so it
        # stays out of access logs; the web page (next issue) reads it from there
        return f"{request.base_url}t/{table_id}#{token}"

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
        kinds = [s.kind.strip().lower() for s in body.seats]
        names = [s.name or (f"Seat {i + 1}" if k == HUMAN else f"{k} bot {i + 1}")
                 for i, (s, k) in enumerate(zip(body.seats, kinds, strict=True))]
        made = service.create(body.game, body.options, kinds, names, body.deadline_seconds,
                              seed=None)
        return {
            "table": made.table_id,
            "admin": {"token": made.admin_token,
                      "link": link(request, made.table_id, made.admin_token)},
            "spectator": {"token": made.spectator_token,
                          "link": link(request, made.table_id, made.spectator_token)},
            "seats": [{"seat": seat, "name": names[seat], "token": token,
                       "link": link(request, made.table_id, token)}
                      for seat, token in sorted(made.seat_tokens.items())],
        }

    # The table's payload is answered as JSON text encoded once per version and viewer
    # (payloads.table_json), not as a dict FastAPI would walk and encode per request.
    # The two routes every move uses (this one and the action) are async and do all
    # their table work in one call on the loop's executor: a plain `def` route runs in
    # anyio's worker threads, whose hand-off showed heavier under the bench.
    @app.get("/api/tables/{table_id}", summary="The table as this token may see it",
             response_model=dict[str, Any])
    async def get_table(table_id: str, token: Token, lang: Lang) -> Response:
        def work() -> str:
            who, info = authorize(table_id, token)
            with service.table(info) as loaded:
                return table_json(info, loaded, who, lang)

        return json_text(await asyncio.to_thread(work))

    @app.post("/api/tables/{table_id}/join", summary="Take your seat under a name")
    def join(table_id: str, body: schemas.Join, token: Token, lang: Lang) -> dict[str, Any]:
        who, info = authorize(table_id, token)
        if who.seat is None:
            raise ApiError(403, "srv.seat_only")
        service.join(info, who.seat, body.name.strip() or info.seats[who.seat].name)
        info = service.info(table_id)
        with service.table(info) as loaded:
            return table_payload(info, loaded, who, lang)

    @app.get("/api/tables/{table_id}/legal",
             summary="Your seat's actions now, with notation and JSON form",
             response_model=dict[str, Any])
    async def legal(table_id: str, token: Token, lang: Lang) -> Response:
        # async, as the two above: anyio's idle worker threads end after 10 s, so a
        # route asked every few moves often paid for starting a thread (the profile)
        def work() -> str:
            who, info = authorize(table_id, token)
            if who.seat is None:
                raise ApiError(403, "srv.seat_only")
            with service.table(info) as loaded:
                return encode(legal_payload(loaded, who.seat, lang))

        return json_text(await asyncio.to_thread(work))

    @app.post("/api/tables/{table_id}/actions", summary="Submit an action of your seat",
              response_model=dict[str, Any])
    async def submit(table_id: str, body: schemas.Submit, token: Token, lang: Lang) \
            -> Response:
        def work() -> str:
            who, info = authorize(table_id, token)
            if who.seat is None:
                raise ApiError(403, "srv.seat_only")
            shown: list[str] = []

            def show(loaded: Any) -> None:  # the seat's new payload, under the table's lock
                shown.append(table_json(info, loaded, who, lang))

            seq = service.submit(info, who.seat, body.notation, body.action,
                                 body.expected_seq, after=show)
            return f'{{"accepted":{int(seq)},"table":{shown[0]}}}'

        return json_text(await asyncio.to_thread(work))

    @app.get("/api/tables/{table_id}/log",
             summary="The game log this token may see: events and accepted actions")
    def game_log(table_id: str, token: Token, lang: Lang) -> dict[str, Any]:
        who, info = authorize(table_id, token)
        rows = service.action_rows(table_id)
        with service.table(info) as loaded:
            return log_payload(loaded, rows[:loaded.seq], who, lang)

    @app.get("/api/tables/{table_id}/chat", summary="Chat messages (and negotiated deals)")
    def get_chat(table_id: str, token: Token,
                 after: Annotated[int, Query(ge=0, le=2**62)] = 0) -> list[dict[str, Any]]:
        authorize(table_id, token)
        return service.chat_messages(table_id, after)

    @app.post("/api/tables/{table_id}/chat", status_code=201, summary="Say something")
    def post_chat(table_id: str, body: schemas.ChatMessage, token: Token) -> dict[str, Any]:
        who, info = authorize(table_id, token)
        if who.role == access.SPECTATOR:
            raise ApiError(403, "srv.seat_only")
        text = body.text.strip()
        if not text:
            raise ApiError(422, "srv.empty_chat")
        return {"id": service.chat(info, who.seat, text)}

    @app.get("/api/tables/{table_id}/record",
             summary="The record of a finished game (the format `stellwerk replay` checks)")
    def record(table_id: str, token: Token) -> dict[str, Any]:
        authorize(table_id, token)
        # read fresh: the game may have ended in another process a moment ago
        return service.record(service.info(table_id)).to_json()

    @app.post("/api/tables/{table_id}/seats/{seat}/bot",
              summary="Admin: a bot takes over a seat whose player left")
    def replace_seat(table_id: str, seat: int, body: schemas.ReplaceSeat, token: Token,
                     lang: Lang) -> dict[str, Any]:
        who, info = authorize(table_id, token)
        if who.role != access.ADMIN:
            raise ApiError(403, "srv.admin_only")
        service.replace_with_bot(info, seat, body.kind.strip().lower())
        info = service.info(table_id)
        with service.table(info) as loaded:
            return table_payload(info, loaded, who, lang)

    @app.post("/api/tables/{table_id}/deadline", summary="Admin: set or clear the deadline")
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
        """Send {"token": ...} first; then every change brings the seat's new payload."""
        await socket.accept()
        lang = "de" if socket.headers.get("accept-language", "").startswith("de") else "en"
        try:
            hello = await asyncio.wait_for(socket.receive_json(), timeout=30)
            token = hello.get("token") if isinstance(hello, dict) else None
            who, _info = await asyncio.to_thread(
                service.authorize, table_id, token if isinstance(token, str) else None)
        except ApiError as exc:
            await socket.send_json(exc.to_json(lang))
            await socket.close(code=4403)
            return
        except (TimeoutError, WebSocketDisconnect):
            return
        except (ValueError, KeyError, TypeError):
            await socket.send_json(ApiError(400, "srv.no_token").to_json(lang))
            await socket.close(code=4400)
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

    from stellwerk.web import mount  # the web table's pages

    mount(app)
    return app


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
    receiver = asyncio.create_task(socket.receive_text())  # notices a closed socket
    try:
        while True:
            waiter = asyncio.create_task(queue.get())
            done, _ = await asyncio.wait({waiter, receiver}, timeout=poll,
                                         return_when=asyncio.FIRST_COMPLETED)
            if receiver in done:
                waiter.cancel()
                receiver.result()  # raises WebSocketDisconnect when the client left
                receiver = asyncio.create_task(socket.receive_text())
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
    with service.table(info) as loaded:
        if table_too or loaded.seq != seq:
            seq = loaded.seq
            frames.append(f'{{"type":"table","table":{table_json(info, loaded, who, lang)}}}')
    return frames, seq, chat


def json_text(text: str) -> Response:
    """An answer whose JSON is already encoded."""
    return Response(text, media_type="application/json")
