"""The OpenSpiel Python game of every Stellwerk game, at every seat count, passes
OpenSpiel's own random simulation checks. Skipped loudly when OpenSpiel
is not installed (`pip install 'stellwerk[research]'`)."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (`python3 dev.py test` installs it wherever the "
    "platform has a wheel; or pip install 'stellwerk[research]')")

from stellwerk.games import game_ids, get_game  # noqa: E402
from stellwerk.research.openspiel_game import load  # noqa: E402


def every_seat_count() -> list[tuple[str, int]]:
    return [(game_id, seats) for game_id in game_ids()
            for seats in range(get_game(game_id).min_seats, get_game(game_id).max_seats + 1)]


@pytest.mark.parametrize(("game_id", "seats"), every_seat_count())
def test_openspiels_random_simulation_checks_pass(game_id: str, seats: int) -> None:
    # among the checks: a clone prints like its original (ToString) and has the same
    # information-state strings (the seats' views, event logs included)
    pyspiel.random_sim_test(load(game_id, seats), num_sims=1, serialize=False, verbose=False)


def test_a_seed_and_candidate_indices_replay_the_engine() -> None:
    game = load("rail-line")
    assert pyspiel.load_game("python_stellwerk_rail_line_2").num_players() == 2
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(17)
    inner = state.inner
    assert inner is not None
    expected = game.stellwerk.new_state(game.options, 17, game.pack, 2)
    assert inner.view(0) == expected.view(0)
    seat = state.current_player()
    legal = state.legal_actions()
    assert legal == list(range(len(expected.candidate_actions(seat))))
    assert state.information_state_string(seat) != state.information_state_string(1 - seat)
    twin = state.clone()
    twin.apply_action(legal[-1])
    assert str(state) != str(twin) and state.inner is inner     # the clone is independent
