"""The second train (docs/games/benelux-rails.md#br-rules D: "a second train may be bought for 20 M
as that turn's build action and starts at any major city on the player's network"; hand limit 4 once
a player owns it), each rule by a named test on the tiny map."""

from __future__ import annotations

import pytest

from stellwerk.core.errors import BadRecord, IllegalAction
from stellwerk.games.benelux_rails.render import log_line
from stellwerk.games.benelux_rails.rules import BeneluxState

from .helpers import GAME, fingerprint, give_track, picture, set_up, tiny_pack
from .test_benelux_rules import refused


def two_trains(state: BeneluxState) -> int:
    """The active seat buys a second train at its start city; round on to its next turn."""
    seat = state.active
    state.apply(seat, ("buy-train", state.t.cities[state.players[seat].start].id))
    while state.active != seat:
        state.apply(state.active, ("end",))
    state.apply(seat, ("end",))
    while state.active != seat:
        state.apply(state.active, ("end",))
    return seat


def at(state: BeneluxState, seat: int, k: int) -> str:
    return state.t.names[state.players[seat].trains[k].position]


# Buying --------------------------------------------------------------------------------
def test_buying_costs_twenty_and_the_train_stands_at_the_named_major_city() -> None:
    state = set_up()
    seat = state.active
    me = state.players[seat]
    state.apply(seat, ("buy-train", "noordstad"))
    assert me.money == 30 and me.spent == 20 and len(me.trains) == 2
    assert at(state, seat, 1) == "C4" and me.trains[1].kind == "A"
    assert me.trains[1].loads == [] and me.trains[1].points == 0   # it moves next turn
    buys = [e for e in state.log if e["key"] == "buy"]
    assert buys == [{"key": "buy", "seat": seat, "round": 2, "city": "noordstad", "cost": 20}]


def test_buying_is_the_turns_build_action() -> None:
    state = set_up()
    seat = state.active
    state.apply(seat, ("buy-train", "noordstad"))
    refused(state, seat, ("build", "C5", "D5"), "br.bad.after_upgrade")
    refused(state, seat, ("upgrade", 1, "B12"), "br.bad.after_upgrade")
    refused(state, seat, ("move", 1, "C5"), "br.bad.after_build")
    other = set_up()
    seat = other.active
    other.apply(seat, ("build", "C5", "D5"))
    refused(other, seat, ("buy-train", "noordstad"), "br.bad.buy_late")
    third = set_up()
    seat = third.active
    third.apply(seat, ("upgrade", "B12"))
    refused(third, seat, ("buy-train", "noordstad"), "br.bad.buy_late")


def test_a_second_train_is_bought_only_once() -> None:
    state = set_up()
    seat = two_trains(state)
    state.players[seat].money = 100
    refused(state, seat, ("buy-train", "noordstad"), "br.bad.buy_twice")


def test_a_second_train_starts_only_at_a_major_city_on_the_own_network() -> None:
    state = set_up()
    seat = state.active
    refused(state, seat, ("buy-train", "oosterburg"), "br.bad.buy_network")
    refused(state, seat, ("buy-train", "middelrijk"), "br.bad.buy_city")
    refused(state, seat, ("buy-train", "atlantis"), "br.bad.buy_city")
    refused(state, seat, ("buy-train", "zuidhaven"), "br.bad.buy_network")   # the other's
    give_track(state, seat, "C5", "C6", "C7", "C8", "C9", "C10")   # into oosterburg
    state.apply(seat, ("buy-train", "oosterburg"))
    assert at(state, seat, 1) == "C11"


def test_a_second_train_is_never_bought_without_twenty_m_nor_in_round_one() -> None:
    state = set_up()
    seat = state.active
    state.players[seat].money = 19
    refused(state, seat, ("buy-train", "noordstad"), "br.bad.money")
    first = set_up(round_two=False)
    refused(first, first.active, ("buy-train", "noordstad"), "br.bad.round1")


def test_the_hand_limit_becomes_four_at_once_and_stays_four() -> None:
    state = set_up()
    seat = state.active
    me = state.players[seat]
    assert len(me.hand) == 3 and state.hand_limit(seat) == 3
    state.apply(seat, ("buy-train", "noordstad"))
    assert len(me.hand) == 4 and state.hand_limit(seat) == 4     # the fourth card drawn now
    assert state.view(seat)["players"][seat]["hand_limit"] == 4
    state.apply(seat, ("end",))
    while state.active != seat:
        state.apply(state.active, ("end",))
    card = me.hand[0]
    city, good, _ = state.t.demands[card][0]
    me.trains[1].position = state.t.cities[city].centre
    me.trains[1].loads = [good]
    state.apply(seat, ("deliver", 2, card, state.t.goods[good]))
    assert len(me.hand) == 4                                       # refilled to 4
    state.apply(seat, ("end",))
    while state.active != seat:
        state.apply(state.active, ("end",))
    state.apply(seat, ("discard",))
    assert len(me.hand) == 4                                       # a new hand of 4


