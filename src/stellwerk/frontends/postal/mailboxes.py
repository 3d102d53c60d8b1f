"""Where the judge's mail comes in: an IMAP mailbox (`imap[s]://USER:PASSWORD@HOST[:PORT]
[/MAILBOX][?tls=starttls][&cafile=PATH]`) or a Maildir on the judge's own disk (a folder
path).

`imaps://` speaks TLS from the first byte (port 993), `imap://...?tls=starttls` upgrades
a plain connection (port 143) and refuses to go on when the server cannot; a bare
`imap://` stays in the clear (a server on the same machine). The server's certificate
and name are always checked, against the system's authorities or the CA file that
`cafile=PATH` names; an untrusted certificate is refused before the password is sent.

A mailbox hands out the messages the judge has not taken yet, oldest first, each with a
key that names it for good: for IMAP the mailbox's UIDVALIDITY and the message's UID
(UIDs only grow, so a mark "everything below UID n is done" is enough), for a Maildir
the message's file key. The judge's mail state keeps those marks (`MailState.sources`),
so across restarts every message is taken once. A message bigger than `max_bytes` is
handed out with its headers alone (`Incoming.whole` is False): it is refused, never
read.
"""

from __future__ import annotations

import imaplib
import mailbox
import re
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qs, unquote, urlsplit

from stellwerk.core.errors import StellwerkError
from stellwerk.frontends.postal.folder import JudgeError
from stellwerk.mail.tls import checked_cafile, tls_context, untrusted
from stellwerk.mail.urls import without_password

DEFAULT_PORTS = {"imap": 143, "imaps": 993}


@dataclass(frozen=True)
class Incoming:
    """One message: its lasting key, its size and its bytes (the headers alone when it
    was too big to read)."""

    key: str
    size: int
    raw: bytes
    whole: bool = True


class Mailbox(Protocol):
    @property
    def name(self) -> str:
        """The mailbox, for the state's marks and the log."""

    def new_messages(self, mark: dict[str, Any], max_bytes: int) -> Iterator[Incoming]:
        """The messages past `mark`, oldest first."""

    def taken(self, mark: dict[str, Any], message: Incoming) -> dict[str, Any]:
        """The mark once `message` is taken (a new dict; `mark` is left alone)."""


@dataclass(frozen=True)
class ImapMailbox:
    host: str
    port: int
    user: str
    password: str
    folder: str = "INBOX"
    security: str = "none"          # "none", "starttls" or "tls"
    timeout: float = 30.0
    cafile: str | None = None

    @property
    def name(self) -> str:
        return f"imap:{self.user}@{self.host}:{self.port}/{self.folder}"

    @classmethod
    def from_url(cls, url: str) -> ImapMailbox:
        try:
            parts = urlsplit(url.strip())
            port = parts.port
        except ValueError:
            raise JudgeError.of("jm.bad_imap", url=without_password(url)) from None
        if parts.scheme not in DEFAULT_PORTS or not parts.hostname or not parts.username:
            raise JudgeError.of("jm.bad_imap", url=without_password(url))
        query = parse_qs(parts.query)
        asked = query.get("tls", [""])[-1].lower()
        cafile = query.get("cafile", [None])[-1]
        if parts.scheme == "imaps" and asked in ("", "tls"):
            security = "tls"
        elif parts.scheme == "imap" and asked in ("", "none", "starttls"):
            security = asked or "none"
        else:
            raise JudgeError.of("jm.bad_imap", url=without_password(url))
        if set(query) - {"tls", "cafile"} or (cafile is not None and security == "none"):
            raise JudgeError.of("jm.bad_imap", url=without_password(url))
        try:
            cafile = checked_cafile(cafile)
        except StellwerkError as exc:
            raise JudgeError("mail.bad_cafile", **exc.params) from None
        return cls(parts.hostname, port or DEFAULT_PORTS[parts.scheme], unquote(parts.username),
                   unquote(parts.password or ""), unquote(parts.path.strip("/")) or "INBOX",
                   security, cafile=cafile)

    def _connect(self) -> imaplib.IMAP4:
        client: imaplib.IMAP4
        if self.security == "tls":
            client = imaplib.IMAP4_SSL(self.host, self.port, timeout=self.timeout,
                                       ssl_context=tls_context(self.cafile))
        else:
            client = imaplib.IMAP4(self.host, self.port, timeout=self.timeout)
        try:
            if self.security == "starttls":
                client.starttls(ssl_context=tls_context(self.cafile))
            client.login(self.user, self.password)
        except BaseException:
            with suppress(OSError):
                client.shutdown()
            raise
        return client

    def new_messages(self, mark: dict[str, Any], max_bytes: int) -> Iterator[Incoming]:
        try:
            client = self._connect()
        except (OSError, imaplib.IMAP4.error) as exc:
            why = untrusted(exc)
            if why is not None:
                raise JudgeError("mail.untrusted", server=self.name, detail=why) from None
            raise JudgeError.of("jm.imap_failed", mailbox=self.name, detail=exc) from None
        try:
            status, data = client.select(_quoted(self.folder), readonly=True)
            if status != "OK":
                raise JudgeError.of("jm.imap_failed", mailbox=self.name, detail=data)
            validity = _validity(client)
            start = int(mark.get("next", 1)) if mark.get("validity") == validity else 1
            status, found = client.uid("SEARCH", f"UID {start}:*")
            uids = sorted(int(u) for u in (found[0] or b"").split() if int(u) >= start)
            for uid in uids:
                yield self._fetch(client, validity, uid, max_bytes)
        except (OSError, imaplib.IMAP4.error) as exc:
            raise JudgeError.of("jm.imap_failed", mailbox=self.name, detail=exc) from None
        finally:
            with suppress(OSError, imaplib.IMAP4.error):
                client.logout()

    def _fetch(self, client: imaplib.IMAP4, validity: str, uid: int,
               max_bytes: int) -> Incoming:
        _, data = client.uid("FETCH", str(uid), "(RFC822.SIZE)")
        size = _size(data)
        whole = size <= max_bytes
        part = "BODY.PEEK[]" if whole else "BODY.PEEK[HEADER]"
        _, data = client.uid("FETCH", str(uid), f"({part})")
        raw = b"".join(item[1] for item in data if isinstance(item, tuple))
        return Incoming(f"{validity}:{uid}", size, raw, whole)

    def taken(self, mark: dict[str, Any], message: Incoming) -> dict[str, Any]:
        validity, uid = message.key.split(":")
        return {"validity": validity, "next": int(uid) + 1}


