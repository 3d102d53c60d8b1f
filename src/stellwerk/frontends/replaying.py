"""`stellwerk replay`: check records and print their results.

A file holds one record (JSON) or many (JSON Lines, as `simulate --record` writes).
Exit 0 when every record replays to its stored result; otherwise one line naming the
first failure and exit 1.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from stellwerk.core.errors import BadRecord
from stellwerk.core.inputs import json_problem
from stellwerk.core.record import GameRecord, read_record_text, replay
from stellwerk.games import get_game


def _records(path: Path) -> list[tuple[str, GameRecord]]:
    text = read_record_text(path)
    data, problem, _ = json_problem(text)
    if problem is None:
        return [(str(path), GameRecord.from_json(data))]
    # One broken JSON document (e.g. a pretty-printed record) is reported where it
    # breaks; only a file whose first line is a document by itself is JSON Lines.
    first = next((row for row in text.splitlines() if row.strip()), None)
    if first is None:
        raise BadRecord(f"{path}: no record in the file")
    if json_problem(first)[1] is not None:
        raise BadRecord(f"{path}: {problem}")
    records = []
    for number, line_text in enumerate(text.splitlines(), start=1):
        if not line_text.strip():
            continue
        data, problem, _ = json_problem(line_text)
        if problem is not None:
            raise BadRecord(f"{path}: line {number}: {problem.replace(', line 1)', ')')}")
        try:
            records.append((f"{path}:{number}", GameRecord.from_json(data)))
        except BadRecord as exc:
            raise BadRecord(f"{path}: line {number}: {exc}") from None
    if not records:
        raise BadRecord(f"{path}: no record in the file")
    return records


def replay_file(path: Path, pack: Path | None, as_json: bool) -> int:
    results: list[dict[str, Any]] = []
    for where, record in _records(path):
        try:
            game = get_game(record.game)
        except Exception as exc:
            raise BadRecord(f"{where}: {exc}") from None
        try:
            state = replay(record, game, pack)
        except BadRecord as exc:
            raise BadRecord(f"{where}: {exc}") from None
        outcome: dict[str, Any] = {"record": where, "game": record.game,
                                   "actions": len(record.actions), "over": state.is_over()}
        if state.is_over():
            outcome["result"] = state.result().to_json()
        results.append(outcome)
        if not as_json:
            names = [s.name for s in record.seats]
            if state.is_over():
                result = state.result()
                scores = ", ".join(f"{n} {'no score' if s is None else f'{s:g}'}"
                                   for n, s in zip(names, result.scores, strict=True))
                winners = " and ".join(names[w] for w in result.winners) or "nobody"
                print(f"{where}: ok, {len(record.actions)} actions; {scores}; won by {winners}")
            else:
                print(f"{where}: ok, {len(record.actions)} actions; the game is not finished")
    if as_json:
        print(json.dumps(results if len(results) > 1 else results[0], indent=1))
    return 0
