"""Benelux Rails' picture for the web table: every action a seat may take is reached by
pointing at it (a city's name to start, a good, a demand, a drawn button, the dealt cards
to keep, or mileposts for a path and a move, to a city by its milepost), in the reader's
language, and only the seat keeping cards gets them as a set to choose."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core import companions
from stellwerk.games import get_game

GAME = get_game("benelux-rails")
PACK = GAME.load_pack()
PICTURE = companions.picture(GAME, PACK)
NS = "{http://www.w3.org/2000/svg}"
TABLES = GAME.tables(PACK)


def _targets(svg: str) -> tuple[set[str], set[str], dict[str, object]]:
    root = ET.fromstring(svg)
    picks = {t for e in root.iter() for t in (e.get("data-pick") or "").split("|") if t}
    mileposts = {e.get("data-milepost") for e in root.iter() if e.get("data-milepost")}
    group = next((e for e in root.iter() if e.get("data-choose")), None)
    choose: dict[str, object] = {}
    if group is not None:
        choose = {"template": group.get("data-choose"), "size": group.get("data-choose-size"),
                  "members": {e.get("data-choose-member") for e in group.iter()
                              if e.get("data-choose-member")}}
    return picks, {m for m in mileposts if m}, choose


def _reachable(notation: str, picks: set[str], mileposts: set[str],
               choose: dict[str, object]) -> bool:
    words = notation.split()
    if any(notation == p or notation.startswith(p + " ") for p in picks):
        return True
    if words[0] == "build":
        return set(words[1:]) <= mileposts
    if words[0] == "move" and "via" not in words:   # a milepost, or a city's
        target = words[-1]
        if target in TABLES.city_index:
            target = TABLES.names[TABLES.cities[TABLES.city_index[target]].centre]
        return target in mileposts
    if words[0] == "keep" and choose:
        return (choose["template"] == "keep {members}" and choose["size"] == "3"
                and set(words[1:]) <= choose["members"])  # type: ignore[operator]
    return False


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["standard", "fast"]))
def test_every_candidate_action_is_reached_by_pointing(seed: int, variant: str) -> None:
    state = GAME.new_state(GAME.parse_options({"variant": variant}, 2), seed, PACK, 2)
    rnd = random.Random(seed)
    for step in range(150):
        if state.is_over():
            break
        seat = state.decision().seats[0]
        actions = state.candidate_actions(seat)
        if step % 5 == 0 or step < 6:
            svg = PICTURE.svg(state.view(seat), "en" if step % 2 else "de")
            picks, mileposts, choose = _targets(svg)
            for action in actions:
                notation = GAME.format_action(action)
                assert _reachable(notation, picks, mileposts, choose), notation
        state.apply(seat, actions[rnd.randrange(len(actions))])


def test_the_dealt_cards_are_a_set_to_choose_only_for_the_seat_keeping() -> None:
    state = GAME.new_state(GAME.parse_options({}, 2), 3, PACK, 2)
    seat = state.decision().seats[0]
    view = state.view(seat)
    _, _, choose = _targets(PICTURE.svg(view, "en"))
    assert choose["members"] == {str(card["card"]) for card in view["hand"]}
    assert "Keep these 3 cards" in PICTURE.svg(view, "en")
    assert "Diese 3 Karten behalten" in PICTURE.svg(view, "de")
    for other in (1 - seat, None):
        other_view = state.public_view() if other is None else state.view(other)
        assert not _targets(PICTURE.svg(other_view, "en"))[2]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_buttons_and_goods_speak_the_readers_language(lang: str) -> None:
    state = GAME.new_state(GAME.parse_options({"variant": "fast"}, 2), 11, PACK, 2)
    rnd = random.Random(1)
    while not any(p.trains[0].loads for p in state.players) and not state.is_over():
        seat = state.decision().seats[0]
        actions = state.candidate_actions(seat)
        loads = [a for a in actions if GAME.format_action(a).startswith("load ")]
        state.apply(seat, loads[0] if loads else actions[rnd.randrange(len(actions))])
    seat = next(s for s, p in enumerate(state.players) if p.trains[0].loads)
    root = ET.fromstring(PICTURE.svg(state.view(seat), lang))
    titles = {e.text for e in root.iter() if e.tag.endswith("title")}
    assert ("End the turn" if lang == "en" else "Zug beenden") in titles
    good = state.players[seat].trains[0].loads[0]    # a good's number
    unloads = [e for e in root.iter()
               if f"unload {state.t.goods[good]}" in (e.get("data-pick") or "").split("|")]
    assert len(unloads) == 1
    assert unloads[0].find(f"{NS}title").text == state.t.good_word(good, lang)
