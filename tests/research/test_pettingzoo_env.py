"""The PettingZoo AEC environment passes PettingZoo's own API, seed and state-space
tests for every game and seat count, masks exactly the candidate actions, shows each
seat only its own view, gives a centralised critic every view, deals a fresh game on
each unseeded reset, and plays a whole game to the engine's result with zero-sum rank
rewards. Skipped loudly without the `research` extra."""

from __future__ import annotations

import numpy as np
import pytest

pettingzoo = pytest.importorskip(
    "pettingzoo", reason="the research extra is not installed: pip install 'stellwerk[research]'")

from pettingzoo.test import api_test, seed_test  # noqa: E402
from pettingzoo.test.state_test import test_state_space as check_state_space  # noqa: E402

from stellwerk.core.chance import Chance  # noqa: E402
from stellwerk.core.errors import BadOption  # noqa: E402
from stellwerk.games import game_ids, get_game  # noqa: E402
from stellwerk.research.pettingzoo_env import StellwerkAEC, decode_view, env  # noqa: E402
from stellwerk.research.returns import rank_returns  # noqa: E402


def every_seat_count() -> list[tuple[str, int]]:
    return [(game_id, seats) for game_id in game_ids()
            for seats in range(get_game(game_id).min_seats, get_game(game_id).max_seats + 1)]


@pytest.mark.parametrize(("game_id", "seats"), every_seat_count())
def test_pettingzoos_api_and_seed_tests_pass(game_id: str, seats: int) -> None:
    api_test(env(game_id, seats=seats), num_cycles=150)
    seed_test(lambda: env(game_id, seats=seats), num_cycles=100)


def play(e: StellwerkAEC, seed: int, check_state: bool = False) -> dict[str, float]:
    """Random masked play to the end; the final reward of every agent."""
    chance = Chance(seed)
    final: dict[str, float] = {}
    steps = 0
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
            continue
        seat = int(agent.rsplit("_", 1)[1])
        assert e.state_ is not None
        candidates = e.state_.candidate_actions(seat)
        mask = observation["action_mask"]
        valid = [int(i) for i in np.flatnonzero(mask)]
        spelling = info["spelling"]     # the candidates the words chosen so far begin
        assert set(spelling) <= {e.game.format_action(a) for a in candidates}
        assert len(valid) <= len(spelling)
        assert decode_view(observation["observation"]) == e.state_.view(seat)
        assert e.observation_space(agent).contains(observation)
        if check_state and steps % 25 == 0:
            whole = e.state()
            assert e.state_space.contains(whole)
            assert decode_view(whole) == {
                "public": e.state_.public_view(),
                "seats": [e.state_.view(s) for s in range(len(e.possible_agents))]}
        e.step(valid[chance.below(len(valid))])
        steps += 1
    assert steps > 5
    return final


@pytest.mark.parametrize("game_id", game_ids())
def test_a_game_played_through_the_env_ends_with_the_engines_result(game_id: str) -> None:
    e = env(game_id)
    e.reset(seed=7)
    final = play(e, 7, check_state=True)
    assert e.state_ is not None and e.state_.is_over()
    result = e.state_.result()
    assert set(final) == set(e.possible_agents)
    if len(e.possible_agents) == 1:
        assert final["seat_0"] == result.scores[0]
    else:
        assert [final[name] for name in e.possible_agents] == rank_returns(result.ranks)
        assert sum(final.values()) == pytest.approx(0.0)


def test_a_tied_finish_shares_the_rewards_and_sums_to_zero() -> None:
    # random play in Linie 1 ends with every seat ranked first
    e = env("linie1", seats=3)
    e.reset(seed=0)
    final = play(e, 0)
    assert e.state_ is not None and e.state_.result().ranks == (1, 1, 1)
    assert final == {"seat_0": 0.0, "seat_1": 0.0, "seat_2": 0.0}


