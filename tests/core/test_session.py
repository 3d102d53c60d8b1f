"""The loop that drives seats through a game, and the bots that speak only the contract."""

from __future__ import annotations

from typing import Any

import pytest

from stellwerk.bots import BOTS, make_bot
from stellwerk.bots.ismcts import ISMCTSBot
from stellwerk.bots.levels import Budget
from stellwerk.bots.montecarlo import SearchBot
from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.core.errors import BadOption
from stellwerk.core.session import Window, play_out
from stellwerk.games import get_game

GAME = get_game("rail-line")
PACK = GAME.load_pack()


def new_state(seed: int = 4, seats: int = 3) -> Any:
    return GAME.new_state({"sheet": "I"}, seed, PACK, seats)


class Watcher:
    """An agent that records what it was shown and takes the last legal action."""

    kind = "watcher"

    def __init__(self) -> None:
        self.windows: list[tuple[int, list[Action], dict[str, Any]]] = []

    def choose(self, window: Window) -> Action:
        self.windows.append((window.seat, list(window.legal), window.view()))
        return window.legal[-1]


def test_play_out_asks_the_deciding_seat_until_the_end() -> None:
    state = new_state()
    agents = [Watcher() for _ in range(3)]
    steps: list[tuple[int, Action]] = []
    taken = play_out(GAME, state, agents, Chance(1),
                     on_step=lambda seat, action, _s: steps.append((seat, action)))
    assert state.is_over()
    assert taken == steps
    assert len(taken) == sum(len(a.windows) for a in agents)
    for seat, agent in enumerate(agents):
        for shown_seat, legal, view in agent.windows:
            assert shown_seat == seat
            assert legal
            assert view["seat"] == seat


def test_play_out_replays_identically() -> None:
    def run() -> list[tuple[int, Action]]:
        chance = Chance(9)
        return play_out(GAME, new_state(), [make_bot("random", chance) for _ in range(3)],
                        chance)

    assert run() == run()


def test_play_out_gives_up_after_max_steps() -> None:
    with pytest.raises(RuntimeError, match="no end after 5 steps"):
        play_out(GAME, new_state(), [Watcher() for _ in range(3)], Chance(1), max_steps=5)


def test_a_window_sample_does_not_change_the_game() -> None:
    state = new_state(seats=2)
    while state.decision().prompt != "rl.ask.lay":
        seat = state.decision().seats[0]
        state.apply(seat, state.legal_actions(seat)[0])
    before = state.view(0), state.view(1)
    window = Window(GAME, state, 0, state.legal_actions(0), Chance(3))
    sample = window.sample()
    sample.apply(0, window.legal[0])
    assert (state.view(0), state.view(1)) == before
    # a fresh sample keeps everything seat 0 can see
    fresh = window.sample()
    assert fresh.view(0)["hand"] == before[0]["hand"]
    assert fresh.view(0)["offer"] == before[0]["offer"]


# The search bot plays only the last part of a game, with a small budget: its choices are
# what is tested here, not its strength (that is scripts/bench_*), and a whole game of
# full-budget search took 45 s of the suite.
RANDOM_PREFIX = {"search": 40}


def bot(kind: str, chance: Chance) -> Any:
    if kind == "search":
        return SearchBot(chance, candidates=2, rollouts=2, width=2)
    if kind.startswith("ismcts-"):
        # a whole game at a level's full budget takes minutes of CPU (Rail Line's
        # `hard` ~2 s a decision); a small guided budget runs every code path
        return ISMCTSBot(chance, Budget(iterations=12, rollout_depth=500, rollout_width=2))
    return make_bot(kind, chance)


@pytest.mark.parametrize("kind", sorted(BOTS))
def test_bots_choose_legal_actions_and_are_reproducible(kind: str) -> None:
    def run(seed: int) -> list[tuple[int, Action]]:
        chance = Chance(seed)
        state = new_state(seed=seed, seats=2)
        for _ in range(RANDOM_PREFIX.get(kind, 0)):
            seat = state.decision().seats[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[chance.below(len(legal))])
        agents = [bot(kind, chance) for _ in range(2)]
        # play_out applies every choice; an illegal one would raise IllegalAction here
        taken = play_out(GAME, state, agents, chance)
        assert state.is_over()
        return taken

    first = run(21)
    assert first == run(21)
    assert first != run(22)


def test_greedy_beats_random_on_average() -> None:
    greedy = random_total = 0.0
    for seed in range(6):
        chance = Chance(seed)
        state = new_state(seed=seed, seats=2)
        play_out(GAME, state, [make_bot("greedy", chance), make_bot("random", chance)], chance)
        scores = state.result().scores
        greedy += scores[0]
        random_total += scores[1]
    assert greedy > random_total


def test_an_unknown_bot_is_refused() -> None:
    with pytest.raises(BadOption, match="unknown bot 'genius'; bots: random, greedy"):
        make_bot("genius", Chance(1))


def test_a_games_own_bot_plays_only_that_game() -> None:
    linie1 = get_game("linie1")
    assert make_bot("planner", Chance(1), linie1).kind == "planner"
    with pytest.raises(BadOption, match="unknown bot 'planner' for Rail Line; bots for "
                                        "Rail Line: random, greedy, search"):
        make_bot("planner", Chance(1), GAME)
    with pytest.raises(BadOption, match="unknown bot 'planner'; bots: random, greedy, search"):
        make_bot("planner", Chance(1))


def test_the_seat_list_refuses_a_bot_that_does_not_play_the_game() -> None:
    from stellwerk.frontends.setup import parse_seats

    assert parse_seats("human,planner", get_game("linie1"), []) == ["human", "planner"]
    with pytest.raises(BadOption, match="unknown seat 'planner' for Rail Line; seats may be: "
                                        "random, greedy, search, ismcts-easy, "
                                        "ismcts-normal, ismcts-hard, human"):
        parse_seats("human,planner", GAME, [])