# Both trains ------------------------------------------------------------------------------
def test_with_two_trains_every_train_action_names_its_train() -> None:
    state = set_up()
    seat = two_trains(state)
    give_track(state, seat, "C5", "D5", "E5")
    refused(state, seat, ("move", "E5"), "br.bad.which_train")
    refused(state, seat, ("load", "coal"), "br.bad.which_train")
    refused(state, seat, ("ferry",), "br.bad.which_train")
    refused(state, seat, ("upgrade", "B12"), "br.bad.which_train")
    refused(state, seat, ("move", 3, "E5"), "br.bad.train_number")
    refused(state, seat, ("deliver", 0, 1, "coal"), "br.bad.train_number")
    with pytest.raises(IllegalAction):
        state.check(seat, ("move", True, "E5"))   # a flag is no train number


def test_with_one_train_the_number_may_be_left_out_or_given_as_one() -> None:
    state = set_up()
    seat = state.active
    give_track(state, seat, "C5", "D5", "E5")
    state.apply(seat, ("move", 1, "D5"))
    state.apply(seat, ("move", "E5"))
    assert at(state, seat, 0) == "E5"
    refused(state, seat, ("move", 2, "D5"), "br.bad.train_number")


def test_both_trains_move_in_one_turn_each_with_its_own_speed_and_loads() -> None:
    state = set_up()
    seat = state.active
    me = state.players[seat]
    state.apply(seat, ("upgrade", "B12"))   # the first train becomes a B12 (12 points)
    state.apply(seat, ("end",))
    while state.active != seat:
        state.apply(state.active, ("end",))
    state.apply(seat, ("buy-train", "noordstad"))
    state.apply(seat, ("end",))
    while state.active != seat:
        state.apply(state.active, ("end",))
    assert [loco.points for loco in me.trains] == [12, 9]
    give_track(state, seat, "C5", "D5", "E5", "F5", "F6", "F7")   # to middelrijk
    state.apply(seat, ("move", 1, "F7"))
    state.apply(seat, ("move", 2, "E5"))
    assert at(state, seat, 0) == "F7" and at(state, seat, 1) == "E5"
    assert me.trains[0].points == 12 - 6 and me.trains[1].points == 9 - 3
    state.apply(seat, ("move", 2, "F6"))     # moves may interleave while points last
    assert me.trains[1].points == 9 - 5
    supplied = state.t.goods[state.t.cities[state.t.city_index["middelrijk"]].supplies[0]]
    state.apply(seat, ("load", 1, supplied))
    assert me.trains[0].loads and me.trains[1].loads == []
    refused(state, seat, ("load", 2, supplied), "br.bad.no_city")


def test_the_fee_is_paid_once_per_network_per_turn_across_both_trains() -> None:
    state = set_up()
    seat = two_trains(state)
    other = 1 - seat
    me, them = state.players[seat], state.players[other]
    give_track(state, other, "E5", "E6", "E7", "E8")
    state.deck = [c for c in state.deck if isinstance(c, int)]   # no event in between
    me.trains[0].position = me.trains[1].position = state.t.index["E5"]
    money, theirs = me.money, them.money
    state.apply(seat, ("move", 1, "E8"))
    assert me.money == money - 4 and them.money == theirs + 4
    state.apply(seat, ("move", 2, "E7"))     # the same network, the same turn: paid already
    assert me.money == money - 4 and them.money == theirs + 4
    assert sum(1 for e in state.log if e["key"] == "fee") == 1
    state.apply(seat, ("end",))
    state.apply(other, ("end",))
    state.apply(seat, ("move", 2, "E5"))     # a new turn: the fee again
    assert me.money == money - 8


def test_an_upgrade_changes_only_the_named_train() -> None:
    state = set_up()
    seat = two_trains(state)
    me = state.players[seat]
    state.apply(seat, ("upgrade", 2, "B9"))
    assert me.trains[1].pending == "B9" and me.trains[0].pending is None
    state.apply(seat, ("end",))
    assert [loco.kind for loco in me.trains] == ["A", "B9"]
    while state.active != seat:
        state.apply(state.active, ("end",))
    me.money = 50
    state.apply(seat, ("upgrade", 1, "B12"))
    state.apply(seat, ("end",))
    assert [loco.kind for loco in me.trains] == ["B12", "B9"]
    assert [state.speed(seat, k) for k in (0, 1)] == [12, 9]


