"""Rail Line's rollout policy: every action it
takes is legal and changes nothing, it repeats for a seed, its row worth is exactly the
heuristic's gain for one more mark, it plays like a sensible player (it beats random
play outright and never pays for a pointless mark), and the game uses it."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.core.companions import BotKnowledge, knowledge
from stellwerk.games.rail_line import heuristic
from stellwerk.games.rail_line import rollout as rail_line_rollout
from stellwerk.games.rail_line.constants import LAY, OPTIONAL
from stellwerk.games.rail_line.sheet import Player
from stellwerk.games.rail_line.symbols import FACTORY, PASSENGERS, ROW, SYMBOLS

from ..contract.conftest import game_and_pack

RANDOM_STEPS = 120      # a two-player game is about 60 decisions, three players about 80


def _state(seed: int, seats: int, sheet: str, steps: int):  # type: ignore[no-untyped-def]
    """A Rail Line state reached by `steps` random listed actions (None when over)."""
    game, pack = game_and_pack("rail-line")
    state = game.new_state({"sheet": sheet}, seed, pack, seats)
    chance = Chance(seed * 7 + 1)
    for _ in range(steps):
        decision = state.decision()
        if decision is None:
            return None
        seat = decision.seats[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[chance.below(len(legal))])
    return state if state.decision() is not None else None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), seats=st.sampled_from([2, 3]),
       sheet=st.sampled_from(["I", "II"]), steps=st.integers(0, RANDOM_STEPS),
       draw_seed=st.integers(0, 2**32))
def test_policy_action_is_legal_changes_nothing_and_repeats(
        seed: int, seats: int, sheet: str, steps: int, draw_seed: int) -> None:
    state = _state(seed, seats, sheet, steps)
    if state is None:
        return
    seat = state.decision().seats[0]
    legal = state.legal_actions(seat)
    before = state.snapshot()
    for k in range(5):
        action = rail_line_rollout.rollout_action(state, seat, Chance(draw_seed + k))
        assert action in legal, action
        state.check(seat, action)
        assert state.snapshot() == before
        assert rail_line_rollout.rollout_action(state, seat, Chance(draw_seed + k)) == action
        state.clone().apply(seat, action)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), sheet=st.sampled_from(["I", "II"]),
       steps=st.integers(0, RANDOM_STEPS))
def test_row_worth_is_the_heuristic_gain_of_one_more_mark(seed: int, sheet: str,
                                                          steps: int) -> None:
    # the worth is put together from cached row groups: it must equal what the
    # heuristic's seat_value gains on the whole sheet when a row gets one more mark
    state = _state(seed, 2, sheet, steps)
    if state is None:
        return
    for seat in range(2):
        worth = rail_line_rollout.row_worth(state, seat)
        base = heuristic.seat_value(state, seat)
        counts = state.players[seat].counts
        for row in range(len(SYMBOLS)):
            n = counts[row]
            if n >= len(state.sheet.values[row]):
                assert worth[row] == state.sheet.overflow[row]
            elif not state.sheet.can_mark_box(counts, row):
                assert worth[row] == 0.0
            else:
                counts[row] = n + 1
                gain = heuristic.seat_value(state, seat) - base
                counts[row] = n
                assert abs(worth[row] - gain) < 1e-9, (SYMBOLS[row], worth[row], gain)


def test_a_kept_row_worth_follows_every_change_of_what_it_reads() -> None:
    # each player keeps its last worth (and a clone its original's): a mark, a count set
    # by hand, the rival's Passengers or Sheet II's coins must each give the worth a
    # fresh player would get
    def fresh(state, seat):  # type: ignore[no-untyped-def]
        twin = state.clone()
        for player in twin.players:
            player.worth = None
        return rail_line_rollout.row_worth(twin, seat)

    for sheet in ("I", "II"):
        state = _state(5, 2, sheet, 30)
        assert state is not None
        for seat in range(2):
            first = rail_line_rollout.row_worth(state, seat)
            assert first == fresh(state, seat)
        changes = [(0, ROW["coal"], 0), (0, ROW["forest"], 0), (1, ROW["passengers"], 0),
                   (0, ROW["factory"], 0), (0, None, 3)]
        for who, row, coins in changes:
            player = state.players[who]
            if row is not None and player.counts[row] < len(state.sheet.values[row]):
                player.counts[row] += 1
            player.coins += coins
            for seat in range(2):
                assert rail_line_rollout.row_worth(state, seat) == fresh(state, seat), (
                    sheet, who, row, coins, seat)
            twin = state.clone()
            twin.players[who].coins += 1
            twin.players[who].counts[ROW["glass"]] = 0
            assert rail_line_rollout.row_worth(twin, who) == fresh(twin, who)


def test_a_kept_row_worth_updated_by_the_marks_since_equals_a_fresh_one() -> None:
    # the kept worth is brought up to date group by group from the rows marked since
    # (`Player.marked`, set by `Sheet.mark`): over whole policy games (arrivals, slow
    # and free moves, gains, refusals, Sheet II's column coins) it must always equal a
    # worth computed afresh, for every seat at every decision
    game, pack = game_and_pack("rail-line")
    updated = 0
    for seats, sheet, seed in [(2, "I", 1), (2, "II", 2), (3, "I", 3), (3, "II", 4)]:
        state = game.new_state({"sheet": sheet}, seed, pack, seats)
        chance = Chance(seed)
        while (decision := state.decision()) is not None:
            for seat in range(seats):
                if state.players[seat].track < 0:
                    continue
                kept = state.players[seat].worth
                if kept is not None and kept[0] != state.players[seat].counts:
                    updated += 1
                twin = state.clone()
                for player in twin.players:
                    player.worth = None
                assert rail_line_rollout.row_worth(state, seat) == \
                    rail_line_rollout.row_worth(twin, seat), (seats, sheet, seat)
            seat = decision.seats[0]
            state.apply(seat, rail_line_rollout.rollout_action(state, seat, chance))
    assert updated > 100, updated


def test_policy_never_pays_for_a_mark_worth_less_than_its_coin() -> None:
    # over many optional decisions of random games, a slow move or a gain the policy
    # pays for always marks a symbol worth more than what it costs
    decided = 0
    for seed in range(12):
        for steps in range(10, RANDOM_STEPS, 9):
            state = _state(seed, 2, "I", steps)
            if state is None or state.pending[0] != OPTIONAL:
                continue
            seat = state.pending[1]
            worth = rail_line_rollout.row_worth(state, seat)
            for k in range(rail_line_rollout.EPSILON, 1000, 97):   # the judged draws
                chance = _DrawOf(k)
                action = rail_line_rollout.rollout_action(state, seat, chance)
                decided += 1
                if action[0] == "slow":
                    assert action[2] is not None and worth[ROW[action[2]]] > 1.0, action
                if action[0] == "gain":
                    assert worth[ROW[action[1]]] > 2.0, action
    assert decided > 100


def test_policy_lays_the_card_worth_most_to_it() -> None:
    for seed in range(6):
        state = _state(seed, 2, "I", 3)        # side, two tracks: the first card to lay
        assert state is not None and state.pending[0] == LAY
        seat = state.pending[1]
        cards = state.legal_actions(seat)
        values = dict(zip(cards, rail_line_rollout._card_values(
            state, seat, [card for _, card in cards]), strict=True))
        action = rail_line_rollout.rollout_action(state, seat, _DrawOf(999))
        assert action[0] == "lay" and values[action] == max(values.values())


def test_policy_alone_beats_random_play() -> None:
    # a sensible player wins nearly every game against random play (chairs alternated)
    game, pack = game_and_pack("rail-line")
    wins = 0
    for seed in range(8):
        me = seed % 2
        state = game.new_state({}, seed, pack, 2)
        chance = Chance(seed)
        while (decision := state.decision()) is not None:
            seat = decision.seats[0]
            if seat == me:
                action = rail_line_rollout.rollout_action(state, seat, chance)
            else:
                legal = state.legal_actions(seat)
                action = legal[chance.below(len(legal))]
            state.apply(seat, action)
        wins += me in state.result().winners
    assert wins >= 7, wins


def test_the_game_rolls_out_with_the_policy() -> None:
    game, _ = game_and_pack("rail-line")
    state = _state(4, 3, "I", 20)
    assert state is not None
    seat = state.decision().seats[0]
    for k in range(10):
        assert (knowledge(game).rollout_action(state, seat, Chance(k))
                == rail_line_rollout.rollout_action(state, seat, Chance(k)))


class _DrawOf(Chance):
    """A chance whose first draw below 1000 is `value` (the policy's one draw)."""

    def __init__(self, value: int) -> None:
        super().__init__(0)
        self.value = value

    def below(self, n: int) -> int:
        return self.value % n


def _playing(seed: int, seats: int, sheet: str, steps: int):  # type: ignore[no-untyped-def]
    """Like `_state`, but the log kept off as in a search's samples."""
    state = _state(seed, seats, sheet, steps)
    return None if state is None else state.clone()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), seats=st.sampled_from([2, 3]),
       sheet=st.sampled_from(["I", "II"]), steps=st.integers(0, RANDOM_STEPS),
       draws=st.integers(0, 2**64 - 1), depth=st.sampled_from([0, 1, 7, 500]))
