"""Order files: the orders a player writes by hand (or as JSON) for one round.

Text form, one placement per line in priority order (the first line is priority 1):

    # Anna, round 3            <- comments start with #
    player: Anna               <- optional; checked when given (German: spieler)
    round: 3                   <- optional; checked when given (German: runde)
    1. H2 straight 90          <- optional priority number, then SQUARE TILE ROTATION
    H3 kurve 270
    pass                       <- alone: an order without placements (so is an empty file)

JSON form: {"player": "Anna", "round": 3, "placements": [{"square": "H2", "tile":
"straight", "rotation": 90}, ...]} or just the list of placements.

Every mistake is reported with its line number, in English and German (the judge's
catalogue, `terms.py`); a file with any mistake is refused whole (`OrderFileError`), so
nothing of it is used.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stellwerk.core import postal
from stellwerk.core.contract import Action
from stellwerk.core.errors import BadNotation, BadOption, IllegalAction
from stellwerk.core.i18n import LANGUAGES, Phrase, in_every_language
from stellwerk.core.inputs import (
    MAX_ORDER_BYTES,
    ascii_int,
    json_problem,
    read_capped,
)
from stellwerk.core.postal import Mistake
from stellwerk.games.linie1.judge.terms import texts
from stellwerk.games.linie1.notation import EMPTY_WORDS, parse_placement
from stellwerk.games.linie1.precheck import precheck_order
from stellwerk.games.linie1.rules import MAX_PLACEMENTS, Linie1State
from stellwerk.games.linie1.tables import Tables, square_index
from stellwerk.games.linie1.terms import CATALOG, reason_text

HEADER = re.compile(r"^(player|spieler|round|runde)\s*:\s*(.*)$", re.IGNORECASE)
# [0-9], not \d: \d also matches other scripts' digits
PRIORITY = re.compile(r"^([0-9]+)\s*(?:[.):]\s*|\s+)(.*)$")
MAX_FILE_BYTES = MAX_ORDER_BYTES


def mistake(line: int, key: str, **params: Any) -> Mistake:
    """A mistake worded by the judge's catalogue (`terms.py`)."""
    return Mistake(line, texts(key, **params))


def reason(line: int, why: Mapping[str, str] | Phrase) -> Mistake:
    """A mistake worded elsewhere (notation, rules): in every language already, or a
    `Phrase` said in each."""
    if isinstance(why, Phrase):
        why = {lang: why.text(lang) for lang in LANGUAGES}
    return Mistake(line, texts("jd.m.reason", why=dict(why)))


class OrderFileError(postal.OrderFileError):
    """A Linie 1 order file with mistakes (`core.postal.OrderFileError`), summed up by
    the catalogue's `l1.order_file`."""

    def __init__(self, source: str, mistakes: list[Mistake]) -> None:
        super().__init__(source, mistakes, "l1.order_file")


@dataclass
class OrderFile:
    action: Action
    lines: list[int]                       # line number of each placement
    headers: dict[str, tuple[int, str]] = field(default_factory=dict)


def _building_mistake(tables: Tables | None, square_text: str, line: int) -> Mistake | None:
    """A placement on a building, found while parsing when the board is known."""
    if tables is None:
        return None
    square = square_index(square_text)
    if square is None or tables.building_at[square] < 0:
        return None
    return reason(line, in_every_language(
        CATALOG, "l1.fail.on_building", square=square_text,
        building=tables.building_names[tables.building_at[square]]))


