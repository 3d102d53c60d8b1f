"""Each rule of shared/spec/benelux-rails.md by a named test, on the tiny map."""

from __future__ import annotations

import pytest

from stellwerk.core.errors import IllegalAction
from stellwerk.games.benelux_rails import pathfind

from .helpers import fingerprint, give_track, new_state, put_train, set_up


def refused(state, seat, action, key):  # type: ignore[no-untyped-def]
    before = fingerprint(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    assert info.value.key == key, str(info.value)
    assert fingerprint(state) == before
    return info.value


def cheapest_path(state, seat, target):  # type: ignore[no-untyped-def]
    t = state.t
    dist, prev = pathfind.cheapest_build(t, state.build_sources(seat), state.build_rules(seat))
    path = pathfind.path_to(prev, dist, t.index[target])
    return [t.names[p] for p in path], dist[t.index[target]]


def build_cost(state, seat, *names):  # type: ignore[no-untyped-def]
    money = state.players[seat].money
    state.apply(seat, ("build", *names))
    return money - state.players[seat].money


# Setup ----------------------------------------------------------------------------------
def test_setup_deals_five_demands_no_events_and_keep_three_puts_two_under_the_deck() -> None:
    state = new_state(seed=3)
    seat = state.active
    hand = list(state.players[seat].hand)
    assert len(hand) == 5 and all(isinstance(c, int) for c in hand)
    state.apply(seat, ("keep", *hand[:3]))
    assert state.players[seat].hand == hand[:3]
    assert set(state.deck[:2]) == set(hand[3:])  # the bottom of the deck


def test_start_city_must_be_major_and_train_stands_there() -> None:
    state = new_state()
    seat = state.active
    state.apply(seat, ("keep", *state.players[seat].hand[:3]))
    refused(state, seat, ("start", "kleindorp"), "br.bad.start_city")
    state.apply(seat, ("start", "bergheim"))
    assert state.t.names[state.players[seat].position] == "J11"


def test_round_one_is_building_only() -> None:
    state = set_up(round_two=False)
    seat = state.active
    assert state.round == 1
    refused(state, seat, ("load", "cheese"), "br.bad.round1")
    refused(state, seat, ("discard",), "br.bad.round1")
    refused(state, seat, ("upgrade", "B12"), "br.bad.round1")
    state.apply(seat, ("build", "C5", "C6"))


# Building costs ---------------------------------------------------------------------------
@pytest.mark.parametrize(("track", "step", "cost"), [
    (("C5", "C6"), ("C6", "C7"), 1),        # plain
    (("J6", "J7"), ("J7", "K7"), 2),        # mountain
    (("H6", "H7"), ("H7", "H8"), 3),        # small city (kleindorp)
    (("F5", "F6"), ("F6", "F7"), 3),        # medium city (middelrijk)
    (("F10", "E10"), ("E10", "D10"), 5),    # major city (oosterburg)
    (("A7", "A8", "A9"), ("A9", "A10"), 3),  # plain + river Waal
    (("H10", "H11", "H12"), ("H12", "H13"), 4),  # plain + lake
    (("B8", "C9"), ("C9", "C10"), 7),       # major city + river
])
def test_build_costs_terrain_and_water(track: tuple[str, ...], step: tuple[str, str],
                                       cost: int) -> None:
    state = set_up()
    seat = state.active
    give_track(state, seat, *track)
    assert build_cost(state, seat, *step) == cost


def test_building_inside_a_major_city_is_free_and_not_needed() -> None:
    state = set_up()
    seat = state.active
    start = state.t.cities[state.players[seat].start]
    inner = [state.t.names[p] for p in start.mileposts]
    refused(state, seat, ("build", inner[0], inner[1]), "br.bad.nothing")


def test_build_limit_twenty_per_turn_and_no_credit() -> None:
    state = set_up(starts=("noordstad", "zuidhaven"))
    seat = state.active
    me = state.players[seat]
    give_track(state, seat, "C6", "C7")
    far, cost = cheapest_path(state, seat, "L12")
    assert cost == 14
    me.spent = 7    # 13 M left this turn
    refused(state, seat, ("build", *far), "br.bad.build_limit")
    me.spent = 0
    me.money = 2
    refused(state, seat, ("build", "C7", "C8", "C9", "C10"), "br.bad.money")
    assert build_cost(state, seat, "C7", "C8") == 1
    assert me.spent == 1


def test_build_must_start_on_the_network() -> None:
    state = set_up()
    refused(state, state.active, ("build", "G5", "G6"), "br.bad.not_network")


def test_build_only_between_neighbouring_land_mileposts() -> None:
    state = set_up()
    seat = state.active
    give_track(state, seat, "C6", "C7")
    refused(state, seat, ("build", "C7", "C9"), "br.bad.not_neighbours")
    give_track(state, seat, "D1", "E1")
    refused(state, seat, ("build", "E1", "E2"), "br.bad.not_neighbours")  # sea edge


def test_one_track_per_milepost_pair_but_tracks_may_cross() -> None:
    state = set_up()
    seat, other = state.active, 1 - state.active
    give_track(state, other, "E5", "E6", "E7")
    give_track(state, seat, "D5", "D6")
    refused(state, seat, ("build", "D6", "E6", "E7"), "br.bad.taken")
    # crossing at E6: own track through the milepost the other line passes
    assert build_cost(state, seat, "D6", "E6", "F6") == 2


def test_at_most_two_builds_out_of_a_major_city_per_turn() -> None:
    state = set_up(starts=("noordstad", "zuidhaven"))
    seat = state.active
    state.players[seat].start = state.t.city_index["noordstad"]
    state.apply(seat, ("build", "C5", "C6"))
    state.apply(seat, ("build", "B4", "B5"))
    refused(state, seat, ("build", "D4", "D5"), "br.bad.major_leaves")
    state.apply(seat, ("end",))
    state.apply(state.active, ("end",))
    state.apply(seat, ("build", "D4", "D5"))   # a new turn, a new count


# City access and blocking ----------------------------------------------------------------
def test_small_city_takes_two_players_medium_three() -> None:
    state = set_up(starts=("noordstad", "zuidhaven", "bergheim"))
    seat = state.active
    others = [s for s in range(3) if s != seat]
    give_track(state, others[0], "H6", "H7", "H8")
    give_track(state, others[1], "I9", "H8")
    give_track(state, seat, "G7", "G8")
    refused(state, seat, ("build", "G8", "H8"), "br.bad.city_full")
    give_track(state, others[0], "F5", "F6", "F7")
    give_track(state, others[1], "E7", "F7")
    assert build_cost(state, seat, "G8", "F7") == 3   # medium city: a third player


def test_nobody_may_block_a_city_that_is_not_full() -> None:
    state = set_up()
    seat = state.active
    give_track(state, seat, "H7", "H8", "G8")
    give_track(state, seat, "G9", "H8", "I8")
    give_track(state, seat, "I9", "H8")
    # only H8-H9 is free; the other player has not joined kleindorp yet
    refused(state, seat, ("build", "H8", "H9"), "br.bad.block")
    give_track(state, 1 - seat, "H10", "H9")
    refused(state, seat, ("build", "H8", "H9"), "br.bad.block")
    # once the other player joins, the city is full and nothing is left to block
    give_track(state, 1 - seat, "H9", "H8")
    assert len([s for s, p in enumerate(state.players) if state.t.index["H8"] in p.nodes]) == 2


# Movement and fees -----------------------------------------------------------------------
def test_movement_only_on_built_track_within_speed() -> None:
    state = set_up()
    seat = state.active
    start = state.players[seat].position
    refused(state, seat, ("move", "middelrijk"), "br.bad.move_unreachable")
    name = state.t.names[start]
    assert name in ("C4", "J4")
    give_track(state, seat, "C5", "C6", "C7", "C8", "C9", "C10")
    put_train(state, seat, "C5")
    state.apply(seat, ("move", "C8"))
    assert state.players[seat].points == 6
    refused(state, seat, ("move", "middelrijk"), "br.bad.move_unreachable")


def test_foreign_track_costs_four_per_network_per_turn_paid_to_owner() -> None:
    state = set_up()
    seat, other = state.active, 1 - state.active
    give_track(state, other, "E5", "E6", "E7", "E8")
    give_track(state, seat, "E4", "E5")
    put_train(state, seat, "E4")
    money, theirs = state.players[seat].money, state.players[other].money
    state.apply(seat, ("move", "E6"))
    state.apply(seat, ("move", "E8"))
    assert state.players[seat].money == money - 4
    assert state.players[other].money == theirs + 4
    state.apply(seat, ("move", "E5"))   # back onto own track: nothing more to pay
    assert state.players[seat].money == money - 4


def test_a_fee_that_cannot_be_paid_refuses_the_move() -> None:
    state = set_up()
    seat, other = state.active, 1 - state.active
    give_track(state, other, "E5", "E6")
    give_track(state, seat, "E4", "E5")
    put_train(state, seat, "E4")
    state.players[seat].money = 3
    refused(state, seat, ("move", "E6"), "br.bad.fee")


# Goods ----------------------------------------------------------------------------------
def test_pick_up_anywhere_supplied_without_a_demand_card_one_per_slot() -> None:
    state = set_up()
    seat = state.active
    put_train(state, seat, "F7")          # middelrijk supplies flowers
    state.apply(seat, ("load", "flowers"))
    state.apply(seat, ("load", "flowers"))   # flowers has 2 chips
    refused(state, seat, ("load", "flowers"), "br.bad.full_train")
    refused(state, seat, ("load", "coal"), "br.bad.full_train")


def test_a_good_with_every_chip_in_use_cannot_be_loaded() -> None:
    state = set_up()
    seat, other = state.active, 1 - state.active
    state.players[other].loads = [state.t.good_index["flowers"]] * 2
    put_train(state, seat, "F7")
    refused(state, seat, ("load", "flowers"), "br.bad.no_chips")


def test_dropped_goods_lie_in_the_city_and_return_after_four_rounds() -> None:
    state = set_up()
    seat = state.active
    put_train(state, seat, "F7")
    state.players[seat].loads = [state.t.good_index["coal"]]
    state.apply(seat, ("unload", "coal"))
    assert state.drops == [[state.t.city_index["middelrijk"], state.t.good_index["coal"], 2]]
    for _ in range(3 * 2):
        state.apply(state.active, ("end",))
    assert state.round == 5 and state.drops            # 3 rounds later: still there
    put_train(state, state.active, "F7")
    state.apply(state.active, ("end",))
    state.apply(state.active, ("end",))
    assert state.round == 6 and not state.drops        # 4 rounds: back to the supply


def test_anyone_may_take_a_dropped_good() -> None:
    state = set_up()
    seat, other = state.active, 1 - state.active
    put_train(state, seat, "H8")            # kleindorp supplies nothing
    state.players[seat].loads = [state.t.good_index["coal"]]
    state.apply(seat, ("unload", "coal"))
    state.apply(seat, ("end",))
    put_train(state, other, "H8")
    state.apply(other, ("load", "coal"))
    assert state.drops == [] and state.players[other].loads == [state.t.good_index["coal"]]


def test_delivery_pays_discards_and_refills_the_hand() -> None:
    state = set_up()
    seat = state.active
    me = state.players[seat]
    card = me.hand[0]
    city, good, payout = state.t.demands[card][0]
    me.position = state.t.cities[city].centre
    me.loads = [good]
    money = me.money
    state.apply(seat, ("deliver", card, state.t.goods[good]))
    assert me.money == money + payout
    assert card not in me.hand and card in state.discards and len(me.hand) == 3
    assert me.loads == []


def test_delivery_needs_the_good_the_city_and_a_held_card() -> None:
    state = set_up()
    seat = state.active
    me = state.players[seat]
    card = me.hand[0]
    city, good, _ = state.t.demands[card][0]
    me.position = state.t.cities[city].centre
    refused(state, seat, ("deliver", card, state.t.goods[good]), "br.bad.no_load")
    me.loads = [good]
    other_card = next(c for c in state.t.demands if c not in me.hand and c not in state.public)
    refused(state, seat, ("deliver", other_card, state.t.goods[good]), "br.bad.card")


def test_hand_limit_is_three() -> None:
    state = set_up()
    assert all(len(p.hand) == 3 for p in state.players)


def test_swap_all_demands_instead_of_a_turn() -> None:
    state = set_up()
    seat = state.active
    old = list(state.players[seat].hand)
    state.apply(seat, ("discard",))
    assert state.active != seat
    assert len(state.players[seat].hand) == 3 and not set(old) & set(state.players[seat].hand)
    other = state.active
    give_track(state, other, "J5", "J6")
    put_train(state, other, "J5")
    state.apply(other, ("move", "J6"))
    refused(state, other, ("discard",), "br.bad.discard_late")


def test_public_demands_from_round_four() -> None:
    state = set_up()
    while state.round < 4:
        assert state.public == []
        state.apply(state.active, ("end",))
    assert len(state.public) == 3 and all(isinstance(c, int) for c in state.public)
    seat = state.active
    card = state.public[0]
    city, good, payout = state.t.demands[card][0]
    me = state.players[seat]
    me.position, me.loads = state.t.cities[city].centre, [good]
    money = me.money
    state.apply(seat, ("deliver", card, state.t.goods[good]))
    assert me.money == money + payout and card not in state.public and len(state.public) == 3


# Trains ---------------------------------------------------------------------------------
def test_upgrade_one_tier_for_twenty_effective_at_end_of_turn() -> None:
    state = set_up()
    seat = state.active
    me = state.players[seat]
    refused(state, seat, ("upgrade", "C12"), "br.bad.upgrade")
    state.apply(seat, ("upgrade", "B12"))
    assert me.money == 30 and me.train == "A" and me.trains[0].pending == "B12"
    refused(state, seat, ("build", "C5", "C6"), "br.bad.build_limit")   # the 20 M are used
    state.apply(seat, ("end",))
    assert me.train == "B12"
    state.apply(state.active, ("end",))
    assert me.points == 12


def test_change_within_a_tier_costs_five_and_lost_load_is_the_last_loaded() -> None:
    state = set_up()
    seat = state.active
    me = state.players[seat]
    me.trains[0].kind = "C12"
    me.loads = [0, 1, 2]
    state.apply(seat, ("upgrade", "C15"))
    assert me.money == 45
    state.apply(seat, ("end",))
    assert me.train == "C15" and me.loads == [0, 1]


def test_build_then_upgrade_shares_the_limit_and_closes_the_movement() -> None:
    state = set_up()
    seat = state.active
    me = state.players[seat]
    give_track(state, seat, "E4", "E5")
    state.apply(seat, ("build", "E5", "E6"))
    assert me.turn_mode == "build"
    refused(state, seat, ("upgrade", "B9"), "br.bad.upgrade_limit")
    refused(state, seat, ("move", "E5"), "br.bad.after_build")


# Ferries --------------------------------------------------------------------------------
def test_ferry_line_costs_its_price_and_crosses_at_turn_start_at_half_speed() -> None:
    state = set_up()
    seat = state.active
    give_track(state, seat, "D2", "E2", "F2")
    assert build_cost(state, seat, "F2", "H1") == 6
    state.apply(seat, ("end",))
    state.apply(state.active, ("end",))
    put_train(state, seat, "F2")
    state.apply(seat, ("ferry",))
    me = state.players[seat]
    assert state.t.names[me.position] == "H1" and me.points == 4
    refused(state, seat, ("ferry",), "br.bad.ferry_start")


def test_a_ferry_line_cannot_join_a_full_port_city() -> None:
    state = set_up(starts=("noordstad", "zuidhaven", "bergheim"))
    seat = state.active
    others = [s for s in range(3) if s != seat]
    give_track(state, others[0], "H2", "H1")        # eiland (H1) is a small city: 2 players
    give_track(state, others[1], "I1", "H1")
    give_track(state, seat, "D2", "E2", "F2")
    refused(state, seat, ("build", "F2", "H1"), "br.bad.city_full")


# Events ---------------------------------------------------------------------------------
def test_flood_washes_out_track_crossing_the_river() -> None:
    state = set_up()
    seat = state.active
    give_track(state, seat, "A8", "A9", "A10")
    flood = state.t.events["waal-flood"]
    assert state.t.edge(state.t.index["A9"], state.t.index["A10"]) in flood.edges
    state.happen(seat, "waal-flood")
    assert state.t.edge(state.t.index["A9"], state.t.index["A10"]) not in state.owner
    assert state.t.edge(state.t.index["A8"], state.t.index["A9"]) in state.owner


def test_strike_for_one_round_stops_loading_in_its_cities() -> None:
    state = set_up()
    seat, other = state.active, 1 - state.active
    state.happen(seat, "dock-strike")
    put_train(state, seat, "F2")
    state.apply(seat, ("load", "fish"))       # starts after the current player's turn
    state.apply(seat, ("end",))
    put_train(state, other, "F2")
    refused(state, other, ("load", "fish"), "br.bad.strike")
    state.apply(other, ("end",))
    state.apply(seat, ("unload", "fish"))     # the drawer's next turn: over


def test_derailment_loses_a_load_and_the_next_movement() -> None:
    state = set_up()
    seat, other = state.active, 1 - state.active
    put_train(state, other, "F7")
    state.players[other].loads = [0, 3]
    state.happen(seat, "derail-middel")
    assert state.players[other].loads == [0]
    state.apply(seat, ("end",))
    assert state.players[other].points == 0
    state.apply(other, ("end",))
    state.apply(seat, ("end",))
    assert state.players[other].points == 9


def test_snow_stops_building_and_halves_speed_in_the_uplands() -> None:
    state = set_up()
    seat, other = state.active, 1 - state.active
    state.happen(seat, "upland-snow")
    state.apply(seat, ("end",))
    give_track(state, other, "J6", "J7", "K7")
    refused(state, other, ("build", "K7", "L7"), "br.bad.event_build")
    put_train(state, other, "J6")
    state.apply(other, ("move", "K7"))
    assert state.players[other].points == 9 - 1 - 2


def test_gale_stops_the_ferries() -> None:
    state = set_up()
    seat, other = state.active, 1 - state.active
    give_track(state, other, "D2", "E2", "F2")
    state.ferry_owners[0].append(other)
    state.players[other].ferries.add(0)
    state.happen(seat, "north-gale")
    state.apply(seat, ("end",))
    put_train(state, other, "F2")
    refused(state, other, ("ferry",), "br.bad.no_ferry")


# The end ----------------------------------------------------------------------------------
def test_announcement_after_a_delivery_reaching_200() -> None:
    state = set_up()
    seat = state.active
    me = state.players[seat]
    card = me.hand[0]
    city, good, _ = state.t.demands[card][0]
    me.position, me.loads, me.money = state.t.cities[city].centre, [good], 199
    state.apply(seat, ("deliver", card, state.t.goods[good]))
    assert state.view(1 - seat)["players"][seat]["announced"] is True


def _join_all_majors(state, seat):  # type: ignore[no-untyped-def]
    give_track(state, seat, "C5", "C6", "C7", "C8", "C9", "C10")
    give_track(state, seat, "D4", "E4", "F4", "G4", "H4", "I4")
    give_track(state, seat, "J5", "J6", "J7", "J8", "J9", "J10")


def test_the_game_ends_at_250_with_all_four_major_cities_joined() -> None:
    state = set_up()
    seat = state.active
    me = state.players[seat]
    me.money = 260
    state.apply(seat, ("end",))
    assert not state.is_over()                  # rich, but the network is not joined up
    _join_all_majors(state, seat)
    me.money = 240
    state.apply(state.active, ("end",))
    assert not state.is_over()                  # joined, but not rich enough
    me.money = 250
    state.players[1 - seat].money = 251
    state.apply(state.active, ("end",))
    assert state.is_over()
    assert state.result().winners == (1 - seat,)   # the richest wins


def test_variant_one_fast_game() -> None:
    state = set_up(variant="fast")
    seat = state.active
    me = state.players[seat]
    assert me.points == 15 and state.variant.target == 350
    give_track(state, seat, "C6", "C7")
    put_train(state, seat, "F7")
    state.apply(seat, ("load", "flowers"))
    assert me.points == 14
    state.players[seat].money = 100
    far, cost = cheapest_path(state, seat, "L12")
    me.spent = 15   # 15 M left of 30
    assert build_cost(state, seat, *far) == cost == 14


def test_snapshot_round_trips_and_restores_an_equal_game() -> None:
    from .helpers import GAME, tiny_pack
    state = set_up()
    give_track(state, state.active, "E4", "E5")
    state.apply(state.active, ("build", "E5", "E6"))
    snap = state.snapshot()
    again = GAME.restore(snap, tiny_pack())
    assert again.snapshot() == snap
    state.apply(state.active, ("end",))
    again.apply(again.active, ("end",))  # type: ignore[attr-defined]
    assert again.snapshot() == state.snapshot()