def test_the_fused_rollout_takes_the_plain_loops_actions_and_draws(
        seed: int, seats: int, sheet: str, steps: int, draws: int, depth: int) -> None:
    # Rail Line's rollout (rollout.play_out) must be the contract's loop of rollout_action
    # and apply, fused: the same end state, the same numbers drawn
    known = knowledge(game_and_pack("rail-line")[0])
    state = _playing(seed, seats, sheet, steps)
    if state is None:
        return
    plain, fused = state.clone(), state.clone()
    plain_chance, fused_chance = Chance(draws), Chance(draws)
    BotKnowledge.rollout(known, plain, known.rollout_action, plain_chance, depth)
    known.rollout(fused, known.rollout_action, fused_chance, depth)
    assert fused.snapshot() == plain.snapshot()
    assert fused_chance.state == plain_chance.state
    assert fused.is_over() == plain.is_over()


def test_the_fused_draw_is_chances_own() -> None:
    # play_out writes Chance.below(1000) out: one step draws exactly what it would
    state = _playing(2, 2, "I", 10)
    assert state is not None
    for seed in (0, 1, 2**63, 2**64 - 1, 12345):
        ours, theirs = Chance(seed), Chance(seed)
        rail_line_rollout.play_out(state.clone(), ours, 1)
        theirs.below(1000)
        assert ours.state == theirs.state


