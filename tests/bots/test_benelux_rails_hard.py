"""Benelux Rails' plan search, `plan-search-normal` and `plan-search-hard`
(plan_search.py): its choices are legal and put the planner's first, its values read
nothing the seat may not know, it plays the same whatever the true secrets and repeats
itself for a seed, and `hard` plays its recorded game move for move."""

from __future__ import annotations

import hashlib

import pytest

from stellwerk.bots import bot_class, bot_kind, bots_for, make_bot
from stellwerk.bots.ismcts import HardISMCTS, NormalISMCTS
from stellwerk.core.chance import Chance
from stellwerk.core.companions import knowledge
from stellwerk.core.errors import BadOption
from stellwerk.core.session import Window
from stellwerk.frontends.setup import parse_seats
from stellwerk.games import get_game
from stellwerk.games.benelux_rails import plan_search
from stellwerk.games.benelux_rails.phases import TURN
from stellwerk.games.benelux_rails.planner import best_plan, ranked_plans
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.testing.states import game_and_pack

from .benelux_games import assert_same_play_whatever_the_secrets, planner_game

# the first 60 decisions of `plan-search-hard` (seat 0) against the planner, seed 1: a
# cheaper planner or a change of `normal` must not change what `hard` does (joining a
# piece of track that lies apart changes it only where there is one, not here)
HARD_RECORD = "4743cc1a60d26b08855e4ce0c1746e808189d3e0ea049f94a7db9a59288c5a6a"
# the first 50 decisions of `plan-search-normal` the same way:
# a change of `normal`'s play must be deliberate and measured (docs/bots.md)
NORMAL_RECORD = "0c4d242b773515c603e2e9790b041d85510cb08b711f54142cc42c95e4c0403e"


def _record(seats: tuple[str, str], seed: int, decisions: int) -> tuple[str, list[int]]:
    game, pack = game_and_pack("benelux-rails")
    state = game.new_state({}, seed, pack, 2)
    bots = [make_bot(kind, Chance(seed * 10 + i), game) for i, kind in enumerate(seats)]
    chance, actions = Chance(seed), []
    while (decision := state.decision()) is not None and len(actions) < decisions:
        seat = decision.seats[0]
        action = bots[seat].choose(Window(game, state, seat, state.candidate_actions(seat),
                                          chance))
        actions.append((seat, tuple(action)))     # the words, whatever class holds them
        state.apply(seat, action)
    digest = hashlib.sha256(repr(actions).encode()).hexdigest()
    return digest, [p.money for p in state.players]


def test_hard_plays_its_recorded_game_bit_for_bit() -> None:
    digest, money = _record(("plan-search-hard", "planner"), 1, 60)
    assert (digest, money) == (HARD_RECORD, [55, 37])


def test_normal_plays_as_recorded() -> None:
    digest, money = _record(("plan-search-normal", "planner"), 1, 50)
    assert (digest, money) == (NORMAL_RECORD, [63, 51])


def test_the_plan_search_has_a_name_of_its_own_and_other_games_keep_the_generic_bots(
        ) -> None:
    benelux, rail_line = get_game("benelux-rails"), get_game("rail-line")
    assert bot_class("plan-search-normal", benelux) is plan_search.PlanSearchNormal
    assert bot_class("plan-search-hard", benelux) is plan_search.PlanSearchHard
    assert make_bot("plan-search-hard", Chance(1), benelux).kind == "plan-search-hard"
    offered = bots_for(benelux)
    assert "ismcts-easy" in offered            # the generic search over the game's hooks
    assert not {"ismcts-normal", "ismcts-hard"} & set(offered)
    assert bot_class("ismcts-normal", rail_line) is NormalISMCTS
    assert bot_class("ismcts-hard", rail_line) is HardISMCTS
    assert "plan-search-normal" not in bots_for(rail_line)
    # `normal` looks less far than `hard`: fewer plans, a shorter look-ahead
    assert plan_search.LEVELS["normal"] < plan_search.LEVELS["hard"]


def test_ranked_plans_start_with_the_planners_and_have_distinct_goals() -> None:
    checked = 0
    for state, seat, _action in planner_game(2)[::6]:
        if state.phase != TURN:
            continue
        plans = ranked_plans(state, seat, 0)
        assert plans[0] == best_plan(state, seat, 0)
        goals = [(p.supply, p.dest) for p in plans]
        assert len(set(goals)) == len(goals) <= plan_search.PLANS
        assert [p.score for p in plans] == sorted((p.score for p in plans), reverse=True)
        checked += len(plans) > 1
    assert checked


def test_plan_actions_are_legal_put_the_planners_first_and_end_only_with_it() -> None:
    more = 0
    for state, seat, action in planner_game(2)[::5]:
        legal = state.candidate_actions(seat)
        actions = plan_search.plan_actions(state, seat, legal)
        assert actions and all(state.is_legal(seat, a) for a in actions)
        assert len(set(actions)) == len(actions)
        if action != ("end",):
            assert actions[0] == action
            assert ("end",) not in actions
        more += len(actions) > 1
    assert more >= 3, "the search never had a choice besides the planner's"


def test_hard_reads_only_what_the_seat_may_know() -> None:
    # the rival's hand and the deck redrawn change neither the choices nor the rival's
    # value (its money); the seat's own value may differ between samples (a card drawn
    # after a delivery in the look-ahead comes from the sampled deck), which is what a
    # determinization is for: the play is the same whatever the truth (the test below)
    game, _ = game_and_pack("benelux-rails")
    checked = 0
    for state, seat, _action in planner_game(1)[10::9]:
        if state.phase != TURN:
            continue
        table = plan_search.PlanTable(knowledge(game), seat, state)
        legal = state.candidate_actions(seat)
        for k in range(2):
            other = state.determinized(seat, Chance(30 + k))
            assert isinstance(other, BeneluxState)
            assert (table.search_actions(other, seat, other.candidate_actions(seat))
                    == table.search_actions(state, seat, legal))
            rival = 1 - seat
            assert table.search_heuristic(other, rival) == state.players[rival].money
            checked += other.players[1 - seat].hand != state.players[1 - seat].hand
    assert checked, "no redraw changed the other seat's hand"


def test_hard_plays_the_same_whatever_the_true_secrets_and_repeats_for_a_seed() -> None:
    assert_same_play_whatever_the_secrets("plan-search-hard", slice(30, 80, 20), redraw=9)


def test_records_and_tables_that_name_the_generic_levels_seat_the_plan_search() -> None:
    # a game record or a server table may name Benelux Rails' plan search by the generic
    # level's name; it still seats the same bot, and a simulation asked for that name by
    # a person is told which bots the game offers
    benelux = get_game("benelux-rails")
    assert bot_kind("ismcts-normal", benelux) == "plan-search-normal"
    assert bot_class("ismcts-hard", benelux) is plan_search.PlanSearchHard
    assert bot_kind("ismcts-normal", get_game("rail-line")) == "ismcts-normal"
    with pytest.raises(BadOption, match="does not offer the 'ismcts-hard' bot"):
        parse_seats("ismcts-hard,planner", benelux, [], humans_allowed=False)
