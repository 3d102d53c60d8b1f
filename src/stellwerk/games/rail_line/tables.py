"""The Rail Line content pack compiled into fast lookup tables.

docs/games/rail-line.md#rl-rules: Content to reconstruct. A station is a tuple of symbol rows (one
or two; empty for a curve station without a resource symbol); `None` means no station on that track
of that card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stellwerk.core.content import ContentPack
from stellwerk.games.rail_line.sheet import Sheet, compile_sheet
from stellwerk.games.rail_line.symbols import ROW

Station = tuple[int, ...] | None
CardFace = tuple[Station, Station, Station]

CARDS_PER_ROW = 8
ROWS = 3
LINE_LENGTH = CARDS_PER_ROW * ROWS  # 24 railway cards between the stations
TRACKS = 3


@dataclass(frozen=True)
class Tables:
    pack_id: str
    faces: Mapping[str, CardFace]          # card id -> stations per track
    a_cards: tuple[str, ...]
    b_cards: tuple[str, ...]
    start_sides: tuple[CardFace, CardFace]  # side 1 and side 2
    curves: tuple[CardFace, CardFace]       # curve 1 and curve 2 (all carry the free move)
    sheets: Mapping[str, Sheet]


def _face(tracks: list[list[str]]) -> CardFace:
    a, b, c = (tuple(ROW[s] for s in t) if t else None for t in tracks)
    return (a, b, c)


def _curve_face(tracks: list[list[str]]) -> CardFace:
    # A curve station always exists (it bears the free-move symbol); it may add symbols.
    a, b, c = (tuple(ROW[s] for s in t) for t in tracks)
    return (a, b, c)


def compile_tables(pack: ContentPack) -> Tables:
    data: Mapping[str, Any] = pack.data
    faces = {card["id"]: _face(card["tracks"]) for card in data["cards"]}
    sides = sorted(data["start_sides"], key=lambda s: s["side"])
    curves = sorted(data["curves"], key=lambda c: c["curve"])
    return Tables(
        pack_id=pack.id,
        faces=faces,
        a_cards=tuple(c["id"] for c in data["cards"] if c["deck"] == "A"),
        b_cards=tuple(c["id"] for c in data["cards"] if c["deck"] == "B"),
        start_sides=(_face([[s] for s in sides[0]["tracks"]]),
                     _face([[s] for s in sides[1]["tracks"]])),
        curves=(_curve_face(curves[0]["tracks"]), _curve_face(curves[1]["tracks"])),
        sheets={name: compile_sheet(name, sheet) for name, sheet in data["sheets"].items()},
    )


def card_position(number: int) -> int:
    """Position on the line of the n-th railway card (1-based); 0 is the Starting
    Station and positions 9 and 18 are the curves."""
    return number + (number - 1) // CARDS_PER_ROW
