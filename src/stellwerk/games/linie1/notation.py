"""Linie 1 order notation: one line per order, placements joined by `;`.

    H2 straight 90; H3 curve 0; G3 kurve 270
    pass

Each placement is SQUARE TILE ROTATION (rotation in degrees clockwise: 0, 90, 180 or
270), in priority order. Tile names may be English or German (`tiles.py`); German
`passe`/`keine` and `-` mean an empty order. `format_action` prints the canonical
English form, and parsing it gives back the same action. Whether a square holds a
building or a tile is in hand is for the rules to say, not the notation.

An order is an `Order`: the tuple `("order", SQUARE, TILE, ROTATION, ...)`, whose `str()`
is its line and whose `placements` are its parts, each a `Placement` that prints as
the notation writes it:

>>> order = parse_action("H2 gerade 90; h3 curve 0")
>>> order
Order('H2', 'straight', 90, 'H3', 'curve', 0)
>>> str(order), parse_action(str(order)) == order
('H2 straight 90; H3 curve 0', True)
>>> [str(placement) for placement in order.placements]
['H2 straight 90', 'H3 curve 0']
>>> order == ("order", "H2", "straight", 90, "H3", "curve", 0)
True
>>> parse_action("passe"), str(EMPTY_ORDER)
(Order(), 'pass')
>>> Order.made_of([Placement("A1", "curve", 270)])
Order('A1', 'curve', 270)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from stellwerk.core.actions import ActionTypes, TypedAction
from stellwerk.core.contract import Action
from stellwerk.core.errors import BadNotation, bad_notation
from stellwerk.core.i18n import Term
from stellwerk.core.inputs import ascii_int
from stellwerk.games.linie1.tables import square_index, square_name
from stellwerk.games.linie1.terms import tile_name
from stellwerk.games.linie1.tiles import ROTATIONS, TILE_IDS, tile_id

EMPTY_WORDS = ("pass", "passe", "keine", "none", "-")


class Placement(NamedTuple):
    """One part of an order: a tile laid on a square, turned clockwise."""

    square: str
    tile: str
    rotation: int

    def __str__(self) -> str:
        return f"{self.square} {self.tile} {self.rotation}"


class Order(TypedAction):
    """A seat's order for a round: 0 to 5 placements in priority order, flat after the
    verb (three words each)."""

    __slots__ = ()
    verb = "order"

    @classmethod
    def made_of(cls, placements: Iterable[tuple[str, str, int]]) -> Order:
        words: list[Any] = ["order"]
        for placement in placements:
            words.extend(placement)
        return tuple.__new__(cls, words)

    @property
    def placements(self) -> list[Placement]:
        return placements_of(self)

    def __str__(self) -> str:
        return format_action(self)


ACTIONS = ActionTypes(Order)
EMPTY_ORDER: Action = Order()


def bad(text: str, key: str, **params: Any) -> BadNotation:
    """`text` is no Linie 1 action, for the reason the catalogue's `key` says."""
    return bad_notation("l1.bad_notation", text, Term(key, **params))


def parse_rotation(word: str) -> int | None:
    rotation = ascii_int(word.rstrip("°"), max_digits=3)
    return rotation if rotation in ROTATIONS else None


def parse_placement(text: str) -> Placement:
    """`"H2 straight 90"` -> ("H2", "straight", 90); BadNotation saying what is wrong."""
    words = text.split()
    if len(words) != 3:
        raise bad(text, "l1.nt.placement_form")
    square = square_index(words[0])
    if square is None:
        raise bad(text, "l1.nt.not_square", word=words[0])
    tile = tile_id(words[1])
    if tile is None:
        raise bad(text, "l1.nt.not_tile", word=words[1], tiles=", ".join(TILE_IDS))
    rotation = parse_rotation(words[2])
    if rotation is None:
        raise bad(text, "l1.nt.not_rotation", word=words[2])
    return Placement(square_name(square), tile, rotation)


def parse_action(text: str) -> Action:
    if not isinstance(text, str):
        raise bad(repr(text), "l1.nt.not_text")
    stripped = text.strip()
    if not stripped:
        raise bad(text, "l1.nt.empty")
    if stripped.lower() in EMPTY_WORDS:
        return EMPTY_ORDER
    parts = [p.strip() for p in stripped.split(";")]
    if parts and not parts[-1]:
        parts.pop()  # a trailing ';' is harmless
    action: list[object] = ["order"]
    for number, part in enumerate(parts, start=1):
        try:
            action.extend(parse_placement(part))
        except BadNotation as exc:
            raise bad_notation("l1.bad_notation", text, Term(
                "l1.nt.in_placement", n=number, why=exc.params["why"]),
                placement=number) from None
    return Order.of(action)


def placements_of(action: Action) -> list[Placement]:
    return [Placement(action[i], action[i + 1], action[i + 2])
            for i in range(1, len(action) - 2, 3)]


def format_action(action: Action, lang: str = "en") -> str:
    """The canonical notation; with `lang`, the tiles named in that language (German
    names are read back as well)."""
    if len(action) <= 1:
        return "pass"
    return "; ".join(f"{sq} {tile_name(tile, lang)} {rot}"
                     for sq, tile, rot in placements_of(action))
