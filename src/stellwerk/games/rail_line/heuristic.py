"""How good a Rail Line position looks to one seat: the greedy bot's yardstick.

The value is the seat's score if the game ended now, plus a small credit for rows
whose next box would raise the score (so a first Sugar beet or Iron ore is worth
something before its partner arrives), minus half the best opponent's present score
(a card that helps a rival as much as you is worth less).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stellwerk.games.rail_line.symbols import SYMBOLS

if TYPE_CHECKING:
    from stellwerk.games.rail_line.rules import RailLineState

PROMISE = 0.35      # share of the next box's gain credited before it is marked
RIVALRY = 0.5       # weight of the strongest opponent's value


def seat_value(state: RailLineState, seat: int) -> float:
    """The seat's score now plus PROMISE of each row's next-box gain.

    A row's gain rescored only the parts of the score that row can change
    (Sheet.touching), not the whole sheet: identical values at a fraction of the cost
.
    """
    score, promise = seat_terms(state, seat)
    return combine(score, promise)


def combine(score: float, promise: float) -> float:
    """`seat_value` from its two terms: the score and the summed gains (both whole
    numbers; the rollout policy adds them up by row groups, rollout.py)."""
    return score + PROMISE * promise / len(SYMBOLS) * 4


def seat_terms(state: RailLineState, seat: int = 0) -> tuple[int, float]:
    """`seat_value`'s score now and its promise (each row's positive next-box gain,
    summed: a whole number, exactly)."""
    sheet = state.sheet
    players = state.players
    parts = sheet.score(players, seat)
    score = sum(parts.values())
    promise = 0.0
    counts = players[seat].counts
    touching = sheet.touching
    for row in range(len(SYMBOLS)):
        n = counts[row]
        if n < len(sheet.values[row]) and sheet.can_mark_box(counts, row):
            changed = touching[row]
            counts[row] = n + 1
            gain = sum(sheet.part(players, seat, p) - parts[p] for p in changed)
            counts[row] = n
            if gain > 0:
                promise += gain
    return score, promise


def seat_value_by_full_rescoring(state: RailLineState, seat: int) -> float:
    """The reference `seat_value` was checked against: every gain a full rescoring."""
    sheet = state.sheet
    player = state.players[seat]
    score = sum(sheet.score(state.players, seat).values())
    promise = 0.0
    counts = player.counts
    for row in range(len(SYMBOLS)):
        n = counts[row]
        if n < len(sheet.values[row]) and sheet.can_mark_box(counts, row):
            counts[row] = n + 1
            gain = sum(sheet.score(state.players, seat).values()) - score
            counts[row] = n
            if gain > 0:
                promise += gain
    return score + PROMISE * promise / len(SYMBOLS) * 4


def evaluate(state: RailLineState, seat: int) -> float:
    sheet = state.sheet
    rivals = [sum(sheet.score(state.players, s).values()) for s in range(state.n) if s != seat]
    return seat_value(state, seat) - RIVALRY * max(rivals)
