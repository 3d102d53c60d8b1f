"""Each game explains its end in the players' words, in English and German: the reason
its rules give (the line is full, the deck ran out, every line complete, a player reached
the money, the round limit, the years are over), the players by name, and for the solo
game the score against its yardstick."""

from __future__ import annotations

import random
from functools import cache

import pytest

from stellwerk.core.companions import study
from stellwerk.core.contract import State
from stellwerk.games import game_ids, get_game
from stellwerk.testing.states import deciding_seats

NAMES = ["Ann", "Bo", "Cy"]


@cache
def _finished(game_id: str, seats: int, seed: int) -> State:
    """A game of random legal play to its end (shared: a test that changes it clones it)."""
    game = get_game(game_id)
    state = game.new_state(game.parse_options({}, seats), seed, game.load_pack(), seats)
    rnd = random.Random(seed)
    for seat in deciding_seats(state):
        state.apply(seat, rnd.choice(state.candidate_actions(seat)))
    return state


def _reasons(game_id: str, state: State) -> dict[str, str]:
    ending = study(get_game(game_id))
    return {lang: ending.ending(state, NAMES, lang).reason for lang in ("en", "de")}


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_gives_its_own_reason_in_both_languages(game_id: str) -> None:
    state = _finished(game_id, 1 if game_id == "railways" else 2, seed=3)
    reasons = _reasons(game_id, state)
    assert reasons["en"] != reasons["de"]
    assert "The game is over." not in reasons.values()


def test_rail_line_names_the_full_line_or_the_empty_deck() -> None:
    seen = {_reasons("rail-line", _finished("rail-line", 2, seed))["en"].split(":")[0]
            for seed in range(1, 4)}
    assert seen == {"The line is complete", "The B deck ran out"}


def test_linie1_names_the_open_lines_at_the_round_limit_and_else_the_last_round() -> None:
    state = _finished("linie1", 2, seed=3).clone()
    assert not all(state.finished)   # random play completes no line
    assert _reasons("linie1", state)["de"] == (
        f"Die Rundengrenze ({state.limit}) ist erreicht; noch offen: "
        + ", ".join(NAMES[s] for s in range(2) if not state.finished[s]) + ".")
    state.finished = [7, 9]
    assert _reasons("linie1", state)["en"] == "Every line is complete (the last one in round " \
        f"{state.round})."


def test_benelux_names_who_reached_the_money_else_the_round_limit() -> None:
    state = _finished("benelux-rails", 2, seed=3).clone()
    assert _reasons("benelux-rails", state)["en"].startswith("Nobody reached the goal by round")
    state.log.append({"key": "finish", "seat": 1, "round": state.round})
    reasons = _reasons("benelux-rails", state)
    assert reasons["en"].startswith(f"Bo has {state.variant.target} M or more")
    assert reasons["de"].startswith(f"Bo hat {state.variant.target} Mio. oder mehr")


def test_railways_places_the_solo_score_on_the_yardstick() -> None:
    state = _finished("railways", 1, seed=3)
    ending = study(get_game("railways")).ending(state, ["Solo"], "de")
    assert ending.reason == "120 Jahre sind vergangen: alle 12 Runden sind gespielt."
    assert ending.yardstick[0].startswith(f"Endwertung {state.score()}: ")
    assert ending.yardstick[1].startswith("Maßstab")
    for game_id in ("rail-line", "linie1", "benelux-rails"):   # rivals, not a yardstick
        assert not study(get_game(game_id)).ending(_finished(game_id, 2, 3), NAMES, "en").yardstick
