"""States of unfinished games for every registered game and seat count, reached by
seeded random play; shared by the contract tests."""

from __future__ import annotations

from functools import cache
from typing import Any

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Game
from stellwerk.games import game_ids, get_game

GAME_IDS = game_ids()
STOPS = (0, 3, 9, 25, 60)     # actions into the game at which a state is kept


@cache
def game_and_pack(game_id: str) -> tuple[Game, Any]:
    game = get_game(game_id)
    return game, game.load_pack()


def seat_counts(game: Game) -> list[int]:
    return sorted({game.min_seats, min(game.max_seats, 3)})


@cache
def unfinished_states(game_id: str) -> tuple[Any, ...]:
    """(state, seats): a few states per seat count, at several depths, none of them over."""
    game, pack = game_and_pack(game_id)
    found = []
    for seats in seat_counts(game):
        for seed in (1, 2):
            state = game.new_state({}, seed, pack, seats)
            chance = Chance(seed)
            for step in range(max(STOPS) + 1):
                decision = state.decision()
                if decision is None:
                    break
                if step in STOPS:
                    found.append((state.clone(), seats))
                seat = decision.seats[0]
                if step and game_id == "railways" and len(state.discards) > 1:
                    # as after a reshuffle: a pile of several cards whose order is hidden
                    reshuffled = state.clone()
                    reshuffled.pile += reshuffled.discards
                    reshuffled.discards = []
                    found.append((reshuffled, seats))
                legal = state.candidate_actions(seat)
                state.apply(seat, legal[chance.below(len(legal))])
    return tuple(found)
