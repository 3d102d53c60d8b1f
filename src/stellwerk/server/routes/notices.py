"""Turn notices: a seat's link registers and removes where its notices go (an e-mail
address, a webhook); the admin's link does so for the table's shared webhooks. The
confirm and unsubscribe links of the mails open small pages (English or German) that
need no seat link; each asks before it acts (a POST), so a mail scanner that opens
links changes nothing.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.responses import HTMLResponse

from stellwerk import __version__
from stellwerk.core.i18n import LANGUAGES, say
from stellwerk.server import access, schemas
from stellwerk.server.errors import ApiError
from stellwerk.server.notices import targets
from stellwerk.server.notices.terms import CATALOG
from stellwerk.server.routes import AT_TABLE, Lang, Server, Token, own_seat

router = APIRouter()


def _whose(who: access.Access) -> int | None:
    """The seat whose targets a token manages: its own; the admin's are the table's."""
    if who.role == access.ADMIN:
        return None
    return own_seat(who)


@router.get("/api/tables/{table_id}/notices", summary="Where this seat's notices go",
            responses=AT_TABLE)
def list_notices(table_id: str, token: Token, parts: Server) -> dict[str, Any]:
    who, info = parts.authorize(table_id, token)
    seat = _whose(who)
    return {"mail": parts.notices.mail_on, "seat": seat,
            "targets": targets.listed(parts.service.log_store, info.id, seat)}


@router.post("/api/tables/{table_id}/notices",
             summary="Send this seat's notices to an e-mail address or webhook",
             responses={**AT_TABLE, **schemas.error_answers(422, 429)})
def add_notice(table_id: str, body: schemas.NoticeTarget, token: Token, lang: Lang,
               parts: Server, request: Request) -> dict[str, Any]:
    who, info = parts.authorize(table_id, token)
    seat = _whose(who)
    if (body.email is None) == (body.webhook is None):
        raise ApiError(422, "ntc.need_one", catalog=CATALOG)
    chosen = body.lang if body.lang in LANGUAGES else lang
    log_store = parts.service.log_store
    if body.email is not None:
        if seat is None:
            raise ApiError(422, "ntc.shared_webhook_only", catalog=CATALOG)
        target = targets.add_email(log_store, parts.notices, info, seat, body.email, chosen)
        request.app.state.notices.poke(info.id, "notices")  # the confirm mail goes now
        return {"id": target, "channel": targets.EMAIL, "confirmed": False}
    assert body.webhook is not None
    target, secret = targets.add_webhook(log_store, parts.notices, info, seat, body.webhook,
                                         body.style, chosen)
    # the key that signs every body (header X-Stellwerk-Signature), shown only here
    return {"id": target, "channel": targets.WEBHOOK, "confirmed": True, "secret": secret}


@router.delete("/api/tables/{table_id}/notices/{target_id}",
               summary="Send no more notices there", responses=AT_TABLE)
def remove_notice(table_id: str, target_id: Annotated[int, Path(ge=1, le=2**31 - 1)],
                  token: Token, parts: Server) -> dict[str, Any]:
    who, info = parts.authorize(table_id, token)
    targets.remove(parts.service.log_store, info.id, _whose(who), target_id)
    return {"removed": target_id}


# --- the pages behind the mails' links ------------------------------------------------------
_PAGES = {targets.CONFIRM_PURPOSE: ("ntc.page_confirm", "ntc.button_confirm",
                                    "ntc.page_confirmed"),
          targets.STOP_PURPOSE: ("ntc.page_stop", "ntc.button_stop", "ntc.page_stopped")}


@router.get("/notices/{purpose}/{token}", include_in_schema=False)
def ask(purpose: str, token: str, request: Request) -> HTMLResponse:
    if purpose not in _PAGES or len(token) > 200:
        return _page(request, "ntc.page_unknown", status=404)
    question, button, _done = _PAGES[purpose]
    return _page(request, question, button=button)


@router.post("/notices/{purpose}/{token}", include_in_schema=False)
def act(purpose: str, token: str, request: Request, parts: Server) -> HTMLResponse:
    """The page's button, and a mail program's one-click unsubscribe (RFC 8058)."""
    if purpose not in _PAGES or not targets.use(parts.service.log_store, token, purpose):
        return _page(request, "ntc.page_unknown", status=404)
    return _page(request, _PAGES[purpose][2])


def _page(request: Request, heading: str, button: str | None = None,
          status: int = 200) -> HTMLResponse:
    from stellwerk.web.routes import page_language, script_json, templates
    from stellwerk.web.terms import client_texts

    lang = page_language(request)
    html = templates.get_template("notice.html").render(
        lang=lang, other_lang="en" if lang == "de" else "de",
        t=lambda key, **params: say(key, lang, **params),
        texts_json=script_json(client_texts(lang)), version=__version__,
        heading=heading, button=button)
    headers = {"Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'",
               "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff",
               "Cache-Control": "no-store"}
    return HTMLResponse(html, status_code=status, headers=headers)
