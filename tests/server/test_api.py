"""Every game through the JSON API: humans and bots play a table to its end, and the
record the server serves replays (`core.record.replay`) to exactly its result."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from stellwerk.core.record import GameRecord, replay
from stellwerk.games import get_game

from .conftest import Made, create, wait_for

GAMES = [
    ("rail-line", ["human", "greedy", "random"], {}),
    ("rail-line", ["human", "human"], {"sheet": "II"}),
    ("linie1", ["human", "human", "random"], {"rounds": "6"}),
    ("railways", ["human"], {}),
]


def play_to_end(made: Made, rng: random.Random, limit: int = 2000,
                use_json: bool = False) -> dict[str, Any]:
    """Humans pick random candidate actions (by notation, or by JSON form) until the
    game ends; bots move by themselves in between."""
    for _ in range(limit):
        moved = False
        for seat in made.seats.values():
            table = seat.table_now()
            if table["finished"]:
                return table
            if not table["your_turn"]:
                continue
            legal = seat.get("legal").json()
            assert legal["actions"], legal
            choice = rng.choice(legal["actions"])
            response = (seat.act(action=choice["action"]) if use_json
                        else seat.act(notation=choice["notation"]))
            assert response.status_code == 200, response.text
            # bots may have moved since the table was read: later, never earlier
            assert response.json()["accepted"] > table["seq"]
            moved = True
        if not moved:
            time.sleep(0.01)  # a bot's turn
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("game", "kinds", "options"), GAMES,
                         ids=[f"{g}-{','.join(k)}" for g, k, _ in GAMES])
def test_a_whole_game_through_the_api_replays_to_its_record(
        any_client: Any, game: str, kinds: list[str], options: dict[str, Any]) -> None:
    made = create(any_client, game, kinds, options)
    for seat in made.seats.values():
        assert seat.post("join", {"name": f"Player {seat.seat}"}).status_code == 200
    final = play_to_end(made, random.Random(7), use_json=game == "rail-line")
    assert final["result"] is not None
    data = made.admin.get("record").json()
    record = GameRecord.from_json(data)
    assert [s.kind for s in record.seats] == kinds
    assert record.seats[0].name == "Player 0"
    assert len(record.actions) == final["seq"]
    state = replay(record, get_game(game))  # raises unless the result is exactly the same
    assert state.result().to_json() == final["result"] == data["result"]
    log = made.spectator.get("log").json()
    assert [a["seq"] for a in log["actions"]] == list(range(1, final["seq"] + 1))


def test_games_list_and_openapi(client: Any) -> None:
    games = client.get("/api/games").json()
    assert {g["id"] for g in games} >= {"rail-line", "linie1", "railways"}
    schema = client.get("/openapi.json").json()
    assert "/api/tables/{table_id}/actions" in schema["paths"]


def test_legal_actions_carry_notation_and_json_form(client: Any) -> None:
    made = create(client, "linie1", ["human", "human"])
    legal = made.seats[0].get("legal").json()
    assert legal["complete"] is False  # Linie 1's orders: a sample, check judges the rest
    assert all(isinstance(a["notation"], str) and isinstance(a["action"], list)
               for a in legal["actions"])
    rail = create(client, "rail-line", ["human", "human"])
    assert rail.seats[0].get("legal").json()["complete"] is True


def test_an_order_outside_the_sample_is_accepted_when_the_game_allows_it(client: Any) \
        -> None:
    made = create(client, "linie1", ["human", "human"])
    # the empty order is always legal in round 1, sampled or not
    assert made.seats[1].act("pass").status_code == 200
    assert made.seats[0].act("passe").status_code == 200  # German works too
    assert made.seats[0].table_now()["seq"] == 2


def test_simultaneous_orders_resolve_when_all_are_in(client: Any) -> None:
    made = create(client, "linie1", ["human", "human", "human"])
    round_of = lambda: made.spectator.table_now()["view"]["round"]  # noqa: E731
    start = round_of()
    made.seats[2].act("pass")
    made.seats[0].act("pass")
    assert round_of() == start  # seat 1 has not ordered yet
    table = made.seats[1].table_now()
    assert table["your_turn"] and table["decision"]["kind"] == "simultaneous"
    assert made.seats[1].act("pass").status_code == 200
    assert round_of() == start + 1


def test_chat_and_my_tables(client: Any) -> None:
    made = create(client, "rail-line", ["human", "human", "greedy"])
    other = create(client, "railways", ["human"])
    assert made.seats[1].post("chat", {"text": "deal: 2 coins for A07?"}).status_code == 201
    assert made.admin.post("chat", {"text": "welcome"}).status_code == 201
    messages = made.seats[0].get("chat").json()
    assert [(m["seat"], m["text"]) for m in messages] == [
        (1, "deal: 2 coins for A07?"), (None, "welcome")]
    assert made.seats[0].get("chat", after=messages[0]["id"]).json()[0]["text"] == "welcome"
    mine = client.post("/api/my-tables", json={"tokens": [
        made.seats[0].token, made.seats[1].token, other.seats[0].token, "nonsense"]}).json()
    assert {(t["table"], t["seat"]) for t in mine} == {
        (made.table, 0), (made.table, 1), (other.table, 0)}
    assert mine[0]["your_turn"]  # tables where it is your turn come first
    turn = {(t["table"], t["seat"]): t["your_turn"] for t in mine}
    assert turn[(made.table, 0)] and not turn[(made.table, 1)] and turn[(other.table, 0)]


def test_admin_replaces_a_quitter_with_a_bot_and_the_game_ends(client: Any) -> None:
    made = create(client, "rail-line", ["human", "human"])
    made.seats[0].act("side 1")
    quitter = made.seats[1]
    assert quitter.post("seats/1/bot", {"kind": "greedy"}).status_code == 403
    response = made.admin.post("seats/1/bot", {"kind": "greedy"})
    assert response.status_code == 200, response.text
    assert response.json()["seats"][1]["kind"] == "greedy"
    assert made.admin.post("seats/1/bot", {"kind": "greedy"}).status_code == 409
    assert made.admin.post("seats/0/bot", {"kind": "nobody"}).status_code == 422
    final = play_to_end(Made(made.table, made.admin, made.spectator, {0: made.seats[0]}),
                        random.Random(3))
    assert final["finished"]
    refused = quitter.act("pass")
    assert refused.status_code == 403  # a bot plays this seat: the link only watches
    assert refused.json()["key"] == "srv.seat_left"


def test_bot_seats_move_by_themselves(client: Any) -> None:
    made = create(client, "rail-line", ["random", "greedy", "greedy"])
    # no human: the bots play the whole game on the server
    final = wait_for(lambda: (t := made.spectator.table_now())["finished"] and t, 120)
    assert final["result"]["winners"]
    assert {a["by"] for a in made.spectator.get("log").json()["actions"]} == {"bot"}


def test_seat_payload_is_the_seats_view(client: Any) -> None:
    made = create(client, "rail-line", ["human", "human"])
    mine = made.seats[0].table_now()
    assert mine["view"]["hand"] is not None and mine["seat"] == 0
    public = made.spectator.table_now()
    assert public["view"]["hand"] is None and public["seat"] is None
    assert public["role"] == "spectator"


def test_seats_are_the_bots_the_game_offers(client: Any) -> None:
    """A game's own bot may sit at its table, a generic bot it withdrew may not (Linie 1
    offers its planner, not greedy)."""
    made = create(client, "linie1", ["human", "planner"])
    assert [s["kind"] for s in made.admin.get("").json()["seats"]] == ["human", "planner"]
    refused = client.post("/api/tables", json={"game": "linie1", "seats": [
        {"kind": "human"}, {"kind": "greedy"}]})
    assert refused.status_code == 422
    assert "'greedy'" in refused.json()["error"] and "planner" in refused.json()["error"]


def test_every_answer_says_how_long_the_server_took(client: Any) -> None:
    """Server-Timing (what bench_server.py reads to tell server time from client time)."""
    made = create(client, "rail-line", ["human", "human"])
    for response in (client.get("/api/games"), made.seats[0].get(),
                     made.seats[1].act("pass")):  # a refusal is timed too
        name, _, duration = response.headers["server-timing"].partition(";dur=")
        assert name == "app" and 0 <= float(duration) < 60_000


def test_an_action_takes_one_thread_hand_off(client: Any, monkeypatch: Any) -> None:
    """The action's request hands work to a worker thread once (the route's own table
    work): every further hand-off (a dependency in a thread, as the language once was)
    cost the event loop dearly under the bench. German is asked for, so
    the language is really worked out; both ways to a thread are counted."""
    import asyncio

    import anyio.to_thread

    made = create(client, "rail-line", ["human", "human"])
    seat = next(s for s in made.seats.values() if s.table_now()["your_turn"])
    notation = seat.get("legal").json()["actions"][0]["notation"]
    hand_offs: list[str] = []

    def counting(real: Any) -> Any:
        async def counted(func: Any, *args: Any, **kwargs: Any) -> Any:
            hand_offs.append(getattr(func, "__name__", repr(func)))
            return await real(func, *args, **kwargs)
        return counted

    monkeypatch.setattr(anyio.to_thread, "run_sync", counting(anyio.to_thread.run_sync))
    monkeypatch.setattr(asyncio, "to_thread", counting(asyncio.to_thread))
    response = client.post(f"/api/tables/{made.table}/actions?lang=de",
                           headers={"Authorization": f"Bearer {seat.token}"},
                           json={"notation": notation})
    assert response.status_code == 200, response.text
    assert response.json()["accepted"] == 1
    assert len(hand_offs) == 1, hand_offs
