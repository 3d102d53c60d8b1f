"""The content pack, the notation and what each seat may see."""

from __future__ import annotations

import json

import pytest

from stellwerk.core.errors import BadNotation, BadPack
from tests.rail_line.support import GAME, PACK, TERMINAL, advance


def test_the_shipped_pack_has_37_cards_and_marks_every_item():
    cards = PACK.data["cards"]
    assert len(cards) == 37
    assert sum(c["deck"] == "A" for c in cards) == 12
    assert all(c["provenance"] == "reconstructed" for c in cards)
    counts = PACK.provenance_counts()
    assert counts["confirmed"] > 0 and counts["reconstructed"] >= 37
    sheet_one = PACK.data["sheets"]["I"]
    assert sheet_one["rows"]["mail"]["provenance"] == "confirmed"
    assert sheet_one["overflow"]["provenance"] == "reconstructed"


def test_a_user_pack_replaces_the_cards_without_code(tmp_path):
    text = GAME.default_pack_path().read_text(encoding="utf-8")
    mine = tmp_path / "mine.toml"
    mine.write_text(text.replace('[pack]\nid = "rail-line-stellwerk"', '[pack]\nid = "my-copy"')
                    .replace('side = 1\ntracks = ["passengers", "coal", "forest"]',
                             'side = 1\ntracks = ["glass", "glass", "glass"]'), encoding="utf-8")
    pack = GAME.load_pack(mine)
    assert pack.id == "my-copy" and pack.sha256 != PACK.sha256
    state = GAME.new_state({}, 1, pack, 2)
    state.apply(0, ("side", 1))
    state.apply(0, ("track", 2))
    assert state.players[0].counts[10] == 1            # Glassworks from the user's side 1


@pytest.mark.parametrize(("change", "message"), [
    (('deck = "A"', 'deck = "C"', 1), "cards[0].deck"),
    (('tracks = [["', 'tracks = [["coal", "coal", "', 1), "cards[0].tracks[0]"),
    (('id = "A02"', 'id = "A01"', 1), "appears twice"),
    (('id = "B25"\ndeck = "B"', 'id = "A13"\ndeck = "A"', 1), "12 A and 25 B"),
    (('under = { row = "coal", boxes = [2, 4] }', 'under = { row = "coal", boxes = [2, 9] }', 1),
     "sheets.I.rows.iron.under"),
    (('game = "rail-line"', 'game = "linie1"', 1), "pack.game"),
    (("[sheets.I.overflow]", "[sheets.I.overflowing]", 1), "sheets.I"),
    (('provenance = "confirmed"', 'provenance = "guessed"', 1), "provenance"),
])
def test_a_bad_pack_is_refused_naming_file_item_and_problem(tmp_path, change, message):
    old, new, count = change
    text = GAME.default_pack_path().read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    with pytest.raises(BadPack) as error:
        GAME.load_pack(path)
    assert str(path) in str(error.value) and message in str(error.value)
    assert "\n" not in str(error.value)


def test_pack_that_is_not_toml_or_missing(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text("[pack\nid=", encoding="utf-8")
    with pytest.raises(BadPack, match="not valid TOML"):
        GAME.load_pack(path)
    with pytest.raises(BadPack, match="cannot read"):
        GAME.load_pack(tmp_path / "missing.toml")


@pytest.mark.parametrize("text", ["side 2", "track 1", "lay A07", "pass", "slow 3 coal",
                                  "slow 2", "second B11", "discard A03", "gain glass",
                                  "free 2 forest", "free 1", "decline", "keep", "refuse"])
def test_notation_prints_back_unchanged(text):
    assert GAME.format_action(GAME.parse_action(text)) == text


@pytest.mark.parametrize(("german", "english"), [
    ("lege a07", "lay A07"), ("bummel 3 Kohle", "slow 3 coal"), ("passe", "pass"),
    ("markiere Glasfabrik", "gain glass"), ("frei 1 Zuckerrübe", "free 1 beet"),
    ("Münze", "refuse"), ("verzichte", "decline"), ("zweite B03", "second B03"),
])
def test_german_words_are_understood(german, english):
    assert GAME.parse_action(german) == GAME.parse_action(english)


@pytest.mark.parametrize("text", ["", "   ", "fly A01", "lay", "lay A01 A02", "slow x",
                                  "slow 2 gold", "gain", "pass now", "side two", "track"])
def test_bad_notation_is_one_clear_error(text):
    with pytest.raises(BadNotation) as error:
        GAME.parse_action(text)
    assert "\n" not in str(error.value) and str(error.value)


def test_a_seat_sees_its_own_hand_only_and_onlookers_see_no_hand():
    state = GAME.new_state({}, 5, PACK, 3)
    advance(state, lambda s: len(s.line) == 3)
    for seat in range(3):
        view = state.view(seat)
        text = json.dumps(view)
        assert [c["card"] for c in view["hand"]] == state.hands[seat]
        for other in range(3):
            if other != seat:
                assert all(f'"{c}"' not in text for c in state.hands[other]
                           if c not in state.discards)
        assert all(f'"{c}"' not in text for c in state.deck)
    public = json.dumps(state.public_view())
    assert all(f'"{c}"' not in public for hand in state.hands for c in hand)
    assert state.public_view()["hand"] is None


def test_options_are_checked():
    from stellwerk.core.errors import BadOption

    assert GAME.parse_options({"sheet": "2"}, 2) == {"sheet": "II"}
    for raw, seats in (({"sheet": "III"}, 2), ({"colour": "red"}, 2), ({}, 4), ({}, 1)):
        with pytest.raises(BadOption):
            GAME.parse_options(raw, seats)


@pytest.mark.parametrize(("lang", "words", "foreign"), [
    ("de", ["Punkte jetzt", "Schnellzug", "Zuletzt:", "legen", "Wertungsblatt"], "score now"),
    ("en", ["score now", "fast locomotive", "Recent:", "lay", "Record sheet"], "Punkte jetzt"),
])
def test_the_table_speaks_the_chosen_language(lang, words, foreign):
    from rich.console import Console

    state = GAME.new_state({}, 5, PACK, 3)
    advance(state, lambda s: len(s.line) == 2)
    console = Console(record=True, width=120)
    console.print(TERMINAL.render(state.view(0), lang))
    text = console.export_text()
    assert all(word in text for word in words)
    assert foreign not in text