def _quoted(folder: str) -> str:
    return '"' + folder.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _validity(client: imaplib.IMAP4) -> str:
    _, data = client.response("UIDVALIDITY")
    return (data[0] or b"0").decode("ascii", "replace") if data and data[0] else "0"


def _size(data: list[Any]) -> int:
    for item in data:
        line = item[0] if isinstance(item, tuple) else item
        if isinstance(line, bytes):
            found = re.search(rb"RFC822\.SIZE (\d+)", line)
            if found:
                return int(found.group(1))
    return 0


@dataclass(frozen=True)
class MaildirMailbox:
    path: Path

    @property
    def name(self) -> str:
        return f"maildir:{self.path}"

    def _box(self) -> mailbox.Maildir:
        if not (self.path / "new").is_dir() or not (self.path / "cur").is_dir():
            raise JudgeError.of("jm.bad_maildir", path=self.path)
        return mailbox.Maildir(self.path, create=False)

    def new_messages(self, mark: dict[str, Any], max_bytes: int) -> Iterator[Incoming]:
        box = self._box()
        done = set(mark.get("seen", []))
        try:
            keys = [key for key in box.iterkeys() if key not in done]
        except OSError as exc:
            raise JudgeError.of("jm.bad_maildir", path=self.path) from exc
        for key in sorted(keys, key=_delivered):
            try:
                file = box.get_file(key)
            except (KeyError, OSError):
                continue        # taken away meanwhile
            with file:
                raw = file.read(max_bytes + 1)
                whole = len(raw) <= max_bytes
                if not whole:
                    raw = raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
                size = len(raw) if whole else max_bytes + 1
            yield Incoming(key, size, raw, whole)

    def taken(self, mark: dict[str, Any], message: Incoming) -> dict[str, Any]:
        return {"seen": [*mark.get("seen", []), message.key]}


def _delivered(key: str) -> list[int]:
    """A Maildir key's numbers (its delivery time in seconds and microseconds, process,
    count), so sorting by them puts the oldest first."""
    return [int(number) for number in re.findall(r"[0-9]+", key)[:6]]


def mailbox_at(where: str) -> Mailbox:
    """The mailbox an `imap://` URL or a Maildir path names (any other URL is refused)."""
    if "://" in where:
        return ImapMailbox.from_url(where)
    return MaildirMailbox(Path(where))
