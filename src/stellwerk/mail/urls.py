"""A mail server's URL as a message may show it: without its password."""

from __future__ import annotations

import re

USER_INFO = re.compile(r"^(?P<scheme>[^:/?#]+://)(?P<user>[^/?#]*)@")


def without_password(url: str) -> str:
    """`url` with the password in it (if any) shown as ***.

    >>> without_password("imaps://judge:s3cret@mail.example.org/INBOX")
    'imaps://judge:***@mail.example.org/INBOX'
    >>> without_password("smtp://mail.example.org:25")
    'smtp://mail.example.org:25'
    """
    found = USER_INFO.match(url.strip())
    if found is None or ":" not in found["user"]:
        return url
    user = found["user"].partition(":")[0]
    return f"{found['scheme']}{user}:***@{url.strip()[found.end():]}"
