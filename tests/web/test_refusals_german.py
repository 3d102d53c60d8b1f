"""Refusal reasons in German: every key an engine refuses with exists in its game's
catalogue in English and German, each text uses only the parameters every refusal with
that key carries (else it would show raw braces), and the server gives a German page
the German reason."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from stellwerk.games import game_ids, get_game
from stellwerk.server.app import Settings, create_app

SRC = Path(__file__).resolve().parents[2] / "src" / "stellwerk" / "games"
REFUSERS = ("illegal", "IllegalAction", "BadNotation")


def _refusals(package: Path) -> dict[str, list[set[str]]]:
    """key -> the parameter names of each call that refuses with it."""
    found: dict[str, list[set[str]]] = {}
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            first = node.args[0]
            if name in REFUSERS and isinstance(first, ast.Constant) and isinstance(
                    first.value, str):
                # a `**params` argument may give any field: marked as "**"
                found.setdefault(first.value, []).append(
                    {k.arg if k.arg else "**" for k in node.keywords})
    return found


def _fields(template: str) -> set[str]:
    """The parameters a template reads (`{why[de]}` reads `why`, a counted word
    `{n|card|cards}` reads `n`)."""
    return {name.split("|")[0].split("[")[0].split(".")[0]
            for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("game_id", game_ids())
def test_every_refusal_key_reads_in_german_with_its_own_parameters(game_id: str) -> None:
    game = get_game(game_id)
    refusals = _refusals(SRC / game_id.replace("-", "_"))
    assert refusals
    for key, calls in refusals.items():
        assert key in game.catalog, f"{game_id}: {key} has no catalogue entry"
        german = game.catalog._entries[key].get("de")
        assert german, f"{game_id}: {key} has no German text"
        for params in calls:
            if "**" in params:
                continue
            missing = _fields(german) - params
            assert not missing, f"{game_id}: {key} uses {missing}, not always given"


def test_a_german_page_gets_the_engines_reason_in_german(tmp_path: Path) -> None:
    app = create_app(Settings(database=f"sqlite:///{tmp_path / 'db.sqlite3'}", bot_workers=0,
                              bot_delay=0.0))
    with TestClient(app) as client:
        made = client.post("/api/tables", json={"game": "rail-line", "seats": [
            {"kind": "human"}, {"kind": "human"}]}).json()
        auth = {"Authorization": f"Bearer {made['seats'][0]['token']}"}
        url = f"/api/tables/{made['table']}/actions"
        german = client.post(url + "?lang=de", json={"notation": "lay A01"}, headers=auth)
        english = client.post(url + "?lang=en", json={"notation": "lay A01"}, headers=auth)
        assert german.status_code == english.status_code == 422
        assert "ist jetzt nicht möglich" in german.json()["error"], german.json()
        assert "is not possible now" in english.json()["error"], english.json()
        assert german.json()["key"] == english.json()["key"] == "rl.wrong_time"
        table = client.get(f"/api/tables/{made['table']}", headers=auth).json()
        assert table["seq"] == 0   # the refusals changed nothing
