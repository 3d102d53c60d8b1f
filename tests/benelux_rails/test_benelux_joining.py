"""A major city counts as joined only when the player's own network joins it to the
start city, as the end asks (rules.start_network), for the rules, the planner and the
search value: a piece of track apart that touches two major cities stalled a rich
planner for the rest of the game (docs/bots.md)."""

from __future__ import annotations

from stellwerk.core.chance import Chance
from stellwerk.games.benelux_rails import search_value
from stellwerk.games.benelux_rails.planner import PlannerBot
from stellwerk.games.benelux_rails.rules import BeneluxState

from .helpers import give_track, new_state, set_up


def _apart() -> tuple[BeneluxState, int, dict[str, int]]:
    """The starting player (noordstad) joined to oosterburg, and a piece of its track
    apart from zuidhaven to bergheim."""
    state = set_up()
    seat = state.active
    give_track(state, seat, "C5", "C6", "C7", "C8", "C9", "C10")      # noordstad-oosterburg
    give_track(state, seat, "J5", "J6", "J7", "J8", "J9", "J10")      # zuidhaven-bergheim
    t = state.t
    return state, seat, {t.cities[k].id: k for k in t.majors}


def test_a_piece_apart_does_not_join_its_cities() -> None:
    state, seat, major = _apart()
    assert sorted(state.joined_majors(seat)) == sorted([major["noordstad"], major["oosterburg"]])
    assert not state.joins_all_majors(seat)
    assert sorted(PlannerBot(Chance(0)).missing_majors(state, seat)) == sorted(
        [major["zuidhaven"], major["bergheim"]])
    state.players[seat].money = 300
    state.apply(seat, ("end",))
    assert not state.is_over()          # rich, every major city touched, not joined up


def test_before_the_start_city_is_chosen_nothing_is_joined() -> None:
    early = new_state()
    assert early.players[early.active].start < 0
    assert early.start_network(early.active) == set()
    assert early.joined_majors(early.active) == []


def test_the_planner_builds_the_piece_apart_onto_its_network() -> None:
    state, seat, _ = _apart()
    state.players[seat].money = 200       # past the planner's share of the target
    planner = PlannerBot(Chance(0))
    for _turn in range(12):
        if state.joins_all_majors(seat):
            break
        if state.active == seat:
            build = planner.join_majors(state, seat)
            assert build is not None
            first = state.t.index[build[1]]
            assert first in state.start_network(seat)    # grows the joined network
            state.apply(seat, build)
        state.apply(state.active, ("end",))
    assert state.joins_all_majors(seat)


def test_the_search_value_charges_the_missing_join() -> None:
    # plan values do not depend on the money, so between 149 M and 200 M (either side
    # of the planner's share of the target, 150) the value differs by 51 less the cost
    # of joining the two major cities of the piece apart
    state, seat, _ = _apart()
    me = state.players[seat]
    me.money = 149
    poor = search_value.evaluate(state, seat)
    me.money = 200
    rich = search_value.evaluate(state, seat)
    assert rich - poor < 51
