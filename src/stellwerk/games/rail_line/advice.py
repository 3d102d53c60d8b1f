"""A Rail Line action in words for the hint: what it marks on the seat's sheet and how
its score moves, worked out on a copy of what the seat may know (nothing changes)."""

from __future__ import annotations

from stellwerk.core.contract import Action
from stellwerk.core.errors import IllegalAction
from stellwerk.games.rail_line.rules import RailLineState
from stellwerk.games.rail_line.symbols import SYMBOLS
from stellwerk.games.rail_line.terms import CATALOG


def explain(state: RailLineState, seat: int, action: Action, lang: str = "en") -> str | None:
    before = sum(state.sheet.score(state.players, seat).values())
    counts = list(state.players[seat].counts)
    coins = state.players[seat].coins
    trial = state.clone()
    try:
        trial.apply(seat, action)
    except IllegalAction:
        return None
    after = sum(trial.sheet.score(trial.players, seat).values())
    marked = [CATALOG.text(SYMBOLS[r], lang)
              for r, (a, b) in enumerate(zip(counts, trial.players[seat].counts, strict=True))
              if b > a]
    bits = []
    if marked:
        bits.append(CATALOG.text("rl.why.marks", lang, symbols=", ".join(marked)))
    if trial.players[seat].coins != coins:
        bits.append(CATALOG.text("rl.why.coins", lang, before=coins,
                                 after=trial.players[seat].coins))
    bits.append(CATALOG.text("rl.why.score", lang, before=before, after=after)
                if after != before else CATALOG.text("rl.why.same", lang, score=before))
    return "; ".join(bits)
