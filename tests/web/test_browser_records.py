"""Every finished table's record plays back in Chromium: a table of bots of every game,
its seed beyond 2**53 as the server draws them, played to its end; the table page's
"Replay the game" opens the viewer, which steps to the last move and shows the final
result without an error. And an imported record file with such a seed (a JSON integer
in the file) replays the same."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from stellwerk.core.record import GameRecord
from stellwerk.games import game_ids
from tests.web.conftest import LiveServer, open_page

BIG_SEED = 2**62 - 977          # beyond 2**53: a browser's JSON.parse would round it
BOTS = {"rail-line": ["greedy", "greedy"], "railways": ["greedy"],
        "linie1": ["planner", "planner"], "benelux-rails": ["planner", "planner"]}


def finished_table(server: LiveServer, game_id: str) -> tuple[str, str, dict[str, Any]]:
    """A table of bots with a big seed, waited for until its game is over: (table id,
    admin token, the admin's final payload)."""
    kinds = BOTS[game_id]
    made = server.app.state.service.create(game_id, {}, kinds,
                                           [f"{k} {i + 1}" for i, k in enumerate(kinds)],
                                           None, seed=BIG_SEED)
    end = time.monotonic() + 120
    while not (table := server.table(made.table_id, made.admin_token))["finished"]:
        assert time.monotonic() < end, f"the bots did not finish the {game_id} game"
        time.sleep(0.1)
    return made.table_id, made.admin_token, table


def as_javascript_writes(number: float | None) -> str:
    if number is None:
        return "null"
    return str(int(number)) if float(number).is_integer() else str(number)


def shown_result(page: Any, names: list[str]) -> str:
    from playwright.sync_api import expect

    result = page.locator("#result")
    expect(result).to_be_visible()
    text = result.text_content() or ""
    assert "Winner" in text and all(name in text for name in names)
    assert page.locator("#error").is_hidden()
    return text


@pytest.mark.parametrize("game_id", game_ids())
def test_the_record_of_every_finished_table_replays_in_the_viewer(
        live_server: LiveServer, browser: Any, game_id: str) -> None:
    from playwright.sync_api import expect

    table_id, admin, final = finished_table(live_server, game_id)
    assert set(BOTS) == set(game_ids())
    watched = open_page(browser, f"{live_server.url}/t/{table_id}#{admin}")
    page = watched.page
    link = page.locator("a.record-link")
    link.wait_for()
    link.click()
    where = page.locator("#where")
    with live_server.api() as client:
        record = client.get(f"/api/tables/{table_id}/record",
                            headers={"Authorization": f"Bearer {admin}"}).json()
    total = len(record["actions"])
    expect(where).to_have_text(f"Move 0 of {total}", timeout=30_000)
    assert page.locator("#error").is_hidden()
    page.click("#last")
    expect(where).to_have_text(f"Move {total} of {total}", timeout=30_000)
    names = [seat["name"] for seat in final["seats"]]
    text = shown_result(page, names)
    for seat, score in enumerate(final["result"]["scores"]):
        assert f"{names[seat]} {as_javascript_writes(score)}" in text
    page.click("#back")
    expect(where).to_have_text(f"Move {total - 1} of {total}")
    page.context.close()


def test_an_imported_record_file_with_a_big_seed_replays(
        live_server: LiveServer, browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    table_id, admin, final = finished_table(live_server, "rail-line")
    with live_server.api() as client:
        data = client.get(f"/api/tables/{table_id}/record",
                          headers={"Authorization": f"Bearer {admin}"}).json()
    path = tmp_path / "game.json"
    GameRecord.from_json(data).save(path)          # a file as `stellwerk play` writes it
    assert f'"seed": {BIG_SEED}' in path.read_text(encoding="utf-8")
    page = open_page(browser, live_server.url + "/viewer").page
    page.set_input_files("#file", str(path))
    total = len(data["actions"])
    expect(page.locator("#where")).to_have_text(f"Move 0 of {total}", timeout=30_000)
    page.click("#last")
    expect(page.locator("#where")).to_have_text(f"Move {total} of {total}", timeout=30_000)
    shown_result(page, [seat["name"] for seat in final["seats"]])
    page.context.close()
