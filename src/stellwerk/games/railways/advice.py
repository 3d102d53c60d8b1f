"""A Railways action in words for the hint: how capital, profit, pollution, workers,
markers and the score move, worked out on a copy of what the seat may know."""

from __future__ import annotations

from stellwerk.core.contract import Action
from stellwerk.core.errors import IllegalAction
from stellwerk.games.railways.guided import WATCHED, _numbers
from stellwerk.games.railways.rules import RailwaysState
from stellwerk.games.railways.terms import CATALOG


def explain(state: RailwaysState, seat: int, action: Action, lang: str = "en") -> str | None:
    before = _numbers(state)
    trial = state.clone()
    try:
        trial.apply(seat, action)
    except IllegalAction:
        return None
    after = _numbers(trial)
    return ", ".join(f"{CATALOG.text('rw.track.' + k, lang)} {before[k]} → {after[k]}"
                     for k in WATCHED if before[k] != after[k]) or CATALOG.text(
                         "rw.guide.no_change", lang)
