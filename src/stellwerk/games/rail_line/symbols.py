"""The symbols of Rail Line: row indices on the record sheets, ids and names.

docs/games/rail-line.md#rl-rules: Content to reconstruct — eleven resource symbols and the free-move
symbol on the curves. Row indices are the order of the rows on both sheets.
"""

from __future__ import annotations

SYMBOLS: tuple[str, ...] = (
    "passengers", "mail", "coal", "iron", "steel", "factory",
    "forest", "sawmill", "beet", "sugar", "glass",
)
PASSENGERS, MAIL, COAL, IRON, STEEL, FACTORY, FOREST, SAWMILL, BEET, SUGAR, GLASS = range(11)
ROW = {name: i for i, name in enumerate(SYMBOLS)}
FREE_MOVE = "free"

# German words accepted wherever a symbol is typed (notation; pack files use English ids): a
# vocabulary of the parser, several words a symbol; the names shown are the catalogue's.
GERMAN_TYPED: dict[str, str] = {
    "reisende": "passengers", "post": "mail", "kohle": "coal", "eisenerz": "iron",
    "stahl": "steel", "fabrik": "factory", "holz": "forest", "wald": "forest",
    "sägewerk": "sawmill", "saegewerk": "sawmill", "sägemühle": "sawmill",
    "zuckerrübe": "beet", "zuckerruebe": "beet", "zuckerfabrik": "sugar",
    "glasfabrik": "glass",
}
# Longer English names a person may type.
ALIASES: dict[str, str] = {
    "passenger": "passengers", "iron-ore": "iron", "ironore": "iron", "ore": "iron",
    "sugar-beet": "beet", "sugarbeet": "beet", "sugar-factory": "sugar",
    "sugarfactory": "sugar", "glassworks": "glass", **GERMAN_TYPED,
}


def marking_order(station: tuple[int, ...]) -> tuple[int, ...]:
    """The rows of a station in the order a fast locomotive marks them.

    docs/games/rail-line.md#rl-rules (D, marking): a Sugar factory is marked before a Sugar beet at
    the same station, so a Sheet II beet box just past a red line is unlocked first; with three
    players the refusal questions follow the same order. Other pairs keep the listed order.
    """
    if BEET in station and SUGAR in station and station.index(BEET) < station.index(SUGAR):
        return tuple(sorted(station, key=lambda row: row == BEET))
    return station


def symbol_row(word: str) -> int | None:
    word = word.lower()
    return ROW.get(ALIASES.get(word, word))
