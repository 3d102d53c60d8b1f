"""Benelux Rails' own figures for `stellwerk study`: rounds to win,
deliveries and their payouts, and each seat's money at the end of every round.

The money curve needs the course of the game, so the game's actions are replayed on a
copy of the starting state (`start`), reading the money whenever a new round begins
(a round ends when play returns to the first player, `BeneluxState.new_round`). The rest is
read from the final state and its public event log (`br.ev.deliver` carries the payout).
"""

from __future__ import annotations

from collections.abc import Sequence

from stellwerk.core.companions import Study
from stellwerk.core.contract import Action, State, StudyFigures
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.games.benelux_rails.trains import ROUND_LIMIT

GAME = "The game"
DELIVERIES = "Deliveries"
MONEY = "Money (M) at the end of each round"
# the names above and below in a German report (`Study.figure_name`); the score item
# `br.money` is the game's catalogue key and takes its words
GERMAN = {
    GAME: "Die Partie",
    DELIVERIES: "Lieferungen",
    MONEY: "Geld (Mio.) am Ende jeder Runde",
    "rounds played": "gespielte Runden",
    "rounds to win": "Runden bis zum Sieg",
    "deliveries per seat": "Lieferungen je Platz",
    "payout per delivery (M)": "Erlös je Lieferung (Mio.)",
}


def money_per_round(start: BeneluxState, taken: Sequence[tuple[int, Action]]) -> \
        list[list[float]]:
    """Per seat, the money at the end of rounds 1, 2, ... (the last entry: at the end)."""
    state = start.clone()
    curves: list[list[float]] = [[] for _ in range(state.n)]
    seen = state.round
    for seat, action in taken:
        state.apply(seat, action)
        if state.round != seen and not state.over:
            if seen >= 1:         # round 0 is the setup: no money moves yet
                for s, curve in enumerate(curves):
                    curve.append(float(state.players[s].money))
            seen = state.round
    for s, curve in enumerate(curves):
        curve.append(float(state.players[s].money))
    return curves


def study_figures(final: BeneluxState, start: BeneluxState,
                  taken: Sequence[tuple[int, Action]]) -> StudyFigures:
    events = final.events(None)
    won = any(e["key"] == "br.ev.finish" for e in events)
    deliveries = [0.0] * final.n
    payouts: list[float] = []
    for event in events:
        if event["key"] == "br.ev.deliver":
            deliveries[event["seat"]] += 1
            payouts.append(float(event["payout"]))
    game = {"rounds played": [float(min(final.round, ROUND_LIMIT))]}
    if won:         # else the round limit (D, trains.py) ended the game
        game["rounds to win"] = [float(final.round)]
    return StudyFigures(
        numbers={GAME: game,
                 DELIVERIES: {"deliveries per seat": deliveries,
                              "payout per delivery (M)": payouts}},
        series={MONEY: money_per_round(start, taken)})


class BeneluxRailsStudy(Study):
    """Benelux Rails's own figures for `stellwerk study`, with their German names."""

    german = GERMAN

    def figures(self, final: State, start: State,
                taken: Sequence[tuple[int, Action]]) -> StudyFigures:
        assert isinstance(final, BeneluxState) and isinstance(start, BeneluxState)
        return study_figures(final, start, taken)