def parse_order_text(text: str, source: str = "order", tables: Tables | None = None) -> OrderFile:
    mistakes: list[Mistake] = []
    action: list[object] = ["order"]
    lines: list[int] = []
    headers: dict[str, tuple[int, str]] = {}
    saw_pass = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        header = HEADER.match(line)
        if header:
            key = {"spieler": "player", "runde": "round"}.get(header[1].lower(),
                                                              header[1].lower())
            headers[key] = (number, header[2].strip())
            continue
        if line.lower() in EMPTY_WORDS:
            saw_pass = number
            continue
        priority = PRIORITY.match(line)
        if priority:
            if ascii_int(priority[1], max_digits=3) != len(lines) + 1:
                mistakes.append(mistake(number, "jd.m.priority", given=_cut(priority[1]),
                                        n=len(lines) + 1))
            line = priority[2]
        try:
            placement = parse_placement(line)
            action.extend(placement)
            on_building = _building_mistake(tables, placement[0], number)
            if on_building is not None:
                mistakes.append(on_building)
        except BadNotation as exc:
            mistakes.append(reason(number, exc.params["why"]))
            action.extend(("?", "?", 0))
        lines.append(number)
        if len(lines) == MAX_PLACEMENTS + 1:
            mistakes.append(mistake(number, "jd.m.too_many", most=MAX_PLACEMENTS))
    if saw_pass and lines:
        mistakes.append(mistake(saw_pass, "jd.m.pass_and_placements"))
    if mistakes:
        raise OrderFileError(source, mistakes)
    return OrderFile(tuple(action), lines, headers)


def _core_mistake(line: int, problem: Phrase, strip: str = "") -> Mistake:
    """A mistake the core words (reading the file, JSON), e.g. "too large for an order
    file", in every language; `strip` is a prefix (the file's name) the mistake's line
    already says."""
    return Mistake(line, {lang: problem.text(lang).removeprefix(strip)
                          for lang in LANGUAGES})


def _cut(digits: str) -> str:
    return digits if len(digits) <= 6 else digits[:6] + "…"


def _line_of(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


def _array_items(text: str, start: int) -> list[tuple[int, Any]]:
    """The items of the JSON array whose '[' is at `start`, each with its line."""
    decoder = json.JSONDecoder()
    items: list[tuple[int, Any]] = []
    at = start + 1
    while True:
        while at < len(text) and text[at] in " \t\r\n,":
            at += 1
        if at >= len(text) or text[at] == "]":
            return items
        value, end = decoder.raw_decode(text, at)
        items.append((_line_of(text, at), value))
        at = end


def parse_order_json(text: str, source: str = "order", tables: Tables | None = None) -> OrderFile:
    data, problem, line = json_problem(text)    # too deep or too long numbers included
    if problem is not None:
        raise OrderFileError(source, [_core_mistake(max(line, 1), problem)])
    headers: dict[str, tuple[int, str]] = {}
    if isinstance(data, Mapping):
        unknown = sorted(set(data) - {"player", "round", "placements"})
        if unknown or "placements" not in data:
            raise OrderFileError(source, [mistake(1, "jd.m.json_shape")])
        for key in ("player", "round"):
            if key in data:
                found = re.search(rf'"{key}"', text)
                headers[key] = (_line_of(text, found.start()) if found else 1, str(data[key]))
        found = re.search(r'"placements"\s*:\s*\[', text)
        if found is None:
            raise OrderFileError(source, [mistake(1, "jd.m.placements_list")])
        items = _array_items(text, found.end() - 1)
    elif isinstance(data, list):
        items = _array_items(text, text.index("["))
    else:
        raise OrderFileError(source, [mistake(1, "jd.m.json_kind")])
    mistakes: list[Mistake] = []
    action: list[object] = ["order"]
    lines = []
    for number, (line, item) in enumerate(items, start=1):
        lines.append(line)
        if number == MAX_PLACEMENTS + 1:
            mistakes.append(mistake(line, "jd.m.too_many", most=MAX_PLACEMENTS))
        if (not isinstance(item, Mapping) or set(item) != {"square", "tile", "rotation"}
                or not all(isinstance(item[k], str) for k in ("square", "tile"))
                or not isinstance(item["rotation"], int) or isinstance(item["rotation"], bool)):
            mistakes.append(mistake(line, "jd.m.json_placement"))
            continue
        try:
            placement = parse_placement(f"{item['square']} {item['tile']} {item['rotation']}")
            action.extend(placement)
            on_building = _building_mistake(tables, placement[0], line)
            if on_building is not None:
                mistakes.append(on_building)
        except BadNotation as exc:
            mistakes.append(reason(line, exc.params["why"]))
    if mistakes:
        raise OrderFileError(source, mistakes)
    return OrderFile(tuple(action), lines, headers)


def read_order_file(path: Path, tables: Tables | None = None,
                    folder: Path | None = None) -> OrderFile:
    """Read and parse an order file; with `tables`, building squares are mistakes too.

    With `folder` (the game's folder), a file that is a symlink to somewhere outside it
    is refused: a player's order must not make the judge read the game master's files.
    Only a regular file of at most MAX_FILE_BYTES is read (a fifo or a link to
    /dev/zero is refused before reading).
    """
    source = str(path)
    if folder is not None and not _inside(path, folder):
        raise OrderFileError(source, [mistake(0, "jd.m.outside")])
    try:
        raw = read_capped(path, MAX_FILE_BYTES, "order", BadOption)
    except BadOption as exc:
        # the core's reading refusal ("too large", "a fifo"), in each language
        raise OrderFileError(source, [_core_mistake(0, exc, strip=f"{path}: ")]) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise OrderFileError(source, [mistake(line, "jd.m.not_utf8")]) from None
    if path.suffix.lower() == ".json":
        return parse_order_json(text, source, tables)
    return parse_order_text(text, source, tables)


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):     # a symlink loop
        return False


