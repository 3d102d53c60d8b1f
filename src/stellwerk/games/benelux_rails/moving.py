"""The rules of moving a train and of crossing on a ferry line: each a method of
`BeneluxState` (rules.py), which names them there.

Each method takes the train's number k: 0, or 1 for a second train.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from stellwerk.core.errors import illegal
from stellwerk.games.benelux_rails import pathfind
from stellwerk.games.benelux_rails.trains import FEE

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState


def move_graph(state: BeneluxState) -> pathfind.MoveGraph:
    return pathfind.MoveGraph(state.owner, state.effect_posts("snow") | state.effect_posts(
        "gale"))


def check_move(state: BeneluxState, seat: int, k: int, target: int, via: Sequence[int]
               ) -> tuple[list[int], int]:
    """The path (fewest fees, then fewest points; legs through `via` in order) and the
    networks paid this turn afterwards. The fee is per network per turn for the
    player, so a network the other train used this turn costs nothing more (D)."""
    me = state.players[seat]
    state.check_moving_phase(seat)
    graph = state.move_graph()
    loco = me.trains[k]
    position, paid, points = loco.position, me.paid, loco.points
    full = [position]
    for goal in [*via, target]:
        if goal == position:
            raise illegal("br.bad.move_same", f"the train is already at {state.t.names[goal]}",
                          where=state.t.names[goal])
        found = pathfind.move_path(state.t, graph, seat, position, paid, goal, points)
        if found is None:
            raise illegal("br.bad.move_unreachable", f"{state.t.names[goal]} cannot be "
                          f"reached on built track with {points} movement points",
                          where=state.t.names[goal], points=points)
        path, _fees, used = found
        for a, b in pairwise(path):
            owner = state.owner.get(state.t.edge(a, b))
            if owner is not None and owner != seat:
                paid |= 1 << owner
        points -= used
        position = goal
        full.extend(path[1:])
    fee = FEE * bin(paid & ~me.paid).count("1")
    if fee > me.money:
        raise illegal("br.bad.fee", f"the move uses other networks for {fee} M and you "
                      f"have {me.money} M", fee=fee, money=me.money)
    return full, paid


def check_moving_phase(state: BeneluxState, seat: int) -> None:
    me = state.players[seat]
    if state.round == 1:
        raise illegal("br.bad.round1", "round 1 is for building track only")
    if me.turn_mode:
        raise illegal("br.bad.after_build", "movement, loading and deliveries come "
                      "before building or upgrading")


def pay_fees(state: BeneluxState, seat: int, paid: int) -> None:
    me = state.players[seat]
    for s in range(state.n):
        if paid >> s & 1 and not me.paid >> s & 1:
            me.money -= FEE
            state.players[s].money += FEE
            state.note("fee", seat, to=s, fee=FEE)
    me.paid |= paid


def move(state: BeneluxState, seat: int, k: int, path: list[int], paid: int) -> None:
    loco = state.players[seat].trains[k]
    slow = state.effect_posts("snow") | state.effect_posts("gale")
    state.pay_fees(seat, paid)
    loco.points -= sum(2 if p in slow else 1 for p in path[1:])
    loco.position = path[-1]
    loco.moved = True
    state.note("move", seat, path=[state.t.names[p] for p in path], **state.which(seat, k))


def check_ferry(state: BeneluxState, seat: int, k: int) -> tuple[int, int | None]:
    """D (Empire Builder family): a train at a ferry port crosses at the start of its
    turn, then moves on at half speed; the line must be built (by anyone: a foreign
    line costs the fee). Each train crosses at the start of its own movement."""
    me = state.players[seat]
    loco = me.trains[k]
    state.check_moving_phase(seat)
    if loco.moved or loco.points < state.speed(seat, k):
        raise illegal("br.bad.ferry_start", "a ferry crosses only at the start of a turn")
    gale = state.effect_posts("gale")
    for f in state.t.ferry_at.get(loco.position, ()):
        ferry = state.t.ferries[f]
        owners = state.ferry_owners[f]
        if not owners or ferry.a in gale or ferry.b in gale:
            continue
        if seat in owners:
            return f, None
        if me.money < FEE and not me.paid >> owners[0] & 1:
            raise illegal("br.bad.fee", f"the ferry fee is {FEE} M and you have "
                          f"{me.money} M", fee=FEE, money=me.money)
        return f, owners[0]
    raise illegal("br.bad.no_ferry", "there is no running ferry line from here")


def ferry(state: BeneluxState, seat: int, k: int, f: int, owner: int | None) -> None:
    loco = state.players[seat].trains[k]
    ferry = state.t.ferries[f]
    if owner is not None:
        state.pay_fees(seat, 1 << owner)
    loco.position = ferry.b if loco.position == ferry.a else ferry.a
    loco.points //= 2
    loco.moved = True
    state.note("ferry", seat, ferry=ferry.id, **state.which(seat, k))
