"""Reading a mail that came in and writing the judge's mail that goes out.

Reading never trusts the mail: it is parsed leniently, and whatever cannot be read (no
plain-text part, an unknown charset, broken MIME, nesting too deep, too big) becomes a
`Refusal` the judge answers, never an exception. Mail that machines sent (auto-replies,
bounces and delivery reports, lists) is recognised and never answered, so two robots
cannot answer each other for ever.
"""

from __future__ import annotations

import email
import email.policy
import re
from collections.abc import Sequence
from dataclasses import dataclass
from email.errors import HeaderParseError
from email.header import decode_header, make_header
from email.message import EmailMessage, Message
from email.parser import BytesHeaderParser
from email.policy import compat32
from email.utils import getaddresses, make_msgid, parseaddr
from pathlib import Path
from typing import Any

MAX_MESSAGE_BYTES = 1_000_000    # a bigger mail is refused unread
MAX_PARTS = 200                  # more MIME parts than any order needs
MAX_DEPTH = 10                   # nesting deeper than this is refused
ADDRESS = re.compile(r"^[^@\s<>,;\"]+@[^@\s<>,;\"]+\.[^@\s<>,;\"]+$")
QUOTE_HEAD = re.compile(r"(wrote|schrieb)\s*:\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Refusal:
    """Why a mail cannot be read, as the judge's catalogue key and its fields."""

    key: str
    params: dict[str, Any]


@dataclass(frozen=True)
class Letter:
    """What the judge needs of a mail that came in."""

    sender: str               # the From address ('' when there is none)
    subject: str
    message_id: str
    addressed: str            # every address and the subject, casefolded: where secrets hide
    machine: bool             # sent by a machine: never answered
    text: str | None          # the order text (None with a refusal)
    refusal: Refusal | None


def is_address(text: str) -> bool:
    return bool(ADDRESS.match(text))


def _header(message: Message, name: str) -> str:
    """A header's values, joined, with encoded words decoded; '' when unreadable."""
    try:
        values = message.get_all(name) or []
        return " ".join(str(make_header(decode_header(str(v)))) for v in values)
    except (ValueError, TypeError, IndexError, LookupError, AttributeError,
            UnicodeError, HeaderParseError):
        return ""


def _machine(message: Message, sender: str, own: Sequence[str]) -> bool:
    """Sent by a machine (RFC 3834 and the customs of bounces and lists), or by the
    judge itself."""
    auto = _header(message, "Auto-Submitted").strip().lower()
    precedence = _header(message, "Precedence").strip().lower()
    content = message.get_content_type()
    local = sender.split("@")[0].lower()
    return bool(
        (auto and auto != "no")
        or precedence in ("bulk", "junk", "list", "auto_reply")
        or _header(message, "X-Autoreply") or _header(message, "X-Autorespond")
        or _header(message, "List-Id") or _header(message, "List-Unsubscribe")
        or content in ("multipart/report", "message/delivery-status")
        or not sender or local in ("mailer-daemon", "postmaster", "noreply", "no-reply")
        or _header(message, "Return-Path").strip() == "<>"
        or _base(sender) in (_base(a) for a in own))


def _base(address: str) -> str:
    """An address without its `+tag`: judge+anything@example.org reaches the judge's
    own mailbox, so mail from it is the judge's own."""
    local, _, domain = address.casefold().partition("@")
    return f"{local.partition('+')[0]}@{domain}"


def _depth(message: EmailMessage) -> tuple[int, int]:
    """The deepest nesting and the number of parts, without recursion."""
    deepest, count = 0, 0
    stack: list[tuple[Any, int]] = [(message, 0)]
    while stack:
        part, depth = stack.pop()
        count += 1
        deepest = max(deepest, depth)
        if count > MAX_PARTS or deepest > MAX_DEPTH:
            break
        payload = part.get_payload() if part.is_multipart() else None
        if isinstance(payload, list):
            stack.extend((child, depth + 1) for child in payload)
    return deepest, count


def order_text(body: str) -> str:
    """The order in a mail's text: quoted lines (`>`), the line that heads a quote
    ("… wrote:") and everything from the signature line (`-- `) on are left out."""
    kept = []
    for line in body.replace("\r\n", "\n").split("\n"):
        if line.rstrip() == "--":
            break
        if line.lstrip().startswith(">") or QUOTE_HEAD.search(line):
            continue
        kept.append(line)
    return "\n".join(kept).strip() + "\n"


def read_letter(raw: bytes, whole: bool, size: int, own: Sequence[str] = ()) -> Letter:
    """A mail that came in; `whole` False: only its headers were fetched (too big).
    The headers are read plainly (cheap); the body is parsed only for a mail a person
    sent."""
    headers = BytesHeaderParser(policy=compat32).parsebytes(raw)
    sender = parseaddr(_header(headers, "From"))[1]
    subject = " ".join(_header(headers, "Subject").split())[:200]
    addressed = " ".join([*(a for _, a in getaddresses(
        [_header(headers, name) for name in ("To", "Cc", "Delivered-To", "X-Original-To",
                                             "Envelope-To")])), subject]).casefold()
    machine = _machine(headers, sender, own)
    base = {"sender": sender if is_address(sender) else "", "subject": subject,
            "message_id": _header(headers, "Message-ID").strip()[:300],
            "addressed": addressed, "machine": machine}
    if machine:
        return Letter(**base, text=None, refusal=None)  # type: ignore[arg-type]
    if not whole:
        return Letter(**base, text=None,  # type: ignore[arg-type]
                      refusal=Refusal("jm.too_big", {"size": size,
                                                     "limit": MAX_MESSAGE_BYTES}))
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    text, refusal = _body(message)
    return Letter(**base, text=text, refusal=refusal)  # type: ignore[arg-type]


def _body(message: EmailMessage) -> tuple[str | None, Refusal | None]:
    deepest, parts = _depth(message)
    if deepest > MAX_DEPTH or parts > MAX_PARTS:
        return None, Refusal("jm.too_nested", {"parts": MAX_PARTS, "depth": MAX_DEPTH})
    try:
        body = message.get_body(preferencelist=("plain",))
        if body is None:
            return None, Refusal("jm.no_text", {})
        content = body.get_content()
    except (LookupError, UnicodeError, ValueError, TypeError, AttributeError, KeyError,
            IndexError, AssertionError) as exc:
        return None, Refusal("jm.unreadable", {"detail": type(exc).__name__})
    if not isinstance(content, str):
        return None, Refusal("jm.no_text", {})
    if "\ufffd" in content:
        return None, Refusal("jm.unreadable", {"detail": "charset"})
    return order_text(content), None


@dataclass(frozen=True)
class Outgoing:
    """A mail the judge sends: kept as JSON in the outbox until it went out."""

    to: str
    subject: str
    text: str
    attach: tuple[str, ...] = ()        # files in the game folder, by relative path
    reply_to: str | None = None
    in_reply_to: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"to": self.to, "subject": self.subject, "text": self.text,
                "attach": list(self.attach), "reply_to": self.reply_to,
                "in_reply_to": self.in_reply_to}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outgoing:
        return cls(str(data["to"]), str(data["subject"]), str(data["text"]),
                   tuple(str(a) for a in data.get("attach", [])), data.get("reply_to"),
                   data.get("in_reply_to"))

    def message(self, sender: str, folder: Path, message_id: str) -> EmailMessage:
        """The mail itself: marked as sent by a program (RFC 3834), so an auto-responder
        does not answer it."""
        out = EmailMessage()
        out["From"] = sender
        out["To"] = self.to
        out["Subject"] = self.subject
        out["Message-ID"] = message_id or make_msgid(domain=sender.split("@")[-1])
        out["Auto-Submitted"] = "auto-replied" if self.in_reply_to else "auto-generated"
        if self.reply_to:
            out["Reply-To"] = self.reply_to
        if self.in_reply_to and self.in_reply_to.startswith("<"):
            out["In-Reply-To"] = self.in_reply_to
            out["References"] = self.in_reply_to
        out.set_content(self.text)
        for relative in self.attach:
            path = folder / relative
            data = path.read_bytes()
            kind = ("image", "svg+xml") if path.suffix == ".svg" else ("text", "plain")
            if kind[0] == "text":
                out.add_attachment(data.decode("utf-8", "replace"), subtype=kind[1],
                                   filename=path.name)
            else:
                out.add_attachment(data, maintype=kind[0], subtype=kind[1],
                                   filename=path.name)
        return out
