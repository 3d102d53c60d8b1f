"""Resolving one round: every order at once, tier by tier, then the end-of-round undo.

docs/games/linie1.md#l1-round: Postal rules —
* tier by tier (all priority-1 placements, then priority 2, ...); within a tier the
  players' placements are taken in an order drawn by lot from the game's chance;
* each placement is checked against the board as it stands at that moment and fails
  with a stated reason if illegal (the tile stays in hand);
* an exchange returns the replaced tile to the exchanging player's hand, usable later
  in the same round;
* a player's own exchange may leave neighbours mismatched if that same player mends
  them later in the round; at the round's end the round's placements are undone in
  reverse order, restoring what they replaced, until the board is legal;
* a building's stop goes on the first tile laid next to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from stellwerk.games.linie1.board_options import lookups, near_from
from stellwerk.games.linie1.placement import (
    Failure,
    Verdict,
    check_placement,
    illegal_squares,
)
from stellwerk.games.linie1.tables import EMPTY, square_name

if TYPE_CHECKING:
    from stellwerk.games.linie1.rules import Linie1State, Placement

PLACED, EXCHANGED, FAILED, UNDONE = "placed", "exchanged", "failed", "undone"
NO_FAULT = Verdict(None)        # a placement is_legal accepts: check_placement's verdict


@dataclass
class Laid:
    """One placement that changed the board this round (for the end-of-round undo)."""

    entry: dict[str, Any]       # its line in the round report
    seat: int
    square: int
    before: int                 # the tile it replaced, or EMPTY
    after: int
    stops: tuple[int, ...]      # buildings whose stop it received
    faults: tuple[int, ...]     # neighbours it left mismatched (postal exception)
    undone: bool = False


def resolve_round(state: Linie1State) -> dict[str, Any]:
    # a board known legal when the round begins (the last round's end left it so) needs
    # its legality re-read only around the squares this round lays on (undo_until_legal)
    start = tuple(state.board)
    start_legal = state.legal_board == start
    orders: list[tuple[Placement, ...]] = [o or () for o in state.orders]
    entries: list[dict[str, Any]] = []
    laid: list[Laid] = []
    lots: list[list[int]] = []
    for tier in range(max((len(o) for o in orders), default=0)):
        seats = [s for s in range(state.n) if len(orders[s]) > tier]
        state.chance.shuffle(seats)  # docs/games/linie1.md#l1-round: equal priority — by lot
        lots.append(seats)
        for seat in seats:
            square, pid = orders[seat][tier]
            entry = _entry(state, seat, tier + 1, square, pid)
            entries.append(entry)
            done = lay(state, seat, square, pid, entry)
            if done is not None:
                laid.append(done)
    legal = undo_until_legal(state, laid, start_legal)
    after = tuple(state.board)
    state.legal_board = after if legal else None
    near = state.near
    if near is not None and near[0] == start:
        # the near squares kept for the round's first board, worked out for its last
        # from the squares laid on (undone ones too: a superset is harmless)
        state.near = near_from(lookups(state.tables), after, near,
                               [done.square for done in laid])
    return {"round": state.round, "lots": [[s for s in tier] for tier in lots],
            "placements": entries}


def _entry(state: Linie1State, seat: int, priority: int, square: int,
           pid: int) -> dict[str, Any]:
    tables = state.tables
    return {"seat": seat, "priority": priority, "square": square_name(square),
            "tile": tables.tile_of(pid), "rotation": tables.rotation_of(pid),
            "outcome": FAILED, "reason": None, "reason_key": None, "params": {},
            "replaced": None, "stops": []}


def _fail(entry: dict[str, Any], failure: Failure) -> None:
    entry.update(outcome=FAILED, reason=failure.text, reason_key=failure.key,
                 params=failure.params)


def lay(state: Linie1State, seat: int, square: int, pid: int,
        entry: dict[str, Any]) -> Laid | None:
    """One placement against the board as it stands; fills in `entry` with its fate."""
    tables = state.tables
    hand = state.hands[seat]
    tile = pid // 4
    if hand[tile] <= 0:
        _fail(entry, Failure.make("l1.fail.not_in_hand", "{tile} is not in the hand now",
                                  tile=tables.tile_ids[tile]))
        return None
    # most placements break no rule at all (no fault to excuse either): is_legal says so
    # without making reasons (read from the pack's per-square tables); the rest are
    # judged in full
    if lookups(tables).allows(state.board, square, pid):
        verdict = NO_FAULT
    else:
        verdict = check_placement(tables, state.board, square, pid)
    if verdict.failure is not None:
        _fail(entry, verdict.failure)
        return None
    before = state.board[square]
    state.board[square] = pid
    hand[tile] -= 1
    stops: tuple[int, ...] = ()
    if before == EMPTY:
        entry["outcome"] = PLACED
        stops = place_stops(state, square)
        entry["stops"] = [tables.building_letters[b] for b in stops]
    else:
        # docs/games/linie1.md#l1-placement: the replaced tile returns to its owner's hand, usable
        # this round.
        hand[before // 4] += 1
        entry.update(outcome=EXCHANGED, replaced=tables.tile_of(before))
    return Laid(entry, seat, square, before, pid, stops, verdict.faults)


def place_stops(state: Linie1State, square: int) -> tuple[int, ...]:
    # docs/games/linie1.md#l1-placement: a building's stop is placed on the first tile laid on one
    # of its four orthogonal neighbours (ties by priority, then lot: the resolution order).
    placed = []
    for building in state.tables.buildings_next_to[square]:
        if state.stops[building] < 0:
            state.stops[building] = square
            placed.append(building)
    return tuple(placed)


def undo(state: Linie1State, done: Laid) -> None:
    state.board[done.square] = done.before
    hand = state.hands[done.seat]
    hand[done.after // 4] += 1
    if done.before != EMPTY:
        hand[done.before // 4] -= 1
    for building in done.stops:
        state.stops[building] = -1
    done.undone = True
    done.entry.update(outcome=UNDONE, reason="still illegal at the round's end, taken back",
                      reason_key="l1.fail.undone", params={}, stops=[])


def mended_by_owner(laid: list[Laid], index: int) -> bool:
    """Did the player of an exchange that broke the rules mend every neighbour later?

    docs/games/linie1.md#l1-rules: the exception holds only if *that player* (no other) exchanges
    the neighbours in the same round.
    """
    done = laid[index]
    later = laid[index + 1:]
    for near in done.faults:
        if not any(o.seat == done.seat and o.square == near and not o.undone for o in later):
            return False
    return True


def _round_is_legal(state: Linie1State, laid: list[Laid], start_legal: bool = False) -> bool:
    tables, board = state.tables, state.board
    if start_legal:
        # A square's legality depends on its tile and its four neighbours' alone, so on
        # a board legal when the round began only the squares laid on this round (undone
        # or not) and their neighbours can have become illegal: the same answer as
        # reading the whole board.
        found = lookups(tables)
        around, open_square, fits = found.around, found.open_square, found.fits
        for s in {n for done in laid for n in around[done.square]}:
            pid = board[s]        # square_is_legal: no tile, or one that fits off a building
            if pid != EMPTY and not (open_square[s] and fits(board, s, pid)):
                return False
    elif illegal_squares(tables, board):
        return False
    for index, done in enumerate(laid):
        still_there = state.board[done.square] == done.after and not any(
            o.square == done.square and not o.undone for o in laid[index + 1:])
        if done.faults and not done.undone and still_there and not mended_by_owner(laid, index):
            return False
    return True


def undo_until_legal(state: Linie1State, laid: list[Laid], start_legal: bool = False) -> bool:
    """Whether the board is known legal afterwards (`start_legal`: it was so when the
    round began)."""
    # docs/games/linie1.md#l1-rules (D): the round's placements are undone in reverse order,
    # restoring what they replaced, until the board is legal; undone tiles return to their owners'
    # hands.
    position = len(laid)
    while position > 0:
        if _round_is_legal(state, laid, start_legal):
            return True
        position -= 1
        undo(state, laid[position])
    # every placement undone: the board is the one the round began with
    return start_legal or (not laid and not illegal_squares(state.tables, state.board))
