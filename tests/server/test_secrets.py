"""Hidden information never reaches a seat: every payload a seat receives
(table, legal actions, log, chat, my tables, record refusal, live updates, the web
table's board) is searched for what the engine hides from it at that moment: other
seats' hand cards and the B deck (Rail Line), other seats' lines, route cards, stops and
orders not yet resolved (Linie 1), other seats' demand cards and the cards they kept
(Benelux Rails), and the seed of an unfinished game (every game)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
import sqlalchemy as sa

from stellwerk.games.linie1.views import secret_of
from stellwerk.server import store

from .conftest import Made, Seat, auth, create, service_of

GAMES = [
    ("rail-line", 3, {}),
    ("linie1", 3, {"rounds": "8"}),
    ("railways", 1, {}),
    ("benelux-rails", 3, {}),
]
# a random Benelux game runs for thousands of actions: its first ones (the cards kept,
# the starts, the first builds) are searched, and its end is not waited for
STEPS = {"benelux-rails": 40}


def hidden_from(game: str, state: Any, seat: int, game_obj: Any) -> list[str]:
    """JSON fragments that would betray what `seat` may not know now."""
    fragments: list[str] = []
    if game == "benelux-rails" and not state.over:
        mine = set(state.players[seat].hand)
        for other, player in enumerate(state.players):
            if other != seat:
                fragments += [f'"card": {card}, "demands"' for card in player.hand
                              if card not in mine]
                # a logged keep names the kept cards, the first of them still in hand
                fragments += [f'"notation": "keep {card} ' for card in player.hand]
    if game == "rail-line":
        mine = set(state.hands[seat])
        for other, hand in enumerate(state.hands):
            if other != seat:
                fragments += [json.dumps(card) for card in hand if card not in mine]
        fragments += [json.dumps(card) for card in state.deck]
    elif game == "linie1" and not state.over:
        own = secret_of(state, seat)
        for other in range(state.n):
            if other == seat:
                continue
            secret = secret_of(state, other)
            fragments.append(json.dumps(secret["terminals"]))
            if secret["stops"] != own["stops"]:
                fragments.append(f'"stops": {json.dumps(secret["stops"])}')
            if secret["card"] != own["card"]:
                fragments.append(f'"card": {secret["card"]}')
            order = state.orders[other]
            if order is not None and len(order) > 1:  # a real, still secret order
                fragments.append(game_obj.format_action(order))
                fragments.append(json.dumps(list(order))[1:-1])
    return fragments


def check(seat: Seat, fragments: list[str], seed: str | None) -> None:
    for raw in seat.received:
        # the server sends compact JSON; the fragments use json.dumps' default spacing
        text = json.dumps(json.loads(raw))
        for fragment in fragments:
            assert fragment not in text, (seat.seat, fragment, text[:300])
        if seed is not None:
            assert seed not in text, (seat.seat, "seed", text[:300])
    seat.received.clear()


def loaded_of(service: Any, table: str) -> Any:
    with service.table(service.info(table)) as loaded:
        return loaded


def seed_of(client: Any, table: str) -> str:
    with service_of(client).engine.connect() as conn:
        return str(conn.execute(sa.select(store.tables.c.seed).where(
            store.tables.c.id == table)).scalar())


@pytest.mark.parametrize(("game", "seats", "options"), GAMES,
                         ids=[f"{g}-{n}" for g, n, _ in GAMES])
def test_no_payload_holds_another_seats_secret(client: Any, game: str, seats: int,
                                              options: dict[str, Any]) -> None:
    made: Made = create(client, game, ["human"] * seats, options)
    service = service_of(client)
    seed = seed_of(client, made.table)
    rng = random.Random(11)
    watchers = [*made.seats.values(), made.spectator, made.admin]
    steps = STEPS.get(game)
    for step in range(steps or 600):
        loaded = loaded_of(service, made.table)
        state = loaded.state
        finished = state.is_over()
        for watcher in watchers:
            if watcher.seat is None and step % 4 and not finished:
                continue  # onlookers see the public view: every 4th step is enough
            # the log, chat, my tables, record and board every 3rd step and at the end
            watcher.everything(full=step % 3 == 0 or finished)
            drawn = board(client, made.table, watcher) if step % 3 == 0 or finished else ""
            if watcher.seat is None:  # onlookers: what no seat's own view shows is hidden
                views = "".join(json.dumps(state.view(s)) for s in range(seats))
                fragments = [f for s in range(seats)
                             for f in hidden_from(game, state, s, loaded.game)
                             if f not in views]
            else:
                fragments = hidden_from(game, state, watcher.seat, loaded.game)
            check(watcher, fragments, None if finished else seed)
            for fragment in fragments:
                assert fragment not in drawn, (watcher.seat, fragment, "board")
        if finished:
            break
        movers = [s for s in made.seats.values() if s.table_now()["your_turn"]]
        mover = rng.choice(movers)
        choice = rng.choice(mover.get("legal").json()["actions"])
        assert mover.act(choice["notation"]).status_code == 200
        mover.received.clear()  # its own answer holds its own secret order: that is fine
    else:
        if steps is None:
            raise AssertionError("the game did not end")
        return
    # once over, the record (with the seed) is served to everyone at the table (a seed
    # beyond 2**53 as its decimal string, as in all JSON for browsers)
    assert str(made.seats[0].get("record").json()["seed"]) == str(seed)


def board(client: Any, table: str, watcher: Seat) -> str:
    """The web table's board (SVG) as it is drawn for this token."""
    response = client.get(f"/web/tables/{table}/board", headers=auth(watcher.token))
    assert response.status_code == 200, response.text
    return str(response.text)


