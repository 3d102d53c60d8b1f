"""The OpenSpiel Python game of every Stellwerk game, at every seat count, passes
OpenSpiel's own random simulation checks with serialization, pickles and comes back in
a fresh process, and pays zero-sum rank returns. Skipped loudly when OpenSpiel is not
installed (`pip install 'stellwerk[research]'`)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (`python3 dev.py test` installs it wherever the "
    "platform has a wheel; or pip install 'stellwerk[research]')")

import stellwerk  # noqa: E402
from stellwerk.core.chance import Chance  # noqa: E402
from stellwerk.core.errors import BadOption  # noqa: E402
from stellwerk.games import game_ids, get_game  # noqa: E402
from stellwerk.research.openspiel_game import StellwerkSpielState, load  # noqa: E402
from stellwerk.research.pettingzoo_env import env  # noqa: E402
from stellwerk.research.returns import rank_returns  # noqa: E402


def every_seat_count() -> list[tuple[str, int]]:
    return [(game_id, seats) for game_id in game_ids()
            for seats in range(get_game(game_id).min_seats, get_game(game_id).max_seats + 1)]


def deal(state: StellwerkSpielState, draws: Chance) -> None:
    """Play the chance nodes as the engine's generator `draws` draws them."""
    while state.is_chance_node():
        state.apply_action(state.seeded_outcome(draws))


def played(game_id: str, seats: int, seed: int, moves: int | None = None) -> StellwerkSpielState:
    """The game of engine seed `seed` after `moves` random actions (None: to the end)."""
    state = load(game_id, seats).new_initial_state()
    draws, chance = Chance(seed), Chance(seed)
    deal(state, draws)
    while not state.is_terminal() and (moves is None or moves > 0):
        legal = state.legal_actions()
        state.apply_action(legal[chance.below(len(legal))])
        moves = None if moves is None else moves - 1
        deal(state, draws)
    return state


@pytest.mark.parametrize(("game_id", "seats"), every_seat_count())
def test_openspiels_random_simulation_checks_pass_with_serialization(game_id: str,
                                                                    seats: int) -> None:
    # among the checks: a clone prints like its original (ToString) and has the same
    # information-state strings (the seats' views, event logs included); a serialized
    # and deserialized state prints like its original; multi-seat returns sum to 0
    pyspiel.random_sim_test(load(game_id, seats), num_sims=1, serialize=True, verbose=False)


def test_seeded_outcomes_and_words_replay_the_engine() -> None:
    game = load("rail-line")
    assert pyspiel.load_game("python_stellwerk_rail_line_2").num_players() == 2
    state = game.new_initial_state()
    assert state.is_chance_node()
    deal(state, Chance(17))
    inner = state.inner
    assert inner is not None
    expected = game.stellwerk.new_state(game.options, 17, game.pack, 2)
    assert inner.view(0) == expected.view(0)
    seat = state.current_player()
    words = game.vocabulary
    # "side 1" and "side 2": the first word is "side", then the number settles it
    assert [words.meaning(a) for a in state.legal_actions()] == ["side"]
    assert state.information_state_string(seat) != state.information_state_string(1 - seat)
    twin = state.clone()
    twin.apply_action(words.number["side"])
    assert twin.current_player() == seat and twin.chosen_words() == ["side"]
    assert [words.meaning(a) for a in twin.legal_actions()] == ["1", "2"]
    assert twin.information_state_string(seat).endswith(" chosen: side")
    twin.apply_action(words.number["2"])
    expected.apply(seat, game.stellwerk.parse_action("side 2"))
    assert twin.inner is not None and twin.inner.view(0) == expected.view(0)
    assert str(state) != str(twin) and state.inner is inner     # the clone is independent


@pytest.mark.parametrize(("game_id", "seats"), [("rail-line", 3), ("linie1", 4),
                                                ("railways", 1), ("benelux-rails", 2)])
def test_a_pickled_state_plays_on_like_its_original(game_id: str, seats: int) -> None:
    game = load(game_id, seats)
    assert pickle.loads(pickle.dumps(game)) is game
    state = played(game_id, seats, seed=5, moves=12)
    twin = pickle.loads(pickle.dumps(state))
    for _ in range(6):
        assert str(twin) == str(state) and twin.history() == state.history()
        assert twin.legal_actions() == state.legal_actions()
        for seat in range(seats):
            assert twin.information_state_string(seat) == state.information_state_string(seat)
        if state.is_terminal():
            break
        action = state.legal_actions()[-1]
        state.apply_action(action)
        twin.apply_action(action)


