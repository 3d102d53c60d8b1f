"""Helpers for the Linie 1 tests: tiles by their tracks, paths laid square by square."""

from __future__ import annotations

from stellwerk.core import companions
from stellwerk.games.linie1.game import Linie1
from stellwerk.games.linie1.rules import Linie1State
from stellwerk.games.linie1.tables import EMPTY, PAIR_BIT, Tables, square_index
from stellwerk.games.linie1.tiles import EDGES

GAME = Linie1()
PACK = GAME.load_pack()
TABLES = GAME.tables(PACK)
TERMINAL = companions.terminal(GAME, PACK)


def sq(name: str) -> int:
    square = square_index(name)
    assert square is not None, name
    return square


def pairs_mask(tracks: str) -> int:
    mask = 0
    for track in tracks.split(","):
        a, b = sorted(EDGES.index(c) for c in track.strip())
        mask |= PAIR_BIT[(a, b)]
    return mask


def pid(tile: str, tracks: str, tables: Tables = TABLES) -> int:
    """The placed-tile id of `tile` turned so it has exactly `tracks` ("NS,NW")."""
    want = pairs_mask(tracks)
    index = tables.tile_index[tile]
    for quarter in range(4):
        if tables.pairs[index * 4 + quarter] == want:
            return index * 4 + quarter
    raise AssertionError(f"{tile} cannot be turned to {tracks}")


def simple(tracks: str) -> int:
    """A straight or a curve with one track, e.g. "WE" or "SE"."""
    a, b = tracks
    return pid("straight" if {a, b} in ({"N", "S"}, {"E", "W"}) else "curve", tracks)


def lay(board: list[int], placements: dict[str, int]) -> None:
    for name, placed in placements.items():
        board[sq(name)] = placed


def new_state(seats: int = 2, seed: int = 1, rounds: int = 40) -> Linie1State:
    return GAME.new_state({"rounds": rounds}, seed, PACK, seats)


def empty_hands(state: Linie1State) -> None:
    for hand in state.hands:
        for i in range(len(hand)):
            hand[i] = 0


def give(state: Linie1State, seat: int, *tiles: str) -> None:
    for tile in tiles:
        state.hands[seat][state.tables.tile_index[tile]] += 1


def order(state: Linie1State, seat: int, text: str) -> None:
    state.apply(seat, GAME.parse_action(text))


def tile_at(state: Linie1State, name: str) -> str | None:
    placed = state.board[sq(name)]
    return None if placed == EMPTY else state.tables.tile_of(placed)


# The route of line 4 (N edge F1/G1 to S edge J12/K12) through line 6's arch at J1/K1:
# G1 down, east along row 2, up to J1, out through the arch, in at K1, back to J2 and
# down column J to the S edge. 19 tiles.
LINE4 = 3
LINE4_ROUTE = {
    "G1": simple("NS"), "G2": simple("NE"), "H2": simple("WE"), "I2": simple("WN"),
    "I1": simple("SE"), "J1": simple("WN"), "K1": simple("NS"), "K2": simple("NW"),
    "J2": simple("ES"),
    **{f"J{r}": simple("NS") for r in range(3, 13)},
}
