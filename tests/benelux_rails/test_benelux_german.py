"""German on the compact page, the full table, the web view and the log: goods and cities
a German player reads are German where German differs (Brüssel, Lüttich, Käse, ...), and
the notation takes back exactly what is shown; every catalogue key the game's code uses
exists in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from stellwerk.core.chance import Chance
from stellwerk.core.errors import IllegalAction
from stellwerk.core.i18n import LANGUAGES
from stellwerk.core.session import Window
from stellwerk.games.benelux_rails.actions import good_of, place
from stellwerk.games.benelux_rails.planner import PlannerBot
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.games.benelux_rails.terms import CATALOG
from tests.rich_text import printed

from .helpers import GAME, picture, terminal

SRC = Path(__file__).resolve().parents[2] / "src" / "stellwerk" / "games" / "benelux_rails"
KEY_CALL = re.compile(
    r"""(?:illegal|IllegalAction|BadNotation|\.text|tr)\(\s*["'](br\.[a-z0-9_.]+)["']""")
KEY_LITERAL = re.compile(r"""["'](br\.[a-z0-9_]+(?:\.[a-z0-9_]+)*)["']""")


def shipped_game(seed: int = 5, steps: int = 400) -> BeneluxState:
    """Two planners on the shipped map, far enough for loads, drops and public demands."""
    state = GAME.new_state({}, seed, GAME.load_pack(), 2)
    assert isinstance(state, BeneluxState)
    chance = Chance(seed)
    bot = PlannerBot(chance)
    for _ in range(steps):
        decision = state.decision()
        if decision is None or state.round >= 8:
            break
        seat = decision.seats[0]
        state.apply(seat, bot.choose(Window(GAME, state, seat, state.candidate_actions(seat),
                                            chance)))
    return state


def test_every_br_key_used_in_the_code_is_in_the_catalogue_in_both_languages() -> None:
    used: set[str] = set()
    for path in sorted(SRC.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        used |= {k for k in KEY_CALL.findall(text) if not k.endswith(".")}
        used |= {k for k in KEY_LITERAL.findall(text) if not k.endswith(".")}
    assert "br.bad.buy_network" in used and "br.seat_train" in used   # the net sees them
    missing = {k for k in used if k not in CATALOG}
    assert not missing
    known = CATALOG.keys()   # Catalog is not iterable itself
    for key in known:
        for lang in LANGUAGES:
            assert CATALOG.text(key, lang)
    # every log entry the rules write has its text: br.ev.<key>
    from stellwerk.games.benelux_rails.snapshots import LOG_KEYS
    assert all(f"br.ev.{key}" in CATALOG for key in LOG_KEYS)


def test_the_shipped_map_names_cities_and_goods_in_german_and_reads_them_back() -> None:
    state = shipped_game(steps=0)
    t = state.t
    words = dict(zip((c.id for c in t.cities), t.city_words_de, strict=True))
    assert words["brussels"] == "Brüssel" and words["liege"] == "Lüttich"
    assert words["arnhem"] == "Arnheim" and words["oostende"] == "Ostende"
    goods = dict(zip(t.goods, t.good_words_de, strict=True))
    assert goods["cheese"] == "Käse" and goods["iron-ore"] == "Eisenerz" and goods["oil"] == "Öl"
    for k, word in enumerate(t.city_words_de):      # what is shown is what may be typed
        action = GAME.parse_action(f"fahre 2 {word}")
        assert place(state, action[2]) == t.cities[k].centre
        assert place(state, word.lower().translate(str.maketrans(
            {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"}))) == t.cities[k].centre
    for g, word in enumerate(t.good_words_de):
        assert good_of(state, GAME.parse_action(f"lade {word}")[1]) == g
        assert good_of(state, t.goods[g]) == g      # the ids stay the canonical notation


@pytest.mark.parametrize("width", [80, 120])
def test_the_german_compact_page_shows_german_goods_and_cities(width: int) -> None:
    state = shipped_game()
    t = state.t
    seat = state.decision().seats[0] if state.decision() else 0
    view = state.view(seat)
    shown_with = terminal(GAME.load_pack())
    german = printed(shown_with.render_compact(view, "de", width), width)
    english = printed(shown_with.render_compact(view, "en", width), width)
    shown = [d for card in view["hand"] for d in card["demands"]]
    assert shown
    for d in shown:
        g, c = t.good_index[d["good"]], t.city_index[d["city"]]
        if t.good_words_de[g] != t.goods[g]:
            assert t.good_words_de[g] in german
        assert t.goods[g] in english
        if t.city_words_de[c] != t.cities[c].id and width == 120:   # 80 may cut the line
            assert t.city_words_de[c] in german
    differing = {t.goods[g] for g in range(len(t.goods)) if t.good_words_de[g].lower()
                 != t.goods[g]} | {c.id for k, c in enumerate(t.cities)
                                   if t.city_words_de[k].lower() != c.id}
    for word in re.findall(r"[a-z][a-z-]+", german):
        assert word not in differing, word          # no English id where German differs


def test_the_german_table_web_panel_and_log_show_german_words() -> None:
    state = shipped_game()
    t = state.t
    view = state.view(0)
    pack = GAME.load_pack()
    whole = printed(terminal(pack).render(view, "de"), 120)
    svg = picture(pack).svg(view, "de")
    assert svg is not None
    log = [GAME.describe_event(e, "de") for e in state.events(None)]
    for card in view["hand"]:
        for d in card["demands"]:
            word = t.good_words_de[t.good_index[d["good"]]]
            assert word in whole and word in svg
            city = t.city_words_de[t.city_index[d["city"]]]
            assert city in whole and city in svg
    loads = [e for e in state.events(None) if e["key"] == "br.ev.load"]
    assert loads
    for entry, text in zip(state.events(None), log, strict=True):
        if entry["key"] == "br.ev.load":
            assert t.good_words_de[t.good_index[entry["good"]]] in text


def test_german_refusals_name_goods_and_cities_in_german() -> None:
    state = shipped_game(steps=0)
    t = state.t
    while state.phase != "turn" or state.round < 2:
        seat = state.active
        state.apply(seat, ("end",) if state.phase == "turn" else state.legal_actions(seat)[0])
    seat = state.active
    brussels = t.city_index["brussels"]
    cheese = t.good_index["cheese"]
    assert cheese not in t.cities[brussels].supplies
    state.players[seat].trains[0].position = t.cities[brussels].centre
    for action, words in ((("load", "käse"), ("Käse", "Brüssel")),
                          (("unload", "Kaese"), ("Käse",))):
        with pytest.raises(IllegalAction) as caught:
            state.apply(seat, action)
        german = CATALOG.text(caught.value.key, "de", **caught.value.params)
        assert all(word in german for word in words), german
        assert "cheese" not in german and "brussels" not in german.lower()
