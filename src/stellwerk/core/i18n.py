"""English and German terms and messages.

Each game registers a catalogue: key -> {"en": text, "de": text}. Texts use
`str.format` fields. Unknown keys fall back to the key itself so a missing
translation shows up plainly instead of crashing a table.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

LANGUAGES = ("en", "de")


class Catalog:
    def __init__(self, entries: Mapping[str, Mapping[str, str]] | None = None) -> None:
        self._entries: dict[str, dict[str, str]] = {}
        if entries:
            self.update(entries)

    def update(self, entries: Mapping[str, Mapping[str, str]]) -> None:
        for key, texts in entries.items():
            missing = [lang for lang in LANGUAGES if lang not in texts]
            if missing:
                raise ValueError(f"catalogue entry {key!r} lacks {', '.join(missing)}")
            self._entries[key] = dict(texts)

    def __contains__(self, key: str) -> bool:
        return key in self._entries

    def keys(self) -> list[str]:
        return list(self._entries)

    def text(self, key: str, lang: str = "en", /, **params: Any) -> str:
        # key and lang are positional-only so a message may have fields named key or lang
        texts = self._entries.get(key)
        if texts is None:
            return key
        template = texts.get(lang) or texts["en"]
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError):
            return template


def in_every_language(catalog: Catalog, key: str, **params: Any) -> dict[str, str]:
    """A catalogue text in each language, for an error whose reason is itself a text:
    the error carries them all and its catalogue entry picks one (`{why_texts[de]}`)."""
    return {lang: catalog.text(key, lang, **params) for lang in LANGUAGES}


def check_language(lang: str) -> str:
    from stellwerk.core.errors import BadOption

    if lang not in LANGUAGES:
        raise BadOption(f"unknown language {lang!r}; choose one of: {', '.join(LANGUAGES)}")
    return lang


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale asks for: the first of LC_ALL, LC_MESSAGES and LANG that
    is set decides (POSIX order); `de`, `de_DE.UTF-8`, `de_AT`, ... mean German, anything
    else English. `--lang` on a command wins over it."""
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return "de" if value.lower().split(".")[0].split("_")[0] == "de" else "en"
    return "en"


def language_in(argv: Sequence[str]) -> str | None:
    """The language `--lang X` / `--lang=X` names in a command line, if a known one (for
    a refusal before the line could be parsed)."""
    for i, word in enumerate(argv):
        value = (argv[i + 1] if word == "--lang" and i + 1 < len(argv)
                 else word.removeprefix("--lang=") if word.startswith("--lang=") else None)
        if value in LANGUAGES:
            return value
    return None
