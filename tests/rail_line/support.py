"""Fixtures for Rail Line rule tests: the shipped pack, and states arranged by hand."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from stellwerk.core import companions
from stellwerk.core.content import ContentPack
from stellwerk.games.rail_line import RailLine
from stellwerk.games.rail_line.rules import RailLineState
from stellwerk.games.rail_line.symbols import ROW

GAME = RailLine()
PACK = GAME.load_pack()
TERMINAL = companions.terminal(GAME, PACK)
KNOWLEDGE = companions.knowledge(GAME)


@pytest.fixture
def game() -> RailLine:
    return GAME


@pytest.fixture
def pack() -> ContentPack:
    return PACK


def snapshot(state: RailLineState) -> bytes:
    """Every bit of a state, to prove an illegal action changed nothing."""
    return pickle.dumps({slot: getattr(state, slot) for slot in RailLineState.__slots__})


def counts(**marks: int) -> list[int]:
    """A sheet's counts from keyword marks, e.g. counts(coal=3, iron=1)."""
    row = [0] * len(ROW)
    for name, n in marks.items():
        row[ROW[name]] = n
    return row


@pytest.fixture
def new_game() -> Callable[..., RailLineState]:
    """A game set up to the first lay: side and tracks chosen (seat i on track i+1)."""

    def make(players: int = 3, sheet: str = "I", seed: int = 1, side: int = 1,
             tracks: tuple[int, ...] | None = None) -> RailLineState:
        state = GAME.new_state({"sheet": sheet}, seed, PACK, players)
        state.apply(0, ("side", side))
        for seat, track in enumerate(tracks or range(1, players + 1)):
            state.apply(seat, ("track", track))
        return state

    return make


def play(state: RailLineState, *moves: tuple[int, str]) -> None:
    """Apply (seat, notation) moves in order."""
    for seat, text in moves:
        state.apply(seat, GAME.parse_action(text))


@pytest.fixture
def act() -> Callable[..., None]:
    return play


def face(*tracks: Any) -> tuple[Any, ...]:
    return tuple(None if t is None else tuple(ROW[s] for s in t) for t in tracks)


@pytest.fixture
def with_cards() -> Callable[..., RailLineState]:
    """Give a state custom card faces: with_cards(state, X1=(["coal"], None, ["mail"]))."""

    def give(state: RailLineState, **faces: tuple[Any, ...]) -> RailLineState:
        merged = dict(state.tables.faces)
        merged.update({cid: face(*tracks) for cid, tracks in faces.items()})
        state.tables = replace(state.tables, faces=merged)
        return state

    return give


def quiet_action(state: RailLineState, seat: int) -> tuple[Any, ...]:
    """The plainest legal action: lay the first card, pass, decline, keep."""
    legal = state.legal_actions(seat)
    for plain in (("pass",), ("decline",), ("keep",)):
        if plain in legal:
            return plain
    return legal[0]


def advance(state: RailLineState, until: Callable[[RailLineState], bool],
            limit: int = 500) -> None:
    """Play quiet actions until `until(state)` holds (checked before every action)."""
    for _ in range(limit):
        if until(state):
            return
        decision = state.decision()
        assert decision is not None, "the game ended before the condition held"
        seat = decision.seats[0]
        state.apply(seat, quiet_action(state, seat))
    raise AssertionError("condition never reached")


def pending(state: RailLineState) -> tuple[str, int] | None:
    return None if state.pending is None else (state.pending[0], state.pending[1])