def test_a_shrinking_upgrade_loses_a_load_of_that_train_only() -> None:
    state = set_up()
    seat = two_trains(state)
    me = state.players[seat]
    me.trains[0].kind, me.trains[0].loads = "C12", [0, 1, 2]
    me.trains[1].kind, me.trains[1].loads = "C12", [3, 4, 5]
    state.apply(seat, ("upgrade", 2, "C15"))
    state.apply(seat, ("end",))
    assert me.trains[1].loads == [3, 4] and me.trains[0].loads == [0, 1, 2]
    lost = [e for e in state.log if e["key"] == "lost"]
    assert lost[-1]["train_no"] == 2


def test_a_derailment_acts_on_each_train_in_its_region() -> None:
    state = set_up()
    seat = two_trains(state)
    other = 1 - seat
    me = state.players[seat]
    me.trains[0].position, me.trains[0].loads = state.t.index["C5"], [0, 3]   # outside
    me.trains[1].position, me.trains[1].loads = state.t.index["F7"], [1, 2]   # inside
    state.happen(other, "derail-middel")
    assert me.trains[0].loads == [0, 3] and me.trains[1].loads == [1]
    assert not me.trains[0].derailed and me.trains[1].derailed
    state.apply(seat, ("end",))
    state.apply(other, ("end",))
    assert [loco.points for loco in me.trains] == [9, 0]
    state.apply(seat, ("end",))
    state.apply(other, ("end",))
    assert [loco.points for loco in me.trains] == [9, 9]


def test_each_train_ferries_at_the_start_of_its_own_movement() -> None:
    state = set_up()
    seat = two_trains(state)
    me = state.players[seat]
    state.ferry_owners[0].append(seat)
    me.ferries.add(0)
    me.nodes.update((state.t.index["F2"], state.t.index["H1"]))
    give_track(state, seat, "C5", "D5")
    state.apply(seat, ("move", 1, "D5"))
    me.trains[1].position = state.t.index["F2"]
    state.apply(seat, ("ferry", 2))          # the other train moved: this one has not
    assert at(state, seat, 1) == "H1" and me.trains[1].points == 4
    refused(state, seat, ("ferry", 2), "br.bad.ferry_start")


# Views, notation, records -----------------------------------------------------------------
def test_every_seat_sees_both_trains_of_every_player() -> None:
    state = set_up()
    seat = two_trains(state)
    for viewer in (None, 0, 1):
        view = state.public_view() if viewer is None else state.view(viewer)
        trains = view["players"][seat]["trains"]
        assert [t["number"] for t in trains] == [1, 2]
        assert trains[1]["position"] == "C4" and trains[1]["train"] == "A"


def test_notation_names_the_train_and_round_trips() -> None:
    parse, show = GAME.parse_action, GAME.format_action
    assert parse("buy-train Amsterdam") == ("buy-train", "amsterdam")
    assert parse("kaufe-zug Brüssel") == ("buy-train", "brüssel")
    assert parse("move 2 Antwerpen") == ("move", 2, "antwerpen")
    assert parse("fahre 1 G13 über F12") == ("move", 1, "G13", "via", "F12")
    assert parse("deliver 2 40 cheese") == ("deliver", 2, 40, "cheese")
    assert parse("deliver 40 cheese") == ("deliver", 40, "cheese")
    assert parse("ferry 2") == ("ferry", 2) and parse("upgrade 1 b12") == ("upgrade", 1, "B12")
    assert parse("lade 2 Käse") == ("load", 2, "käse")
    for action in [("buy-train", "noordstad"), ("move", 2, "C5"), ("ferry", 1),
                   ("load", 2, "coal"), ("unload", 1, "coal"), ("deliver", 2, 7, "coal"),
                   ("upgrade", 2, "B9")]:
        assert parse(show(action)) == action


def test_candidates_offer_the_buy_and_name_both_trains() -> None:
    state = set_up()
    seat = state.active
    assert ("buy-train", "noordstad") in state.legal_actions(seat)
    two_trains(state)
    legal = state.legal_actions(seat)
    assert not any(a[0] == "buy-train" for a in legal)
    train_actions = [a for a in legal if a[0] in ("move", "load", "upgrade", "ferry")]
    assert train_actions and all(isinstance(a[1], int) for a in train_actions)
    assert {a[1] for a in train_actions if a[0] == "upgrade"} == {1, 2}


