"""TLS for the mail servers (SMTP and IMAP): certificates are always checked, against
the system's trusted authorities or, for a server whose certificate a private CA
signed, against that CA's file alone (`?cafile=PATH` in the server's URL)."""

from __future__ import annotations

import ssl
from pathlib import Path

from stellwerk.core.errors import StellwerkError
from stellwerk.mail import terms as _terms  # noqa: F401  (registers the mail.* keys)


def tls_context(cafile: str | None = None) -> ssl.SSLContext:
    """A client context that checks the server's certificate and name; `cafile`
    (PEM) replaces the system's authorities. A file that is no CA is refused."""
    try:
        return ssl.create_default_context(cafile=cafile)
    except (OSError, ValueError) as exc:   # ssl.SSLError is an OSError
        raise StellwerkError("mail.bad_cafile", path=cafile,
                             detail=getattr(exc, "strerror", None) or exc) from None


def checked_cafile(cafile: str | None) -> str | None:
    """`cafile` once it has been read as a CA file (so a wrong path is refused when the
    URL is read, not at the first connection)."""
    if cafile is not None:
        tls_context(str(Path(cafile).expanduser()))
        return str(Path(cafile).expanduser())
    return None


def untrusted(exc: BaseException) -> str | None:
    """Why the server's certificate was refused, when that is what `exc` says."""
    if isinstance(exc, ssl.SSLCertVerificationError):
        return exc.verify_message or str(exc)
    return None
