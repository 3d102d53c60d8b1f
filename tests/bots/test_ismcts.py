"""The ISMCTS bot: legal, reproducible for a seed, blind to hidden state, stronger than
random, and offered at three named levels in every game."""

from __future__ import annotations

import pytest

from stellwerk.bots import bot_kind, bots_for, make_bot
from stellwerk.bots.ismcts import ISMCTSBot, leaf_values, seat_count
from stellwerk.bots.levels import DEFAULT_LEVELS, LEVELS, Budget, budget_for
from stellwerk.core.chance import Chance
from stellwerk.core.companions import knowledge
from stellwerk.core.errors import BadOption
from stellwerk.core.session import Window, play_out
from stellwerk.games import game_ids, get_game
from stellwerk.testing.states import game_and_pack, unfinished_states

from ..contract.same_play import richest_in_secrets, same_play_whatever_the_secrets

SMALL = Budget(iterations=12, rollout_depth=4)


def tiny_bot(chance: Chance) -> ISMCTSBot:
    return ISMCTSBot(chance, SMALL)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_level_is_a_bot_kind_of_every_game(game_id: str) -> None:
    # the generic search at each level, or the game's own search the level's name
    # stands for at its tables (Benelux Rails' plan search at `normal` and `hard`)
    game = get_game(game_id)
    for level in LEVELS:
        kind = bot_kind(f"ismcts-{level}", game)
        assert kind in bots_for(game)
        bot = make_bot(kind, Chance(1), game)
        assert bot.kind == kind
        budget = budget_for(game, level)
        assert budget.iterations >= 1 and budget.rollout_depth >= 0
    # stronger levels search more
    budgets = [budget_for(game, level).iterations for level in LEVELS]
    assert budgets == sorted(budgets) and budgets[0] < budgets[-1]


def test_an_unknown_level_is_refused_with_the_levels_named() -> None:
    with pytest.raises(BadOption, match="easy, normal, hard"):
        budget_for(get_game("rail-line"), "brutal")


@pytest.mark.parametrize("game_id", game_ids())
def test_ismcts_chooses_a_candidate_and_repeats_itself_for_a_seed(game_id: str) -> None:
    game, _ = game_and_pack(game_id)
    for state, _seats in unfinished_states(game_id)[:4]:
        seat = state.decision().seats[0]
        before = state.snapshot()
        legal = state.candidate_actions(seat)
        picks = [tiny_bot(Chance(11)).choose(Window(game, state, seat, legal, Chance(3)))
                 for _ in range(2)]
        assert picks[0] == picks[1]
        assert state.is_legal(seat, picks[0])
        assert state.snapshot() == before, "the search changed the real state"


@pytest.mark.parametrize("game_id", game_ids())
def test_ismcts_plays_the_same_whatever_the_true_secrets(game_id: str) -> None:
    # two states that look the same from the deciding seat but differ in what it cannot
    # see: the search (which samples only from its Window) must choose the same action
    game, _ = game_and_pack(game_id)
    differed = same_play_whatever_the_secrets(
        game, richest_in_secrets(game_id)[:3],
        lambda window: tiny_bot(Chance(6)).choose(window), redraw=91)
    assert differed, "no state had secrets to differ in"


def test_leaf_values_rank_the_seats_at_the_end() -> None:
    game, pack = game_and_pack("rail-line")
    state = game.new_state({}, 4, pack, 3)
    chance = Chance(4)
    play_out(game, state, [make_bot("random", chance, game) for _ in range(3)], chance)
    ranks = state.result().ranks
    values = leaf_values(knowledge(game), state, 3)
    assert seat_count(state) == 3
    for seat in range(3):
        assert values[seat] == pytest.approx((3 - ranks[seat]) / 2)
    assert max(values) == 1.0 or len(state.result().winners) > 1


def test_solo_leaves_are_valued_by_the_heuristic() -> None:
    game, pack = game_and_pack("railways")
    state = game.new_state({}, 2, pack, 1)
    assert seat_count(state) == 1
    known = knowledge(game)
    assert leaf_values(known, state, 1) == [known.heuristic(state, 0)]


def test_a_small_search_clearly_beats_random_at_rail_line() -> None:
    # 2 players, seats alternated; measured on seeds 100-139: ISMCTS(15 iterations) won
    # 39 of 40, so 5 of 6 leaves room for luck but not for a broken search
    game, pack = game_and_pack("rail-line")
    wins = 0
    for seed in range(6):
        kinds = ["ismcts", "random"] if seed % 2 == 0 else ["random", "ismcts"]
        chance = Chance(seed)
        agents = [ISMCTSBot(chance, Budget(15, 500)) if k == "ismcts"
                  else make_bot("random", chance, game) for k in kinds]
        state = game.new_state({}, seed, pack, 2)
        play_out(game, state, agents, chance)
        wins += kinds.index("ismcts") in state.result().winners
    assert wins >= 5


def test_default_levels_grow() -> None:
    iterations = [DEFAULT_LEVELS[level].iterations for level in LEVELS]
    assert iterations == sorted(iterations)


def _plain_loop(known, state, chance, depth):  # type: ignore[no-untyped-def]
    """ISMCTS's rollout of width 1 written out: the policy's action, applied, in turn."""
    for _ in range(depth):
        decision = state.decision()
        if decision is None:
            break
        actor = decision.seats[0]
        state.apply(actor, known.rollout_action(state, actor, chance))


@pytest.mark.parametrize("game_id", game_ids())
def test_the_contracts_rollout_is_the_plain_loop(game_id: str) -> None:
    # a game without a rollout loop of its own rolls out by the plain loop; a game with
    # one must match it too (Rail Line's fused loop)
    game, _ = game_and_pack(game_id)
    known = knowledge(game)
    for state, _seats in unfinished_states(game_id)[:3]:
        for k, depth in enumerate((0, 3, 12)):
            before, after = state.clone(), state.clone()
            old_chance, new_chance = Chance(k + 40), Chance(k + 40)
            _plain_loop(known, before, old_chance, depth)
            known.rollout(after, known.rollout_action, new_chance, depth)
            assert after.snapshot() == before.snapshot()
            assert new_chance.state == old_chance.state


class _Watched:
    """A game's bot knowledge whose `rollout` calls are counted (everything else is the
    game's)."""

    def __init__(self, known) -> None:  # type: ignore[no-untyped-def]
        self._known = known
        self.rollouts = 0

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        return getattr(self._known, name)

    def rollout(self, state, policy, chance, depth):  # type: ignore[no-untyped-def]
        self.rollouts += 1
        assert policy == self._known.rollout_action and depth == SMALL.rollout_depth
        self._known.rollout(state, policy, chance, depth)


def test_ismcts_rolls_out_through_the_games_hook_at_width_one_only() -> None:
    game, _ = game_and_pack("rail-line")
    state, _seats = unfinished_states("rail-line")[1]
    seat = state.decision().seats[0]
    legal = state.candidate_actions(seat)
    watched = _Watched(knowledge(game))
    ISMCTSBot(Chance(2), SMALL).search(Window(game, state, seat, legal, Chance(3)), watched)
    assert watched.rollouts == SMALL.iterations
    wide = _Watched(knowledge(game))
    ISMCTSBot(Chance(2), Budget(12, 4, 2)).search(Window(game, state, seat, legal, Chance(3)),
                                                  wide)
    assert wide.rollouts == 0
