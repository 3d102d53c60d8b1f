"""Seeded states of any registered game, for tests that must hold for every game."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action, Game, State
from stellwerk.games import get_game

STOPS = (0, 3, 9, 25, 60)     # actions into the game at which a state is kept


@cache
def game_and_pack(game_id: str) -> tuple[Game, Any]:
    """The game and its default pack, loaded once per test session."""
    game = get_game(game_id)
    return game, game.load_pack()


def seat_counts(game: Game) -> list[int]:
    """The fewest seats and three (or the most, when fewer)."""
    return sorted({game.min_seats, min(game.max_seats, 3)})


def deciding_seats(state: State, most: int | None = None) -> Iterator[int]:
    """The seat that decides next (the first a decision names), while the game runs and
    at most `most` times (None: to the end); the caller has it act on this same state
    before asking for the next."""
    asked = 0
    while (most is None or asked < most) and (decision := state.decision()) is not None:
        yield decision.seats[0]
        asked += 1


def play_randomly(state: State, chance: Chance, steps: int) -> list[tuple[int, Action]]:
    """Up to `steps` actions, each a candidate of the first seat that owes one, drawn
    from `chance`; the (seat, action) pairs taken."""
    taken = []
    for seat in deciding_seats(state, steps):
        legal = state.candidate_actions(seat)
        action = legal[chance.below(len(legal))]
        state.apply(seat, action)
        taken.append((seat, action))
    return taken


@cache
def unfinished_states(game_id: str) -> tuple[Any, ...]:
    """(state, seats): a few states per seat count, at several depths, none of them over.
    A state that keeps a discard pile (`discards` beside a `pile`) is kept once more as
    after a reshuffle: a pile of several cards whose order is hidden."""
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
                if step and _reshuffles(state):
                    reshuffled = state.clone()
                    reshuffled.pile += reshuffled.discards   # type: ignore[attr-defined]
                    reshuffled.discards = []                 # type: ignore[attr-defined]
                    found.append((reshuffled, seats))
                seat = decision.seats[0]
                legal = state.candidate_actions(seat)
                state.apply(seat, legal[chance.below(len(legal))])
    return tuple(found)


def _reshuffles(state: State) -> bool:
    discards = getattr(state, "discards", None)
    return isinstance(discards, list) and len(discards) > 1 \
        and isinstance(getattr(state, "pile", None), list)
