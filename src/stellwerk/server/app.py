"""The JSON API of the Stellwerk game server (its OpenAPI schema: /openapi.json).

Everything JSON lives under /api; the web table's pages are `/`, `/t/{table}`, `/mine`
and `/viewer`. The data flows one way: request -> access (token) -> table service (engine,
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
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI
from sqlalchemy.engine import Engine

from stellwerk import __version__
from stellwerk.games import game_ids, get_game
from stellwerk.server import collector, limits, schemas, store
from stellwerk.server.bot_runner import BotRunner
from stellwerk.server.browser_json import BrowserJSONResponse
from stellwerk.server.deadlines import sweep_forever
from stellwerk.server.limits import Limits
from stellwerk.server.live import Hub, PgListener
from stellwerk.server.live_watchers import LiveWatchers
from stellwerk.server.middleware import BodyLimit, InternalErrors, ServerTiming
from stellwerk.server.notices import reminders
from stellwerk.server.notices.settings import NoticeSettings
from stellwerk.server.notices.worker import NoticeWorker
from stellwerk.server.open_storage import open_storage
from stellwerk.server.routes import Parts, chat, games, live, notices, table_routes
from stellwerk.server.routes.errors import add_error_handlers
from stellwerk.server.table_service import TableService

log = logging.getLogger("stellwerk.server")

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
    # turn notices (notices/): e-mail with an SMTP server, webhooks always
    notices: NoticeSettings = field(default_factory=NoticeSettings)


def create_app(settings: Settings) -> FastAPI:
    """The server: its parts built once, the routers of every area, the web table."""
    engine = open_storage(settings.database)
    limit = settings.limits
    service = TableService(engine, cache_bytes=limit.state_cache_mb * 2**20)
    service.notices_on = settings.notices.enabled
    service.notice_batch = settings.notices.batch_seconds
    hub = Hub()
    runner = BotRunner(service, workers=settings.bot_workers, delay=settings.bot_delay)
    service.listeners.append(hub.publish)
    parts = Parts(service, hub, limit, creations=limits.RateWindow(limit.create_rate),
                  sockets_from=limits.Slots(limit.ws_per_address),
                  sockets_at=limits.Slots(limit.ws_per_table),
                  watchers=LiveWatchers(service.log_store),
                  base=(settings.public_url or "/").rstrip("/") + "/",
                  notices=settings.notices)
    worker = NoticeWorker(service.log_store, settings.notices, parts.base)
    service.notices_written = worker.poke

    # no /docs or /redoc: both load their scripts from a CDN, which the pages' policy of
    # "scripts only from this server" forbids; the schema itself is /openapi.json
    app = FastAPI(title="Stellwerk game server", version=__version__,
                  lifespan=_lifespan(settings, engine, parts, runner, worker),
                  description=__doc__, docs_url=None, redoc_url=None,
                  responses=schemas.error_answers(413, 422, 503),
                  # every JSON answer through browser_json: no integer a browser would round
                  default_response_class=BrowserJSONResponse)
    app.state.parts = parts
    app.state.service = service
    app.state.hub = hub
    app.state.runner = runner
    app.state.notices = worker
    app.add_middleware(BodyLimit)
    app.add_middleware(ServerTiming)  # it times the body limit too
    app.add_middleware(InternalErrors)  # outermost: the net under everything else
    add_error_handlers(app)
    for area in (games, table_routes, chat, live, notices):
        app.include_router(area.router)

    from stellwerk.web import mount  # the web table's pages

    mount(app)
    return app


def _lifespan(settings: Settings, engine: Engine, parts: Parts, runner: BotRunner,
              worker: NoticeWorker) \
        -> Callable[[FastAPI], contextlib.AbstractAsyncContextManager[None]]:
    """What runs beside the routes while the server is up: the bots, the deadline sweep,
    PostgreSQL's listener, SQLite's checkpoints, the collector's schedule, the turn
    notices' sender and reminders, and the live seats' heartbeat (live_watchers.py)."""
    service, hub = parts.service, parts.hub
    checkpointer = store.Checkpointer(engine)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
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
        tasks: list[asyncio.Task[Any]] = [
            asyncio.create_task(parts.watchers.heartbeat_forever())]
        if settings.settle_gc:
            collector.settle()
            tasks.append(asyncio.create_task(collector.Schedule().run()))
        listener = None
        if settings.background:
            runner.start()
            hub.on_change.append(runner.poke)
            tasks.append(asyncio.create_task(sweep_forever(service, settings.deadline_sweep)))
            if settings.notices.enabled:
                tasks.append(asyncio.create_task(worker.run_forever()))
                tasks.append(asyncio.create_task(reminders.sweep_forever(
                    service, settings.notices.reminders, settings.deadline_sweep)))
            if store.is_postgres(engine):
                listener = PgListener(settings.database, hub, service.log_store.origin,
                                      forget=service.heard,
                                      forget_all=service.forget_all,
                                      listening=service.set_listening)
                listener.start()
            app.state.listener = listener  # (the tests watch it reconnect)
            # bots resume where they were when the server stopped
            for table_id in await asyncio.to_thread(service.unfinished_with_bots):
                runner.poke(table_id)
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.to_thread(parts.watchers.close)
            runner.stop()
            if listener is not None:
                listener.stop()
            checkpointer.stop()
            executor.shutdown(wait=False)
            engine.dispose()

    return lifespan
