"""Content packs: cards, sheets, boards and maps as data files.

A pack is one TOML file. Its `[pack]` table names it (`id`, `game`, `version`,
`title`); every item in it carries `provenance = "confirmed"` (printed in the published
game or stated in a seed) or `"reconstructed"` (made by this project where the
extracted texts lost the content). The file is checked against the game's JSON Schema
and then by the game's own checks; the first problem is reported naming the file, the
item and what is wrong. The SHA-256 of the file's bytes identifies the pack in records.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

import jsonschema

from stellwerk.core.cache import BoundedCache
from stellwerk.core.errors import BadPack
from stellwerk.core.i18n import Phrase
from stellwerk.core.inputs import MAX_PACK_BYTES, read_capped

PROVENANCES = ("confirmed", "reconstructed")
# Compiled packs a game keeps at once (the shipped one and a few of players' own); each
# is a game's lookup tables, up to a few MB for a map.
COMPILED_PACKS = 8


@dataclass(frozen=True)
class ContentPack:
    id: str
    game: str
    version: str
    title: str
    sha256: str
    path: Path
    data: Mapping[str, Any]
    # what the game will use of it, in words (e.g. "126 tiles in the pile"), so
    # `stellwerk pack` shows the figures a game is played with, not just "valid"; each
    # said in the reader's language
    figures: tuple[Phrase, ...] = ()

    def provenance_counts(self) -> dict[str, int]:
        counts = dict.fromkeys(PROVENANCES, 0)
        for _, value in iter_items(self.data):
            counts[value] += 1
        return counts


def iter_items(node: Any, where: str = "") -> Iterator[tuple[str, str]]:
    """Every (item path, provenance) in a parsed pack."""
    if isinstance(node, Mapping):
        if isinstance(node.get("provenance"), str):
            yield where or "pack", node["provenance"]
        for key, value in node.items():
            yield from iter_items(value, f"{where}.{key}" if where else str(key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from iter_items(value, f"{where}[{i}]")


def _item_path(path: Any) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "top level"


def load_pack(path: Path, game: str, schema: Mapping[str, Any],
              check: Callable[[Mapping[str, Any]], None] | None = None,
              describe: Callable[[Mapping[str, Any]], list[Phrase]] | None = None
              ) -> ContentPack:
    """Read, validate and return a pack; raise BadPack naming file, item and problem.

    `check` is the game's own validation beyond the schema; it raises
    `BadPack("item: problem")` (an item's problem is named in English, as the schema's
    are) and this function adds the file name. `describe` gives
    the figures the game will use of a valid pack. The file is read only if it is a
    regular file of at most MAX_PACK_BYTES; the game's schema caps every count and size.
    """
    raw = read_capped(path, MAX_PACK_BYTES, "content pack", BadPack)
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadPack("pk.utf8", path=path) from None
    except tomllib.TOMLDecodeError as exc:
        raise BadPack("pk.toml", path=path, detail=exc) from None
    except RecursionError:
        raise BadPack("pk.toml_deep", path=path) from None
    except ValueError:     # tomllib passes on int()'s refusal of a >4,300-digit number
        raise BadPack("pk.toml_number", path=path) from None
    for each in (PACK_ENVELOPE_SCHEMA, schema):
        validator = jsonschema.Draft202012Validator(each)
        error = jsonschema.exceptions.best_match(validator.iter_errors(data))
        if error is not None:
            raise BadPack(f"{path}: item {_item_path(error.absolute_path)}: {error.message}")
    for where, provenance in iter_items(data):
        if provenance not in PROVENANCES:
            raise BadPack("pk.provenance", path=path, where=where,
                          known=", ".join(PROVENANCES), value=repr(provenance))
    meta = data["pack"]
    if meta["game"] != game:
        raise BadPack("pk.other_game", path=path, game=repr(meta["game"]), other=repr(game))
    if check is not None:
        try:
            check(data)
        except BadPack as exc:
            raise BadPack(f"{path}: item {exc}") from None
    return ContentPack(
        id=meta["id"], game=game, version=str(meta["version"]), title=meta["title"],
        sha256=hashlib.sha256(raw).hexdigest(), path=path, data=data,
        figures=tuple(describe(data)) if describe is not None else (),
    )


def load_schema(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


PACK_META_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["id", "game", "version", "title"],
    "properties": {
        "id": {"type": "string", "pattern": "^[a-z0-9][a-z0-9._-]*$", "maxLength": 64},
        "game": {"type": "string", "maxLength": 64},
        "version": {"type": ["string", "integer"], "maxLength": 32, "minimum": 0,
                    "maximum": 1_000_000},
        "title": {"type": "string", "maxLength": 200},
        "notes": {"type": "string", "maxLength": 4000},
    },
    "additionalProperties": False,
}

# Every pack, whatever its game, has this [pack] table; the core checks it itself, so a
# game's schema that leaves it out cannot let a pack without id or game through.
PACK_ENVELOPE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["pack"],
    "properties": {"pack": PACK_META_SCHEMA},
}


Compiled = TypeVar("Compiled")


class PackShelf(Generic[Compiled]):
    """One game's content packs: the shipped pack in a folder beside the game's code
    (with `schema.json`), loading any pack with the game's schema and check, and the
    pack compiled into the game's lookup tables, cached by SHA-256 (compiling is the
    slow part, and a simulation asks for the same pack thousands of times).

    The cache keeps the `cache_size` packs used last (caches on shared pack
    tables are bounded and thread-safe): a server whose tables bring many packs of their
    own holds at most that many compiled tables per game; a pack dropped from the cache
    is compiled again when next asked for (states already made keep their tables)."""

    def __init__(self, game: str, folder: Path, file: str,
                 check: Callable[[Mapping[str, Any]], None],
                 compile_pack: Callable[[ContentPack], Compiled],
                 describe: Callable[[Mapping[str, Any]], list[Phrase]] | None = None,
                 cache_size: int = COMPILED_PACKS) -> None:
        self.game = game
        self.folder = folder
        self.file = file
        self.check = check
        self.compile_pack = compile_pack
        self.describe = describe
        self._compiled = BoundedCache(cache_size)

    def default_path(self) -> Path:
        return self.folder / self.file

    def load(self, path: Path | None = None) -> ContentPack:
        schema = load_schema(self.folder / "schema.json")
        return load_pack(path or self.default_path(), self.game, schema, self.check,
                         self.describe)

    def compiled(self, pack: ContentPack) -> Compiled:
        tables: Compiled | None = self._compiled.get(pack.sha256)
        if tables is None:
            # Compiled outside the cache's lock: two threads asking for a new pack at once
            # may both compile it; compiling is deterministic, so either result serves.
            tables = self.compile_pack(pack)
            self._compiled[pack.sha256] = tables
        return tables

    def cached(self, sha256: str) -> Compiled | None:
        """The compiled tables of a pack named by its SHA-256, if the cache holds them."""
        found: Compiled | None = self._compiled.get(sha256)
        return found

    def cached_all(self) -> list[Compiled]:
        """Every compiled pack the cache holds now."""
        return self._compiled.values()

    def compiled_count(self) -> int:
        """How many compiled packs the cache holds now (at most `cache_size`)."""
        return len(self._compiled)
