"""Every text a person sees exists in English and German, in one kind of catalogue.

The nets:
1. Every catalogue in `src` is found (a module-level `Catalog(...)`), and each is the
   `CATALOG` of its package's `terms.py`; no module keeps German words of its own
   (a `GERMAN` dict, a `..._DE` text) beside them. (The words a person may type,
   in either language, are vocabularies of the parsers and stay with them, e.g.
   `QUIT_WORDS`, Rail Line's `GERMAN_TYPED`.)
2. Every entry of every catalogue has English and German, the same `{fields}` in both,
   and German that is not the English text; no key is in two catalogues (a refusal's
   key alone names its text, core/i18n.py `say`).
3. Every key the code names as a literal is in a catalogue: the first argument of a
   refusal (`BadOption("set.jobs")`, `illegal("rl.track_taken", ...)`), of a look-up
   (`CATALOG.text("rl.coins", lang)`, `say`, `Term`, a package's own `t`/`_t`/`texts`
   helpers), and any other string literal of the dotted form a catalogue's keys have
   (`"rl.note.feeds"` handed around as data).
   What the scan cannot see: a key made at run time (`f"tournament.{mode}"`, a prefix
   and a variable), a key held in data (a game's topics, a resolution's statuses)
   under a name without a dotted prefix, and a look-up through a helper it does not
   know. Those are covered by rendering: (4) random games rendered in German show no
   raw key (a catalogue falls back to the key itself, e.g. `rl.note.feeds`).
"""

from __future__ import annotations

import ast
import importlib
import random
import re
import string
from functools import cache
from pathlib import Path

import pytest
from tests.rich_text import printed

from stellwerk.core import companions
from stellwerk.core.errors import KEY
from stellwerk.core.i18n import LANGUAGES, Catalog, holder_of
from stellwerk.games import get_game
from stellwerk.testing.states import deciding_seats

SRC = Path(__file__).resolve().parents[2] / "src" / "stellwerk"
# calls whose first argument is a catalogue key when it is a literal
LOOKUPS = {"text", "say", "Term", "t", "_t", "texts", "mistake", "research_text", "of",
           "illegal", "IllegalAction", "BadNotation", "BadOption", "BadRecord", "BadPack",
           "StellwerkError", "UnusableStorage", "JudgeError", "ApiError", "_Hello", "error"}
# entries where one language leaves out a field the other needs: English names the
# kind of file ("cannot read the record"), German says "Datei" whatever it is
FIELD_LEFT_OUT = {"in.unreadable": {"noun"}, "in.nul": {"noun"}, "in.not_regular": {"noun"},
                  "in.not_regular_an": {"noun"}, "in.too_large": {"noun"},
                  "in.too_large_an": {"noun"},
                  # German lists the German tile and symbol names itself
                  "l1.nt.not_tile": {"tiles"}, "rl.nt.not_symbol": {"symbols"},
                  "rl.nt.unknown": {"known"}}
# texts that are the same in both languages: names, and words German borrows
SAME_IN_BOTH = {"web.brand", "web.start.name", "srv.storage_postgres", "srv.storage_sqlite",
                "sim.min", "sim.max", "pk.in"}
# dotted literals that are no catalogue key: the key of a refusal FastAPI words itself
# (its text is FastAPI's), file names
NOT_KEYS = {"srv.http"}
FILE_NAME = re.compile(r".*\.(json|jsonl|toml|py|html|svg|lock|csv|txt|md)")
RAW_KEY = re.compile(r"\b(?:rl|l1|rw)\.[a-z_]+(?:\.[a-z_]+)*\b")


@cache
def catalogues() -> dict[str, Catalog]:
    """Every module-level catalogue in src, as `module.NAME`."""
    found: dict[str, Catalog] = {}
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            target = (node.targets[0] if isinstance(node, ast.Assign)
                      else node.target if isinstance(node, ast.AnnAssign) else None)
            value = getattr(node, "value", None)
            if (isinstance(target, ast.Name) and isinstance(value, ast.Call)
                    and getattr(value.func, "id", None) == "Catalog"):
                module = ".".join(("stellwerk", *path.relative_to(SRC).with_suffix("").parts))
                found[f"{module}.{target.id}"] = getattr(importlib.import_module(module),
                                                         target.id)
    return found


