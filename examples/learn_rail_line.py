"""A learner that learns: a small policy trained by self-play against `random` in
two-player Rail Line, then measured against `random` on fresh seeds.

    pip install 'stellwerk[learn]'          # numpy only
    python examples/learn_rail_line.py      # a few CPU minutes; --help for the knobs

The policy is linear-softmax over the candidate actions (REINFORCE with a running
baseline, Williams 1992): each candidate is described by a few numbers of what it does
to the learner's own seat, read from the seat's view after the action is tried on a
determinized sample (`Window.sample`: hidden cards redrawn, so the learner never sees
them). The numbers are this example's own small feature function, not a tensor the
library promises; the research adapters (PettingZoo, OpenSpiel) give the view as
JSON for a learner that wants to build its own.

Training plays `--episodes` games on seeds from `--seed`, the learner in both chairs
in turn; the evaluation plays `--games` games on seeds from `--eval-seed`, which
training never saw, and prints the learner's win share against `random` with its
95 % Wilson interval, beside the untrained policy's (all weights zero: a uniformly
random choice) on the same seeds.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

import numpy as np

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action, Game
from stellwerk.core.session import Window, play_out
from stellwerk.games import get_game
from stellwerk.research.stats import wilson

KINDS = ("pass", "slow", "second", "discard", "gain", "lay", "track", "side", "free", "decline")


def seat_numbers(view: dict[str, Any], seat: int) -> np.ndarray:
    """Own score, best rival score, coins, slow moves left, cards in hand and the
    points the next box of each row would add (positive ones summed)."""
    seats = view["seats"]
    own = next(s for s in seats if s["seat"] == seat)
    rivals = [s["score_now"] for s in seats if s["seat"] != seat] or [0]
    upside = sum(max(row.get("next_adds") or 0, 0) for row in own["sheet"])
    return np.array([own["score_now"], max(rivals), own["coins"], own["slow"],
                     own["hand_size"], upside], dtype=float)


FEATURES = 1 + len(KINDS) + 6


def features(window: Window, sample: Any, action: Action) -> np.ndarray:
    """What `action` does to the seat: its kind, and the change of the seat's numbers
    when it is tried on the sample."""
    kind = np.zeros(len(KINDS))
    word = window.game.format_action(action).split()[0]
    if word in KINDS:
        kind[KINDS.index(word)] = 1.0
    before = seat_numbers(sample.view(window.seat), window.seat)
    after_state = sample.clone()
    after_state.apply(window.seat, action)
    after = seat_numbers(after_state.view(window.seat), window.seat)
    return np.concatenate([[1.0], kind, (after - before) / 5.0])


class Learner:
    """A linear-softmax policy; `trace` keeps (features, chosen index) for training."""

    kind = "learner"

    def __init__(self, weights: np.ndarray, rng: np.random.Generator) -> None:
        self.weights = weights
        self.rng = rng
        self.trace: list[tuple[np.ndarray, int]] = []

    def choose(self, window: Window) -> Action:
        if len(window.legal) == 1:
            return window.legal[0]
        sample = window.sample()
        phi = np.stack([features(window, sample, a) for a in window.legal])
        logits = phi @ self.weights
        p = np.exp(logits - logits.max())
        p /= p.sum()
        index = int(self.rng.choice(len(p), p=p))
        self.trace.append((phi, index))
        return window.legal[index]


def play(game: Game, pack: Any, seed: int, learner: Learner, chair: int) -> float:
    """One game against `random`; the learner's return (+1 win, 0 tie, -1 loss)."""
    state = game.new_state({}, seed, pack, 2)
    chance = Chance(seed ^ 0x1EA2)
    agents: list[Any] = [make_bot("random", chance, game), make_bot("random", chance, game)]
    agents[chair] = learner
    play_out(game, state, agents, chance)
    ranks = state.result().ranks
    return float(np.sign(ranks[1 - chair] - ranks[chair]))


def train(game: Game, pack: Any, episodes: int, seed: int, rate: float) -> np.ndarray:
    rng = np.random.default_rng(seed)
    weights = np.zeros(FEATURES)
    baseline = 0.0
    for episode in range(episodes):
        learner = Learner(weights, rng)
        reward = play(game, pack, seed + episode, learner, episode % 2)
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        for phi, index in learner.trace:
            logits = phi @ weights
            p = np.exp(logits - logits.max())
            p /= p.sum()
            weights = weights + rate * advantage * (phi[index] - p @ phi)
    return weights


def evaluate(game: Game, pack: Any, weights: np.ndarray, games: int, seed: int) -> \
        dict[str, Any]:
    rng = np.random.default_rng(seed)
    share = 0.0
    for i in range(games):
        reward = play(game, pack, seed + i, Learner(weights, rng), i % 2)
        share += (reward + 1) / 2          # a tie counts half
    low, high = wilson(share, games)
    return {"games": games, "win_share": round(share / games, 4),
            "ci95": [round(low, 4), round(high, 4)], "seeds": [seed, seed + games - 1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=300, help="training games")
    parser.add_argument("--seed", type=int, default=0, help="first training seed")
    parser.add_argument("--rate", type=float, default=0.05, help="learning rate")
    parser.add_argument("--games", type=int, default=200, help="evaluation games")
    parser.add_argument("--eval-seed", type=int, default=900_000,
                        help="first evaluation seed (training never plays it)")
    args = parser.parse_args()
    game = get_game("rail-line")
    pack = game.load_pack()
    start = time.process_time()
    weights = train(game, pack, args.episodes, args.seed, args.rate)
    trained_cpu = time.process_time() - start
    before = evaluate(game, pack, np.zeros(FEATURES), args.games, args.eval_seed)
    after = evaluate(game, pack, weights, args.games, args.eval_seed)
    print(json.dumps({"episodes": args.episodes, "training_cpu_s": round(trained_cpu, 1),
                      "untrained_vs_random": before, "trained_vs_random": after,
                      "weights": dict(zip(["bias", *(f"kind {k}" for k in KINDS), "score",
                                           "rival", "coins", "slow moves", "hand",
                                           "upside"],
                                          [round(float(w), 3) for w in weights],
                                          strict=True))}, indent=1))
    if not math.isnan(after["win_share"]) and after["ci95"][0] <= 0.5:
        print("the trained policy is not measurably better than random on these seeds")


if __name__ == "__main__":
    main()
