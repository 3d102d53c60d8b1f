"""Every game's notation and rules under hostile text: an action or one clear refusal,
and a refused action leaves the state exactly as it was."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Game, State
from stellwerk.core.errors import IllegalAction, StellwerkError
from stellwerk.games import game_ids, get_game
from stellwerk.testing.states import deciding_seats

from .strategies import hostile_text


def played_states(game: Game, steps: int = 12) -> list[State]:
    """A few states of one game, from the start on, with random legal actions."""
    seats = game.min_seats if game.min_seats > 1 else 1
    pack = game.load_pack()
    state = game.new_state(game.parse_options({}, seats), 3, pack, seats)
    chance = Chance(9)
    states = [state.clone()]
    for seat in deciding_seats(state, steps):
        state.apply(seat, chance.choice(state.legal_actions(seat)))
        states.append(state.clone())
    return states


def picture(state: State) -> str:
    """Everything about the state: its whole snapshot (secrets and chance included), the
    public view and whose decision it is."""
    return json.dumps([state.snapshot(), state.public_view(),
                       state.decision() and state.decision().seats],  # type: ignore[union-attr]
                      sort_keys=True, default=str)


GAMES = {game_id: get_game(game_id) for game_id in game_ids()}
STATES = {game_id: played_states(game) for game_id, game in GAMES.items()}
REAL = {game_id: sorted({game.format_action(a) for s in STATES[game_id]
                         if s.decision() is not None
                         for a in s.legal_actions(s.decision().seats[0])[:40]})  # type: ignore[union-attr]
        for game_id, game in GAMES.items()}
# notation the first dozen moves never list, mutated as well: the second train's buy
# and the actions that name a train, in English and German
LATER = {"benelux-rails": ["buy-train amsterdam", "kaufe-zug Brüssel", "move 2 antwerp",
                           "load 1 cheese", "deliver 2 40 cheese", "upgrade 1 B12",
                           "ferry 2"]}
for game_id, extra in LATER.items():
    REAL[game_id] = sorted({*REAL[game_id], *extra})


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hostile_notation_parses_or_is_refused_and_never_changes_a_state(game_id: str) -> None:
    game = GAMES[game_id]

    @settings(max_examples=400)
    @given(text=hostile_text(REAL[game_id]), which=st.integers(0, 100))
    def check(text: str, which: int) -> None:
        try:
            action = game.parse_action(text)
        except IllegalAction as exc:
            assert str(exc) and "\n" not in str(exc)
            return
        state = STATES[game_id][which % len(STATES[game_id])].clone()
        decision = state.decision()
        if decision is None:
            return
        before = picture(state)
        for seat in {decision.seats[0], 0}:
            try:
                state.apply(seat, action)
            except IllegalAction:
                assert picture(state) == before
            else:
                return
        assert isinstance(game.format_action(action), str)

    check()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hostile_options_are_accepted_or_refused_in_one_line(game_id: str) -> None:
    game = GAMES[game_id]
    values: Any = st.one_of(st.text(max_size=30), st.integers(), st.booleans(), st.none(),
                            st.lists(st.one_of(st.integers(), st.text(max_size=5)),
                                     max_size=4),
                            st.sampled_from(["²", "9" * 5000, "II", "i", "1,3", "30"]))

    @settings(max_examples=100)
    @given(raw=st.dictionaries(st.sampled_from(["sheet", "rounds", "challenges", "x", ""]),
                               values, max_size=3),
           seats=st.integers(-3, 9))
    def check(raw: dict[str, Any], seats: int) -> None:
        try:
            options = game.parse_options(raw, seats)
        except StellwerkError as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 400
            return
        json.dumps(options)      # a record can hold them

    check()