def entries() -> list[tuple[str, str, Catalog]]:
    return [(where, key, catalog) for where, catalog in catalogues().items()
            for key in catalog.keys()]  # noqa: SIM118 (a Catalog is no dict)


@cache
def prefixes() -> frozenset[str]:
    """The first words of dotted keys, e.g. rl, srv, rec (a prefix at least three keys
    share, so a literal of that form is meant as a key)."""
    counts: dict[str, int] = {}
    for _, key, _ in entries():
        if "." in key:
            counts[key.split(".")[0]] = counts.get(key.split(".")[0], 0) + 1
    return frozenset(prefix for prefix, n in counts.items() if n >= 3)


def fields(template: str) -> set[str]:
    """The fields a text fills; `{city_de}` (the German form of a value the caller
    passes beside it) counts as `{city}`, and `{why_texts[de]}` (a value in every
    language) as `{why}`."""
    names = {name.split(".")[0].split("[")[0].split("|")[0]
             for _, name, _, _ in string.Formatter().parse(template) if name}
    return {name.removesuffix("_de").removesuffix("_en").removesuffix("_texts")
            for name in names}


def literal_keys() -> dict[str, str]:
    """Each literal the code names as a key, with where (file:line)."""
    found: dict[str, str] = {}
    for path in sorted(SRC.rglob("*.py")):
        where = path.relative_to(SRC).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args:
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                first = node.args[0]
                if name == "error" and not isinstance(node.func, ast.Name):
                    continue                            # a log line (`log.error`)
                if (name in LOOKUPS and isinstance(first, ast.Constant)
                        and isinstance(first.value, str) and " " not in first.value
                        and first.value not in ("", *LANGUAGES)):
                    found.setdefault(first.value, f"{where}:{node.lineno}")
            elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and KEY.fullmatch(node.value) and node.value.split(".")[0] in prefixes()):
                found.setdefault(node.value, f"{where}:{node.lineno}")
    return found


def is_known(key: str) -> bool:
    # a key completed at run time (`"rl.ev." + kind`, `f"rw.why.to_{x}"`) is the start
    # of known keys
    if key in NOT_KEYS or FILE_NAME.fullmatch(key):
        return True
    start = key if key.endswith(("_", ".")) else key + "."
    return holder_of(key) is not None or any(
        other.startswith(start) for _, other, _ in entries())


def test_the_scan_finds_every_catalogue_and_the_keys_it_must() -> None:
    found = catalogues()
    for module in ("stellwerk.core.terms.CATALOG", "stellwerk.games.rail_line.terms.CATALOG",
                   "stellwerk.server.terms.CATALOG", "stellwerk.cli_terms.CATALOG"):
        assert module in found, module
    used = literal_keys()
    for key in ("rl.track_taken", "rw.route_gap", "l1.too_many", "set.jobs", "rec.no_seat",
                "srv.no_token", "in.kind.fifo"):
        assert key in used, key


def test_each_package_keeps_one_catalogue_named_catalog_in_its_terms_module() -> None:
    odd = [where for where in catalogues()
           if not (where.endswith(".terms.CATALOG") or where == "stellwerk.cli_terms.CATALOG")]
    assert not odd, f"catalogues outside a package's terms.py CATALOG: {odd}"


def test_no_module_keeps_german_words_beside_the_catalogues() -> None:
    own = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            targets = (node.targets if isinstance(node, ast.Assign)
                       else [node.target] if isinstance(node, ast.AnnAssign) else [])
            for target in targets:
                name = getattr(target, "id", "")
                if name.upper() == "GERMAN" or name.upper().endswith("_DE"):
                    own.append(f"{path.relative_to(SRC)}:{node.lineno} {name}")
    assert not own, f"German words outside a catalogue: {own}"


def test_every_entry_has_both_languages_with_the_same_fields() -> None:
    for where, key, catalog in entries():
        texts = {lang: catalog.template(key, lang) for lang in LANGUAGES}
        assert all(text.strip() for text in texts.values()), (where, key)
        left_out = FIELD_LEFT_OUT.get(key, set())
        assert fields(texts["en"]) - left_out == fields(texts["de"]) - left_out, (where, key)


