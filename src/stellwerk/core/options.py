"""Game options as data: each game declares its options, the core reads raw ones.

A game lists its options (`Game.options`) as declarations: a `Choice` of words, a
`Number` in a range, a `Flag`, or a `Subset` of numbers. Each names its default and
the keys of its label and help in the game's own catalogue, so the start page, `--help`
and the docs' option tables are all made from one place. `read_options` turns raw
options (from a command line, a record or a web form: text, or the JSON values a record
holds) into the values a game starts from, and refuses anything else with an
`OptionError`: a key, its parameters and its line in every language.

>>> sheet = Choice("sheet", default="I", choices=("I", "II"), aliases={"1": "I"},
...                label="sheet", help="sheet")
>>> read_options((sheet,), {"sheet": "1"}, "Rail Line")
{'sheet': 'I'}
>>> read_options((sheet,), {}, "Rail Line")
{'sheet': 'I'}
>>> try:
...     read_options((sheet,), {"sheet": "III"}, "Rail Line")
... except OptionError as error:
...     print(error.key, "|", error.texts["en"], "|", error.texts["de"])
opt.choice | sheet must be I or II, not 'III' | sheet muss I oder II sein, nicht 'III'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from functools import cached_property
from typing import Any, ClassVar

from stellwerk.core.errors import BadOption
from stellwerk.core.i18n import LANGUAGES, Catalog
from stellwerk.core.inputs import ascii_int

# The core's words about options: refusals, and what a declaration allows.
TEXTS = Catalog({
    "opt.unknown": {"en": "unknown {game} option {option} (options: {options})",
                    "de": "unbekannte Option {option} für {game} (Optionen: {options})"},
    "opt.choice": {"en": "{option} must be {allowed}, not {value}",
                   "de": "{option} muss {allowed} sein, nicht {value}"},
    "opt.whole": {"en": "{option} must be a whole number from {low} to {high}, not {value}",
                  "de": "{option} muss eine ganze Zahl von {low} bis {high} sein, nicht "
                        "{value}"},
    "opt.range": {"en": "{option} must be from {low} to {high}, not {value}",
                  "de": "{option} muss zwischen {low} und {high} liegen, nicht {value}"},
    "opt.flag": {"en": "{option} must be yes or no, not {value}",
                 "de": "{option} muss yes oder no sein, nicht {value}"},
    "opt.subset": {"en": "{option} takes some of {allowed}, separated by commas, not {value}",
                   "de": "{option} nimmt einige von {allowed}, durch Kommas getrennt, nicht "
                         "{value}"},
    "opt.seats": {"en": "{game} is for {low} to {high} players, not {n}",
                  "de": "{game} ist für {low} bis {high} Personen, nicht {n}"},
    "opt.seats_pair": {"en": "{game} is for {low} or {high} players, not {n}",
                       "de": "{game} ist für {low} oder {high} Personen, nicht {n}"},
    "opt.seats_exactly": {"en": "{game} is for exactly {low} players, not {n}",
                          "de": "{game} ist für genau {low} Personen, nicht {n}"},
    "opt.seats_solo": {"en": "{game} is a solo game: one seat, not {n}",
                       "de": "{game} ist ein Solospiel: ein Platz, nicht {n}"},
    "opt.none": {"en": "none", "de": "keine"},
    "opt.or": {"en": "or", "de": "oder"},
    "opt.also": {"en": "also", "de": "auch"},
    "opt.any_of": {"en": "any of {values}, comma separated",
                   "de": "beliebige von {values}, durch Kommas getrennt"},
    "opt.yes_no": {"en": "yes or no", "de": "yes oder no"},
})

FLAG_WORDS = {"yes": True, "no": False, "true": True, "false": False, "1": True,
              "0": False, "on": True, "off": False, "ja": True, "nein": False}
SHOWN = 20           # characters of a refused value a message quotes


def words(key: str, catalog: Catalog = TEXTS, **params: Any) -> dict[str, str]:
    """A catalogue text in every language (a parameter of a refusal that is itself words)."""
    return {lang: catalog.text(key, lang, **_in(params, lang)) for lang in LANGUAGES}


def _in(params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """`params` with each value given in every language (a dict by language) in `lang`."""
    return {name: value.get(lang, value.get("en")) if isinstance(value, Mapping) else value
            for name, value in params.items()}


class OptionError(BadOption):
    """A refused option, seat count or option value: `key` in `catalog` (the core's
    `TEXTS`, or a game's own), its parameters, and the line in every language (`texts`,
    which the command line and the server show in the user's language)."""

    def __init__(self, key: str, catalog: Catalog = TEXTS, **params: Any) -> None:
        self.key = key
        self.params = params
        self.lines = words(key, catalog, **params)
        self.texts = self.lines
        super().__init__(self.lines["en"])

    def as_catalog(self) -> Catalog:
        """The refusal as a one-entry catalogue (what the server's refusals speak); its
        braces doubled, as a refused value may hold some and a catalogue text is a template."""
        return Catalog({self.key: {lang: line.replace("{", "{{").replace("}", "}}")
                                   for lang, line in self.lines.items()}})


def shown(value: Any) -> str:
    """A refused value as a message quotes it: its first characters, quoted."""
    return repr(str(value)[:SHOWN])


def _either(values: Sequence[str]) -> dict[str, str]:
    """"I or II", "a, b or c" in every language."""
    out = {}
    for lang in LANGUAGES:
        head, last = list(values[:-1]), values[-1] if values else ""
        out[lang] = (f"{', '.join(head)} {TEXTS.text('opt.or', lang)} {last}" if head
                     else last)
    return out


@dataclass(frozen=True)
class Option:
    """One declared option: its name (as typed, `-o name=value`), its default, and the
    keys of its label and one-line help in the game's catalogue."""

    name: str
    _: KW_ONLY
    default: Any
    label: str
    help: str
    kind: ClassVar[str] = ""

    def read(self, raw: Any, catalog: Catalog) -> Any:
        """The value `raw` stands for; OptionError when it stands for none."""
        raise NotImplementedError

    def allowed(self, catalog: Catalog, lang: str) -> str:
        """What the option takes, in words of `lang` (the docs' and `--help`'s column)."""
        raise NotImplementedError

    def typed(self, value: Any) -> str:
        """`value` as a person types it after `name=`."""
        if isinstance(value, list | tuple):
            return ",".join(str(v) for v in value)
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)

    def describe(self, catalog: Catalog, lang: str) -> dict[str, Any]:
        """The declaration as JSON in `lang` (what the web start page builds a field from)."""
        return {"name": self.name, "kind": self.kind, "label": catalog.text(self.label, lang),
                "help": catalog.text(self.help, lang), "default": self.typed(self.default),
                "allowed": self.allowed(catalog, lang)}


