"""Every Rail Line and Railways decision by pointing (core.pointing): each legal action
is reached by pointing at the board's parts and the drawn options as the web table
offers them (choose.js, followed here step by step), every board part is on the seat's
drawing, every option is labelled in the page's language; the choices route answers
only the seat whose turn it is."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core import companions
from stellwerk.core.pointing import Pointing
from stellwerk.games import get_game
from stellwerk.games.railways.uses import pollution_of, split_uses
from stellwerk.testing.states import deciding_seats


def _states(game_id: str, seats: int, seed: int, limit: int = 400) -> Any:
    """Each state of one random game with its deciding seat."""
    game = get_game(game_id)
    pack = game.load_pack()
    state = game.new_state(game.parse_options({}, seats), seed, pack, seats)
    rnd = random.Random(seed)
    for seat in deciding_seats(state, limit):
        yield game, pack, state, seat
        state.apply(seat, rnd.choice(state.candidate_actions(seat)))


def _open(actions: list[dict[str, Any]], chosen: list[str]) -> tuple[list[Any], set[str]]:
    """The actions left and the parts that tell them apart, as choose.js counts them."""
    left = [a for a in actions if all(p in a["parts"] for p in chosen)]
    if len(left) == 1:
        return left, {p for p in left[0]["parts"] if p not in chosen}
    counts: dict[str, int] = {}
    for action in left:
        for part in action["parts"]:
            counts[part] = counts.get(part, 0) + 1
    return left, {p for p, n in counts.items() if n < len(left) and p not in chosen}


def _reach(data: dict[str, Any], target: dict[str, Any]) -> list[str]:
    """Point towards `target` as a player would: a drawn option of the group offered
    or a part on the board; the page sends once one action is left."""
    groups = [g["key"] for g in data["groups"]]
    parts = data["parts"]
    chosen: list[str] = []
    for _ in range(12):
        left, open_parts = _open(data["actions"], chosen)
        if chosen and len(left) == 1:
            assert left[0]["notation"] == target["notation"]
            return chosen
        group = next(g for g in groups if any(parts[p]["group"] == g for p in open_parts))
        offered = [p for p in open_parts if parts[p]["group"] == group and not parts[p]["board"]]
        on_board = [p for p in open_parts if parts[p]["board"]]
        mine = [p for p in offered + on_board if p in target["parts"]]
        assert mine, f"{target['notation']}: nothing of it offered at {chosen}"
        chosen.append(mine[0])
    raise AssertionError(f"{target['notation']} not reached: {chosen}")


def _board_parts(svg: str) -> set[str]:
    return {token for element in ET.fromstring(svg).iter() if element.get("data-part")
            for token in element.get("data-part", "").split("|")}


def _check_decision(game: Any, pack: Any, state: Any, seat: int,
                    lang: str) -> dict[str, Any]:
    picture = companions.picture(game, pack)
    view = state.view(seat)
    made = picture.choices(view, state.candidate_actions(seat), lang)
    assert isinstance(made, Pointing)
    data = made.to_json(game.format_action)
    drawn = _board_parts(picture.svg(view, lang) or "")
    legal = {game.format_action(a) for a in state.candidate_actions(seat)}
    assert {a["notation"] for a in data["actions"]} == legal
    for action in data["actions"]:
        for part in action["parts"]:
            info = data["parts"][part]
            assert info["label"].strip()
            if info["board"]:
                assert part in drawn, f"{part} is not on the board"
            if info["svg"]:
                ET.fromstring(info["svg"])    # each drawn option is a picture of its own
    # every kind of action, and a sample of the many alike (486 dice placements)
    rnd = random.Random(len(data["actions"]))
    for action in rnd.sample(data["actions"], min(40, len(data["actions"]))):
        _reach(data, action)
    return data


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000), lang=st.sampled_from(["en", "de"]))
def test_every_rail_line_decision_is_reached_by_pointing(seed: int, lang: str) -> None:
    seen: set[str] = set()
    for game, pack, state, seat in _states("rail-line", 3, seed):
        data = _check_decision(game, pack, state, seat, lang)
        seen.update(part.split(":")[0] for a in data["actions"] for part in a["parts"])
    # the first decisions are drawn, the cards and stations are on the board
    assert {"side", "track", "card", "station", "pass"} <= seen


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 10_000), lang=st.sampled_from(["en", "de"]))
def test_every_railways_decision_is_reached_by_pointing(seed: int, lang: str) -> None:
    seen: set[str] = set()
    for game, pack, state, seat in _states("railways", 1, seed):
        data = _check_decision(game, pack, state, seat, lang)
        seen.update(part.split(":")[0] for a in data["actions"] for part in a["parts"])
    assert {"die", "conn", "pay"} <= seen


def test_the_cheapest_payment_is_ranked_first() -> None:
    for game, pack, state, seat in _states("railways", 1, 4):
        actions = state.candidate_actions(seat)
        if not any(a[0] == "open" for a in actions):
            continue
        data = _check_decision(game, pack, state, seat, "en")
        opening = [a for a in data["actions"] if a["notation"].startswith("open ")]
        target = max((a["parts"][0] for a in opening),
                     key=lambda t: sum(a["parts"][0] == t for a in opening))
        pays = [p for a in opening if a["parts"][0] == target
                for p in a["parts"] if p.startswith("pay:")]
        assert len(pays) > 1 and all(data["parts"][p]["rank"] is not None for p in pays)
        pollution = {p: pollution_of(split_uses(p.removeprefix("pay:")) or ()) for p in pays}
        cheapest = min(pays, key=lambda p: data["parts"][p]["rank"])
        assert pollution[cheapest] == min(pollution.values())
        return
    pytest.fail("no connection could be opened in this game")


def test_a_station_side_is_drawn_in_the_page_language() -> None:
    game, pack, state, seat = next(_states("rail-line", 2, 1))
    en = _check_decision(game, pack, state, seat, "en")
    de = _check_decision(game, pack, state, seat, "de")
    assert en["groups"][0]["title"] != de["groups"][0]["title"]
    side = en["parts"]["side:1"]
    assert side["svg"] and not side["board"]
    assert "Seite" in de["parts"]["side:1"]["label"]


def test_two_actions_with_the_same_parts_are_refused() -> None:
    made = Pointing()
    made.group("g", "G")
    made.part("a", "g", "A")
    made.part("b", "g", "B")
    made.action(("x",), ["a"])
    made.action(("y",), ["a", "b"])     # x's parts lie within y's: x cannot be chosen
    with pytest.raises(ValueError):
        made.to_json(str)


def test_the_choices_route_answers_the_seat_to_decide(tmp_path: Any) -> None:
    from stellwerk.server.app import Settings, create_app

    app = create_app(Settings(database=f"sqlite:///{tmp_path / 't.sqlite3'}", bot_workers=0,
                              background=False))
    with TestClient(app) as client:
        made = client.post("/api/tables", json={
            "game": "rail-line", "seats": [{"kind": "human"}, {"kind": "human"}],
            "options": {}}).json()
        tokens = [s["token"] for s in made["seats"]]
        table = made["table"]

        def ask(token: str, lang: str = "de") -> Any:
            return client.get(f"/web/tables/{table}/choices?lang={lang}",
                              headers={"Authorization": f"Bearer {token}"})

        first = ask(tokens[0])
        assert first.status_code == 200
        data = first.json()
        assert data["choices"]["groups"][0]["title"] == "Welche Seite der Startbahnhofkarte?"
        assert {a["notation"] for a in data["choices"]["actions"]} == {"side 1", "side 2"}
        assert ask(tokens[1]).json()["choices"] is None          # not this seat's turn
        assert ask(made["admin"]["token"]).status_code == 403     # no seat of its own
        assert ask("nonsense").status_code in (401, 403)
