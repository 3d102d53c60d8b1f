"""Benelux Rails in Chromium: a build path drawn milepost by milepost by pointing, its
cost (from the engine's cost query, for this seat's knowledge) shown before it is built,
a refused path explained in words and changing nothing, then the path built; and a seat
with two trains moving its second train by its own button."""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

from stellwerk.games import get_game
from tests.web.conftest import LiveServer, open_page, shot, wait_seq


def _to_a_build(server: LiveServer, made: dict[str, Any]) -> tuple[int, str]:
    """Play random sampled actions through the API until a seat may build; that seat
    and one build action (notation) it could make."""
    game = get_game("benelux-rails")
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    rnd = random.Random(4)
    with server.api() as client:
        for _ in range(200):
            state = server.state(made["table"])
            seat = state.decision().seats[0]
            notations = [game.format_action(a) for a in state.candidate_actions(seat)]
            builds = [n for n in notations if n.startswith("build ") and len(n.split()) >= 3]
            if builds:
                return seat, builds[0]
            response = client.post(f"/api/tables/{made['table']}/actions",
                                   json={"notation": rnd.choice(notations)},
                                   headers={"Authorization": f"Bearer {tokens[seat]}"})
            assert response.status_code == 200, response.text
    raise AssertionError("no build offered in 200 actions")


def test_benelux_build_by_pointing_with_the_cost_shown_first(live_server: LiveServer,
                                                             browser: Any) -> None:
    made = live_server.create("benelux-rails", ["human", "human"], names=["Anna", "Bert"])
    table, admin = made["table"], made["admin"]["token"]
    seat, build = _to_a_build(live_server, made)
    steps = build.split()[1:]
    state = live_server.state(table)
    from stellwerk.games.benelux_rails.actions import place
    cost = state.check_build(seat, [place(state, s) for s in steps]).cost
    seq = live_server.table(table, admin)["seq"]
    link = next(s["link"] for s in made["seats"] if s["seat"] == seat)
    watched = open_page(browser, link)
    page = watched.page
    wait_seq(page, seq)
    page.locator("#path").wait_for(state="visible")
    # a path that breaks the rules first: its reason in words, and nothing sent
    page.locator(f"#board [data-milepost='{steps[0]}']").click()
    targets = page.locator("#board [data-milepost]")
    far = targets.last.get_attribute("data-milepost")   # the map's far corner
    if far in steps[:2]:
        far = targets.first.get_attribute("data-milepost")
    page.locator(f"#board [data-milepost='{far}']").click()
    page.wait_for_selector(f"#path-preview.refused[data-for='build {steps[0]} {far}']")
    assert page.locator("#path-preview").text_content().strip()
    assert live_server.table(table, admin)["seq"] == seq
    page.locator("#path-clear").click()
    for step in steps:
        page.locator(f"#board [data-milepost='{step}']").click()
    page.wait_for_selector(f"#path-preview.ok[data-for='{build}']")
    preview = page.locator("#path-preview").text_content()
    assert re.match(rf"Cost {cost} M", preview), preview
    assert " → ".join(steps) in page.locator("#path-steps").text_content()
    shot(page, "benelux-rails-build-preview")
    page.locator("#path-build").click()
    wait_seq(page, seq + 1)
    track = live_server.state(table).view(seat)["players"][seat]["track"]
    assert {frozenset(pair) for pair in itertools.pairwise(steps)} <= set(map(frozenset, track))
    shot(page, "benelux-rails-table")
    page.context.close()


def _to_a_second_train_move(server: LiveServer, made: dict[str, Any]) -> tuple[int, str]:
    """Play through the API (buying a second train as soon as one is offered, building
    often) until the seat with two trains may move its second train to a milepost of its
    own track; that seat and the milepost. None when this table's game never gets there."""
    game = get_game("benelux-rails")
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    rnd = random.Random(7)
    owner = None
    with server.api() as client:
        for _ in range(300):
            state = server.state(made["table"])
            if state.is_over():
                break
            seat = state.decision().seats[0]
            notations = [game.format_action(a) for a in state.candidate_actions(seat)]
            if seat == owner and any(n.startswith("move 2 ") for n in notations):
                for node in sorted(state.players[seat].nodes):
                    name = state.t.names[node]
                    if state.is_legal(seat, game.parse_action(f"move 2 {name}")):
                        return seat, name
            buys = [n for n in notations if n.startswith("buy-train ")]
            builds = [n for n in notations if n.startswith("build ")]
            if buys:
                pick, owner = buys[0], seat
            elif builds and rnd.random() < 0.5:
                pick = rnd.choice(builds)
            else:
                pick = rnd.choice(notations)
            response = client.post(f"/api/tables/{made['table']}/actions",
                                   json={"notation": pick},
                                   headers={"Authorization": f"Bearer {tokens[seat]}"})
            assert response.status_code == 200, response.text
    raise LookupError("no move of a second train in this game")


def test_benelux_second_train_moves_by_its_own_button(live_server: LiveServer,
                                                      browser: Any) -> None:
    """A seat with two trains gets a button per train under the path builder (in the
    page's language); pointing at a milepost and pressing the second train's button moves
    the second train there, and only it."""
    for _ in range(4):    # a random table may end before a second train moves
        made = live_server.create("benelux-rails", ["human", "human"], names=["Anna", "Bert"])
        try:
            seat, milepost = _to_a_second_train_move(live_server, made)
            break
        except LookupError:
            continue
    else:
        raise AssertionError("four tables without a second train to move")
    table, admin = made["table"], made["admin"]["token"]
    before = live_server.state(table).players[seat].trains[0].position
    seq = live_server.table(table, admin)["seq"]
    link = next(s["link"] for s in made["seats"] if s["seat"] == seat)
    for lang, words in (("de-DE", ("Zug 1 zum letzten Meilenstein",
                                   "Zug 2 zum letzten Meilenstein")),
                        ("en-GB", ("Move train 1 to the last milepost",
                                   "Move train 2 to the last milepost"))):
        watched = open_page(browser, link, lang=lang)
        page = watched.page
        wait_seq(page, seq)
        page.locator("#path").wait_for(state="visible")
        assert page.locator("#path-goto").text_content().strip() == words[0]
        assert page.locator("#path-goto2").text_content().strip() == words[1]
        assert page.locator("#path-goto2").is_visible()
        if lang == "de-DE":
            page.context.close()
    page.locator(f"#board [data-milepost='{milepost}']").click()
    page.locator("#path-goto2").click()
    wait_seq(page, seq + 1)
    state = live_server.state(table)
    trains = state.players[seat].trains
    assert state.t.names[trains[1].position] == milepost
    assert trains[0].position == before
    page.context.close()