@dataclass(frozen=True, kw_only=True)
class Choice(Option):
    """One of a few words (`choices`), matched without regard to case; `aliases` are
    other words for a choice (Rail Line's sheet "1" for "I"), `value_labels` the keys
    of each choice's words in the catalogue."""

    choices: tuple[str, ...]
    aliases: Mapping[str, str] = field(default_factory=dict)
    value_labels: Mapping[str, str] = field(default_factory=dict)
    kind: ClassVar[str] = "choice"

    @cached_property
    def _known(self) -> dict[str, str]:
        """Each word a choice may be typed as (casefolded) -> the choice."""
        known = {word.casefold(): word for word in self.choices}
        known.update({alias.casefold(): value for alias, value in self.aliases.items()})
        return known

    def read(self, raw: Any, catalog: Catalog) -> Any:
        found = (self._known.get(str(raw).casefold())
                 if isinstance(raw, str | int) and not isinstance(raw, bool) else None)
        if found is None:
            raise OptionError("opt.choice", option=self.name, allowed=_either(self.choices),
                              value=shown(raw))
        return found

    def allowed(self, catalog: Catalog, lang: str) -> str:
        text = _either(self.choices)[lang]
        if self.aliases:
            text += (f" ({TEXTS.text('opt.also', lang)} "
                     + ", ".join(f"{alias} = {value}" for alias, value in self.aliases.items())
                     + ")")
        return text

    def describe(self, catalog: Catalog, lang: str) -> dict[str, Any]:
        return {**super().describe(catalog, lang), "choices": [
            {"value": value, "label": catalog.text(self.value_labels[value], lang)
             if value in self.value_labels else value} for value in self.choices]}


@dataclass(frozen=True, kw_only=True)
class Number(Option):
    """A whole number from `low` to `high` (text of ASCII digits, or a JSON number)."""

    low: int
    high: int
    kind: ClassVar[str] = "int"

    def read(self, raw: Any, catalog: Catalog) -> Any:
        value = ascii_int(raw) if isinstance(raw, str) else raw
        if not isinstance(value, int) or isinstance(value, bool):
            raise OptionError("opt.whole", option=self.name, low=self.low, high=self.high,
                              value=shown(raw))
        if not self.low <= value <= self.high:
            raise OptionError("opt.range", option=self.name, low=self.low, high=self.high,
                              value=shown(raw))
        return value

    def allowed(self, catalog: Catalog, lang: str) -> str:
        return f"{self.low}-{self.high}"

    def describe(self, catalog: Catalog, lang: str) -> dict[str, Any]:
        return {**super().describe(catalog, lang), "low": self.low, "high": self.high}


