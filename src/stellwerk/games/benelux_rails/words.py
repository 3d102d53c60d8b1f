"""Benelux Rails in plain words, for the terminal, the web table and the log alike:
goods and cities as the reader types them, demands, and the price of a build path
(`quote`: each step's cost and why, or the rule that refuses the path)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stellwerk.core.errors import IllegalAction
from stellwerk.games.benelux_rails.actions import place
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.games.benelux_rails.tables import Tables
from stellwerk.games.benelux_rails.terms import CATALOG

SECOND_TRAIN = "abc"            # a seat's second train


def good_word(t: Tables | None, good: str, lang: str) -> str:
    """A good's id from a view as the reader reads and types it (German name in German)."""
    return t.good_word(t.good_index[good], lang) if t and good in t.good_index else good


def city_word(t: Tables | None, city: str, lang: str) -> str:
    return t.city_word(t.city_index[city], lang) if t and city in t.city_index else city


def demand_text(t: Tables | None, d: Mapping[str, Any], lang: str, arrow: str = "→") -> str:
    return f"{good_word(t, d['good'], lang)}{arrow}{city_word(t, d['city'], lang)} {d['payout']}"


def localise(params: dict[str, Any], t: Tables, lang: str) -> None:
    """A log entry's good and city ids as the reader types them (German names in German)."""
    good, city = params.get("good"), params.get("city")
    if isinstance(good, str) and good in t.good_index:
        params["good"] = t.good_word(t.good_index[good], lang)
    if isinstance(city, str) and city in t.city_index:
        params["city"] = t.city_word(t.city_index[city], lang)


def quote(state: BeneluxState, seat: int, names: list[str], lang: str = "en") -> str:
    """The price of building along `names` for `seat` now, with its reasons, in words."""
    try:
        path = [place(state, n) for n in names]
        plan = state.check_build(seat, path)
    except IllegalAction as exc:
        if lang != "en" and exc.key in CATALOG:
            return CATALOG.text(exc.key, lang, **exc.params)
        return str(exc)
    reasons = ", ".join(f"{CATALOG.text(kind, lang)} {where} {cost}"
                        for kind, where, cost in plan.reasons)
    return CATALOG.text("br.cost", lang, cost=plan.cost, reasons=reasons)