def test_another_policy_rolls_out_by_the_plain_loop() -> None:
    # a caller's own policy (a bench's uniform rollouts) is never replaced by the game's
    game, _ = game_and_pack("rail-line")
    state = _playing(3, 2, "II", 30)
    assert state is not None
    asked = []

    def first_listed(s, seat, chance):  # type: ignore[no-untyped-def]
        asked.append(seat)
        return s.legal_actions(seat)[0]

    knowledge(game).rollout(state, first_listed, Chance(1), 6)
    assert len(asked) == 6


class _Counting(Chance):
    """A chance of its own class (it counts its draws): play_out must ask it."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.draws = 0

    def below(self, n: int) -> int:
        self.draws += 1
        return super().below(n)


def test_a_chance_of_its_own_class_draws_by_its_own_below() -> None:
    known = knowledge(game_and_pack("rail-line")[0])
    state = _playing(8, 2, "I", 12)
    assert state is not None
    plain, fused = state.clone(), state.clone()
    plain_chance, fused_chance = _Counting(5), _Counting(5)
    BotKnowledge.rollout(known, plain, known.rollout_action, plain_chance, 500)
    known.rollout(fused, known.rollout_action, fused_chance, 500)
    assert fused.snapshot() == plain.snapshot()
    assert fused_chance.draws == plain_chance.draws > 20


def _group_worth_by_seat_value(sheet, first, end, counts, extra):  # type: ignore[no-untyped-def]
    """The group worth computed the plain way: seat_value on the whole fake
    sheet, before and after each mark."""
    me, other = Player(len(SYMBOLS)), Player(len(SYMBOLS))
    me.counts[first:end] = counts[first:end]
    if first == PASSENGERS:
        other.counts[PASSENGERS] = extra
    if first == FACTORY:
        me.coins = extra
    view = rail_line_rollout._Sheets(sheet, [me, other])
    base = heuristic.seat_value(view, 0)  # type: ignore[arg-type]
    worth = []
    for row in range(first, end):
        n = me.counts[row]
        if n >= len(sheet.values[row]):
            worth.append(float(sheet.overflow[row]))
        elif not sheet.can_mark_box(me.counts, row):
            worth.append(0.0)
        else:
            me.counts[row] = n + 1
            worth.append(heuristic.seat_value(view, 0) - base)  # type: ignore[arg-type]
            me.counts[row] = n
    return tuple(worth)


def test_a_group_worth_is_seat_values_own_difference_to_the_last_bit() -> None:
    # _group_worth scores only the group's parts and rows and adds the rest's whole
    # numbers: it must give the very floats seat_value's differences give, for every
    # count of every group (and a range of rivals' Passengers and Sheet II coins)
    game, pack = game_and_pack("rail-line")
    tables = game.tables(pack)
    checked = 0
    for sheet in tables.sheets.values():
        for first, end in rail_line_rollout.row_groups(sheet):
            sizes = [len(sheet.values[row]) + 1 for row in range(first, end)]
            extras = range(9) if first == PASSENGERS else \
                range(12) if first == FACTORY and sheet.name == "II" else (0,)
            for combo in itertools.product(*(range(size) for size in sizes)):
                counts = [0] * len(SYMBOLS)
                counts[first:end] = combo
                for extra in extras:
                    assert rail_line_rollout._group_worth(sheet, first, end, counts, extra) \
                        == _group_worth_by_seat_value(sheet, first, end, counts, extra), (
                            sheet.name, first, combo, extra)
                    checked += 1
    assert checked > 300, checked
