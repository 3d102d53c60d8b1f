"""Benelux Rails' own figures for `stellwerk study`: rounds to win,
deliveries and their payouts, and each seat's money at the end of every round.

The money curve needs the course of the game, so the game's actions are replayed on a
copy of the starting state (`start`), reading the money whenever a new round begins
(a round ends when play returns to the first player, `BeneluxState.new_round`). The rest is
read from the final state and its public event log (`br.ev.deliver` carries the payout).
"""

from __future__ import annotations

from collections.abc import Sequence

from stellwerk.core.companions import Ending, Study
from stellwerk.core.contract import Action, State, StudyFigures
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.games.benelux_rails.trains import ROUND_LIMIT

GAME = "The game"
DELIVERIES = "Deliveries"
MONEY = "Money (M) at the end of each round"
# the catalogue keys of the names above and below, for a German report
# (`Game.study_name`); the catalogue's English is the name itself
STUDY_KEYS = {
    GAME: "br.study.game",
    DELIVERIES: "br.study.deliveries",
    MONEY: "br.study.money",
    "rounds played": "br.study.rounds_played",
    "rounds to win": "br.study.rounds_to_win",
    "deliveries per seat": "br.study.per_seat",
    "payout per delivery (M)": "br.study.payout",
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

    keys = STUDY_KEYS

    def figures(self, final: State, start: State,
                taken: Sequence[tuple[int, Action]]) -> StudyFigures:
        assert isinstance(final, BeneluxState) and isinstance(start, BeneluxState)
        return study_figures(final, start, taken)

    def ending(self, final: State, names: Sequence[str], lang: str = "en") -> Ending:
        """The game ends when a player has the target money and a network joining all
        four major cities (`BeneluxState.check_end`), or at the round limit."""
        assert isinstance(final, BeneluxState)
        catalog = self.game.catalog
        finish = next((e for e in reversed(final.log) if e["key"] == "finish"), None)
        if finish is not None and finish["seat"] is not None:
            return Ending(catalog.text("br.end.finish", lang, name=names[finish["seat"]],
                                       target=final.variant.target))
        return Ending(catalog.text("br.end.limit", lang, limit=ROUND_LIMIT))

    def standing(self, state: State) -> Sequence[float]:
        """Each seat's money as it stands (public: the rules show every purse)."""
        assert isinstance(state, BeneluxState)
        return [float(player.money) for player in state.players]

    def choice(self, action_text: str) -> str:
        """A delivery with its demand card and good, a start city; else the kind of
        action."""
        word = action_text.split(" ", 1)[0]
        return action_text if word in ("deliver", "start") else word
