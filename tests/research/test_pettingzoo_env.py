"""The PettingZoo AEC environment passes PettingZoo's own API test for every game, masks
exactly the candidate actions, shows each seat only its own view, and plays a whole game
to the engine's result. Skipped loudly without the `research` extra."""

from __future__ import annotations

import pytest

pettingzoo = pytest.importorskip(
    "pettingzoo", reason="the research extra is not installed: pip install 'stellwerk[research]'")

from pettingzoo.test import api_test  # noqa: E402

from stellwerk.core.chance import Chance  # noqa: E402
from stellwerk.core.errors import BadOption  # noqa: E402
from stellwerk.games import game_ids  # noqa: E402
from stellwerk.research.pettingzoo_env import decode_view, env  # noqa: E402


@pytest.mark.parametrize("game_id", game_ids())
def test_pettingzoos_api_test_passes(game_id: str) -> None:
    api_test(env(game_id), num_cycles=150)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_game_played_through_the_env_ends_with_the_engines_result(game_id: str) -> None:
    e = env(game_id)
    e.reset(seed=7)
    chance = Chance(7)
    steps = 0
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
            continue
        seat = int(agent.rsplit("_", 1)[1])
        assert e.state_ is not None
        candidates = e.state_.candidate_actions(seat)
        mask = observation["action_mask"]
        assert int(mask.sum()) == min(len(candidates), len(mask))
        assert decode_view(observation["observation"]) == e.state_.view(seat)
        e.step(chance.below(int(mask.sum())))
        steps += 1
    assert e.state_ is not None and e.state_.is_over()
    result = e.state_.result()
    assert steps > 5
    assert set(final) == set(e.possible_agents)
    seats = len(e.possible_agents)
    for seat, name in enumerate(e.possible_agents):
        if seats == 1:
            assert final[name] == result.scores[0]
        else:
            assert final[name] == (seats - result.ranks[seat]) / (seats - 1) * 2 - 1


def test_an_index_outside_the_mask_is_refused_and_changes_nothing() -> None:
    e = env("rail-line")
    e.reset(seed=1)
    assert e.state_ is not None
    before = e.state_.snapshot()
    with pytest.raises(BadOption, match="not one of the"):
        e.step(4000)
    assert e.state_.snapshot() == before
