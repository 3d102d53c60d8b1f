"""Benelux Rails in Chromium: a build path drawn milepost by milepost by pointing, its
cost (from the engine's cost query, for this seat's knowledge) shown before it is built,
a refused path explained in words and changing nothing, then the path built."""

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
