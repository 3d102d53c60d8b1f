"""A catalogue text says the word for a count (`{n|card|cards}`) in English and German,
and no text of any catalogue guesses a plural with "card(s)" or "Karte(n)"."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from tests.core.test_i18n_complete import catalogues

from stellwerk.core.i18n import Catalog, say
from stellwerk.games.linie1.terms import CATALOG as LINIE1

COUNTED = Catalog({"test.counted.cards": {"en": "{n} {n|card|cards} and {m} {m|coin|coins}",
                                          "de": "{n} {n|Karte|Karten} und {m} {m|Münze|Münzen}"}})


@given(st.integers(-3, 1000), st.integers(-3, 1000))
def test_the_word_follows_the_count(n: int, m: int) -> None:
    english = COUNTED.text("test.counted.cards", "en", n=n, m=m)
    german = COUNTED.text("test.counted.cards", "de", n=n, m=m)
    assert english.startswith(f"{n} card and " if abs(n) == 1 else f"{n} cards and ")
    assert english.endswith(f"{m} coin" if abs(m) == 1 else f"{m} coins")
    assert german.startswith(f"{n} Karte und " if abs(n) == 1 else f"{n} Karten und ")
    assert "|" not in english + german


def test_the_games_say_one_tile_one_card_one_passenger() -> None:
    assert LINIE1.text("l1.pile", "en", n=1) == "Pile: 1 tile"
    assert LINIE1.text("l1.seat.hand", "en", n=1) == "1 tile in hand"
    assert say("rl.deck", "en", n=1) == "B deck: 1 card"
    assert say("rl.deck", "de", n=2) == "B-Stapel: 2 Karten"
    assert say("rw.passengers", "en", n=1) == "1 passenger"
    assert say("rw.rails", "de", n=1) == "1 Bahnstreckenfeld"
    assert say("rw.pile", "de", n=1, discards="-") == "Zugstapel 1 Karte, Abwurf -"
    assert say("br.run_text", "en", run=1, turns=2) == "1 milepost, 2 turns"
    assert say("sim.head", "de", games=1, game="linie1", options="", seats="planner",
               rotated="", first=0, last=0).startswith("1 Partie linie1")
    assert say("l1.progress.joined", "en", a=1) == "your terminals are joined (1 tile reached)"


GUESSED = re.compile(r"\w\((?:s|e|n|en|er)\)|Platz/Plätze")


def test_no_catalogue_guesses_a_plural() -> None:
    guessed = [(key, lang, text) for catalog in catalogues().values()
               for key in catalog.keys() for lang in ("en", "de")  # noqa: SIM118
               if GUESSED.search(text := catalog.template(key, lang))]
    assert guessed == []
