"""The web table's pages and the two JSON helpers the pages need.

Pages are server-rendered Jinja2 templates (autoescaped) with small scripts of our own
from `static/`; nothing comes from a CDN. A page carries no secret: the seat token
travels in the link's fragment (after #), which the browser never sends to a server, and
the page's script uses it as a bearer token for the JSON API. So the HTML of a table
page is the same for every seat; what a seat sees comes only from its own API payloads
(the page of a seat is built only from that seat's payloads).

The helpers: `GET /web/tables/{id}/board` draws the board from the token's view (the
seat's `view(seat)`, or `public_view()` for spectators and the admin), and
`POST /web/replay` draws a record's position after n moves for the record viewer, and
`GET /web/tables/{id}/preview?text=...` asks the game what a half-typed action would do
(`Picture.preview`: a Benelux build path's cost and reasons) from the seat's knowledge only,
and `GET /web/tables/{id}/choices` gives the seat's legal actions as drawn options to point
at (`Picture.choices`, `core.pointing`; `choices` is null for a game that has none).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Query, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, PackageLoader, select_autoescape
from pydantic import BaseModel, ConfigDict, Field

from stellwerk import __version__
from stellwerk.core.companions import knowledge
from stellwerk.core.contract import Game
from stellwerk.core.drawing import xml_safe
from stellwerk.core.i18n import LANGUAGES
from stellwerk.server import browser_json
from stellwerk.server.errors import ApiError
from stellwerk.web import boards
from stellwerk.web.replay import replay_step
from stellwerk.web.terms import CATALOG, client_texts

STATIC = Path(__file__).parent / "static"
LANG_COOKIE = "stellwerk-lang"

templates = Environment(loader=PackageLoader("stellwerk.web", "templates"),
                        autoescape=select_autoescape(["html"]))
bearer = HTTPBearer(auto_error=False)
Token = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


def page_language(request: Request) -> str:
    """?lang=, else the cookie the language switch sets, else the browser's language."""
    for candidate in (request.query_params.get("lang"), request.cookies.get(LANG_COOKIE)):
        if candidate in LANGUAGES:
            return candidate
    accept = request.headers.get("accept-language", "").lower()
    return "de" if accept.startswith("de") else "en"


def asked_language(request: Request, lang: str | None) -> str:
    """The language a helper's `?lang=` asks for where it is one of ours, else the page's."""
    return lang if lang in LANGUAGES else page_language(request)


def _authorized(request: Request, table_id: str, token: Token) -> tuple[Any, Any, Any]:
    """The table service, and who the token is at the table and the table's info (an
    ApiError for a token that is no one's there)."""
    service = request.app.state.service
    who, info = service.authorize(table_id, token.credentials if token else None)
    return service, who, info


def _seat_of(who: Any) -> int:
    """The seat of a token that holds one (an ApiError for an onlooker or the admin)."""
    seat: int | None = who.viewer
    if seat is None:
        raise ApiError(403, "web.err.no_seat", catalog=CATALOG)
    return seat


def script_json(data: Any) -> str:
    """JSON for a <script type="application/json"> block: no "<", so no "</script>",
    and no integer a browser would round (`browser_json`)."""
    return browser_json.dumps(data).replace("<", "\\u003c")


def bot_choices(game: Game, lang: str) -> list[dict[str, str]]:
    """The bots a seat of `game` may be, exactly `bots_for(game)` (its own planner
    included, a withdrawn generic bot left out), each with its name and strength."""
    from stellwerk.bots import bots_for

    out = []
    for kind in bots_for(game):
        key = f"web.bot.{kind}"
        label = CATALOG.text(key, lang) if key in CATALOG else CATALOG.text(
            "web.start.bot", lang, kind=kind)
        out.append({"kind": kind, "label": label})
    return out


def game_choice(game: Game, lang: str) -> dict[str, Any]:
    """What the start page knows of a game, in `lang`: its declared facts and options
    (a field each), its bots and its own table."""
    facts = {"about": "", "credits": ""}
    if game.meta is not None:
        facts = game.meta.describe(game.catalog, lang)
    return {**facts, "id": game.id, "title": game.title, "min": game.min_seats,
            "max": game.max_seats, "bots": bot_choices(game, lang),
            "default_seats": knowledge(game).default_seats(True),
            "options": [option.describe(game.catalog, lang) for option in game.options]}


def _page(request: Request, template: str, **context: Any) -> HTMLResponse:
    lang = page_language(request)
    # xml_safe: a control character (from the address, say) is a parse error in HTML too
    html = xml_safe(templates.get_template(template).render(
        lang=lang, other_lang="en" if lang == "de" else "de",
        t=lambda key, **params: CATALOG.text(key, lang, **params),
        texts_json=script_json(client_texts(lang)),
        version=__version__, **context))
    # no page may be framed by another site; scripts and styles only from this server
    headers = {"Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
               "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
               "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"}
    return HTMLResponse(html, headers=headers)


class ReplayRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    # an object (a finished table's record as the API gave it) or the text of a record
    # file, which the page sends unparsed: a browser would round a big seed in parsing
    record: dict[str, Any] | str = Field(description="a record, or a record file's text")
    step: int | None = Field(default=None, ge=0, le=100_000,
                             description="moves to show (default: all)")


def add_choices(router: APIRouter) -> None:
    """`GET /web/tables/{id}/choices`: the seat's legal actions as drawn options."""

    @router.get("/web/tables/{table_id}/choices",
                summary="The seat's legal actions as drawn options to point at")
    def choices(request: Request, table_id: str, token: Token,
                lang: Annotated[str | None, Query(max_length=5)] = None) -> Response:
        service, who, info = _authorized(request, table_id, token)
        seat = _seat_of(who)
        with service.table(info) as loaded:
            made = boards.choices(loaded.game, loaded.pack, loaded.state, seat,
                                  asked_language(request, lang))
            seq = loaded.seq
        return Response(script_json({"seq": seq, "choices": made}),
                        media_type="application/json", headers={"Cache-Control": "no-store"})


def make_router() -> APIRouter:
    router = APIRouter(include_in_schema=False)

    @router.get("/", response_class=HTMLResponse)
    def start(request: Request) -> HTMLResponse:
        from stellwerk.games import game_ids, get_game

        lang = page_language(request)
        games = [game_choice(get_game(i), lang) for i in game_ids()]
        return _page(request, "start.html", games=games, games_json=script_json(games))

    @router.get("/t/{table_id}", response_class=HTMLResponse)
    def table(request: Request, table_id: str) -> HTMLResponse:
        return _page(request, "table.html", table_id=table_id)

    @router.get("/favicon.ico")
    def favicon() -> FileResponse:
        return FileResponse(STATIC / "icon.svg", media_type="image/svg+xml")

    @router.get("/mine", response_class=HTMLResponse)
    def mine(request: Request) -> HTMLResponse:
        return _page(request, "mine.html")

    @router.get("/viewer", response_class=HTMLResponse)
    def viewer(request: Request) -> HTMLResponse:
        return _page(request, "viewer.html")

    @router.get("/web/tables/{table_id}/board", summary="The board drawn for this token")
    def board(request: Request, table_id: str,
              token: Token,
              lang: Annotated[str | None, Query(max_length=5)] = None) -> Response:
        service, who, info = _authorized(request, table_id, token)
        lang = asked_language(request, lang)
        with service.table(info) as loaded:
            seat = who.viewer
            view = loaded.state.view(seat) if seat is not None else loaded.state.public_view()
            svg = boards.draw(loaded.game, loaded.pack, view,
                              [s.shown(lang) for s in info.seats], lang)
        if svg is None:
            raise ApiError(404, "web.err.no_drawing", catalog=CATALOG)
        return Response(svg, media_type="image/svg+xml",
                        headers={"Cache-Control": "no-store"})

    @router.get("/web/tables/{table_id}/preview",
                summary="What an action typed so far would do (e.g. a build's cost)")
    def preview(request: Request, table_id: str, token: Token,
                text: Annotated[str, Query(max_length=2000)],
                lang: Annotated[str | None, Query(max_length=5)] = None) -> dict[str, Any]:
        service, who, info = _authorized(request, table_id, token)
        seat = _seat_of(who)
        with service.table(info) as loaded:
            answer = boards.preview(loaded.game, loaded.pack, loaded.state, seat, text,
                                    asked_language(request, lang))
        if answer is None:
            raise ApiError(404, "web.err.no_preview", catalog=CATALOG)
        return dict(answer)

    add_choices(router)

    @router.post("/web/replay", summary="A record's position after n moves, drawn")
    def replay(request: Request, body: ReplayRequest,
               lang: Annotated[str | None, Query(max_length=5)] = None) -> dict[str, Any]:
        return replay_step(body.record, body.step, asked_language(request, lang))

    return router


def error_page(request: Request, status: int) -> HTMLResponse | None:
    """The page a browser gets for an address that does not exist."""
    if status != 404:
        return None
    page = _page(request, "error.html", heading="web.error.no_page",
                 explanation="web.error.no_page_text")
    page.status_code = 404
    return page


def mount(app: FastAPI) -> None:
    """Add the pages and the static files to the server's app."""
    app.state.html_error = error_page
    app.include_router(make_router())
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
