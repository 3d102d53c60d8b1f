"""No JSON the server sends holds an integer a browser would round: `JSON.parse` reads
every number as a double, exact only up to 2**53 - 1. Whole games of every title, on
tables whose seed is far beyond that, are played through the API, and every answer
(tables, legal actions, logs, chat, records, "my tables", live frames, the record
viewer's replays, refusals) is read with Python's exact integers and searched; a
finished table's record, as the API gives it, replays in the viewer to its result."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stellwerk.core.record import GameRecord
from stellwerk.games import game_ids, get_game
from stellwerk.server.bot_runner import choose

from .conftest import auth, service_of

SAFE_INTEGER = 2**53 - 1            # JavaScript's Number.MAX_SAFE_INTEGER
BIG_SEED = 2**62 - 12_345          # a seed as the server draws them (below 2**62)
QUICK_BOT = {"linie1": "planner", "benelux-rails": "planner"}   # others: greedy


def unsafe_integers(data: Any, where: str = "") -> list[str]:
    """Where `data` (parsed with exact integers) holds one a browser would round."""
    if isinstance(data, bool):
        return []
    if isinstance(data, int):
        return [f"{where or '.'} = {data}"] if abs(data) > SAFE_INTEGER else []
    if isinstance(data, dict):
        return [hit for key, value in data.items()
                for hit in unsafe_integers(value, f"{where}.{key}")]
    if isinstance(data, list):
        return [hit for i, value in enumerate(data)
                for hit in unsafe_integers(value, f"{where}[{i}]")]
    return []


class Sent:
    """Every JSON text the server answered, searched as it arrives."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.count = 0

    def check(self, text: str, what: str) -> Any:
        data = json.loads(text)
        hits = unsafe_integers(data)
        assert not hits, f"{what} sends integers a browser rounds: {hits[:3]}"
        self.count += 1
        return data

    def get(self, path: str, token: str | None = None, **params: Any) -> Any:
        response = self.client.get(path, headers=auth(token) if token else {}, params=params)
        assert response.status_code < 500, response.text
        return self.check(response.text, f"GET {path}")

    def post(self, path: str, body: Any, token: str | None = None) -> Any:
        response = self.client.post(path, headers=auth(token) if token else {}, json=body)
        assert response.status_code < 500, response.text
        return response.status_code, self.check(response.text, f"POST {path}")


def play_whole_game(client: TestClient, game_id: str) -> tuple[Sent, dict[str, Any], Any]:
    """A table of human seats with a big seed, played to its end through the API (each
    move a quick bot's choice); every answer on the way searched. Returns the searcher,
    the tokens and the finished table's payload for the admin."""
    game = get_game(game_id)
    seats = game.min_seats
    service = service_of(client)
    made = service.create(game_id, {}, ["human"] * seats,
                          [f"P{i + 1}" for i in range(seats)], None, seed=BIG_SEED)
    table = made.table_id
    tokens = {"admin": made.admin_token, "spectator": made.spectator_token,
              **{str(seat): token for seat, token in made.seat_tokens.items()}}
    sent = Sent(client)
    base = f"/api/tables/{table}"
    for token in tokens.values():
        sent.get(base, token)
    with client.websocket_connect(f"{base}/live") as socket:
        socket.send_json({"token": made.seat_tokens[0]})
        sent.check(socket.receive_text(), "a live frame")
    kind = QUICK_BOT.get(game_id, "greedy")
    moves = 0
    while True:
        info = service.info(table)
        with service.table(info) as loaded:
            decision = loaded.state.decision()
            if decision is None:
                break
            seat = decision.seats[0]
            action = choose(game, loaded.state.clone(), seat, kind, moves)
        token = made.seat_tokens[seat]
        sent.get(f"{base}/legal", token)
        status, answer = sent.post(f"{base}/actions",
                                   {"notation": game.format_action(action)}, token)
        assert status == 200, answer
        moves += 1
        sent.get(base, made.seat_tokens[(seat + 1) % seats])
        sent.get(base, made.spectator_token)
    for token in tokens.values():
        for what in ("", "/log", "/chat", "/record"):
            sent.get(f"{base}{what}", token)
    sent.post("/api/my-tables", {"tokens": list(made.seat_tokens.values())})
    return sent, tokens, sent.get(base, made.admin_token)


@pytest.mark.parametrize("game_id", game_ids())
def test_no_answer_of_a_whole_game_holds_an_integer_a_browser_rounds(
        client: TestClient, game_id: str) -> None:
    sent, tokens, finished = play_whole_game(client, game_id)
    assert finished["finished"] and finished["result"] is not None
    # the record as the record viewer gets it: the seed is its decimal string ...
    record = sent.get(f"/api/tables/{finished['table']}/record", tokens["0"])
    assert record["seed"] == str(BIG_SEED)
    assert GameRecord.from_json(record).seed == BIG_SEED
    # ... and sent back as it came, it replays to the table's result at its last move
    status, first = sent.post("/web/replay", {"record": record, "step": 0})
    assert status == 200, first
    status, last = sent.post("/web/replay", {"record": record})
    assert status == 200, last
    assert last["step"] == last["total"] == len(record["actions"]) > 0
    assert last["result"] == finished["result"]
    # a record file's text (the seed a JSON integer) replays the same
    text = GameRecord.from_json(record).dumps()
    assert f'"seed": {BIG_SEED}' in text
    status, from_file = sent.post("/web/replay", {"record": text})
    assert status == 200 and from_file["result"] == finished["result"]
    assert sent.count > 20


def test_refusals_echo_no_integer_a_browser_rounds(client: TestClient) -> None:
    sent = Sent(client)
    status, body = sent.post("/web/replay", {"record": {}, "step": 2**62})
    assert status == 422 and body["error"]
    status, body = sent.post("/api/tables", {"game": "rail-line", "seats": [2**62]})
    assert status == 422 and body["error"]


def test_the_record_of_a_long_game_replays_in_the_viewer(client: TestClient) -> None:
    from tests.web.conftest import random_record

    record = random_record("benelux-rails", ["Ann", "Bo", "Cy"], 5)
    text = record.dumps()
    assert len(record.actions) > 1000 and len(text) > 64 * 1024   # over the usual body cap
    sent = Sent(client)
    status, last = sent.post("/web/replay", {"record": text})
    assert status == 200, last
    assert last["step"] == len(record.actions) and last["result"] == record.result
    status, refused = sent.post("/web/replay", {"record": " " * (2 * 2**20)})
    assert status == 413 and refused["error"]


@pytest.mark.parametrize("text", ["", "not json", "[1]", "{", "1" * 5000, "[" * 100_000,
                                  '{"format": "stellwerk-record", "seed": "12"}'])
def test_a_record_text_that_is_no_record_is_refused_in_words(client: TestClient,
                                                             text: str) -> None:
    for lang, words in (("en", "not a record Stellwerk"),
                        ("de", "Partiedatei kann Stellwerk nicht")):
        response = client.post(f"/web/replay?lang={lang}", json={"record": text})
        assert response.status_code == 422, response.text
        assert words in response.json()["error"]
