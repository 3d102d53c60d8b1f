"""The names of Linie 1's twelve tile kinds, in English and German, and edge arithmetic.

The ids are the English names; a content pack gives each id its tracks, count and whether it may be
exchanged (docs/games/linie1.md#l1-placement: Tiles). Order files may use either language.
"""

from __future__ import annotations

# id -> German name (docs/games/linie1.md#l1-placement: Tiles; names made for hand-written orders)
GERMAN: dict[str, str] = {
    "straight": "gerade",
    "curve": "kurve",
    "straight-curve-left": "gerade-kurve-links",
    "straight-curve-right": "gerade-kurve-rechts",
    "curves-meeting": "kurven-zusammen",
    "curves-apart": "kurven-getrennt",
    "straight-two-curves": "gerade-zwei-kurven",
    "straight-end-curves": "gerade-endkurven",
    "four-curves": "vier-kurven",
    "crossing": "kreuzung",
    "straight-opposite-curves": "gerade-gegenkurven",
    "straight-opposite-curves-mirrored": "gerade-gegenkurven-gespiegelt",
}
TILE_IDS: tuple[str, ...] = tuple(GERMAN)
_BY_WORD: dict[str, str] = {**{t: t for t in TILE_IDS}, **{d: t for t, d in GERMAN.items()}}

EDGES = "NESW"          # index 0..3; rotating by r quarter turns clockwise adds r
ROTATIONS = (0, 90, 180, 270)


def tile_id(word: str) -> str | None:
    """The tile id a written word names (English or German, any case), or None."""
    return _BY_WORD.get(word.strip().lower().replace("_", "-"))


def tile_name(tile: str, lang: str = "en") -> str:
    return GERMAN.get(tile, tile) if lang == "de" else tile


def opposite(edge: int) -> int:
    return (edge + 2) % 4
