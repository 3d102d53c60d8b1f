"""Rail Line's decisions as parts to point at (`core.pointing`).

The Starting Station's sides and the free tracks are drawn as cards; a card to lay,
lay second or discard is pointed at in the offer or the hand (`card:A07`), a station
for the slow locomotive on the line (`station:3`, three stations on); what follows (lay
it second or discard it, which of a station's symbols) is drawn beside the board, and
so are pass, decline, keep, refuse and "gain any symbol" with the symbol to gain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.core.contract import Action
from stellwerk.core.pointing import Pointing, pointing_of
from stellwerk.games.rail_line.svg import card_picture, symbol_picture
from stellwerk.games.rail_line.terms import CATALOG

# the order a player answers in: the first decisions, what to do, how, which symbol
GROUPS = ("side", "track", "what", "how", "symbol")
PLAIN = ("pass", "decline", "keep", "refuse", "gain")


def choices(view: Mapping[str, Any], actions: Sequence[Action], lang: str) -> Pointing:
    titles = [(key, CATALOG.text(f"rl.point.{key}", lang)) for key in GROUPS]
    return pointing_of(titles, actions, _parts, view, lang)


def _parts(made: Pointing, view: Mapping[str, Any], action: Action,
           lang: str) -> list[str]:
    verb = action[0]
    if verb == "side":
        side = int(action[1])
        stations = view["start_sides"][side - 1]
        label = CATALOG.text("rl.do.side", lang, arg=side)
        picture = card_picture(CATALOG.text("rl.point.side_card", lang, n=side), stations, lang)
        return [made.part(f"side:{side}", "side", label, svg=picture)]
    if verb == "track":
        track = int(action[1])
        start = view["line"][0]
        picture = card_picture(CATALOG.text("rl.point.side_card", lang, n=view["side"]),
                               start["stations"], lang, track=track)
        return [made.part(f"track:{track}", "track", CATALOG.text("rl.do.track", lang, arg=track),
                          svg=picture)]
    if verb in ("lay", "second", "discard"):
        card = str(action[1])
        parts = [made.part(f"card:{card}", "what", CATALOG.text("rl.point.card", lang, card=card),
                           board=True)]
        if verb != "lay":   # a card is laid only when nothing else may be done with it
            parts.append(made.part(verb, "how", CATALOG.text(f"rl.point.{verb}", lang)))
        return parts
    if verb in ("slow", "free"):
        steps, symbol = int(action[1]), action[2]
        parts = [made.part(f"station:{steps}", "what",
                           CATALOG.text("rl.point.station", lang, n=steps), board=True)]
        if symbol is not None:
            parts.append(_symbol(made, str(symbol), lang))
        return parts
    if verb == "gain":
        return [made.part("gain", "what", CATALOG.text("rl.do.gain", lang)),
                _symbol(made, str(action[1]), lang)]
    if verb in PLAIN:
        return [made.part(verb, "what", _plain_label(view, verb, lang))]
    raise ValueError(f"no parts for {action!r}")


def _symbol(made: Pointing, symbol: str, lang: str) -> str:
    return made.part(f"symbol:{symbol}", "symbol", CATALOG.text(symbol, lang),
                     svg=symbol_picture(symbol, lang))


def _plain_label(view: Mapping[str, Any], verb: str, lang: str) -> str:
    """Keep and refuse say what each does to the score (the view's refusal facts)."""
    facts = view.get("refusal")
    if facts and verb == "keep":
        return CATALOG.text("rl.refusal.keep", lang, symbol=CATALOG.text(facts["symbol"], lang),
                            n=f"{facts['keep_adds']:+d}")
    if facts and verb == "refuse":
        text = CATALOG.text("rl.refusal.refuse", lang, n=f"{facts['refuse_adds']:+d}")
        if facts["refuse_loses"]:
            text += CATALOG.text("rl.refusal.loses", lang, lost=", ".join(
                CATALOG.text(symbol, lang) for symbol in facts["refuse_loses"]))
        return text
    return CATALOG.text(f"rl.do.{verb}", lang)
