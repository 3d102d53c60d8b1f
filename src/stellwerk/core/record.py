"""Game records: the JSON file that fully determines a game, and its replay.

A record holds the format and engine versions, the game, options, content pack id and
SHA-256, seed, seats, the action list (seat and notation) and the result, and may name
the language the game was played in (`lang`, so a resumed game speaks it). Replaying
the actions from the seed must reproduce the result exactly; a record that does not
fit is refused with the index and reason of the first failure.

The seed is a 64-bit number, from 0 to 2**64 - 1. A record file holds it as a JSON
integer; JSON that a browser reads holds it as its decimal string (a browser rounds
integers beyond 2**53 - 1, see `stellwerk.server.browser_json`), so a reader accepts
either: `"seed": 4611686018427387903` and `"seed": "4611686018427387903"` are the same
record.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stellwerk import __version__
from stellwerk.core.atomic_file import write_text_atomically
from stellwerk.core.contract import Game, State
from stellwerk.core.errors import BadRecord, StellwerkError, keeping_words
from stellwerk.core.inputs import (
    MAX_RECORD_BYTES,
    SEED_LIMIT,
    check_text,
    parse_json,
    read_capped_text,
)

FORMAT = "stellwerk-record"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str  # "human" or a bot name

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind}


@dataclass
class GameRecord:
    game: str
    engine_version: str
    options: dict[str, Any]
    pack_id: str
    pack_sha256: str
    seed: int
    seats: list[Seat]
    actions: list[tuple[int, str]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    stellwerk_version: str = __version__
    lang: str | None = None   # the table's language; no part of what the game is

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "stellwerk_version": self.stellwerk_version,
            "engine_version": self.engine_version,
            "game": self.game,
            "options": self.options,
            "pack": {"id": self.pack_id, "sha256": self.pack_sha256},
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "actions": [{"seat": seat, "action": text} for seat, text in self.actions],
            "result": self.result,
        }
        if self.lang is not None:
            data["lang"] = self.lang
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n"

    def save(self, path: Path) -> None:
        """Write the record atomically: the file holds the old record or the new one,
        never a part, whatever stops the program."""
        try:
            write_text_atomically(path, self.dumps())
        except OSError as exc:
            raise StellwerkError(f"{path}: cannot write the record ({exc.strerror})") from None

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        def need(obj: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
            if not isinstance(obj, Mapping) or key not in obj:
                raise BadRecord(f"{where}: missing {key!r}")
            value = obj[key]
            if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
                raise BadRecord(f"{where}.{key}: wrong type {type(value).__name__}")
            return value

        if not isinstance(data, Mapping):
            raise BadRecord("record: the top level must be a JSON object")
        if data.get("format") != FORMAT:
            raise BadRecord(f"record: not a Stellwerk record (format {data.get('format')!r})")
        version = need(data, "format_version", int, "record")
        if version != FORMAT_VERSION:
            raise BadRecord(f"record: format version {version} is not supported "
                            f"(this Stellwerk reads {FORMAT_VERSION})")
        pack = need(data, "pack", dict, "record")
        seats = []
        for i, seat in enumerate(need(data, "seats", list, "record")):
            name = check_text(need(seat, "name", str, f"seats[{i}]"), f"seats[{i}].name",
                              BadRecord)
            seats.append(Seat(name,
                              need(seat, "kind", str, f"seats[{i}]")))
        actions = []
        for i, entry in enumerate(need(data, "actions", list, "record")):
            actions.append((need(entry, "seat", int, f"actions[{i}]"),
                            need(entry, "action", str, f"actions[{i}]")))
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise BadRecord("record.result: must be an object or null")
        lang = data.get("lang")
        if lang is not None and not isinstance(lang, str):
            raise BadRecord(f"record.lang: wrong type {type(lang).__name__}")
        return cls(
            game=need(data, "game", str, "record"),
            engine_version=need(data, "engine_version", str, "record"),
            options=need(data, "options", dict, "record"),
            pack_id=need(pack, "id", str, "record.pack"),
            pack_sha256=need(pack, "sha256", str, "record.pack"),
            seed=_seed(need(data, "seed", (int, str), "record")),
            seats=seats,
            actions=actions,
            result=result,
            stellwerk_version=str(data.get("stellwerk_version", "")),
            lang=lang,
        )

    @classmethod
    def load(cls, path: Path) -> GameRecord:
        return cls.from_json(parse_json(read_record_text(path), str(path), BadRecord))


def _seed(value: int | str) -> int:
    """The seed of a record: a JSON integer, or its decimal string (as JSON for browsers
    writes a big one)."""
    if isinstance(value, bool):
        raise BadRecord("record.seed: wrong type bool")
    if isinstance(value, str):
        if not value.isascii() or not value.isdigit() or len(value) > 20:
            raise BadRecord("record.seed: a string seed must be the decimal digits of a "
                            "number from 0 to 2**64 - 1")
        value = int(value)
    # the seed seeds a 64-bit generator: a bigger one would silently lose its high bits
    if not 0 <= value < SEED_LIMIT:
        raise BadRecord("record.seed: must be from 0 to 2**64 - 1 (a seed is 64 bits)")
    return value


def read_record_text(path: Path) -> str:
    """The text of a record file (a regular file of at most MAX_RECORD_BYTES), or
    BadRecord saying why it cannot be read."""
    return read_capped_text(path, MAX_RECORD_BYTES, "record", BadRecord)


def replay(record: GameRecord, game: Game, pack_path: Path | None = None) -> State:
    """Rebuild the game from a record; raise BadRecord at the first thing that does not fit.

    Checks the game, the engine version, the content pack hash, every action, and, when
    the record holds a result, that the replay ends with exactly that result.
    """
    if record.game != game.id:
        raise BadRecord(f"record is for {record.game!r}, not {game.id!r}")
    if record.engine_version != game.engine_version:
        raise BadRecord(f"record was made by engine {record.engine_version!r}; "
                        f"this is {game.engine_version!r}")
    try:
        pack = game.load_pack(pack_path)
        options = game.parse_options(record.options, len(record.seats))
    except StellwerkError as exc:   # a refused option keeps its words in every language
        raise keeping_words(BadRecord(str(exc)), exc) from None
    if pack.sha256 != record.pack_sha256:
        raise BadRecord(f"content pack {pack.id!r} has SHA-256 {pack.sha256[:12]}…, the record "
                        f"was played with {record.pack_id!r} {record.pack_sha256[:12]}…")
    state = game.new_state(options, record.seed, pack, len(record.seats))
    for index, (seat, text) in enumerate(record.actions):
        if state.is_over():
            raise BadRecord("the game is already over", index)
        if not 0 <= seat < len(record.seats):
            raise BadRecord(f"there is no seat {seat}", index)
        try:
            state.apply(seat, game.parse_action(text))
        except StellwerkError as exc:
            raise BadRecord(f"{text!r} by seat {seat}: {exc}", index) from None
    if record.result is not None:
        if not state.is_over():
            raise BadRecord("the record has a result but its actions do not finish the game")
        got = state.result().to_json()
        if got != record.result:
            raise BadRecord(f"the replay ends with {_short(got)}, the record says "
                            f"{_short(record.result)}")
    return state


def _short(result: Mapping[str, Any]) -> str:
    return f"scores {result.get('scores')} winners {result.get('winners')}"