def test_snapshot_and_restore_keep_both_trains_and_refuse_a_third() -> None:
    state = set_up()
    seat = two_trains(state)
    state.players[seat].trains[1].loads = [2]
    snap = state.snapshot()
    again = GAME.restore(snap, tiny_pack())
    assert again.snapshot() == snap
    bad = state.snapshot()
    bad["players"][seat]["trains"].append(bad["players"][seat]["trains"][0])
    with pytest.raises(BadRecord):
        GAME.restore(bad, tiny_pack())
    bad = state.snapshot()
    bad["players"][seat]["trains"][1]["kind"] = "Z9"
    with pytest.raises(BadRecord):
        GAME.restore(bad, tiny_pack())


def test_a_bought_train_cannot_be_undone_as_it_drew_a_card() -> None:
    state = set_up()
    seat = state.active
    before = state.reveals()
    state.apply(seat, ("buy-train", "noordstad"))
    assert state.reveals() > before       # the fourth card was drawn: an undo boundary


def test_the_log_names_the_train_in_english_and_german() -> None:
    state = set_up()
    seat = two_trains(state)
    give_track(state, seat, "C5", "D5")
    state.apply(seat, ("move", 2, "D5"))
    entry = state.events(seat)[-1]
    assert GAME.describe_event(entry, "en") == f"Seat {seat + 1} (train 2): moves C4 C5 D5"
    assert GAME.describe_event(entry, "de") == f"Platz {seat + 1} (Zug 2): fährt C4 C5 D5"
    buy = next(e for e in state.events(None) if e["key"] == "br.ev.buy")
    names = ["Ann", "Bo"]
    assert log_line(buy, "en", names, state.t) == (f"{names[seat]}: buys a second train in "
                                                   "noordstad for 20 M")
    assert log_line(buy, "de", names, state.t) == (f"{names[seat]}: kauft einen zweiten Zug "
                                                   "in Noordstad für 20 Mio.")


def test_a_refused_buy_changes_nothing() -> None:
    state = set_up()
    seat = state.active
    before = fingerprint(state)
    for word in ("oosterburg", "", 7, None, "C4"):
        with pytest.raises(IllegalAction):
            state.apply(seat, ("buy-train", word))   # type: ignore[arg-type]
        assert fingerprint(state) == before


def test_the_svg_draws_both_trains_and_offers_a_move_per_train() -> None:
    import xml.etree.ElementTree as ET

    state = set_up()
    seat = two_trains(state)
    ns = {"svg": "http://www.w3.org/2000/svg"}
    svg = picture().svg(state.view(seat), "de")
    assert svg is not None
    root = ET.fromstring(svg)
    labels = [t.text for t in root.findall(".//svg:g[@id='trains']/svg:text", ns)]
    assert sorted(labels) == sorted(["1", "2", "ab"[seat]])   # the second train: a or b
    targets = root.find(".//svg:g[@id='milepost-targets']", ns)
    assert targets is not None
    assert targets.get("data-goto") == "move 1 {last}"
    assert targets.get("data-goto2") == "move 2 {last}"
    assert targets.get("data-goto2-label") == "Zug 2 zum letzten Meilenstein"
    panel = " ".join(t.text or "" for t in root.findall(".//svg:g[@id='panel']/svg:text", ns))
    assert f"Zug 2 ({'ab'[seat]}) A (Tempo 9, 2 Ladungen) @ {at(state, seat, 1)}" in panel
    other = picture().svg(state.view(1 - seat), "en")
    assert other is not None
    targets = ET.fromstring(other).find(".//svg:g[@id='milepost-targets']", ns)
    assert targets is not None and targets.get("data-goto") == "move {last}"
    assert targets.get("data-goto2") is None


def test_a_strike_stops_only_the_train_in_its_region() -> None:
    state = set_up()
    seat = two_trains(state)
    other = 1 - seat
    state.deck = [c for c in state.deck if isinstance(c, int)]   # no other event between
    state.apply(seat, ("end",))
    state.happen(other, "dock-strike")           # from the end of the drawer's turn
    state.apply(other, ("end",))
    me = state.players[seat]
    t = state.t
    middelrijk = t.cities[t.city_index["middelrijk"]]
    me.trains[0].position = middelrijk.centre    # outside the strike
    me.trains[1].position = t.index["F2"]        # zeepoort, on strike
    refused(state, seat, ("load", 2, "fish"), "br.bad.strike")
    good = t.goods[middelrijk.supplies[0]]
    state.apply(seat, ("load", 1, good))
    assert me.trains[0].loads == [middelrijk.supplies[0]] and me.trains[1].loads == []
