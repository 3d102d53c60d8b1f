"""The rulings where the seed says more than a first reading of it did
(docs/games/benelux-rails.md#br-rules), each from a position on the shipped map:
building and changing the train share one turn's limit, every milepost of a major city
the network reaches is on it, a ferry port takes two players like a small city, and the
fast game's announcement comes at 300 M. A record of the engine before these rulings is
refused, naming both versions."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.cli import main
from stellwerk.core.errors import BadRecord
from stellwerk.core.record import GameRecord, replay
from stellwerk.frontends.table.comforts import rules_text
from stellwerk.games.benelux_rails.rules import BeneluxState

from .helpers import GAME, give_track, new_state, random_play, root
from .test_benelux_rules import refused

OLD = root() / "tests" / "fixtures" / "benelux-rails" / "old" / \
    "benelux-rails-engine1-tiny-planner-greedy-standard-seed11.json"


def shipped(seed: int, starts: Sequence[str], variant: str = "standard",
            round_two: bool = True) -> BeneluxState:
    """The shipped map after setup: each keeps its first three cards; the starting player
    starts in starts[0], the next clockwise in starts[1], ...; with `round_two`, round 1
    passes without building."""
    state = GAME.new_state({"variant": variant}, seed, GAME.load_pack(), len(starts))
    assert isinstance(state, BeneluxState)
    while state.phase != "turn":
        seat = state.active
        state.apply(seat, ("keep", *state.players[seat].hand[:3]))
        state.apply(seat, ("start", starts[(seat - state.first) % len(starts)]))
    if round_two:
        for _ in starts:
            state.apply(state.active, ("end",))
    return state


# Building and changing the train in one turn -------------------------------------------
def test_variant_one_upgrades_and_then_builds_within_the_limit() -> None:
    state = shipped(5, ("amsterdam", "amsterdam"), variant="fast")
    seat = state.active
    me = state.players[seat]
    state.apply(seat, ("upgrade", "B12"))
    state.apply(seat, ("build", "L14", "K15"))
    assert me.money == 29 and me.spent == 21 and me.trains[0].pending == "B12"
    assert state.budget(seat) == 9
    info = refused(state, seat, ("upgrade", "B9"), "br.bad.upgrade_twice")
    assert "once per train" in str(info)
    refused(state, seat, ("move", "rotterdam"), "br.bad.after_build")
    state.apply(seat, ("end",))
    assert me.trains[0].kind == "B12"


def test_standard_game_builds_and_then_changes_the_train_within_the_limit() -> None:
    state = shipped(5, ("amsterdam", "amsterdam"))
    seat = state.active
    me = state.players[seat]
    me.trains[0].kind = "B12"
    state.apply(seat, ("build", "L14", "K15"))
    state.apply(seat, ("upgrade", "B9"))       # a 5 M change "während des Streckenbaus"
    assert me.money == 44 and me.spent == 6 and me.trains[0].pending == "B9"
    state.apply(seat, ("build", "K15", "K14"))   # and more track after it, in the limit
    assert me.spent == 7
    state.apply(seat, ("end",))
    assert me.trains[0].kind == "B9"


def test_an_upgrade_beyond_the_turns_limit_is_refused() -> None:
    state = shipped(5, ("amsterdam", "amsterdam"))
    seat = state.active
    state.apply(seat, ("build", "L14", "K15"))
    info = refused(state, seat, ("upgrade", "B12"), "br.bad.upgrade_limit")
    assert info.params == {"cost": 20, "left": 19}
    assert ("upgrade", "B12") not in state.legal_actions(seat)
    other = shipped(5, ("amsterdam", "amsterdam"))
    seat = other.active
    other.apply(seat, ("upgrade", "B12"))        # the whole 20 M of the standard game
    refused(other, seat, ("build", "L14", "K15"), "br.bad.build_limit")


def test_listed_actions_pair_building_with_upgrading_in_either_order() -> None:
    state = shipped(5, ("amsterdam", "amsterdam"), variant="fast")
    seat = state.active
    state.apply(seat, ("upgrade", "B12"))
    assert any(a[0] == "build" for a in state.legal_actions(seat))
    other = shipped(5, ("amsterdam", "amsterdam"), variant="fast")
    seat = other.active
    other.apply(seat, ("build", "L14", "K15"))
    listed = other.legal_actions(seat)
    assert ("upgrade", "B12") in listed and ("upgrade", "B9") in listed


# Major cities on the network -----------------------------------------------------------
def test_a_build_starts_at_any_milepost_of_a_major_city_the_track_reaches() -> None:
    state = shipped(0, ("rotterdam", "amsterdam"))
    seat = state.active
    t, me = state.t, state.players[seat]
    give_track(state, seat, "P15", "O15", "N14")      # into Amsterdam, not to its centre
    amsterdam = t.city_index["amsterdam"]
    assert t.cities[amsterdam].centre == t.index["M14"] and t.index["M14"] not in me.nodes
    through = state.check_build(seat, [t.index[n] for n in ("N14", "M14", "M13", "N13",
                                                             "N12")])
    state.apply(seat, ("build", "M14", "M13", "N13", "N12"))
    assert me.money == 50 - through.cost and t.index["N12"] in me.nodes
    assert me.major_leaves == {amsterdam: 1}            # one of the 2 builds out of it
    state.apply(seat, ("build", "M14", "L14", "K15"))
    assert me.major_leaves == {amsterdam: 2}
    refused(state, seat, ("build", "L13", "K13"), "br.bad.major_leaves")


def test_a_major_city_the_track_does_not_reach_is_not_on_the_network() -> None:
    state = shipped(0, ("rotterdam", "amsterdam"))
    seat = state.active
    info = refused(state, seat, ("build", "M14", "M13", "N13", "N12"), "br.bad.not_network")
    assert info.params == {"where": "M14"}
    assert "every major city" in str(info)


# Ferry ports ---------------------------------------------------------------------------
def test_a_ferry_port_is_joined_by_two_players_at_most() -> None:
    state = shipped(5, ("amsterdam", "amsterdam", "amsterdam"), round_two=False)
    port = state.t.index["J15"]
    assert state.t.ferry_at[port] and state.t.city_at[port] < 0
    first, second = state.active, (state.active + 1) % 3
    state.apply(first, ("build", "L14", "K15", "J15"))
    state.apply(first, ("end",))
    state.apply(second, ("build", "L13", "K14", "J14", "J15"))
    state.apply(second, ("end",))
    third = state.active
    info = refused(state, third, ("build", "L13", "K13", "J13", "I14", "I15", "J15"),
                   "br.bad.port_full")
    assert info.params == {"where": "J15"}
    assert port in state.build_rules(third).closed
    assert not any(a[0] == "build" and a[-1] == "J15" for a in state.legal_actions(third))


def test_no_one_blocks_the_way_into_a_ferry_port_that_is_not_full() -> None:
    state = shipped(5, ("amsterdam", "amsterdam", "amsterdam"), round_two=False)
    seat = state.active
    state.apply(seat, ("build", "L14", "K15", "J15"))
    state.apply(seat, ("build", "J15", "J14"))          # two of its three ways in: one free
    refused(state, seat, ("build", "J15", "I15"), "br.bad.port_block")


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31), variant=st.sampled_from(["standard", "fast"]))
def test_random_games_keep_the_limits_of_spending_and_of_joining(seed: int,
                                                                 variant: str) -> None:
    """Whatever is listed and taken (upgrades before and after building included): no
    turn spends past its build limit, and no city or ferry port has more players than it
    takes."""
    state = new_state(seed, 3, variant)
    for seen in random_play(state, seed, 300):
        limit = seen.variant.build_limit
        assert all(p.spent <= limit for p in seen.players)
        for post, most in seen.t.access_limits.items():
            assert sum(post in p.nodes for p in seen.players) <= most


# The announcement ----------------------------------------------------------------------
def test_variant_one_announces_at_three_hundred_and_the_rules_say_so() -> None:
    state = shipped(5, ("amsterdam", "amsterdam"), variant="fast")
    assert state.variant.announce == 300
    assert "300 M" in (rules_text(GAME, "en") or "")
    assert "300 Mio." in (rules_text(GAME, "de") or "")


# Records of the engine before these rulings --------------------------------------------
def test_a_record_of_the_previous_engine_is_refused_naming_both_versions(
        capsys: pytest.CaptureFixture[str]) -> None:
    record = GameRecord.load(OLD)
    assert record.engine_version == "benelux-rails/1"
    with pytest.raises(BadRecord) as refusal:
        replay(record, GAME, Path(GAME.default_pack_path()).parent / "tiny.toml")
    assert "'benelux-rails/1'" in str(refusal.value)
    assert f"'{GAME.engine_version}'" in str(refusal.value)
    assert main(["replay", str(OLD), "--lang", "de"]) == 1
    err = capsys.readouterr().err
    assert "benelux-rails/1" in err and GAME.engine_version in err
    assert "Traceback" not in err and "record was made" not in err
