"""The rules of loading, unloading and delivering goods: each a method of
`BeneluxState` (rules.py), which names them there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stellwerk.core.errors import illegal
from stellwerk.games.benelux_rails.trains import TRAINS

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState


def city_here(state: BeneluxState, seat: int, k: int) -> int:
    city = state.t.city_at[state.players[seat].trains[k].position]
    if city < 0:
        raise illegal("br.bad.no_city", "the train is not in a city")
    return city


def check_handling(state: BeneluxState, seat: int, k: int) -> int:
    """Common checks of load, unload and deliver; returns the city."""
    state.check_moving_phase(seat)
    city = state.city_here(seat, k)
    loco = state.players[seat].trains[k]
    if loco.position in state.effect_posts("strike"):
        raise illegal("br.bad.strike", "a strike stops loading and deliveries here")
    if loco.points < state.variant.handling_points:
        raise illegal("br.bad.points", "Variant I: loading or unloading costs 1 movement "
                      "point and none is left")
    return city


def chips_free(state: BeneluxState, good: int) -> int:
    used = sum(loco.loads.count(good) for p in state.players for loco in p.trains)
    used += sum(1 for d in state.drops if d[1] == good)
    return state.t.chips[good] - used


def check_load(state: BeneluxState, seat: int, k: int, good: int) -> int:
    """-1: from the supply; else the index of the dropped load taken."""
    city = state.check_handling(seat, k)
    loco = state.players[seat].trains[k]
    if len(loco.loads) >= TRAINS[loco.kind].capacity:
        raise illegal("br.bad.full_train", "the train is full")
    for n, (c, g, _) in enumerate(state.drops):
        if c == city and g == good:
            return n
    if good not in state.t.cities[city].supplies:
        raise illegal("br.bad.not_supplied", f"{state.t.cities[city].name} does not supply "
                      f"{state.t.goods[good]}", **state.t.city_params(city),
                      **state.t.good_params(good))
    if state.chips_free(good) <= 0:
        raise illegal("br.bad.no_chips", f"every load of {state.t.goods[good]} is in use",
                      **state.t.good_params(good))
    return -1


def load(state: BeneluxState, seat: int, k: int, good: int, drop: int) -> None:
    loco = state.players[seat].trains[k]
    if drop >= 0:
        del state.drops[drop]
    loco.loads.append(good)
    loco.points -= state.variant.handling_points
    loco.moved = True
    state.note("load", seat, good=state.t.goods[good], **state.which(seat, k))


def check_unload(state: BeneluxState, seat: int, k: int, good: int) -> int:
    city = state.check_handling(seat, k)
    if good not in state.players[seat].trains[k].loads:
        raise illegal("br.bad.no_load", f"the train carries no {state.t.goods[good]}",
                      **state.t.good_params(good))
    return city


def unload(state: BeneluxState, seat: int, k: int, good: int, city: int) -> None:
    """Dropped in a city: anyone may take it; it returns to the supply after 4 rounds
    unmoved (D: dropped where it is supplied, it returns at once)."""
    loco = state.players[seat].trains[k]
    loco.loads.remove(good)
    if good not in state.t.cities[city].supplies:
        state.drops.append([city, good, state.round])
    loco.points -= state.variant.handling_points
    loco.moved = True
    state.note("unload", seat, good=state.t.goods[good], city=state.t.cities[city].id,
              **state.which(seat, k))


def check_deliver(state: BeneluxState, seat: int, k: int, card: int, good: int) -> int:
    city = state.check_handling(seat, k)
    me = state.players[seat]
    if card not in me.hand and card not in state.public:
        raise illegal("br.bad.card", f"demand card {card} is neither in your hand nor "
                      "open", card=card)
    if good not in me.trains[k].loads:
        raise illegal("br.bad.no_load", f"the train carries no {state.t.goods[good]}",
                      **state.t.good_params(good))
    for c, g, payout in state.t.demands[card]:
        if c == city and g == good:
            return payout
    raise illegal("br.bad.demand", f"card {card} asks for no {state.t.goods[good]} in "
                  f"{state.t.cities[city].name}", card=card, **state.t.good_params(good),
                  **state.t.city_params(city))


def deliver(state: BeneluxState, seat: int, k: int, card: int, good: int, payout: int) -> None:
    me = state.players[seat]
    loco = me.trains[k]
    loco.loads.remove(good)
    me.money += payout
    loco.points -= state.variant.handling_points
    loco.moved = True
    state.discards.append(card)
    state.note("deliver", seat, card=card, good=state.t.goods[good], payout=payout,
              **state.which(seat, k))
    if card in me.hand:
        me.hand.remove(card)
        state.refill_hand(seat)
    else:
        state.public.remove(card)
        state.fill_public()
    if me.money >= state.variant.announce and not me.announced:
        me.announced = True   # the announcement is public, the amount is not told
        state.note("announce", seat)
