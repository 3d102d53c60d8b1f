"""The one error type the server's routes raise: an HTTP status and a catalogue key."""

from __future__ import annotations

import re
from typing import Any

from stellwerk.core.i18n import Catalog
from stellwerk.core.inputs import character_name, unfit_character
from stellwerk.server.terms import CATALOG


class ApiError(Exception):
    """A refusal with a status (a 4xx; 503 when the database is out of reach), a catalogue
    key and its parameters.

    `catalog` is the server's own unless the refusal comes from a game's engine, whose
    catalogue knows its keys. Raised before anything is written, so a refusal changes
    nothing. `headers` go with the answer (a 429's Retry-After).
    """

    def __init__(self, status: int, key: str, catalog: Catalog | None = None,
                 english: str | None = None, headers: dict[str, str] | None = None,
                 **params: Any) -> None:
        self.status = status
        self.headers = headers
        self.key = key
        self.catalog = catalog or CATALOG
        self.params = params
        self.english = english
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        # an engine's refusal: its own English sentence (it may name more than the
        # catalogue's parameters carry), the catalogue's words in any other language
        if self.english is not None and (lang == "en" or self.key not in self.catalog):
            return self.english
        return self.catalog.text(self.key, lang, **self.params)

    def to_json(self, lang: str) -> dict[str, Any]:
        return {"error": encodable(self.text(lang)), "key": self.key}


_SURROGATE = re.compile("[\ud800-\udfff]")


def encodable(text: str) -> str:
    """`text` with each lone surrogate written as its escape (\\ud83d): a refusal may
    quote what a request sent, and UTF-8 cannot encode a lone surrogate, so the answer
    itself would fail."""
    return _SURROGATE.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


def fit_text(text: str, where: str) -> str:
    """`text`, or a 422 naming the character no stored text may hold (the API's schemas
    refuse it first; this keeps every other caller of the service to the same rule)."""
    char = unfit_character(text)
    if char is not None:
        raise ApiError(422, "srv.bad_character", where=where, char=character_name(char))
    return text
