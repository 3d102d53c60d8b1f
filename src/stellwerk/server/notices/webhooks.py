"""Webhooks: the URL checked (http or https, a host name, no private, loopback or
link-local address unless the operator allows them: the server must not become a probe
of its own network), the body in the receiver's form (generic JSON, Discord, Slack),
signed with HMAC-SHA256, and posted without following a redirect.

The host name is resolved once, when a notice is about to go (`resolve`), and the POST
connects to the very address that was checked (`post`): no second lookup a name's
owner could answer differently (DNS rebinding). The request still names the host
(its Host header) and HTTPS checks the certificate for that name (TLS SNI). No proxy
of the environment is used."""

from __future__ import annotations

import hashlib
import hmac
import http.client
import ipaddress
import json
import socket
import ssl
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from stellwerk.core.errors import StellwerkError
from stellwerk.server.notices import terms as _terms  # noqa: F401  (the ntc.* keys)

STYLES = ("json", "discord", "slack")
SIGNATURE = "X-Stellwerk-Signature"   # "sha256=" + HMAC-SHA256(secret, TIMESTAMP "." BODY)
TIMESTAMP = "X-Stellwerk-Timestamp"
NOTICE_ID = "X-Stellwerk-Notice"       # the same id again after a repeated delivery
UNKNOWN_HOST = "ntc.unknown_host"      # the refusal of a name that did not resolve


@dataclass(frozen=True)
class Resolved:
    """A webhook's URL as checked: its parts and the address the POST connects to."""

    url: str
    scheme: str
    host: str
    port: int
    target: str  # path and query
    address: str


def check_url(url: str, allow_private: bool) -> str:
    """`url` if the server may call it, else the refusal (StellwerkError, ntc.*)."""
    return resolve(url, allow_private).url


def resolve(url: str, allow_private: bool) -> Resolved:
    """`url` checked and its host resolved once: every address the name has must be
    public (unless `allow_private`), and the first is the one to connect to."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise StellwerkError("ntc.bad_webhook", url=url) from None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username \
            or any(c.isspace() or not c.isprintable() for c in url):
        raise StellwerkError("ntc.bad_webhook", url=url)
    port = port or (443 if parts.scheme == "https" else 80)
    found = addresses(parts.hostname, port, url)
    if not found:
        raise StellwerkError(UNKNOWN_HOST, url=url)
    if not allow_private and not all(public(address) for address in found):
        raise StellwerkError("ntc.private_webhook", url=url)
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Resolved(url.strip(), parts.scheme, parts.hostname, port, target, found[0])


def addresses(host: str, port: int, url: str) -> list[str]:
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise StellwerkError(UNKNOWN_HOST, url=url) from None
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


def _connect(address: str, port: int, timeout: float) -> socket.socket:
    """A TCP connection to the address itself (a numeric address: nothing resolved)."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    family = socket.AF_INET6 if ip.version == 6 else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.settimeout(timeout)
        sock.connect((address, port))
    except BaseException:
        sock.close()
        raise
    return sock


class _Pinned(http.client.HTTPConnection):
    """HTTP to `address`, naming `host` in the request."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = _connect(self.address, self.port, float(self.timeout or 10))


def tls_context() -> ssl.SSLContext:
    """The system's certificate authorities, the certificate's name checked."""
    return ssl.create_default_context()


class _PinnedTls(http.client.HTTPSConnection):
    """HTTPS to `address`, the certificate checked for `host` (sent as SNI)."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=tls_context())
        self.address = address

    def connect(self) -> None:
        sock = _connect(self.address, self.port, float(self.timeout or 10))
        try:
            self.sock = self._context.wrap_socket(  # type: ignore[attr-defined]
                sock, server_hostname=self.host)
        except BaseException:
            sock.close()
            raise


def post(to: Resolved, data: bytes, secret: str | None, notice_id: int,
         timeout: float) -> int:
    """POST `data` to the checked address; the HTTP status (a redirect is not
    followed: its 3xx is the answer). OSError when the receiver cannot be reached."""
    stamp = str(int(time.time()))
    headers = {"Content-Type": "application/json", "User-Agent": "Stellwerk notices",
               TIMESTAMP: stamp, NOTICE_ID: str(notice_id)}
    if secret:
        headers[SIGNATURE] = sign(secret, stamp, data)
    kind = _PinnedTls if to.scheme == "https" else _Pinned
    connection = kind(to.host, to.port, to.address, timeout)
    try:
        connection.request("POST", to.target, body=data, headers=headers)
        # the status line is the answer; the body is not waited for (the sender marks
        # the notice at once, and a slow body would widen the moment a kill repeats it)
        return int(connection.getresponse().status)
    except http.client.HTTPException as exc:  # a receiver that answers no HTTP
        raise OSError(f"no HTTP answer ({type(exc).__name__})") from None
    finally:
        connection.close()
