"""Game options as data (core/options.py): each game's declarations, read from a command
line, a record or a web form; every refusal keyed, in English and German, naming the
option and what it takes; a value a record holds reads back to itself."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.i18n import LANGUAGES, Catalog
from stellwerk.core.options import (
    TEXTS,
    Choice,
    Flag,
    Number,
    OptionError,
    Subset,
    check_seats,
    read_options,
)
from stellwerk.games import game_ids, get_game

WORDS = Catalog({"label": {"en": "Label", "de": "Bezeichnung"},
                 "help": {"en": "help", "de": "Hilfe"},
                 "one": {"en": "1 One", "de": "1 Eins"},
                 "five": {"en": "five is two others", "de": "fünf sind zwei andere"}})
SHEET = Choice("sheet", default="I", choices=("I", "II"), aliases={"1": "I", "2": "II"},
               label="label", help="help")
ROUNDS = Number("rounds", default=40, low=1, high=200, label="label", help="help")
FLAG = Flag("quick", default=False, label="label", help="help")
PICK = Subset("pick", default=(), choices=(1, 2, 3, 4), value_labels={1: "one"},
              explained={"5": "five"}, label="label", help="help")
ALL = (SHEET, ROUNDS, FLAG, PICK)


def refusal(raw: dict[str, Any]) -> OptionError:
    with pytest.raises(OptionError) as caught:
        read_options(ALL, raw, "Toy", WORDS)
    return caught.value


def test_defaults_fill_what_is_not_given_in_the_order_declared() -> None:
    assert read_options(ALL, {}, "Toy", WORDS) == {"sheet": "I", "rounds": 40, "quick": False,
                                                   "pick": []}
    assert list(read_options(ALL, {"pick": "2"}, "Toy", WORDS)) == ["sheet", "rounds", "quick",
                                                                     "pick"]


@pytest.mark.parametrize(("raw", "value"), [
    ({"sheet": "ii"}, "II"), ({"sheet": "2"}, "II"), ({"sheet": 1}, "I"),
    ({"rounds": " 12 "}, 12), ({"rounds": 200}, 200),
    ({"quick": "Ja"}, True), ({"quick": "off"}, False), ({"quick": True}, True),
    ({"pick": "3, 1,3"}, [1, 3]), ({"pick": [4, "2"]}, [2, 4]), ({"pick": ""}, []),
])
def test_values_as_people_and_records_give_them(raw: dict[str, Any], value: Any) -> None:
    name = next(iter(raw))
    assert read_options(ALL, raw, "Toy", WORDS)[name] == value


@pytest.mark.parametrize(("raw", "key", "english", "german"), [
    ({"colour": "red"}, "opt.unknown",
     "unknown Toy option 'colour' (options: sheet, rounds, quick, pick)",
     "unbekannte Option 'colour' für Toy (Optionen: sheet, rounds, quick, pick)"),
    ({"sheet": "III"}, "opt.choice", "sheet must be I or II, not 'III'",
     "sheet muss I oder II sein, nicht 'III'"),
    ({"sheet": True}, "opt.choice", "sheet must be I or II, not 'True'",
     "sheet muss I oder II sein, nicht 'True'"),
    ({"rounds": "²"}, "opt.whole", "rounds must be a whole number from 1 to 200, not '²'",
     "rounds muss eine ganze Zahl von 1 bis 200 sein, nicht '²'"),
    ({"rounds": 4.0}, "opt.whole", "rounds must be a whole number from 1 to 200, not '4.0'",
     "rounds muss eine ganze Zahl von 1 bis 200 sein, nicht '4.0'"),
    ({"rounds": "0"}, "opt.range", "rounds must be from 1 to 200, not '0'",
     "rounds muss zwischen 1 und 200 liegen, nicht '0'"),
    ({"quick": "maybe"}, "opt.flag", "quick must be yes or no, not 'maybe'",
     "quick muss yes oder no sein, nicht 'maybe'"),
    ({"pick": "1,9"}, "opt.subset",
     "pick takes some of 1 One, 2, 3, 4, separated by commas, not '9'",
     "pick nimmt einige von 1 Eins, 2, 3, 4, durch Kommas getrennt, nicht '9'"),
    ({"pick": "5"}, "five", "five is two others", "fünf sind zwei andere"),
])
def test_each_refusal_is_keyed_and_says_it_in_both_languages(
        raw: dict[str, Any], key: str, english: str, german: str) -> None:
    error = refusal(raw)
    assert (error.key, str(error), error.texts) == (key, english, {"en": english, "de": german})


def test_a_refused_value_is_quoted_short_and_never_read_as_a_template() -> None:
    error = refusal({"sheet": "{evil}" + "x" * 500})
    assert "'{evil}xxxxxxxxxxxxxx'" in str(error) and len(str(error)) < 80
    assert error.as_catalog().text(error.key, "de") == error.texts["de"]


@pytest.mark.parametrize(("low", "high", "seats", "english", "german"), [
    (2, 3, 1, "Toy is for 2 or 3 players, not 1", "Toy ist für 2 oder 3 Personen, nicht 1"),
    (2, 6, 7, "Toy is for 2 to 6 players, not 7", "Toy ist für 2 bis 6 Personen, nicht 7"),
    (1, 1, 2, "Toy is a solo game: one seat, not 2", "Toy ist ein Solospiel: ein Platz, nicht 2"),
    (4, 4, 3, "Toy is for exactly 4 players, not 3", "Toy ist für genau 4 Personen, nicht 3"),
])
def test_seat_counts_are_refused_in_both_languages(low: int, high: int, seats: int,
                                                   english: str, german: str) -> None:
    check_seats("Toy", low, high, low)
    with pytest.raises(OptionError) as caught:
        check_seats("Toy", low, high, seats)
    assert caught.value.texts == {"en": english, "de": german}


def test_every_core_text_has_both_languages_and_the_same_fields() -> None:
    import re

    keys = TEXTS.keys()
    for key in keys:
        english, german = (TEXTS.text(key, lang) for lang in ("en", "de"))
        assert set(re.findall(r"\{(\w+)\}", english)) == set(re.findall(r"\{(\w+)\}", german))


# --- the games' own declarations -----------------------------------------------------------

RAW = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30),
                st.floats(allow_nan=True), st.text(max_size=30),
                st.lists(st.one_of(st.integers(-3, 9), st.text(max_size=3)), max_size=5),
                st.sampled_from(["I", "ii", "2", "fast", "I", "1,3", "5", " 40 ", "1,5"]))


@pytest.mark.parametrize("game_id", game_ids())
def test_each_game_declares_its_options_and_facts_with_words_in_its_catalogue(
        game_id: str) -> None:
    game = get_game(game_id)
    assert game.meta is not None and game.meta.title == game.title
    assert (game.meta.min_seats, game.meta.max_seats) == (game.min_seats, game.max_seats)
    assert game.meta.about in game.catalog
    for option in game.options:
        assert option.label in game.catalog and option.help in game.catalog, option.name
        for lang in LANGUAGES:
            described = option.describe(game.catalog, lang)
            assert described["label"] and described["help"] and described["allowed"]
    seats = game.min_seats
    assert game.parse_options({}, seats) == {o.name: o.read(o.default, game.catalog)
                                              for o in game.options}


@pytest.mark.parametrize("game_id", game_ids())
@settings(max_examples=150, deadline=None)
@given(raw=RAW)
def test_any_raw_value_is_read_or_refused_with_a_keyed_line_and_reads_back_to_itself(
        game_id: str, raw: Any) -> None:
    game = get_game(game_id)
    for option in game.options:
        try:
            values = game.parse_options({option.name: raw}, game.min_seats)
        except OptionError as error:
            assert set(error.texts) == set(LANGUAGES)
            assert all(text and "\n" not in text for text in error.texts.values())
            assert error.key in TEXTS or error.key in game.catalog
            assert option.name in error.texts["en"] or error.key in game.catalog
            continue
        # what a record keeps replays to the very same options
        assert game.parse_options(values, game.min_seats) == values


# The values the records of each game hold, and what people type, with what they read to.
KEPT = [
    ("rail-line", {"sheet": "I"}, {"sheet": "I"}), ("rail-line", {"sheet": "ii"}, {"sheet": "II"}),
    ("rail-line", {"sheet": "1"}, {"sheet": "I"}), ("rail-line", {"sheet": "2"}, {"sheet": "II"}),
    ("linie1", {"rounds": 40}, {"rounds": 40}), ("linie1", {"rounds": "30"}, {"rounds": 30}),
    ("railways", {"challenges": [1, 3]}, {"challenges": [1, 3]}),
    ("railways", {"challenges": "3,1,3"}, {"challenges": [1, 3]}),
    ("railways", {}, {"challenges": []}),
    ("benelux-rails", {"variant": "standard"}, {"variant": "standard"}),
    ("benelux-rails", {"variant": "I"}, {"variant": "fast"}),
    ("benelux-rails", {"variant": "1"}, {"variant": "fast"}),
]


@pytest.mark.parametrize(("game_id", "raw", "value"), KEPT)
def test_the_values_records_hold_read_as_they_always_did(game_id: str, raw: dict[str, Any],
                                                         value: dict[str, Any]) -> None:
    game = get_game(game_id)
    assert game.parse_options(raw, game.min_seats) == value


def test_railways_explains_challenge_five_in_its_own_words() -> None:
    game = get_game("railways")
    with pytest.raises(OptionError) as caught:
        game.parse_options({"challenges": "1,5"}, 1)
    assert caught.value.key == "rw.opt.magnate" and "Magnat" in caught.value.texts["de"]