def test_benelux_kept_demand_cards_reach_no_other_seat(client: Any) -> None:
    made = create(client, "benelux-rails", ["human"] * 3)
    first = made.spectator.table_now()["decision"]["seats"][0]
    keeper = made.seats[first]
    others = [*(s for s in made.seats.values() if s is not keeper), made.spectator,
              made.admin]
    with client.websocket_connect(f"/api/tables/{made.table}/live") as socket:
        socket.send_json({"token": others[0].token})
        assert socket.receive_json()["table"]["seq"] == 0
        keep = next(a for a in keeper.get("legal").json()["actions"]
                    if a["notation"].startswith("keep "))
        cards = keep["notation"].split()[1:]
        assert keeper.act(keep["notation"]).status_code == 200
        update = socket.receive_json()
        while update["table"]["seq"] == 0:
            update = socket.receive_json()
    assert keep["notation"] not in json.dumps(update)
    assert keeper.get("log").json()["actions"][0]["notation"] == keep["notation"]
    for viewer in others:
        log = viewer.get("log").json()
        assert log["actions"][0]["notation"] == "keep ? ? ?"
        text = json.dumps(log) + viewer.get().text
        assert keep["notation"] not in text
        for card in cards:
            assert f'"card": {card}, "demands"' not in text
            assert f'"card":{card},"demands"' not in text


def test_live_updates_do_not_echo_a_secret_order(client: Any) -> None:
    made = create(client, "linie1", ["human", "human"])
    service = service_of(client)
    seed = seed_of(client, made.table)
    legal = made.seats[1].get("legal").json()["actions"]
    order = next(a for a in legal if a["notation"] != "pass")
    with client.websocket_connect(f"/api/tables/{made.table}/live") as socket:
        socket.send_json({"token": made.seats[0].token})
        first = socket.receive_json()
        assert first["type"] == "table" and first["table"]["seq"] == 0
        assert made.seats[1].act(order["notation"]).status_code == 200
        update = socket.receive_json()
        while update["table"]["seq"] == 0:
            update = socket.receive_json()
        text = json.dumps(update)
        state = loaded_of(service, made.table).state
        for fragment in hidden_from("linie1", state, 0, loaded_of(service, made.table).game):
            assert fragment not in text
        assert order["notation"] not in text and seed not in text
        assert update["table"]["view"]["seats"][1]["ordered"] is True  # that much is public
    log = made.seats[0].get("log").json()
    assert log["actions"] == [{**log["actions"][0], "hidden": True}]
    assert "notation" not in log["actions"][0]
    assert made.seats[1].get("log").json()["actions"][0]["notation"] == order["notation"]