@pytest.mark.parametrize(("game_id", "seats"), every_seat_count())
def test_the_state_for_a_centralised_critic_fits_its_space(game_id: str, seats: int) -> None:
    e = env(game_id, seats=seats)
    check_state_space(e)
    e.reset(seed=3)
    whole = e.state()
    assert e.state_space.contains(whole)
    assert e.state_ is not None
    assert decode_view(whole) == {"public": e.state_.public_view(),
                                  "seats": [e.state_.view(s) for s in range(seats)]}


def test_a_state_too_large_for_state_bytes_is_refused() -> None:
    e = env("rail-line", state_bytes=64)
    e.reset(seed=1)
    with pytest.raises(BadOption, match="does not fit"):
        e.state()


def first_views(e: StellwerkAEC, resets: int, seed: int | None = None) -> list[str]:
    views = []
    e.reset(seed=seed)
    for index in range(resets):
        if index:
            e.reset()
        assert e.state_ is not None
        views.append(str(e.state_.public_view()) + str(e.state_.view(0)))
    return views


def test_a_reset_without_a_seed_deals_a_fresh_game() -> None:
    e = env("rail-line")
    e.reset()
    first_seed = e.game_seed
    views = first_views(e, 6)
    assert len(set(views)) > 1
    again = env("rail-line")
    again.reset()
    assert again.game_seed != first_seed        # fresh entropy, not a fixed seed


def test_a_seeded_reset_plays_that_engine_seed_and_fixes_the_later_resets() -> None:
    e = env("rail-line")
    e.reset(seed=11)
    assert e.state_ is not None
    expected = e.game.new_state(e.options, 11, e.pack, e.seats)
    assert e.state_.view(0) == expected.view(0) and e.state_.view(1) == expected.view(1)
    run = first_views(env("rail-line"), 5, seed=11)
    assert run == first_views(env("rail-line"), 5, seed=11)
    assert len(set(run[1:])) > 1               # the later resets deal different games
    e.reset(seed=-5)                            # any int, as the engine takes
    assert e.state_ is not None and e.game_seed == -5
    assert e.state_.view(0) == e.game.new_state(e.options, -5, e.pack, e.seats).view(0)
    assert run != first_views(env("rail-line"), 5, seed=12)


def test_an_index_outside_the_mask_is_refused_and_changes_nothing() -> None:
    e = env("rail-line")
    e.reset(seed=1)
    assert e.state_ is not None
    before = e.state_.snapshot()
    with pytest.raises(BadOption, match="not one of the"):
        e.step(4000)
    with pytest.raises(BadOption, match="not one of the"):
        e.step(e.vocabulary.number["pass"] if e.vocabulary else 0)   # not legal here
    assert e.state_.snapshot() == before


@pytest.mark.parametrize("game_id", game_ids())
def test_action_numbers_mean_fixed_words_and_the_features_are_numbers(game_id: str) -> None:
    e = env(game_id)
    meanings = e.action_meanings()
    assert e.action_space("seat_0").n == len(meanings) and meanings[-1] == "done"
    e.reset(seed=2)
    chance = Chance(2)
    size = e.observation_space("seat_0")["features"].shape
    partway = False
    for _ in range(60):
        agent = e.agent_selection
        observation, _, terminated, _, info = e.last()
        if terminated:
            break
        assert observation["features"].shape == size and observation["features"].any()
        valid = [int(i) for i in np.flatnonzero(observation["action_mask"])]
        assert {meanings[i] for i in valid} == set(info["action_meanings"].values())
        e.step(valid[chance.below(len(valid))])
        if e.infos[e.agent_selection].get("chosen"):    # part way through an action's words
            assert e.agent_selection == agent
            partway = True
    assert partway


def test_numbering_by_candidate_position_is_kept_on_request() -> None:
    e = env("rail-line", actions="candidates")
    assert e.action_meanings() == [] and e.action_space("seat_0").n == 4096
    e.reset(seed=1)
    assert e.state_ is not None
    seat = int(e.agent_selection.rsplit("_", 1)[1])
    assert int(e.observe(e.agent_selection)["action_mask"].sum()) == \
        len(e.state_.candidate_actions(seat))
    with pytest.raises(BadOption, match="not 'letters'"):
        env("rail-line", actions="letters")
