"""English and German terms and messages: one keyed mechanism for every text.

Each package keeps one catalogue (`terms.py`, `CATALOG`): key -> {"en": text, "de": text}.
Texts use `str.format` fields; `{n|card|cards}` says the word for the count in field
`n` (the first for exactly 1, the second otherwise: English and German count alike),
so no text guesses a plural with "card(s)". Keys are unique across all catalogues, so a key alone
names its text: `say(key, lang, **fields)` finds it in whichever catalogue holds it.
A field that is itself a `Phrase` (a refusal, a `Term`) is said in the same language,
so a refusal that wraps another reads whole in the reader's language. Unknown keys fall
back to the key itself so a missing translation shows up plainly instead of crashing a
table (and the completeness test, tests/core/test_i18n_complete.py, fails on it).
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "de")


class Phrase:
    """Something said in the reader's language when it is shown: a refusal, a `Term`.
    As a field of a catalogue text it is said in that text's language."""

    def text(self, lang: str = "en") -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text("en")


class Term(Phrase):
    """A catalogue key with its fields, said when shown (a word inside a refusal)."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params

    def text(self, lang: str = "en") -> str:
        return say(self.key, lang, **self.params)

    def __repr__(self) -> str:
        return f"Term({self.key!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Term) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash(self.key)


# key -> the catalogue that holds it (every catalogue adds its keys when made)
_HOLDER: dict[str, Catalog] = {}
_EVERY_CATALOGUE_LOADED = False


def say(key: str, lang: str = "en", /, **params: Any) -> str:
    """The text of `key` in `lang`, from whichever catalogue holds it; the key itself
    when none does."""
    holder = holder_of(key)
    return key if holder is None else holder.text(key, lang, **params)


def holder_of(key: str) -> Catalog | None:
    """The catalogue that holds `key`, if one does. A key whose catalogue no code has
    imported yet (an error raised by a module that does not import its package's
    `terms.py`) is found by importing every package's catalogue once."""
    holder = _HOLDER.get(key)
    if holder is None and not _EVERY_CATALOGUE_LOADED:
        _load_every_catalogue()
        holder = _HOLDER.get(key)
    return holder


def _load_every_catalogue() -> None:
    global _EVERY_CATALOGUE_LOADED
    _EVERY_CATALOGUE_LOADED = True
    package = Path(__file__).resolve().parents[1]          # src/stellwerk
    for path in sorted(package.rglob("*terms.py")):       # terms.py, cli_terms.py
        parts = path.relative_to(package).with_suffix("").parts
        try:
            importlib.import_module(".".join((package.name, *parts)))
        except ImportError:     # a part whose library is missing, or one half imported
            continue            # (an error met while it loads): its words stay unknown


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
            _HOLDER[key] = self

    def __contains__(self, key: str) -> bool:
        return key in self._entries

    def keys(self) -> list[str]:
        return list(self._entries)

    def template(self, key: str, lang: str = "en") -> str:
        """The unfilled text of `key` in `lang` (English when it has none)."""
        texts = self._entries[key]
        return texts.get(lang) or texts["en"]

    def text(self, key: str, lang: str = "en", /, **params: Any) -> str:
        # key and lang are positional-only so a message may have fields named key or lang
        texts = self._entries.get(key)
        if texts is None:
            return key
        template = texts.get(lang) or texts["en"]
        if "|" in template:
            template = _counted(template, params)
        for value in params.values():
            if isinstance(value, Phrase):      # a refusal or a word: said in `lang` too
                params = {name: v.text(lang) if isinstance(v, Phrase) else v
                          for name, v in params.items()}
                break
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError):
            return template


# `{field|one|other}`: the word for the count in `field`
_COUNTED = re.compile(r"\{(\w+)\|([^|{}]*)\|([^|{}]*)\}")


def _counted(template: str, params: Mapping[str, Any]) -> str:
    def word(match: re.Match[str]) -> str:
        count = params.get(match.group(1))
        one = isinstance(count, int) and not isinstance(count, bool) and abs(count) == 1
        return (match.group(2) if one else match.group(3)).replace("{", "{{").replace("}", "}}")
    return _COUNTED.sub(word, template)


def in_every_language(catalog: Catalog, key: str, **params: Any) -> dict[str, str]:
    """A catalogue text in each language, for an error whose reason is itself a text:
    the error carries them all and its catalogue entry picks one (`{why[de]}`)."""
    return {lang: catalog.text(key, lang, **params) for lang in LANGUAGES}


def check_language(lang: str) -> str:
    from stellwerk.core.errors import BadOption

    if lang not in LANGUAGES:
        raise BadOption("in.language", lang=repr(lang), langs=", ".join(LANGUAGES))
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
