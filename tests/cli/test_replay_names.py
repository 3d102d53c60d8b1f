"""`replay --lang de` says the table's own name for a person in German ("Du", not
"You"), whichever language the game was played in; a name a player gave stays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stellwerk.cli import main

FIXTURE = (Path(__file__).parents[1] / "fixtures" / "rail-line" / "rules"
           / "rail-line-3p-sheetI-greedy-greedy-greedy-seed13.json")


@pytest.mark.parametrize(("lang", "names", "shown"), [
    ("de", ["You", "Greedy 2", "Greedy 3"], "Du "),
    ("en", ["Du", "Greedy 2", "Greedy 3"], "You "),
    ("de", ["Player 1", "Player 2", "Anna"], "Spieler 2 "),
    ("en", ["Spieler 1", "Spieler 2", "Anna"], "Player 1 "),
])
def test_the_table_names_of_people_follow_the_readers_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, names: list[str],
        shown: str) -> None:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    people = 1 if names[0] in ("You", "Du") else 2
    data["seats"] = [{"name": name, "kind": "human" if k < people else "greedy"}
                     for k, name in enumerate(names)]
    record = tmp_path / "record.json"
    record.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(record), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert shown in out
    assert names[0] + " " not in out
    if "Anna" in names:
        assert "Anna " in out   # a given name is kept
