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
