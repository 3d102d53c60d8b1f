"""Webhooks: the URL checked (http or https, a host name, no private, loopback or
link-local address unless the operator allows them: the server must not become a probe
of its own network), the body in the receiver's form (generic JSON, Discord, Slack),
signed with HMAC-SHA256, and posted without following a redirect."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import socket
import time
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlsplit

from stellwerk.core.errors import StellwerkError
from stellwerk.server.notices import terms as _terms  # noqa: F401  (the ntc.* keys)

STYLES = ("json", "discord", "slack")
SIGNATURE = "X-Stellwerk-Signature"   # "sha256=" + HMAC-SHA256(secret, TIMESTAMP "." BODY)
TIMESTAMP = "X-Stellwerk-Timestamp"
NOTICE_ID = "X-Stellwerk-Notice"       # the same id again after a repeated delivery


def check_url(url: str, allow_private: bool) -> str:
    """`url` if the server may call it, else the refusal (StellwerkError, ntc.*)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise StellwerkError("ntc.bad_webhook", url=url) from None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username \
            or any(c.isspace() or not c.isprintable() for c in url):
        raise StellwerkError("ntc.bad_webhook", url=url)
    if not allow_private:
        for address in addresses(parts.hostname, port or (443 if parts.scheme == "https"
                                                           else 80), url):
            if not public(address):
                raise StellwerkError("ntc.private_webhook", url=url)
    return url.strip()


def addresses(host: str, port: int, url: str) -> list[str]:
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise StellwerkError("ntc.unknown_host", url=url) from None
    return [str(info[4][0]) for info in found]


def public(address: str) -> bool:
    """True for an address on the public internet (not private, loopback, link-local,
    multicast or reserved; an IPv4 address inside IPv6 is judged as itself)."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def guess_style(url: str) -> str:
    """The body a well-known receiver accepts: Discord's and Slack's webhooks by host."""
    host = (urlsplit(url).hostname or "").lower()
    if host in ("discord.com", "discordapp.com") or host.endswith(".discord.com"):
        return "discord"
    if host == "hooks.slack.com":
        return "slack"
    return "json"


def body(style: str, notice: dict[str, Any], text: str) -> bytes:
    """Discord takes {"content"}, Slack {"text"}; the generic form is the notice's fields
    with its text."""
    if style == "discord":
        payload: dict[str, Any] = {"content": text, "allowed_mentions": {"parse": []}}
    elif style == "slack":
        payload = {"text": text}
    else:
        payload = {**notice, "text": text}
    return json.dumps(payload, ensure_ascii=False).encode()


def sign(secret: str, timestamp: str, data: bytes) -> str:
    digest = hmac.new(secret.encode(), timestamp.encode() + b"." + data, hashlib.sha256)
    return "sha256=" + digest.hexdigest()


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # the 3xx itself is the answer: a failed delivery


_OPENER = urllib.request.build_opener(_NoRedirects)


def post(url: str, data: bytes, secret: str | None, notice_id: int, timeout: float) -> int:
    """POST `data`; the HTTP status (a redirect is not followed). OSError when the
    receiver cannot be reached."""
    stamp = str(int(time.time()))
    headers = {"Content-Type": "application/json", "User-Agent": "Stellwerk notices",
               TIMESTAMP: stamp, NOTICE_ID: str(notice_id)}
    if secret:
        headers[SIGNATURE] = sign(secret, stamp, data)
    request = urllib.request.Request(url, data=data, headers=headers, method="POST")
    try:
        with _OPENER.open(request, timeout=timeout) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as exc:
        exc.close()
        return int(exc.code)
