"""Every game in OpenSpiel numbers its actions by word, each number one fixed meaning,
and gives observation and information-state tensors of one fixed shape per game and
seat count. Skipped loudly when OpenSpiel is not installed."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (`python3 dev.py test` installs it wherever the "
    "platform has a wheel; or pip install 'stellwerk[research]')")

from stellwerk.core.chance import Chance  # noqa: E402
from stellwerk.core.companions import encoding  # noqa: E402
from stellwerk.core.encoding import hashed_features  # noqa: E402
from stellwerk.games import game_ids, get_game  # noqa: E402
from stellwerk.research.openspiel_game import load  # noqa: E402
from stellwerk.testing.states import deciding_seats  # noqa: E402


def every_game() -> list[tuple[str, int]]:
    return [(game_id, seats) for game_id in game_ids()
            for seats in sorted({get_game(game_id).min_seats, get_game(game_id).max_seats})]


def positions(game_id: str, seats: int, seed: int, steps: int) -> list:
    """The decision nodes met in `steps` seeded random steps (chance dealt by seed)."""
    state, draws, moves = load(game_id, seats).new_initial_state(), Chance(seed), Chance(seed)
    found = []
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.seeded_outcome(draws))
            continue
        found.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(legal[moves.below(len(legal))])
    return found


@pytest.mark.parametrize(("game_id", "seats"), every_game())
def test_each_action_number_means_one_word_in_every_state(game_id: str, seats: int) -> None:
    game = load(game_id, seats)
    words = game.vocabulary
    assert game.num_distinct_actions() == len(words.words) + 1
    meaning: dict[int, str] = {}
    for state in positions(game_id, seats, seed=3, steps=400):
        player = state.current_player()
        for action in state.legal_actions():
            text = state.action_to_string(player, action)
            assert meaning.setdefault(action, text) == text == words.meaning(action)
    assert len(meaning) > 5


@pytest.mark.parametrize(("game_id", "seats"), every_game())
def test_tensors_have_one_shape_and_hold_what_the_seat_sees(game_id: str, seats: int) -> None:
    game = load(game_id, seats)
    size = game.observation_tensor_size()
    assert size == game.information_state_tensor_size() > 0
    assert game.observation_tensor_shape() == [size]
    for state in positions(game_id, seats, seed=5, steps=120)[::10]:
        player = state.current_player()
        for seat in range(seats):
            tensor = state.observation_tensor(seat)
            assert len(tensor) == size == len(state.information_state_tensor(seat))
            assert state.inner is not None
            view_part = hashed_features(state.inner.view(seat),
                                        game.encoding.feature_size)
            assert tensor[:len(view_part)] == pytest.approx(view_part)
        if seats > 1:
            other = (player + 1) % seats
            assert state.observation_tensor(player) != state.observation_tensor(other)


def test_the_words_chosen_so_far_are_in_the_tensor_of_the_seat_choosing() -> None:
    game = load("rail-line", 2)
    state = next(s for s in positions("rail-line", 2, seed=1, steps=200)
                 if game.vocabulary.meaning(s.legal_actions()[0]) == "lay")
    player = state.current_player()
    before = state.observation_tensor(player)
    state.apply_action(game.vocabulary.number["lay"])
    assert state.current_player() == player          # the card's name comes next
    after = state.observation_tensor(player)
    offset = game.encoding.feature_size
    assert after[offset + game.vocabulary.number["lay"]] == 1.0
    assert before[offset:] != after[offset:] and before[:offset] == after[:offset]


def test_a_games_words_are_every_word_its_candidates_write() -> None:
    # the vocabulary is complete for the candidates of random play in every game
    for game_id in game_ids():
        game = get_game(game_id)
        pack = game.load_pack()
        coding = encoding(game, pack, game.min_seats)
        words = set(coding.words())
        state = game.new_state(game.parse_options({}, game.min_seats), 2, pack, game.min_seats)
        chance = Chance(2)
        for seat in deciding_seats(state, 150):
            candidates = state.candidate_actions(seat)
            for action in candidates:
                assert set(coding.tokens(action)) <= words, game.format_action(action)
            state.apply(seat, candidates[chance.below(len(candidates))])