@dataclass(frozen=True, kw_only=True)
class Flag(Option):
    """Yes or no (yes/no, true/false, 1/0, on/off, ja/nein, or a JSON boolean)."""

    kind: ClassVar[str] = "bool"

    def read(self, raw: Any, catalog: Catalog) -> Any:
        if isinstance(raw, bool):
            return raw
        value = FLAG_WORDS.get(raw.strip().casefold()) if isinstance(raw, str) else None
        if value is None:
            raise OptionError("opt.flag", option=self.name, value=shown(raw))
        return value

    def allowed(self, catalog: Catalog, lang: str) -> str:
        return TEXTS.text("opt.yes_no", lang)


@dataclass(frozen=True, kw_only=True)
class Subset(Option):
    """Some of a few numbers (`choices`), comma separated as text or a JSON list; the
    value is the sorted list of those chosen, each once. `value_labels` are the keys of
    each number's words (which name the number too: "1 Economist"); `explained` maps a word that is
    not a choice but a common mistake to the key of its own explanation in the game's
    catalogue (Railways' challenge 5, which is a combination of the others)."""

    choices: tuple[int, ...]
    value_labels: Mapping[int, str] = field(default_factory=dict)
    explained: Mapping[str, str] = field(default_factory=dict)
    kind: ClassVar[str] = "subset"

    def read(self, raw: Any, catalog: Catalog) -> Any:
        if raw is None or raw == "" or (isinstance(raw, list | tuple) and not raw):
            return []
        given = list(raw) if isinstance(raw, list | tuple) else str(raw).replace(" ", "").split(",")
        chosen: set[int] = set()
        for word in given:
            text = str(word)
            if text in self.explained:
                raise OptionError(self.explained[text], catalog)
            value = ascii_int(text, max_digits=len(str(max(self.choices))))
            if value not in self.choices or isinstance(word, bool):
                raise OptionError("opt.subset", option=self.name,
                                  allowed=self._labelled(catalog), value=shown(text))
            chosen.add(value)
        return sorted(chosen)

    def _labelled(self, catalog: Catalog) -> dict[str, str]:
        return {lang: ", ".join(self._label(value, catalog, lang) for value in self.choices)
                for lang in LANGUAGES}

    def _label(self, value: int, catalog: Catalog, lang: str) -> str:
        key = self.value_labels.get(value)
        return catalog.text(key, lang) if key else str(value)

    def allowed(self, catalog: Catalog, lang: str) -> str:
        return TEXTS.text("opt.any_of", lang, values=self._labelled(catalog)[lang])

    def describe(self, catalog: Catalog, lang: str) -> dict[str, Any]:
        return {**super().describe(catalog, lang), "choices": [
            {"value": value, "label": self._label(value, catalog, lang)}
            for value in self.choices]}


def read_options(declared: Sequence[Option], raw: Mapping[str, Any], game: str,
                 catalog: Catalog | None = None) -> dict[str, Any]:
    """`raw` read against the declarations: every declared option's value (its default,
    read as any raw value is, where `raw` has none), in the order declared; OptionError
    for an option not declared or a value its declaration refuses. `game` is the title
    a refusal names, `catalog` the game's (the words of its declarations)."""
    names = [option.name for option in declared]
    unknown = sorted(str(name) for name in raw if name not in names)
    if unknown:
        raise OptionError("opt.unknown", game=game, option=shown(unknown[0]),
                          options=", ".join(names) or words("opt.none"))
    words_of = catalog if catalog is not None else TEXTS
    return {option.name: option.read(raw.get(option.name, option.default), words_of)
            for option in declared}


def check_seats(game: str, low: int, high: int, seats: int) -> None:
    """OptionError unless a table of `seats` fits a game for `low` to `high` players."""
    if low <= seats <= high:
        return
    key = ("opt.seats_solo" if low == high == 1 else "opt.seats_exactly" if low == high
           else "opt.seats_pair" if high == low + 1 else "opt.seats")
    raise OptionError(key, game=game, low=low, high=high, n=seats)