def check_order_file(order: OrderFile, state: Linie1State, seat: int, source: str,
                     player: str | None = None) -> Action:
    """The order's action if the rules accept it for `seat` now; else every mistake with
    its line (headers that disagree, building squares, tiles that cannot be in hand)."""
    mistakes: list[Mistake] = []
    if "player" in order.headers and player is not None:
        line, value = order.headers["player"]
        if value.casefold() != player.casefold():
            mistakes.append(mistake(line, "jd.m.other_player", value=value, player=player))
    if "round" in order.headers:
        line, value = order.headers["round"]
        if value.lstrip("0") != str(state.round):
            mistakes.append(mistake(line, "jd.m.other_round", value=value, round=state.round))
    tables = state.tables
    for k, line in enumerate(order.lines):
        square = square_index(str(order.action[1 + 3 * k]))
        if square is not None and tables.building_at[square] >= 0:
            mistakes.append(reason(line, in_every_language(
                CATALOG, "l1.fail.on_building", square=order.action[1 + 3 * k],
                building=tables.building_names[tables.building_at[square]])))
    if not mistakes:
        try:
            state.check_order(seat, order.action)
        except IllegalAction as exc:
            number = exc.params.get("placement")
            line = order.lines[number - 1] if isinstance(number, int) else 0
            # the rules' own English words, the catalogue's for the other languages
            words = {lang: reason_text(exc.key, lang, exc.params) for lang in LANGUAGES}
            mistakes.append(reason(line, {**words, "en": str(exc)}))
    if mistakes:
        raise OrderFileError(source, mistakes)
    return order.action


def placements_that_would_fail(order: OrderFile, state: Linie1State, seat: int) -> list[Mistake]:
    """The placements of an order the rules accept that would fail, each with its line
    and reason: the terminal's pre-check (`precheck.py`) over the whole order, on the
    board and hand `seat` sees now (the hand used up by earlier priorities, the board's
    edges and buildings, squares laid on earlier in the same order, mismatches left
    unmended at the round's end). Only another player's tile of the same round can make
    such a placement succeed, or one not named here fail."""
    mistakes = []
    for result in precheck_order(state.tables, state.view(seat), order.action):
        if result["ok"]:
            continue
        line = order.lines[result["placement"] - 1]
        words = {lang: CATALOG.text("l1.pre.fails", lang, reason=reason_text(
            result["key"], lang, result["params"])) for lang in LANGUAGES}
        mistakes.append(Mistake(line, texts("jd.m.placement", n=result["placement"],
                                            why=words), result["placement"]))
    return mistakes
