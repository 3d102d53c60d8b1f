"""A notice's words in the target's language: a subject and a text, made into an e-mail
(with its unsubscribe link) or a webhook's fields. A notice names seats and the table,
never a token; only a seat's own targets hear the action applied for its missed
deadline (a shared channel is told that the rules' default was applied)."""

from __future__ import annotations

import time
from email.message import EmailMessage
from email.utils import formatdate
from typing import Any

from stellwerk.games import get_game
from stellwerk.server.notices.events import CONFIRM, END, MISSED, REMINDER, TURN
from stellwerk.server.notices.outbox import Claimed
from stellwerk.server.notices.terms import CATALOG
from stellwerk.server.table_info import TableInfo


def seat_names(claimed: Claimed, info: TableInfo) -> str:
    """The seats the notice is about, in the target's language."""
    if claimed.seat is not None:
        seats = [claimed.seat]
    else:
        seats = list(claimed.detail.get("seats") or [claimed.detail.get("seat", 0)])
    return ", ".join(info.seats[s].shown(claimed.lang) for s in seats
                     if 0 <= s < len(info.seats))


def words(claimed: Claimed, info: TableInfo, confirm_link: str = "") -> tuple[str, str]:
    """(subject, text) of the notice."""
    lang = claimed.lang
    fields: dict[str, Any] = {"game": get_game(info.game).title, "table": info.id,
                              "seat": seat_names(claimed, info)}
    kind = claimed.kind
    if kind == REMINDER:
        fields["hours"] = max(1, round(float(claimed.detail.get("lead", 0)) / 3600))
        fields["deadline"] = time.strftime(
            "%Y-%m-%d %H:%M", time.gmtime(float(claimed.detail.get("deadline", 0))))
    elif kind == END:
        winners = (info.result or {}).get("winners") or []
        fields["winners"] = ", ".join(info.seats[w].shown(lang) for w in winners
                                      if 0 <= w < len(info.seats)) or "-"
    elif kind == MISSED:
        fields["action"] = claimed.detail.get("action", "")
    elif kind == CONFIRM:
        fields["link"] = confirm_link
    subject = CATALOG.text(f"ntc.subject_{kind}", lang, **fields)
    text_key = f"ntc.text_{kind}"
    if claimed.seat is None and kind == MISSED:
        text_key = "ntc.text_missed_shared"  # a shared channel hears no seat's action
    elif claimed.seat is None and kind == TURN and len(claimed.detail.get("seats") or []) > 1:
        text_key = "ntc.text_turn_many"
    return subject, CATALOG.text(text_key, lang, **fields)


def fields(claimed: Claimed, info: TableInfo, text: str, base: str) -> dict[str, Any]:
    """The generic webhook body: what happened, where, to whom, in words."""
    seats = [claimed.seat] if claimed.seat is not None else list(
        claimed.detail.get("seats") or [])
    return {"id": claimed.id, "kind": claimed.kind, "table": info.id, "game": info.game,
            "seats": seats, "names": [info.seats[s].shown(claimed.lang) for s in seats
                                      if 0 <= s < len(info.seats)],
            "seq": claimed.seq, "link": table_link(base, info.id), "lang": claimed.lang,
            "text": text}


def table_link(base: str, table_id: str) -> str:
    """The table's page without any token (the seat's own link opens it as the seat)."""
    return f"{base}t/{table_id}"


def mail(claimed: Claimed, info: TableInfo, sender: str, base: str, stop_link: str,
         confirm_link: str = "") -> EmailMessage:
    subject, text = words(claimed, info, confirm_link)
    lang = claimed.lang
    lines = [text, ""]
    if claimed.kind != CONFIRM:
        lines += [CATALOG.text("ntc.open_table", lang, link=table_link(base, info.id)), ""]
    lines += ["-- ", CATALOG.text("ntc.footer_stop", lang, link=stop_link)]
    message = EmailMessage()
    message["From"] = sender
    message["To"] = claimed.address
    message["Subject"] = subject
    message["Date"] = formatdate(usegmt=True)
    domain = sender.rpartition("@")[2].strip("<> ") or "stellwerk.invalid"
    # the same id when a notice goes out again after a killed process (outbox.py)
    message["Message-ID"] = f"<notice-{claimed.id}.{info.id}@{domain}>"
    message["List-Unsubscribe"] = f"<{stop_link}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    message["Content-Language"] = lang
    message.set_content("\n".join(lines))
    return message
