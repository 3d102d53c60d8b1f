"""`stellwerk replay`: check records and print their results.

A file holds one record (JSON) or many (JSON Lines, as `simulate --record` writes).
Exit 0 when every record replays to its stored result; otherwise one line naming the
first failure and exit 1.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from stellwerk.core.contract import State
from stellwerk.core.errors import BadRecord
from stellwerk.core.record import GameRecord, read_record_text, replay
from stellwerk.frontends.report_words import WORDS
from stellwerk.games import get_game


def _records(path: Path) -> list[tuple[str, GameRecord]]:
    text = read_record_text(path)
    try:
        return [(str(path), GameRecord.from_json(json.loads(text)))]
    except RecursionError:
        raise BadRecord(f"{path}: not valid JSON (nested too deeply)") from None
    except json.JSONDecodeError as whole:
        # One broken JSON document (e.g. a pretty-printed record) is reported where it
        # breaks; only a file whose first line is a document by itself is JSON Lines.
        first = next((line for line in text.splitlines() if line.strip()), None)
        try:
            if first is not None:
                json.loads(first)
        except (json.JSONDecodeError, RecursionError):
            raise BadRecord(f"{path}: not valid JSON ({whole.msg}, line {whole.lineno})"
                            ) from None
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise BadRecord(f"{path}: line {number}: not valid JSON ({exc.msg})") from None
        except RecursionError:
            raise BadRecord(f"{path}: line {number}: not valid JSON (nested too deeply)"
                            ) from None
        try:
            records.append((f"{path}:{number}", GameRecord.from_json(data)))
        except BadRecord as exc:
            raise BadRecord(f"{path}: line {number}: {exc}") from None
    if not records:
        raise BadRecord(f"{path}: no record in the file")
    return records


def outcome_line(where: str, record: GameRecord, state: State, lang: str = "en") -> str:
    names = [s.name for s in record.seats]
    if not state.is_over():
        return WORDS.text("rp.unfinished", lang, where=where, n=len(record.actions))
    result = state.result()
    no_score = WORDS.text("rp.no_score", lang)
    scores = ", ".join(f"{n} {no_score if s is None else f'{s:g}'}"
                       for n, s in zip(names, result.scores, strict=True))
    if result.lower_is_better:
        scores += WORDS.text("rp.lower", lang)
    winners = (WORDS.text("rp.and", lang).join(names[w] for w in result.winners)
               or WORDS.text("rp.nobody", lang))
    return WORDS.text("rp.ok", lang, where=where, n=len(record.actions), scores=scores,
                      winners=winners)


def replay_file(path: Path, pack: Path | None, as_json: bool, lang: str = "en") -> int:
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
            print(outcome_line(where, record, state, lang))
    if as_json:
        print(json.dumps(results if len(results) > 1 else results[0], indent=1))
    return 0
