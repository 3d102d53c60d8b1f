"""The details of Benelux Rails a player plans with (`show cities`, `show goods`,
`show demands`), drawn from the view and the pack: where each city lies and what it
supplies, who supplies each good and who wants it, and what each demand would take
from the seat's network (the view's `estimates`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text

from stellwerk.games.benelux_rails.citymarks import city_codes
from stellwerk.games.benelux_rails.tables import Tables
from stellwerk.games.benelux_rails.terms import CATALOG

TOPICS = ("cities", "goods", "demands")
OPTIONS_SHOWN = 3    # supply cities shown per demand, cheapest first


def render_topic(view: Mapping[str, Any], topic: str, lang: str, t: Tables,
                 names: Sequence[str]) -> Group:
    if topic == "cities":
        return Group(cities_table(view, lang, t, names))
    if topic == "goods":
        return Group(goods_table(view, lang, t))
    return demands_group(view, lang, t)


def _table(lang: str, *heads: str) -> RichTable:
    table = RichTable(show_header=True, box=None, pad_edge=False)
    for head in heads:
        table.add_column(CATALOG.text(head, lang) if head else "", overflow="fold")
    return table


def named_city(t: Tables, city: str, lang: str) -> str:
    """A city as the legend names it: its code and the word a player types."""
    k = t.city_index[city]
    return f"{city_codes(t)[k]} {t.city_word(k, lang)}"


def cities_table(view: Mapping[str, Any], lang: str, t: Tables,
                 names: Sequence[str]) -> RichTable:
    joined: dict[int, list[str]] = {}     # city -> the players whose network reaches it
    for s, p in enumerate(view["players"]):
        posts = {t.index[m] for edge in p["track"] for m in edge}
        cities = {t.city_at[m] for m in posts if t.city_at[m] >= 0}
        if p["start"] is not None:
            cities.add(t.city_index[p["start"]])
        for k in cities:
            joined.setdefault(k, []).append(names[s])
    table = _table(lang, "", "br.city", "br.size", "br.milepost", "br.supplies", "br.joined")
    order = sorted(range(len(t.cities)), key=lambda k: t.cells[t.cities[k].centre])
    for k in order:
        city = t.cities[k]
        table.add_row(city_codes(t)[k], t.city_word(k, lang), CATALOG.text(city.size, lang),
                      t.names[city.centre],
                      ", ".join(t.good_word(g, lang) for g in city.supplies),
                      ", ".join(joined.get(k, [])) or "-")
    return table


def goods_table(view: Mapping[str, Any], lang: str, t: Tables) -> RichTable:
    wanted: dict[str, list[str]] = {}
    for where, cards in (("br.yours", view["hand"]), ("br.open", view["public"])):
        for card in cards:
            for d in card["demands"]:
                wanted.setdefault(d["good"], []).append(
                    f"{t.city_word(t.city_index[d['city']], lang)} {d['payout']} "
                    f"({CATALOG.text(where, lang)} {card['card']})")
    table = _table(lang, "br.good", "br.supplied_by", "br.wanted")
    for g, good in sorted(enumerate(t.goods), key=lambda item: t.good_word(item[0], lang)):
        suppliers = [named_city(t, city.id, lang) for city in t.cities if g in city.supplies]
        table.add_row(t.good_word(g, lang), ", ".join(suppliers) or "-",
                      "; ".join(wanted.get(good, [])) or "-")
    return table


def demands_group(view: Mapping[str, Any], lang: str, t: Tables) -> Group:
    def tr(key: str, **params: Any) -> str:
        return CATALOG.text(key, lang, **params)

    estimates = view.get("estimates") or []
    if not estimates:
        return Group(Text(tr("br.no_estimates")))
    mine = {card["card"] for card in view["hand"]}
    table = _table(lang, "", "br.demand", "br.from", "br.build", "br.run")
    for entry in estimates:
        where = tr("br.yours") if entry["card"] in mine else tr("br.open")
        demand = (f"{t.good_word(t.good_index[entry['good']], lang)}→"
                  f"{named_city(t, entry['city'], lang)} {entry['payout']}")
        for n, option in enumerate(entry["from"][:OPTIONS_SHOWN]):
            origin = (tr("br.on_train") if option["city"] is None
                      else named_city(t, option["city"], lang))
            build = "-" if option["build"] is None else tr("br.m", n=option["build"])
            table.add_row(f"{where} {entry['card']}" if n == 0 else "",
                          demand if n == 0 else "", origin, build,
                          tr("br.run_one" if option["turns"] == 1 else "br.run_text",
                             run=option["run"], turns=option["turns"]))
        if not entry["from"]:
            table.add_row(f"{where} {entry['card']}", demand, "-", "-", "-")
    return Group(Text(tr("br.estimates_note"), style="dim"), table)
