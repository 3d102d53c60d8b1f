"""A German reader's actions: the web's list and the terminal's examples say each legal
action with German verbs and the German names of goods and cities, and what they say is
notation that the game reads back as that very action."""

from __future__ import annotations

import pytest

from stellwerk.core.chance import Chance
from stellwerk.games.benelux_rails.actions import check_action
from stellwerk.games.benelux_rails.notation import parse_action
from stellwerk.testing.states import deciding_seats

from .helpers import GAME


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_action_said_in_german_reads_back_as_the_same_deed(seed: int) -> None:
    state = GAME.new_state({}, seed, GAME.load_pack(), 2)
    chance = Chance(seed)
    verbs: set[str] = set()
    for seat in deciding_seats(state, 160):
        legal = state.candidate_actions(seat)
        for action in legal:
            said = GAME.describe_action(action, "de")
            assert check_action(state, seat, parse_action(said)) == \
                check_action(state, seat, action), said
            verbs.add(said.split()[0])
        state.apply(seat, legal[chance.below(len(legal))])
    assert {"behalte", "starte", "ende"} <= verbs
    assert verbs & {"lade", "liefere", "fahre", "baue"}


def test_german_words_replace_the_english_ones_and_mileposts_stay() -> None:
    said = GAME.describe_action(parse_action("move 2 brussels via F12 F13"), "de")
    assert said == "fahre 2 Brüssel über F12 F13"
    assert GAME.describe_action(parse_action("deliver 40 cheese"), "de") == "liefere 40 Käse"
    assert GAME.describe_action(parse_action("load fish"), "de") == "lade Fisch"
    assert GAME.describe_action(parse_action("load fish"), "en") == "load fish"
