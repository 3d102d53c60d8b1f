"""English and German catalogues: lookups, fallbacks and refusals."""

from __future__ import annotations

import pytest

from stellwerk.core.errors import BadOption
from stellwerk.core.i18n import LANGUAGES, Catalog, check_language
from stellwerk.games import get_game


@pytest.fixture
def catalog() -> Catalog:
    return Catalog({
        "coal": {"en": "Coal", "de": "Kohle"},
        "deck": {"en": "B deck: {n} cards", "de": "B-Stapel: {n} Karten"},
        "blank": {"en": "Only English", "de": ""},
        "first": {"en": "first of {items[0]}", "de": "erstes von {items[0]}"},
        "attr": {"en": "{n.real} real", "de": "{n.real} reell"},
    })


def test_english_and_german(catalog: Catalog) -> None:
    assert catalog.text("coal") == "Coal"
    assert catalog.text("coal", "en") == "Coal"
    assert catalog.text("coal", "de") == "Kohle"


def test_parameters_are_filled_in(catalog: Catalog) -> None:
    assert catalog.text("deck", "en", n=21) == "B deck: 21 cards"
    assert catalog.text("deck", "de", n=3) == "B-Stapel: 3 Karten"


def test_an_unknown_key_shows_the_key(catalog: Catalog) -> None:
    assert catalog.text("no.such.key", "de") == "no.such.key"
    assert "no.such.key" not in catalog
    assert "coal" in catalog


def test_an_empty_translation_falls_back_to_english(catalog: Catalog) -> None:
    assert catalog.text("blank", "de") == "Only English"


def test_an_unknown_language_falls_back_to_english(catalog: Catalog) -> None:
    assert catalog.text("coal", "fr") == "Coal"


def test_missing_parameters_show_the_template(catalog: Catalog) -> None:
    assert catalog.text("deck", "en") == "B deck: {n} cards"
    assert catalog.text("deck", "de", m=4) == "B-Stapel: {n} Karten"


@pytest.mark.parametrize(("key", "params"), [
    ("first", {"items": 3}),        # not subscriptable
    ("first", {"items": []}),       # index out of range
    ("attr", {"n": None}),          # no such attribute
])
def test_ill_fitting_parameters_never_crash(catalog: Catalog, key: str,
                                            params: dict[str, object]) -> None:
    text = catalog.text(key, "en", **params)
    assert text == catalog.text(key, "en")  # the unfilled template


def test_parameters_may_be_called_key_and_lang() -> None:
    catalog = Catalog({"k": {"en": "press {key} for {lang}", "de": "{key} für {lang}"}})
    assert catalog.text("k", "de", key="F1", lang="Deutsch") == "F1 für Deutsch"


def test_an_entry_missing_a_language_is_refused() -> None:
    with pytest.raises(ValueError, match="'coal' lacks de"):
        Catalog({"coal": {"en": "Coal"}})
    catalog = Catalog()
    with pytest.raises(ValueError, match="'x' lacks en, de"):
        catalog.update({"x": {}})
    assert catalog.keys() == []


def test_update_adds_and_replaces(catalog: Catalog) -> None:
    catalog.update({"coal": {"en": "Black coal", "de": "Steinkohle"},
                    "iron": {"en": "Iron ore", "de": "Eisenerz"}})
    assert catalog.text("coal", "de") == "Steinkohle"
    assert catalog.text("iron") == "Iron ore"
    assert set(catalog.keys()) >= {"coal", "iron", "deck"}


def test_the_catalogue_keeps_its_own_copy() -> None:
    texts = {"en": "Coal", "de": "Kohle"}
    catalog = Catalog({"coal": texts})
    texts["de"] = "changed"
    assert catalog.text("coal", "de") == "Kohle"


def test_check_language() -> None:
    for lang in LANGUAGES:
        assert check_language(lang) == lang
    with pytest.raises(BadOption, match="unknown language 'fr'; choose one of: en, de"):
        check_language("fr")
    assert LANGUAGES == ("en", "de")


def test_every_rail_line_entry_has_both_languages() -> None:
    catalog = get_game("rail-line").catalog
    keys = catalog.keys()  # a Catalog is not iterable itself
    assert keys
    for key in keys:
        assert catalog.text(key, "en")
        assert catalog.text(key, "de")
