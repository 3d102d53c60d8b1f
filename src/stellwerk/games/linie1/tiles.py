"""Linie 1's twelve tile kinds (their names are catalogue entries) and edge arithmetic.

The ids are the English names; a content pack gives each id its tracks, count and whether it may be
exchanged (docs/games/linie1.md#l1-placement: Tiles). Order files may use either language.
"""

from __future__ import annotations

from stellwerk.core.i18n import LANGUAGES
from stellwerk.games.linie1.terms import CATALOG

# the tile ids; each one's name in every language is the catalogue's `l1.tile.ID`
# (docs/games/linie1.md#l1-placement: Tiles; names made for hand-written orders)
TILE_IDS: tuple[str, ...] = (
    "straight", "curve", "straight-curve-left", "straight-curve-right", "curves-meeting",
    "curves-apart", "straight-two-curves", "straight-end-curves", "four-curves", "crossing",
    "straight-opposite-curves", "straight-opposite-curves-mirrored",
)
# what a person may write for a tile: its id or its name in any language
_BY_WORD: dict[str, str] = {CATALOG.template(f"l1.tile.{t}", lang): t
                            for t in TILE_IDS for lang in LANGUAGES}

EDGES = "NESW"          # index 0..3; rotating by r quarter turns clockwise adds r
ROTATIONS = (0, 90, 180, 270)


def tile_id(word: str) -> str | None:
    """The tile id a written word names (English or German, any case), or None."""
    return _BY_WORD.get(word.strip().lower().replace("_", "-"))


def opposite(edge: int) -> int:
    return (edge + 2) % 4
