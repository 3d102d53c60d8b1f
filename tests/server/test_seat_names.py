"""A seat nobody named is stored without a name and named in each reader's language:
"Seat 2" on English pages and answers, "Platz 2" on German ones, in the record too."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .conftest import auth


def test_an_unnamed_seat_is_named_in_the_readers_language(client: TestClient) -> None:
    made = client.post("/api/tables?lang=de", json={
        "game": "linie1", "options": {"rounds": "1"},
        "seats": [{"kind": "human", "name": "Anna"}, {"kind": "human"}]}).json()
    assert [s["name"] for s in made["seats"]] == ["Anna", "Platz 2"]
    table, token = made["table"], made["seats"][0]["token"]
    names = {lang: [s["name"] for s in client.get(
        f"/api/tables/{table}?lang={lang}", headers=auth(token)).json()["seats"]]
        for lang in ("en", "de")}
    assert names == {"en": ["Anna", "Seat 2"], "de": ["Anna", "Platz 2"]}
    for seat in made["seats"]:
        assert client.post(f"/api/tables/{table}/actions", headers=auth(seat["token"]),
                           json={"notation": "pass"}).status_code == 200
    record = client.get(f"/api/tables/{table}/record?lang=de", headers=auth(token)).json()
    assert [s["name"] for s in record["seats"]] == ["Anna", "Platz 2"]