def test_no_key_is_in_two_catalogues() -> None:
    seen: dict[str, str] = {}
    twice = []
    for where, key, _ in entries():
        if key in seen:
            twice.append((key, seen[key], where))
        seen[key] = where
    assert not twice, twice


def test_german_differs_from_english_except_names_and_frames() -> None:
    same = []
    for where, key, catalog in entries():
        en, de = catalog.template(key, "en"), catalog.template(key, "de")
        words = re.sub(r"\{[^}]*\}", "", en)
        if (en == de and re.search("[a-z]{3,}", words) and not key.endswith(".title")
                and key not in SAME_IN_BOTH):
            same.append((where, key))
    assert not same, f"entries whose German is the English text: {same}"


@pytest.mark.parametrize("package", ["rail_line", "linie1", "railways", "benelux_rails"])
def test_a_study_figure_is_named_by_its_catalogue_entry(package: str) -> None:
    # the figures are named in English (the study's JSON keeps the names): each name
    # is its entry's English, so a report in any language is the catalogue's
    figures = importlib.import_module(f"stellwerk.games.{package}.study_figures")
    catalog = importlib.import_module(f"stellwerk.games.{package}.terms").CATALOG
    assert figures.STUDY_KEYS
    for name, key in figures.STUDY_KEYS.items():
        assert catalog.template(key, "en") == name, key


def test_every_key_the_code_names_is_in_a_catalogue() -> None:
    unknown = {key: where for key, where in literal_keys().items() if not is_known(key)}
    assert not unknown, f"keys named in code but in no catalogue: {unknown}"


def _play_and_render(game_id: str, seats: int, seed: int, steps: int) -> list[str]:
    game = get_game(game_id)
    pack = game.load_pack()
    terminal = companions.terminal(game, pack)
    state = game.new_state({}, seed, pack, seats)
    chooser = random.Random(seed)
    pages = []
    for step, seat in enumerate(deciding_seats(state, steps)):
        if step % 5 == 0:
            pages.append(printed(terminal.render(state.view(seat), "de"), 100))
        state.apply(seat, chooser.choice(state.candidate_actions(seat)))
    pages.append(printed(terminal.render(state.public_view(), "de"), 100))
    return pages


@pytest.mark.parametrize(("game_id", "seats", "steps"),
                         [("rail-line", 3, 150), ("railways", 1, 40), ("linie1", 3, 12)])
def test_german_tables_show_no_raw_catalogue_key(game_id: str, seats: int, steps: int) -> None:
    for page in _play_and_render(game_id, seats, 7, steps):
        assert not RAW_KEY.findall(page), RAW_KEY.findall(page)


@pytest.mark.parametrize(("game_id", "texts"), [
    ("rail-line", ["", "foo 3", "slow x", "lay", "gain zzz", "pass 3", "side 1 2"]),
    ("linie1", ["", "H2 strait 90", "H2 straight 90; Q5 curve 0", "x", "H2 straight 45"]),
    ("railways", ["open B1", "fly", "transport A1 to X via B1 with 1.1a", "pass 1",
                  "build D4 with 1.1a", "dice B2"]),
    ("benelux-rails", ["", "fly", "keep 1 2", "build F12", "move", "upgrade Z", "deliver x",
                       "load", "end now", "move G13 F12", "build F12 ?!", "start a b",
                       " ".join(["F12"] * 401), "keep 1 2 x"]),
])
def test_notation_errors_give_their_reason_in_german(game_id: str, texts: list[str]) -> None:
    from stellwerk.core.errors import BadNotation

    game = get_game(game_id)
    for text in texts:
        with pytest.raises(BadNotation) as caught:
            game.parse_action(text)
        error = caught.value
        german = error.text("de")
        assert german == game.catalog.text(error.key, "de", **error.params)
        assert german != str(error) and error.params["why"].text("en") not in german, german
        assert not re.search(r"\b(is not|takes|write|name the)\b", german), german
