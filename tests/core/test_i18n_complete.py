"""Every text a player sees exists in English and German.

Two nets: (1) every catalogue key written in the games' code (refusals raised, texts
looked up) exists in that game's catalogue, which demands both languages; (2) random
games rendered in German show no raw catalogue key (the catalogue falls back to the key
itself, so a missing entry would show as e.g. `rl.note.feeds`).
"""

from __future__ import annotations

import importlib
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from stellwerk.core import companions
from stellwerk.core.i18n import LANGUAGES, Catalog
from stellwerk.games import get_game

SRC = Path(__file__).resolve().parents[2] / "src" / "stellwerk"
PACKAGES = {"rail_line": "rl", "linie1": "l1", "railways": "rw"}
# a literal key as the first argument of a raise helper or a catalogue lookup
KEY_CALL = re.compile(
    r"""(?:illegal|IllegalAction|BadNotation|\.text|_t)\(\s*["']((?:rl|l1|rw)\.[a-z0-9_.]+)["']""")
KEY_LITERAL = re.compile(r"""["']((?:rl|l1|rw)\.[a-z0-9_]+(?:\.[a-z0-9_]+)*)["']""")
RAW_KEY = re.compile(r"\b(?:rl|l1|rw)\.[a-z_]+(?:\.[a-z_]+)*\b")


def catalogue(package: str) -> Catalog:
    catalog: Catalog = importlib.import_module(f"stellwerk.games.{package}.terms").CATALOG
    return catalog


def keys_in_code(package: str) -> dict[str, str]:
    # the whole package, subpackages too (Linie 1's judge and its reports live in judge/)
    files = sorted((SRC / "games" / package).rglob("*.py"))
    found: dict[str, str] = {}
    for path in files:
        text = path.read_text(encoding="utf-8")
        for key in KEY_CALL.findall(text):
            if not key.endswith("."):   # a prefix completed at run time: see the renders
                found.setdefault(key, path.name)
    return found


def test_the_scan_finds_the_refusals_it_must():
    # the net itself: it sees keys raised in each game's rules (so it can fail)
    assert "rl.track_taken" in keys_in_code("rail_line")
    assert "rw.route_gap" in keys_in_code("railways")
    assert "l1.too_many" in keys_in_code("linie1")


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_every_key_raised_or_looked_up_is_in_the_catalogue_in_both_languages(package):
    catalog = catalogue(package)
    missing = {k: f for k, f in keys_in_code(package).items() if k not in catalog}
    assert not missing, f"keys used in code but not in {package}/terms.py: {missing}"
    known = catalog.keys()   # Catalog is not iterable itself
    for key in known:
        for lang in LANGUAGES:
            assert catalog.text(key, lang) is not None


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_every_prefixed_key_literal_in_the_code_is_known(package):
    # keys handed around as data (prompts, notes, outcomes) rather than looked up directly
    prefix = PACKAGES[package]
    catalog = catalogue(package)
    files = sorted((SRC / "games" / package).rglob("*.py"))
    unknown = set()
    for path in files:
        for key in KEY_LITERAL.findall(path.read_text(encoding="utf-8")):
            if key.startswith(prefix + ".") and not key.endswith(".") and key not in catalog:
                unknown.add(key)
    # prefixes completed at run time, e.g. f"rl.ev.{kind}", are checked by rendering below
    assert not {k for k in unknown if not _is_prefix(k, catalog)}, unknown


def _is_prefix(key: str, catalog: Catalog) -> bool:
    known = catalog.keys()
    return any(k.startswith(key + ".") for k in known)


def test_german_differs_from_english_except_names():
    same = []
    for package in PACKAGES:
        catalog = catalogue(package)
        known = catalog.keys()
        for key in known:
            en, de = catalog.text(key, "en"), catalog.text(key, "de")
            words = re.sub(r"\{[^}]*\}", "", en)
            if en == de and re.search("[a-z]{3,}", words) and not key.endswith(".title"):
                same.append(key)
    assert not same, f"entries whose German is the English text: {same}"


def _play_and_render(game_id: str, seats: int, seed: int, steps: int) -> list[str]:
    game = get_game(game_id)
    pack = game.load_pack()
    terminal = companions.terminal(game, pack)
    state = game.new_state({}, seed, pack, seats)
    chooser = random.Random(seed)
    pages = []
    for step in range(steps):
        decision = state.decision()
        if decision is None:
            break
        seat = decision.seats[0]
        if step % 5 == 0:
            console = Console(record=True, width=100)
            console.print(terminal.render(state.view(seat), "de"))
            pages.append(console.export_text())
        state.apply(seat, chooser.choice(state.candidate_actions(seat)))
    console = Console(record=True, width=100)
    console.print(terminal.render(state.public_view(), "de"))
    pages.append(console.export_text())
    return pages


@pytest.mark.parametrize(("game_id", "seats", "steps"),
                         [("rail-line", 3, 150), ("railways", 1, 40), ("linie1", 3, 12)])
def test_german_tables_show_no_raw_catalogue_key(game_id, seats, steps):
    for page in _play_and_render(game_id, seats, 7, steps):
        assert not RAW_KEY.findall(page), RAW_KEY.findall(page)


@pytest.mark.parametrize(("game_id", "texts"), [
    ("rail-line", ["", "foo 3", "slow x", "lay", "gain zzz", "pass 3", "side 1 2"]),
    ("linie1", ["", "H2 strait 90", "H2 straight 90; Q5 curve 0", "x", "H2 straight 45"]),
    ("railways", ["open B1", "fly", "transport A1 to X via B1 with 1.1a", "pass 1",
                  "build D4 with 1.1a", "dice B2"]),
])
def test_notation_errors_give_their_reason_in_german(game_id, texts):
    from stellwerk.core.errors import BadNotation

    game = get_game(game_id)
    for text in texts:
        with pytest.raises(BadNotation) as caught:
            game.parse_action(text)
        error = caught.value
        german = game.catalog.text(error.key, "de", **error.params)
        assert german != str(error) and error.params["why"] not in german, german
        assert not re.search(r"\b(is not|takes|write|name the)\b", german), german
