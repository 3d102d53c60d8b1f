"""Railways' decisions as parts to point at (`core.pointing`).

The passenger dice are placed by pointing at a region space of the plan (`die:B2=1`;
where a space may take either die, the two dice are drawn to choose from); a
connection to open or upgrade (`conn:C3`) and a space to build on, add to or carry a
passenger from (`at:B2`) are pointed at on the plan. What follows is drawn beside it:
which of a space's actions, the region die, the region type to carry to, the route
(the plan in small), the conversion, and last the payment: the hand's cards it plays
with their symbols used filled, the least pollution first and preselected. Hiring,
capital, cleaning and passing are drawn as options of their own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.core.contract import Action
from stellwerk.core.pointing import Pointing, pointing_of
from stellwerk.games.railways.rules import conversion_cost
from stellwerk.games.railways.svg import (
    die_picture,
    payment_picture,
    region_picture,
    route_picture,
)
from stellwerk.games.railways.terms import CATALOG
from stellwerk.games.railways.uses import pollution_of, split_uses

# the order a player answers in
GROUPS = ("dice", "what", "how", "die", "to", "route", "convert", "pay")
ON_A_SPACE = ("build", "add", "transport")
ALONE = ("hire", "capital", "clean")


def choices(view: Mapping[str, Any], actions: Sequence[Action], lang: str) -> Pointing:
    titles = [(key, CATALOG.text(f"rw.point.{key}", lang)) for key in GROUPS]
    return pointing_of(titles, actions, _parts, view, lang)


def _parts(made: Pointing, view: Mapping[str, Any], action: Action,
           lang: str) -> list[str]:
    verb = action[0]
    if verb == "pass":
        return [made.part("pass", "what", CATALOG.text("rw.do.pass", lang))]
    if verb == "dice":
        return [_die(made, word, lang) for word in str(action[1]).split()]
    parts: list[str] = []
    if verb in ALONE:
        parts.append(made.part(f"do:{verb}", "what", CATALOG.text(f"rw.do.{verb}", lang)))
    elif verb in ("open", "upgrade"):
        parts.append(made.part(f"conn:{action[1]}", "what",
                               CATALOG.text("rw.point.connection", lang, name=action[1]),
                               board=True))
        parts.append(made.part(f"do:{verb}", "how", CATALOG.text(f"rw.do.{verb}", lang)))
    else:
        cell = str(action[1])
        parts.append(made.part(f"at:{cell}", "what",
                               CATALOG.text("rw.point.space", lang, name=cell), board=True))
        parts.append(made.part(f"do:{verb}", "how", CATALOG.text(f"rw.do.{verb}", lang)))
        if verb == "build":
            die = int(action[2])
            label = CATALOG.text("rw.point.region_die", lang, n=die)
            parts.append(made.part(f"regiondie:{die}", "die", label,
                                   svg=die_picture(die, label)))
        if verb == "transport":
            parts.extend(_transport(made, view, action, lang))
    parts.append(_payment(made, view, str(action[-1]), lang))
    return parts


def _die(made: Pointing, word: str, lang: str) -> str:
    if f"die:{word}" in made.parts:
        return f"die:{word}"
    cell, _, value = word.partition("=")
    label = CATALOG.text("rw.point.die_on", lang, n=value, name=cell)
    return made.part(f"die:{word}", "dice", label, board=True,
                     svg=die_picture(int(value), label))


def _transport(made: Pointing, view: Mapping[str, Any], action: Action,
               lang: str) -> list[str]:
    _, cell, target, route, tier, _uses = action
    kind = CATALOG.text(str(target), lang)
    parts = [made.part(f"to:{target}", "to", kind, svg=region_picture(str(target), lang))]
    route_id = f"route:{cell}:{route}"
    if route_id not in made.parts:
        label = _route_label(view, str(cell), str(route), lang)
        made.part(route_id, "route", label, svg=route_picture(view, str(cell), str(route), label))
    parts.append(route_id)
    tier = int(tier)
    if tier:
        cost = conversion_cost(tier)
        words = CATALOG.text("rw.guide.convert_tier", lang, cost=cost, n=tier,
                             before=view["capital"], after=view["capital"] - cost)
    else:
        words = CATALOG.text("rw.guide.no_convert", lang)
    parts.append(made.part(f"convert:{tier}", "convert", words))
    return parts


def _route_label(view: Mapping[str, Any], start: str, route: str, lang: str) -> str:
    """The regions a route passes and the capital its rails bring."""
    connections = view["connections"]
    region_of = {c: key for key, region in view["regions"].items() for c in region["cells"]}
    names = [name for name in route.split("+") if name in connections]
    capital = sum(connections[n]["length"] * (2 if connections[n]["upgraded"] else 1)
                  for n in names)
    path = [region_of.get(start, start)]
    for name in names:
        a, b = (region_of.get(end, end) for end in connections[name]["ends"])
        path.append(b if path[-1] == a else a)
    return CATALOG.text("rw.point.route_via", lang, path=" → ".join(path), n=capital)


def _payment(made: Pointing, view: Mapping[str, Any], uses: str, lang: str) -> str:
    if f"pay:{uses}" in made.parts:
        return f"pay:{uses}"
    parsed = split_uses(uses) or ()
    pollution = pollution_of(parsed)
    played = sorted({use[0] for use in parsed})
    cards = ", ".join(str(card) for card in played)
    label = CATALOG.text("rw.point.payment", lang, n=pollution, k=len(played), cards=cards,
                         uses=uses)
    # least pollution first, then the fewest symbols spent
    return made.part(f"pay:{uses}", "pay", label, rank=pollution * 100 + len(parsed),
                     svg=payment_picture(view, set(parsed), lang, label))
