"""The search bot: generic (contract only), reproducible, legal, and better than greedy."""

from __future__ import annotations

import statistics
from pathlib import Path

from stellwerk.bots import bot_class, make_bot
from stellwerk.bots.montecarlo import SearchBot
from stellwerk.core.chance import Chance
from stellwerk.core.session import Window, play_out
from stellwerk.games import get_game
from tests.railways.helpers import GAME, PACK


def _final(kind: str, seed: int) -> float:
    state = GAME.new_state({}, seed, PACK, 1)
    chance = Chance(seed ^ 0x5EEDB075)
    play_out(GAME, state, [make_bot(kind, chance)], chance)
    return state.result().scores[0]


def test_registered_and_speaks_only_the_contract() -> None:
    assert bot_class("search") is SearchBot
    source = Path(SearchBot.__module__.replace(".", "/") + ".py")
    text = (Path(__file__).parents[2] / "src" / source).read_text(encoding="utf-8")
    assert "games" not in text.split('"""', 2)[2]      # no game import after the docstring


def test_it_beats_greedy_on_the_same_seeds() -> None:
    seeds = range(4)
    search = [_final("search", s) for s in seeds]
    greedy = [_final("greedy", s) for s in seeds]
    assert statistics.fmean(search) > statistics.fmean(greedy) + 5


def test_it_is_reproducible_from_its_seed() -> None:
    state = GAME.new_state({}, 3, PACK, 1)
    state.apply(0, state.legal_actions(0)[0])
    picks = []
    for _ in range(2):
        bot = SearchBot(Chance(11), candidates=3, rollouts=2)
        window = Window(GAME, state, 0, state.legal_actions(0), Chance(12))
        picks.append(bot.choose(window))
    assert picks[0] == picks[1] and picks[0] in state.legal_actions(0)


def test_it_plays_another_game_too() -> None:
    game = get_game("rail-line")
    pack = game.load_pack()
    state = game.new_state({}, 1, pack, 2)
    chance = Chance(2)
    bots = [SearchBot(chance, candidates=2, rollouts=1, width=2) for _ in range(2)]
    for _ in range(3):
        decision = state.decision()
        assert decision is not None
        seat = decision.seats[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(Window(game, state, seat, legal, chance))
        assert action in legal
        state.apply(seat, action)
