"""`show TOPIC` takes the topic's word in the player's language (`zeige blatt`), the
help lists the topics in that language, and every game names each of its topics in
English and German."""

from __future__ import annotations

import pytest
from tests.typed_play import play_typed

from stellwerk.core.companions import terminal
from stellwerk.frontends.table.topics import find_topic, topic_key, topic_word
from stellwerk.games import game_ids, get_game


@pytest.mark.parametrize("game_id", game_ids())
def test_every_topic_has_a_german_word_that_finds_it(game_id: str) -> None:
    game = get_game(game_id)
    seats = game.min_seats
    pack = game.load_pack()
    state = game.new_state(game.parse_options({}, seats), 1, pack, seats)
    for topic in terminal(game, pack).detail_topics(state.view(0)):
        german = topic_word(game, topic, "de")
        assert topic_key(game, topic) in game.catalog, topic
        assert topic_word(game, topic, "en") == topic
        topics = list(terminal(game, pack).detail_topics(state.view(0)))
        assert find_topic(game, topics, german.upper(), "de") == topic
        assert find_topic(game, topics, topic, "de") == topic


def test_zeige_blatt_shows_the_rail_line_sheet(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = play_typed(monkeypatch, capsys, ["play", "rail-line", "--seats", "human,random",
                                           "--seed", "3", "--lang", "de"],
                     ["zeige blatt", "hilfe", "aufgeben"]).out
    assert "Es gibt kein Detail" not in out
    assert "zeige THEMA (linie, karten, blatt, blätter, verlauf, legende)" in " ".join(
        out.split())


def test_zeige_staedte_in_benelux_rails(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = play_typed(monkeypatch, capsys, ["play", "benelux-rails", "--seats", "human,planner",
                                           "--seed", "5", "--lang", "de"],
                     ["zeige städte", "zeige waren", "zeige nichts", "aufgeben"]).out
    assert "Es gibt kein Detail 'städte'" not in out
    assert "Utrecht" in out and "Käse" in out
    assert "Es gibt kein Detail 'nichts'; Details: karte, städte, waren, aufträge, spieler, " \
        "verlauf." in out