def test_a_serialized_state_is_read_back_in_a_fresh_process(tmp_path: Path) -> None:
    game = load("linie1", 4)
    state = played("linie1", 4, seed=3, moves=10)
    assert not state.is_terminal()
    (tmp_path / "state.txt").write_text(pyspiel.serialize_game_and_state(game, state))
    seat = state.current_player()
    child = ("import sys, pyspiel\n"
             "import stellwerk.research.openspiel_game\n"
             "game, state = pyspiel.deserialize_game_and_state(open(sys.argv[1]).read())\n"
             "print(str(state))\n"
             "print(state.information_state_string(int(sys.argv[2])))\n"
             "print(state.legal_actions())\n")
    source = str(Path(stellwerk.__file__).parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [source, *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run([sys.executable, "-c", child, str(tmp_path / "state.txt"), str(seat)],
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [str(state), state.information_state_string(seat),
                                        str(state.legal_actions())]


def test_every_game_object_shares_the_content_pack_read_once() -> None:
    # pyspiel.load_game and every deserialized state make a new game object
    assert pyspiel.load_game("python_stellwerk_benelux_rails_3").pack is \
        load("benelux-rails", 3).pack


def test_a_seat_count_the_game_does_not_have_is_refused_and_registers_nothing() -> None:
    with pytest.raises(BadOption, match="2 or 3 players, not 7"):
        load("rail-line", 7)
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("python_stellwerk_rail_line_7")


def test_seats_tied_for_first_share_the_returns_and_the_sum_is_zero() -> None:
    # random play in Linie 1 ends with every seat ranked first: a four-way tie
    state = played("linie1", 4, seed=0)
    assert state.is_terminal()
    inner = state.inner
    assert inner is not None and inner.result().ranks == (1, 1, 1, 1)
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]
    game_type = load("linie1", 4).get_type()
    assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert load("linie1", 4).utility_sum() == 0.0


@pytest.mark.parametrize("seed", range(4))
def test_returns_are_the_rank_returns_of_the_engines_result(seed: int) -> None:
    state = played("rail-line", 3, seed=seed)
    inner = state.inner
    assert inner is not None
    assert state.returns() == rank_returns(inner.result().ranks)
    assert sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.parametrize(("game_id", "seats", "seed"), [("rail-line", 3, 1), ("linie1", 3, 0),
                                                        ("railways", 1, 2)])
def test_both_adapters_pay_the_same_for_the_same_game(game_id: str, seats: int,
                                                      seed: int) -> None:
    state = played(game_id, seats, seed=seed)
    aec = env(game_id, seats=seats)
    aec.reset(seed=seed)
    chance = Chance(seed)
    final: dict[str, float] = {}
    for agent in aec.agent_iter():
        observation, reward, terminated, _truncated, _info = aec.last()
        if terminated:
            final[agent] = reward
            aec.step(None)
        else:
            valid = [int(i) for i in observation["action_mask"].nonzero()[0]]
            aec.step(valid[chance.below(len(valid))])
    assert aec.state_ is not None and state.inner is not None
    assert aec.state_.public_view() == state.inner.public_view()     # the very same game
    assert [aec.state_.view(s) for s in range(seats)] == [state.inner.view(s)
                                                          for s in range(seats)]
    assert [final[agent] for agent in aec.possible_agents] == state.returns()


def test_a_solo_game_returns_its_score_and_is_general_sum() -> None:
    state = played("railways", 1, seed=2)
    inner = state.inner
    assert inner is not None
    assert state.returns() == [float(inner.result().scores[0] or 0.0)]
    assert load("railways", 1).get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


@pytest.mark.parametrize("game_id", ["rail-line", "linie1", "benelux-rails"])
def test_a_resampled_state_is_one_the_player_cannot_tell_apart(game_id: str) -> None:
    state = played(game_id, 2, 11, moves=6)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    twins = [state.resample_from_infostate(player, sampler) for _ in range(8)]
    mine = state.information_state_string(player)
    assert all(t.information_state_string(player) == mine for t in twins)
    assert all(t.legal_actions() == state.legal_actions() for t in twins)
    other = 1 - player
    hidden = {t.information_state_string(other) for t in twins}
    assert len(hidden) > 1  # what the player has not seen is redrawn
    assert state.information_state_string(player) == mine  # the original is untouched


@pytest.mark.parametrize("game_id", ["rail-line", "railways"])
def test_openspiels_ismcts_bot_plays_whole_games(game_id: str) -> None:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = load(game_id, get_game(game_id).min_seats)
    rng = np.random.RandomState(5)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                           max_simulations=4, random_state=rng)
    state = game.new_initial_state()
    draws = Chance(3)
    moves = 0
    while not state.is_terminal() and moves < 400:
        deal(state, draws)
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert state.is_terminal()
