"""The most crowded Benelux Rails table the rules allow, for the panel's layout tests:
three players, each with two trains full of goods standing in cities that supply the
most goods, the larger hand a second train brings, the public demand cards out, and
three-figure money. Built from a real game: random play through the setup, then the
engine's own steps (buying the second train, drawing to the hand limit, laying out the
public cards), checked by a snapshot's round trip."""

from __future__ import annotations

import random

from stellwerk.core.content import ContentPack
from stellwerk.games import get_game
from stellwerk.games.benelux_rails import fleet, snapshots
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.games.benelux_rails.trains import PUBLIC_FROM_ROUND, TRAINS

GAME = get_game("benelux-rails")
SEATS = 3
# the trains' kind: the most loads, and with them the most goods to name
WIDEST = max(TRAINS.values(), key=lambda t: (t.capacity, t.speed)).name


def crowded_state(pack: ContentPack, seed: int = 3) -> BeneluxState:
    """Seat 0 to move in a three-player game at its most crowded (see the module)."""
    state = GAME.new_state(GAME.parse_options({}, SEATS), seed, pack, SEATS)
    assert isinstance(state, BeneluxState)
    rnd = random.Random(seed)
    while state.phase != "turn" or state.active != 0:
        decision = state.decision()
        assert decision is not None
        seat = decision.seats[0]
        state.apply(seat, rnd.choice(state.candidate_actions(seat)))
    t = state.t
    # the cities with the most goods to load, the longest names first among equals
    richest = sorted(range(len(t.cities)), key=lambda c: (-len(t.cities[c].supplies),
                                                          -len(t.cities[c].name)))
    majors = [c for c in richest if t.cities[c].size == "major"]
    goods = sorted(range(len(t.goods)), key=lambda g: -len(t.good_word(g, "de")))
    for seat, player in enumerate(state.players):
        player.money = 20 + 199
        fleet.buy_train(state, seat, majors[seat % len(majors)])
        player.turn_mode = ""
        for k, train in enumerate(player.trains):
            train.kind = WIDEST if k == 0 else train.kind
            train.position = t.cities[richest[(2 * seat + k) % len(richest)]].centre
            train.loads = goods[:TRAINS[train.kind].capacity]
    state.round = max(state.round, PUBLIC_FROM_ROUND)
    state.fill_public()
    restored = GAME.restore(snapshots.snapshot(state), pack)
    assert isinstance(restored, BeneluxState)
    return restored
