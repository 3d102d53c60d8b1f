"""A table asked for with options its game does not declare, or values they do not take,
is refused with a 422, a keyed message in the request's language, and no table made."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa

from stellwerk.games import get_game
from stellwerk.server import store

from .conftest import service_of


def tables_made(client: Any) -> int:
    with service_of(client).engine.connect() as conn:
        return int(conn.execute(sa.select(sa.func.count()).select_from(store.tables)).scalar())


@pytest.mark.parametrize(("game", "kinds", "options", "key", "german"), [
    ("rail-line", ["human"] * 2, {"sheet": "IX"}, "opt.choice",
     "sheet muss I oder II sein, nicht 'IX'"),
    ("rail-line", ["human"] * 2, {"colour": "red"}, "opt.unknown",
     "unbekannte Option 'colour' für Rail Line (Optionen: sheet)"),
    ("linie1", ["human"] * 2, {"rounds": 500}, "opt.range",
     "rounds muss zwischen 1 und 200 liegen, nicht '500'"),
    ("linie1", ["human"] * 2, {"rounds": "x"}, "opt.whole",
     "rounds muss eine ganze Zahl von 1 bis 200 sein, nicht 'x'"),
    ("railways", ["human"], {"challenges": "1,5"}, "rw.opt.magnate",
     "Herausforderung 5 (Magnat) ist eine Kombination: nenne zwei oder mehr von 1-4, "
     "z. B. challenges=1,3"),
    ("railways", ["human"] * 2, {}, "opt.seats_solo",
     "Railways ist ein Solospiel: ein Platz, nicht 2"),
    ("benelux-rails", ["human"] * 4, {}, "opt.seats_pair",
     "Benelux Rails ist für 2 oder 3 Personen, nicht 4"),
    ("benelux-rails", ["human"] * 2, {"variant": "{slow}"}, "opt.choice",
     "variant muss standard oder fast sein, nicht '{slow}'"),
])
def test_bad_options_are_a_keyed_422_in_the_requests_language(
        client: Any, game: str, kinds: list[str], options: dict[str, Any], key: str,
        german: str) -> None:
    body = {"game": game, "seats": [{"kind": kind} for kind in kinds], "options": options}
    before = tables_made(client)
    answer = client.post("/api/tables", json=body, headers={"Accept-Language": "de-DE"})
    assert answer.status_code == 422, answer.text
    assert answer.json() == {"error": german, "key": key}
    english = client.post("/api/tables?lang=en", json=body)
    assert english.status_code == 422 and english.json()["key"] == key
    assert english.json()["error"] != german
    assert tables_made(client) == before
    # the same table with good options opens
    good = {**body, "seats": [{"kind": "human"}] * get_game(game).min_seats, "options": {}}
    assert client.post("/api/tables", json=good).status_code == 201


def test_the_games_list_names_each_declared_option_in_the_requests_language(
        client: Any) -> None:
    for lang, header in (("de", "de-DE"), ("en", "en-GB")):
        listed = {game["id"]: game for game in
                  client.get("/api/games", headers={"Accept-Language": header}).json()}
        for game_id, game in listed.items():
            declared = get_game(game_id)
            assert game["options"] == [option.describe(declared.catalog, lang)
                                       for option in declared.options]
    assert listed["linie1"]["options"][0]["label"] == "Rounds"
