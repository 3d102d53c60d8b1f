"""A Linie 1 order in words for the hint: how many tiles it lays and how many of them
fit the board the seat sees (the pre-check of `review_action`); nothing changes."""

from __future__ import annotations

from stellwerk.core.contract import Action, State
from stellwerk.games.linie1.precheck import precheck_order
from stellwerk.games.linie1.tables import Tables
from stellwerk.games.linie1.terms import CATALOG


def explain(tables: Tables, state: State, seat: int, action: Action, lang: str = "en") -> str:
    results = precheck_order(tables, state.view(seat), action)
    if not results:
        return CATALOG.text("l1.why.pass", lang)
    fits = sum(1 for r in results if r["ok"])
    return CATALOG.text("l1.why.order", lang, n=len(results), fits=fits)
