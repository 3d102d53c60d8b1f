"""`stellwerk replay`: check records and print their results.

A file holds one record (JSON) or many (JSON Lines, as `simulate --record` writes).
Exit 0 when every record replays to its stored result; otherwise one line naming the
first failure and exit 1.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from stellwerk.core.contract import State
from stellwerk.core.errors import BadRecord, keeping_words
from stellwerk.core.inputs import (
    MAX_RECORD_BYTES,
    MAX_RECORD_LINE_BYTES,
    json_problem,
    open_regular,
)
from stellwerk.core.record import GameRecord, replay
from stellwerk.frontends.report_words import WORDS
from stellwerk.games import get_game


def _records(path: Path) -> Iterator[tuple[str, GameRecord]]:
    with open_regular(path, "record", BadRecord) as handle:
        head = handle.read(MAX_RECORD_BYTES + 1)
        if len(head) <= MAX_RECORD_BYTES:
            yield from _from_text(path, _decode(path, head))
            return
        # larger than any one record: JSON Lines (as `simulate --record` writes), read
        # a line at a time so a file of any length needs memory for one line only
        del head
        handle.seek(0)
        yield from _from_lines(path, handle)


def _decode(path: Path, data: bytes, number: int | None = None) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = number if number is not None else data[:exc.start].count(b"\n") + 1
        raise BadRecord(f"{path}: line {line}: not UTF-8 text") from None


def _from_text(path: Path, text: str) -> Iterator[tuple[str, GameRecord]]:
    data, problem, _ = json_problem(text)
    if problem is None:
        yield str(path), GameRecord.from_json(data)
        return
    # One broken JSON document (e.g. a pretty-printed record) is reported where it
    # breaks; only a file whose first line is a document by itself is JSON Lines.
    first = next((row for row in text.splitlines() if row.strip()), None)
    if first is None:
        raise BadRecord(f"{path}: no record in the file")
    if json_problem(first)[1] is not None:
        raise BadRecord(f"{path}: {problem}")
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            yield _from_line(path, number, line)


def _from_lines(path: Path, handle: BinaryIO) -> Iterator[tuple[str, GameRecord]]:
    number = found = 0
    while raw := handle.readline(MAX_RECORD_LINE_BYTES + 1):
        number += 1
        if len(raw) > MAX_RECORD_LINE_BYTES:
            raise BadRecord(f"{path}: line {number}: too long for a record (more than "
                            f"{MAX_RECORD_LINE_BYTES // 2**20} MB)")
        line = _decode(path, raw, number)
        if line.strip():
            found += 1
            yield _from_line(path, number, line)
    if not found:
        raise BadRecord(f"{path}: no record in the file")


def _from_line(path: Path, number: int, line: str) -> tuple[str, GameRecord]:
    data, problem, _ = json_problem(line)
    if problem is not None:
        raise BadRecord(f"{path}: line {number}: {problem.replace(', line 1)', ')')}")
    try:
        return f"{path}:{number}", GameRecord.from_json(data)
    except BadRecord as exc:
        raise BadRecord(f"{path}: line {number}: {exc}") from None


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
    for where, record in _records(path):      # read one at a time: a file may be huge
        try:
            game = get_game(record.game)
        except Exception as exc:
            raise BadRecord(f"{where}: {exc}") from None
        try:
            state = replay(record, game, pack)
        except BadRecord as exc:
            raise keeping_words(BadRecord(f"{where}: {exc}"), exc, f"{where}: ") from None
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
