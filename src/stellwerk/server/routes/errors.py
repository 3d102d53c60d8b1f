"""The refusals the server answers around the routes: its own (`ApiError`), a database
that fails, a request that does not fit its schema, and the answers of Starlette and
FastAPI themselves, all in the request's language and in one form ({"error", "key"})."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from stellwerk.core.inputs import character_name, printable, unfit_character
from stellwerk.server import schemas, store
from stellwerk.server.browser_json import BrowserJSONResponse
from stellwerk.server.errors import ApiError
from stellwerk.server.routes import language

log = logging.getLogger("stellwerk.server")

# the answers of Starlette and FastAPI themselves, in the request's language
_HTTP_KEYS = {400: "srv.bad_body", 404: "srv.no_page", 405: "srv.bad_method"}


def add_error_handlers(app: FastAPI) -> None:
    """Answer every refusal of `app` in the request's language, never as a traceback."""

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
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        page = _html_page(request, exc.status_code)
        if page is not None:
            return page
        lang = language(request, request.query_params.get("lang"))
        key = _HTTP_KEYS.get(exc.status_code)
        if key is None:
            return BrowserJSONResponse({"error": str(exc.detail), "key": "srv.http"},
                                       status_code=exc.status_code)
        # FastAPI's 400 is a body it could not even decode: a request that does not
        # fit, as any other (422)
        status = 422 if exc.status_code == 400 else exc.status_code
        return BrowserJSONResponse(ApiError(status, key).to_json(lang), status_code=status)


def _html_page(request: Request, status: int) -> Response | None:
    """A person's browser asking for a page that does not exist gets a page saying so
    (the web table's, when it is mounted: `app.state.html_error`); the API and every
    other client get the JSON refusal."""
    render = getattr(request.app.state, "html_error", None)
    if (render is None or request.method != "GET" or request.url.path.startswith("/api/")
            or "text/html" not in request.headers.get("accept", "")):
        return None
    page: Response | None = render(request, status)
    return page


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
