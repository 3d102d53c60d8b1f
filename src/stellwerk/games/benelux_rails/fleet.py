"""The rules of upgrading a train and of buying the second one
(docs/games/benelux-rails.md#br-trains): each a method of
`BeneluxState` (rules.py), which names them there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stellwerk.core.errors import illegal
from stellwerk.games.benelux_rails.player import Loco
from stellwerk.games.benelux_rails.trains import (
    SECOND_TRAIN,
    SECOND_TRAIN_COST,
    TRAINS,
    upgrade_cost,
)

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState


def check_build_action(state: BeneluxState, seat: int) -> None:
    """A bought train is the turn's whole build action (D)."""
    if state.round == 1:
        raise illegal("br.bad.round1", "round 1 is for building track only")
    if state.players[seat].turn_mode:
        raise illegal("br.bad.buy_late", "buying a second train is the turn's whole "
                      "build action: you already built, upgraded or bought")


def check_upgrade(state: BeneluxState, seat: int, k: int, train: str) -> int:
    """An upgrade or change counts against the turn's build limit together with the
    track, before or after building (docs/games/benelux-rails.md#br-trains, C); at
    most one per train and turn (D); not in a turn that bought a train (D)."""
    me = state.players[seat]
    if train not in TRAINS:
        raise illegal("br.bad.train", f"there is no train {train!r} "
                      f"(trains: {', '.join(TRAINS)})", train=train)
    if state.round == 1:
        raise illegal("br.bad.round1", "round 1 is for building track only")
    if me.turn_mode == "buy":
        raise illegal("br.bad.after_upgrade", "you bought a train this turn: that is the "
                      "turn's whole build action")
    if me.trains[k].pending is not None:
        raise illegal("br.bad.upgrade_twice", "this train is already upgraded or changed "
                      "this turn (once per train and turn)")
    cost = upgrade_cost(me.trains[k].kind, train)
    if cost is None:
        raise illegal("br.bad.upgrade", f"a {me.trains[k].kind} cannot become a {train} "
                      "(one tier up for 20 M, or within its tier for 5 M)",
                      old=me.trains[k].kind, new=train)
    left = state.variant.build_limit - me.spent
    if cost > left:
        raise illegal("br.bad.upgrade_limit", f"this costs {cost} M; you may build or "
                      f"upgrade for {left} M more this turn", cost=cost, left=left)
    if cost > me.money:
        raise illegal("br.bad.money", f"this costs {cost} M and you have {me.money} M "
                      "(no credit)", cost=cost, money=me.money)
    return cost


def upgrade(state: BeneluxState, seat: int, k: int, train: str, cost: int) -> None:
    me = state.players[seat]
    me.money -= cost
    me.spent += cost
    me.trains[k].pending = train
    if me.turn_mode != "build":
        me.turn_mode = "upgrade"
    state.note("upgrade", seat, train=train, cost=cost, **state.which(seat, k))


def network_majors(state: BeneluxState, seat: int) -> list[int]:
    """The major cities on the player's network: the start city, and each major city
    whose mileposts the player's own track (or ferry line) reaches."""
    t, me = state.t, state.players[seat]
    return [k for k in t.majors if k == me.start
            or any(p in me.nodes for p in t.cities[k].mileposts)]


def check_buy(state: BeneluxState, seat: int, city: int) -> None:
    """D: a second train for 20 M as the turn's build action, placed at a major city
    on the player's network; at most two trains."""
    t, me = state.t, state.players[seat]
    if len(me.trains) > 1:
        raise illegal("br.bad.buy_twice", "you already own two trains")
    state.check_build_action(seat)
    if city < 0 or t.cities[city].size != "major":
        raise illegal("br.bad.buy_city", "a second train starts at a major city")
    if city not in state.network_majors(seat):
        raise illegal("br.bad.buy_network", f"{t.cities[city].name} is not on your "
                      "network", **t.city_params(city))
    if me.money < SECOND_TRAIN_COST:
        raise illegal("br.bad.money", f"a second train costs {SECOND_TRAIN_COST} M and "
                      f"you have {me.money} M (no credit)", cost=SECOND_TRAIN_COST,
                      money=me.money)


def buy_train(state: BeneluxState, seat: int, city: int) -> None:
    """The new train stands at the city's centre and moves from the next turn on; the
    hand limit becomes 4 at once, so the fourth card is drawn now (D)."""
    me = state.players[seat]
    me.money -= SECOND_TRAIN_COST
    me.spent += SECOND_TRAIN_COST
    me.turn_mode = "buy"
    me.trains.append(Loco(SECOND_TRAIN, state.t.cities[city].centre))
    state.note("buy", seat, city=state.t.cities[city].id, cost=SECOND_TRAIN_COST)
    state.refill_hand(seat)
