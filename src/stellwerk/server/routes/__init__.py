"""The JSON API's routers, one module per area, and what they share.

    games.py         the games this server plays; creating a table
    table_routes.py  a table as a token sees it: reading, joining, acting, log, record,
                     admin; "my tables"
    chat.py          a table's chat
    live.py          the live WebSocket: every change brings the seat's new payload
    notices.py       where a seat's turn notices go; the confirm and unsubscribe pages
    errors.py        the refusals of FastAPI and Starlette themselves, in the user's
                     language

Each route reaches the server's parts (the table service, the limits) through the
`Server` dependency; `app.create_app` builds them once and includes every router.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import Depends, Query, Request, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from stellwerk.core.i18n import LANGUAGES
from stellwerk.server import access, limits, schemas
from stellwerk.server.errors import ApiError
from stellwerk.server.limits import Limits, RateWindow, Slots
from stellwerk.server.live import Hub
from stellwerk.server.live_watchers import LiveWatchers
from stellwerk.server.notices.settings import NoticeSettings
from stellwerk.server.table_info import TableInfo
from stellwerk.server.table_service import TableService


@dataclass
class Parts:
    """What the routes share: the table service, the live hub, the live seats and the
    limits."""

    service: TableService
    hub: Hub
    limits: Limits
    creations: RateWindow   # new tables per address
    sockets_from: Slots     # live connections per address
    sockets_at: Slots       # live connections per table
    watchers: LiveWatchers  # the seats watching live, known to every process
    # where players reach the server (`serve --public-url`): the links start with it
    base: str = "/"
    notices: NoticeSettings = field(default_factory=NoticeSettings)

    def authorize(self, table_id: str, token: HTTPAuthorizationCredentials | None) \
            -> tuple[access.Access, TableInfo]:
        return self.service.authorize(table_id, token.credentials if token else None)

    def link(self, table_id: str, token: str) -> str:
        # the token sits in the fragment, which browsers never send to a server, so it
        # stays out of access logs; the web page reads it from there
        return f"{self.base}t/{table_id}#{token}"


async def server_parts(request: Request) -> Parts:
    """The app's parts as a dependency (async: no worker thread for a lookup)."""
    parts: Parts = request.app.state.parts
    return parts


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
Server = Annotated[Parts, Depends(server_parts)]
# the refusals every route at a table may answer (OpenAPI)
AT_TABLE = schemas.error_answers(401, 403, 404, 409)


def client_address(client: Any) -> str:
    """The client's address (uvicorn's peer, or the one a trusted proxy names) as the
    per-address limits count it (limits.client_key)."""
    host = str(client.host) if client is not None and client.host else "unknown"
    return limits.client_key(host)


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
