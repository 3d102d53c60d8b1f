"""The Railways yardstick (`yardstick.toml`) holds what the bots score with the current
engine: its `random` row is played again on the same seeds, the way its command plays
them (`scripts/bench_railways.py study`), and must give the same figures. A change of
the rules or the pack that moves them means the yardstick is to be measured again."""

from __future__ import annotations

import statistics

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.session import play_out
from stellwerk.games import get_game
from stellwerk.games.railways.yardstick import yardstick

SALT = 0x5EEDB075       # scripts/bench_railways.py: the bot's random numbers per seed


def test_the_random_row_is_what_the_engine_plays_on_its_seeds() -> None:
    data = yardstick()
    game = get_game("railways")
    pack = game.load_pack()
    scores: list[float] = []
    met = dict.fromkeys(data["challenges"], 0)
    for seed in range(data["games"]):
        state = game.new_state({}, seed, pack, 1)
        chance = Chance(seed ^ SALT)
        play_out(game, state, [make_bot("random", chance)], chance)
        scores.append(state.result().scores[0])
        for name, done in state.challenge_results().items():
            met[name] += bool(done)
    row = data["bots"]["random"]
    q1, median, q3 = statistics.quantiles(scores, n=4)
    assert round(statistics.fmean(scores), 2) == row["mean"]
    assert (q1, median, q3) == (row["lower_quartile"], row["median"], row["upper_quartile"])
    for name, count in met.items():
        assert round(100 * count / len(scores), 1) == data["challenges"][name]["random"]
