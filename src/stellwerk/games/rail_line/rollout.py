"""Rail Line's rollout policy and ISMCTS budgets.

The policy plays like a sensible player without looking ahead on a cloned state: each
seat's sheet is summed up once as the **worth of one more mark in each row** (what the
heuristic's `seat_value` would gain: the score now plus credit for rows about to
score, `heuristic.py`), cached per row group and kept on the player, where only the
groups of the rows marked since are redone (`row_worth`), and every choice is judged
by those numbers, so no step clones the state or lists what it does not need:

- lay the card whose station gives the player's own track the most worth, minus what
  it gives the rivals on theirs (a card feeds every fast locomotive);
- an optional action only where it pays: a slow move whose mark is worth more than its
  coin (the best station within reach; `SKIP` would discount the ones passed), a
  second card worth more than its coin, `gain` worth more than its two coins; a hand
  card is discarded for its coin when it is worth less to lay than the coin (at the
  final optional action always); otherwise `pass`;
- a free slow move where it gains something, else `decline`; keep a symbol gained in
  another's turn when it is worth at least the coin refusing pays.

With probability `EPSILON` a step takes a uniformly random candidate instead, so the
rollouts of one determinization still differ. The start (side and track) is random.
ISMCTS plays its rollouts through `play_out` (`RailLineKnowledge.rollout`): this policy and
`apply` in one loop, the same draws and actions with less call overhead.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.games.rail_line import heuristic
from stellwerk.games.rail_line.actions import DOERS, legal_actions
from stellwerk.games.rail_line.constants import (
    FINAL,
    FREE,
    GAIN_COST,
    LAY,
    MAX_SLOW_STATIONS,
    OPTIONAL,
    REFUSE,
    SECOND_CARD_COST,
    SLOW_COST,
)
from stellwerk.games.rail_line.draws import BOUND_1000, GOLDEN, MASK, MIX1, MIX2
from stellwerk.games.rail_line.moves import (
    DECLINE,
    DISCARDS,
    FREES,
    GAINS,
    KEEP,
    LAYS,
    PASS,
    SECONDS,
    SLOWS,
)
from stellwerk.games.rail_line.moves import REFUSE as REFUSE_ACTION
from stellwerk.games.rail_line.sheet import Player
from stellwerk.games.rail_line.symbols import FACTORY, PASSENGERS, SYMBOLS

if TYPE_CHECKING:
    from stellwerk.games.rail_line.rules import RailLineState
    from stellwerk.games.rail_line.sheet import Sheet

# level -> (iterations, rollout depth, rollout width); rollouts run to the end with the
# policy (a game has 50-80 decisions) and the end's ranks value the leaf: cut-off
# rollouts valued by the heuristic (400 iterations, depth 12) won 4.5 of 22 paired
# games against full ones (300 iterations) on seeds 0-10. A policy rollout costs about twice a
# random one, so `normal` searches 500 iterations (under 1 s CPU with three players,
# docs/bots.md); the width stays 1 (the policy already judges every candidate).
SEARCH_LEVELS = {
    "easy": (60, 500, 1),
    "normal": (500, 500, 1),
    "hard": (1500, 500, 1),
}

RIVAL_TWO = 1.0         # weight of the rival's worth in a card's value, two players
RIVAL_THREE = 0.5       # and of each rival's, three players
EPSILON = 100           # per mille of rollout steps that take a random candidate
# share of a skipped station's worth a slow move gives up: the policy alone against
# greedy (60 games, seeds 0-29, chairs swapped) had a margin of -1.3 points at 0.5 and
# +0.1 at 0 (noisy, but no sign that looking at the skipped stations helps)
SKIP = 0.0
KEEP_CARD = 0.5         # a hand card's value as an option beyond its worth now
KEEP_GAIN = 1.0         # "gain any symbol" (once a game) kept for later, in VP
KEEP_REFUSAL = 0.3      # one of the four refusals kept for later, in VP
# Per sheet the plan `row_worth` follows (each row group with its cache of worths by
# the group's counts and extra: a few hundred keys a sheet).
_GroupCache = dict[int | tuple[int, ...], tuple[float, ...]]
_PLANS: dict[int, _Plan] = {}


class _Sheets:
    """The two fields `heuristic.seat_value` reads, for a sheet with changed counts."""

    __slots__ = ("players", "sheet")

    def __init__(self, sheet: Sheet, players: list[Player]) -> None:
        self.sheet = sheet
        self.players = players


def row_groups(sheet: Sheet) -> tuple[tuple[int, int], ...]:
    """The sheet's rows in groups that score together, as (first, end) row ranges: two
    rows share a group when a part of the score reads both (`Sheet.touching`: Coal,
    Iron ore, Steel and Factory on Sheet I, Passengers and Mail on Sheet II, Forest and
    Sawmill, ...), so a mark changes the score and the heuristic's credit of its own
    group only. On both sheets the groups are runs of neighbouring rows."""
    ranges = []
    first = 0
    for row in range(1, len(SYMBOLS) + 1):
        if row == len(SYMBOLS) or not any(
                set(sheet.touching[row]) & set(sheet.touching[r]) for r in range(first, row)):
            ranges.append((first, row))
            first = row
    return tuple(ranges)


def row_worth(state: RailLineState, seat: int) -> tuple[float, ...]:
    """Per row, what one more mark adds to the seat's `heuristic.seat_value` (a full
    row: the coins it pays): the worth of each row group, cached by the group's counts
    (with the best rival's Passenger count for the majority, and the coins where Sheet
    II's Factory exchanges them)."""
    players = state.players
    player = players[seat]
    counts = player.counts
    if state.n == 2:
        rival = players[1 - seat].counts[PASSENGERS]
    else:
        rival = 0
        for s in range(state.n):
            if s != seat and players[s].counts[PASSENGERS] > rival:
                rival = players[s].counts[PASSENGERS]
    sheet = state.sheet
    # The player's last worth, with what it was computed from: a rollout asks for the
    # same seat's worth several times between two of its marks, and a clone starts with
    # its original's. Checked against the counts, so no change of them goes unseen.
    last = player.worth
    if last is not None and last[3].sheet is not sheet:
        last = None
    plan = _plan(sheet) if last is None else last[3]
    coins = player.coins if plan.reads_coins else 0
    if last is None:
        # nothing to start from: every group is looked up, and each writes its rows
        dirty, worth = plan.every, plan.blank
    else:
        before = last[0]
        if before == counts:
            if last[1] == rival and last[2] == coins:
                return last[4]
            dirty = 0
        else:
            # Only the groups whose inputs changed are looked up again: the rows marked
            # since (`Player.marked`, a mark or two as a rule), if they are every row
            # that differs (a count set any other way: everything afresh), the rival's
            # Passengers, the coins. The other groups keep their worths.
            rows, dirty = plan.marked[player.marked]
            expected = before.copy()
            for row in rows:
                expected[row] = counts[row]
            if expected != counts:
                dirty = plan.every
        if last[1] != rival:
            dirty |= plan.rival_bit
        if last[2] != coins:
            dirty |= plan.coins_bit
        worth = last[4]
    for first, end, cache, extra_of in plan.dirty[dirty]:
        extra = 0
        if extra_of == _ONE:
            key: int | tuple[int, ...] = counts[first]
        elif extra_of == _PLAIN:
            key = tuple(counts[first:end])
        else:
            extra = rival if extra_of == _RIVAL else coins
            key = (extra, *counts[first:end])
        values = cache.get(key)
        if values is None:
            values = cache[key] = _group_worth(sheet, first, end, counts, extra)
        worth = worth[:first] + values + worth[end:]
    player.worth = (counts.copy(), rival, coins, plan, worth)
    player.marked = 0
    return worth


# what else a row group's worth reads; _ONE: nothing, and the group is one row, keyed
# by its count alone (no tuple to build: a third of the groups)
_PLAIN, _RIVAL, _COINS, _ONE = 0, 1, 2, 3


class _Plan:
    """A sheet's row groups for `row_worth`: each group as (first row, end row, its
    cache of worths by the group's counts and extra, what else it reads), the bits of
    the groups that read the rival's Passengers and the coins (Sheet II's Factory), per
    mask of rows marked since the last worth (`Player.marked`) those rows and their
    groups' bits, and per mask of group bits those groups."""

    __slots__ = ("blank", "coins_bit", "dirty", "every", "groups", "marked", "reads_coins",
                 "rival_bit", "sheet")

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.groups: list[tuple[int, int, _GroupCache, int]] = []
        group_of = [0] * len(SYMBOLS)
        self.rival_bit = self.coins_bit = 0
        self.reads_coins = sheet.name == "II"
        for index, (first, end) in enumerate(row_groups(sheet)):
            bit = 1 << index
            # the Passenger group reads the rival's count, Sheet II's Factory the coins
            extra_of = (_RIVAL if first == PASSENGERS else
                        _COINS if first == FACTORY and self.reads_coins else
                        _ONE if end - first == 1 else _PLAIN)
            if extra_of == _RIVAL:
                self.rival_bit = bit
            elif extra_of == _COINS:
                self.coins_bit = bit
            self.groups.append((first, end, {}, extra_of))
            for row in range(first, end):
                group_of[row] = bit
        self.every = (1 << len(self.groups)) - 1
        # a worth per row before any group is looked up (the groups cover every row)
        self.blank: tuple[float, ...] = (0.0,) * len(SYMBOLS)
        self.dirty = [tuple(group for index, group in enumerate(self.groups)
                            if bits >> index & 1) for bits in range(self.every + 1)]
        # a mask's rows are its lowest row and those of the mask without it (2048
        # masks: built from the smaller ones, a fresh process makes a plan in about a
        # millisecond instead of six)
        self.marked: list[tuple[tuple[int, ...], int]] = [((), 0)]
        for mask in range(1, 1 << len(SYMBOLS)):
            low = mask & -mask
            row = low.bit_length() - 1
            rows, bits = self.marked[mask ^ low]
            self.marked.append(((row, *rows), bits | group_of[row]))


def _plan(sheet: Sheet) -> _Plan:
    # by the sheet itself (a plan holds its sheet, so the id stays its own): two packs
    # may both have a Sheet I with other values
    found = _PLANS.get(id(sheet))
    if found is None:
        found = _PLANS[id(sheet)] = _Plan(sheet)
    return found


def _group_worth(sheet: Sheet, first: int, end: int, counts: list[int],
                 extra: int) -> tuple[float, ...]:
    """The worth of one more mark in each row of a group: the change of
    `heuristic.seat_value` on a sheet holding only the group's marks (the other groups
    add the same before and after).

    `seat_value` is `score + PROMISE * promise / 11 * 4` with whole numbers `score` (the
    parts summed) and `promise` (the rows' positive gains summed, exactly, as floats
    of whole numbers are): both split into what the group's parts and rows give and a
    rest that is the same for every count of the group (`_rest`, the other rows
    empty). So only the group's parts and rows are scored here, and the value is
    put together by seat_value's very formula: the same floats, at a third of the
    cost (a fresh process fills a few hundred of these; `tests/bots/
    test_rail_line_rollout.py` compares them with seat_value's own differences)."""
    me = Player(len(SYMBOLS))
    me.counts[first:end] = counts[first:end]
    other = Player(len(SYMBOLS))
    if first == PASSENGERS:
        other.counts[PASSENGERS] = extra
    if first == FACTORY:
        me.coins = extra
    players = [me, other]
    parts, rest_score, rest_promise = _rest(sheet, first, end)
    score, promise = _group_terms(sheet, players, first, end, parts)
    base = heuristic.combine(score + rest_score, promise + rest_promise)
    mine = me.counts
    worth = []
    for row in range(first, end):
        n = mine[row]
        if n >= len(sheet.values[row]):
            worth.append(float(sheet.overflow[row]))
        elif not sheet.can_mark_box(mine, row):
            worth.append(0.0)                            # Sheet II: a gated beet is lost
        else:
            mine[row] = n + 1
            score, promise = _group_terms(sheet, players, first, end, parts)
            worth.append(heuristic.combine(score + rest_score, promise + rest_promise)
                         - base)
            mine[row] = n
    return tuple(worth)


def _group_terms(sheet: Sheet, players: list[Player], first: int, end: int,
                 parts: tuple[str, ...]) -> tuple[int, int]:
    """`seat_value`'s score and promise for seat 0, only what the group's `parts` and
    rows give (its loop over the rows, restricted to the group)."""
    now = {part: sheet.part(players, 0, part) for part in parts}
    counts = players[0].counts
    touching = sheet.touching
    promise = 0
    for row in range(first, end):
        n = counts[row]
        if n < len(sheet.values[row]) and sheet.can_mark_box(counts, row):
            counts[row] = n + 1
            gain = sum(sheet.part(players, 0, part) - now[part] for part in touching[row])
            counts[row] = n
            if gain > 0:
                promise += gain
    return sum(now.values()), promise


# per sheet and row group: the group's parts and the rest's score and promise; an
# entry holds its sheet, so the sheet's id stays its own
_RESTS: dict[tuple[int, int, int], tuple[Sheet, tuple[str, ...], int, float]] = {}


def _rest(sheet: Sheet, first: int, end: int) -> tuple[tuple[str, ...], int, float]:
    """The group's parts of the score (those reading its rows), and what every other
    part and row gives `seat_value` on a sheet without marks: score and promise."""
    found = _RESTS.get((id(sheet), first, end))
    if found is None:
        parts = tuple(dict.fromkeys(part for row in range(first, end)
                                    for part in sheet.touching[row]))
        players = [Player(len(SYMBOLS)), Player(len(SYMBOLS))]
        score, promise = heuristic.seat_terms(_Sheets(sheet, players))  # type: ignore[arg-type]
        own_score, own_promise = _group_terms(sheet, players, first, end, parts)
        found = _RESTS[(id(sheet), first, end)] = (
            sheet, parts, score - own_score, promise - own_promise)
    return found[1], found[2], found[3]


def rollout_action(state: RailLineState, seat: int, chance: Chance) -> Action:
    """The rollout's action for `seat` (see the module docstring)."""
    draw = chance.below(1000)
    pending = state.pending
    kind = pending[0]  # type: ignore[index]
    chooser = _CHOOSERS.get(kind)
    if draw < EPSILON or chooser is None:
        legal = legal_actions(state, seat)
        action = legal[draw % len(legal)]
    else:
        action = chooser(state, seat, draw)
    # `apply` checks it: vouching for it (core.trust) costs as much as the check saves
    return action


def play_out(state: RailLineState, chance: Chance, depth: int) -> None:
    """ISMCTS's rollout with this policy (`RailLineKnowledge.rollout`): for at most `depth`
    decisions, `rollout_action` and then `apply` of its action, fused into one loop with
    the same draws and the same actions. What it leaves out is only call overhead: the
    `Decision` (the pending step names the seat), the policy's call and its draw's
    (`Chance.below` written out) and `apply`'s check of the policy's own action (every
    chooser builds a legal action from the state it reads). A subclass of `Chance` (a
    test's) draws by its own `below`."""
    choosers = _CHOOSERS
    doers = DOERS
    run = state._run
    plain = type(chance) is Chance
    state.trusted = None    # what `apply` leaves: the loop below changes the state
    for _ in range(depth):
        pending = state.pending
        if pending is None:
            return
        seat = pending[1]
        if plain:
            x = chance.state
            while True:     # chance.below(1000), as draws.py writes it out
                x = (x + GOLDEN) & MASK
                z = ((x ^ (x >> 30)) * MIX1) & MASK
                z = ((z ^ (z >> 27)) * MIX2) & MASK
                z ^= z >> 31
                if z < BOUND_1000:
                    break
            chance.state = x
            draw = z % 1000
        else:
            draw = chance.below(1000)
        chooser = choosers.get(pending[0])
        if draw < EPSILON or chooser is None:
            legal = legal_actions(state, seat)
            action = legal[draw % len(legal)]
        else:
            action = chooser(state, seat, draw)
        # actions.carry_out written out: every action here is one of moves.py's
        state.pending = None
        doers[type(action)](state, seat, action, pending)
        run()


def _card_values(state: RailLineState, seat: int, cards: Sequence[str],
                 mine: tuple[float, ...] | None = None) -> list[float]:
    """The value of each of `cards` for the seat, in their order: the worth its station
    gives the seat's own track minus the rivals' worth on theirs (2 players: all of it,
    3 players: half of each, as the heuristic weighs the best rival). `mine`: the
    seat's row worth, when the caller has it already. A list, not a dict by card: the
    callers go through the cards in order (a tenth of a rollout step less)."""
    faces = state.tables.faces
    players = state.players
    if mine is None:
        mine = row_worth(state, seat)
    track = players[seat].track
    values: list[float] = []
    add = values.append
    if state.n == 2 and RIVAL_TWO == 1.0:
        # one rival, weighed 1.0: the same sums without a loop over rivals or a product
        theirs = row_worth(state, 1 - seat)
        other = players[1 - seat].track
        for card in cards:
            face = faces[card]
            station = face[track]
            value = 0.0
            if station:
                for row in station:
                    value += mine[row]
            station = face[other]
            if station:
                for row in station:
                    value -= theirs[row]
            add(value)
        return values
    weight = RIVAL_TWO if state.n == 2 else RIVAL_THREE
    rivals = [(row_worth(state, s), players[s].track) for s in range(state.n) if s != seat]
    for card in cards:
        face = faces[card]
        station = face[track]
        value = 0.0
        if station:
            for row in station:
                value += mine[row]
        for worth, other in rivals:
            station = face[other]
            if station:
                for row in station:
                    value -= weight * worth[row]
        add(value)
    return values


def _layable(state: RailLineState, seat: int) -> list[str]:
    """The cards the seat may lay, in the order the rules list them: hand, offer."""
    return state.hands[seat] + state.offer


def _best(cards: Sequence[str], values: list[float], draw: int) -> tuple[str, float]:
    """The best-valued card; ties go to the one `draw` points at, so equal choices are
    not always taken in the same order."""
    top = max(values)
    low = top - 1e-9
    # as a rule one card is best by more than the tolerance: then it is the one tied
    # card, found without building the list (a list comprehension is a call)
    if len(values) == 1 or sorted(values)[-2] < low:
        return cards[values.index(top)], top
    tied = [card for card, value in zip(cards, values, strict=True) if value >= low]
    return tied[draw % len(tied)], top


def _lay(state: RailLineState, seat: int, draw: int) -> Action:
    cards = _layable(state, seat)
    return LAYS[_best(cards, _card_values(state, seat, cards), draw)[0]]


def _slow_options(state: RailLineState, seat: int,
                  worth: tuple[float, ...]) -> tuple[float, int, str | None]:
    """The best slow move: (worth, stations, symbol); the worth of its mark less a
    share of what the stations it passes would have given (the slow locomotive never
    goes back). (-inf, 0, None) when no station lies ahead. The stations are those of
    `RailLineState.stations_ahead`, walked here without building their list."""
    player = state.players[seat]
    track = player.track
    stations = state.stations
    best = -math.inf
    best_steps = 0
    best_row = -1
    steps = 0
    if SKIP == 0.0:     # nothing is discounted: the same comparisons without `passed`
        for position in range(player.slow + 1, state.head + 1):
            station = stations[position][track]
            if station is None:
                continue
            steps += 1
            if station:
                for row in station:
                    if worth[row] > best:
                        best, best_steps, best_row = worth[row], steps, row
            elif best < 0.0:     # a station without symbols: -passed, here -0.0
                best, best_steps, best_row = -0.0, steps, -1
            if steps == MAX_SLOW_STATIONS:
                break
        return best, best_steps, None if best_row < 0 else SYMBOLS[best_row]
    passed = 0.0
    for position in range(player.slow + 1, state.head + 1):
        station = stations[position][track]
        if station is None:
            continue
        steps += 1
        if station:
            top = -math.inf
            for row in station:
                value = worth[row]
                if value - passed > best:
                    best, best_steps, best_row = value - passed, steps, row
                top = max(top, value)
            passed += SKIP * max(0.0, top)
        elif -passed > best:
            best, best_steps, best_row = -passed, steps, -1
        if steps == MAX_SLOW_STATIONS:
            break
    return best, best_steps, None if best_row < 0 else SYMBOLS[best_row]


def _free(state: RailLineState, seat: int, draw: int) -> Action:
    value, steps, symbol = _slow_options(state, seat, row_worth(state, seat))
    return FREES[steps][symbol] if value > 0.0 else DECLINE


def _refuse(state: RailLineState, seat: int, draw: int) -> Action:
    keep = row_worth(state, seat)[state.pending[2]]  # type: ignore[index]
    return KEEP if keep >= 1.0 - KEEP_REFUSAL else REFUSE_ACTION


def _optional(state: RailLineState, seat: int, draw: int) -> Action:
    """`pass` unless an optional action is worth its price (see the module docstring)."""
    player = state.players[seat]
    hand = state.hands[seat]
    if player.coins < _CHEAPEST and not hand:
        # no coin to pay for anything, no card to discard: `pass` is all there is (over
        # half of the optional steps of a rollout; the worth below would be wasted)
        return PASS
    final = state.pending[0] == FINAL  # type: ignore[index]
    keep = 0.0 if final else 1.0
    worth = row_worth(state, seat)
    best: tuple[float, Action] = (0.0, PASS)
    if player.coins >= SLOW_COST:
        value, steps, symbol = _slow_options(state, seat, worth)
        if value - SLOW_COST > best[0]:
            best = (value - SLOW_COST, SLOWS[steps][symbol])
    second = not final and player.coins >= SECOND_CARD_COST and state.can_lay(seat)
    if hand or second:
        cards = _layable(state, seat) if second else hand     # the hand first either way
        values = _card_values(state, seat, cards, worth)
        if second:
            card, value = _best(cards, values, draw)
            if value - SECOND_CARD_COST > best[0]:
                best = (value - SECOND_CARD_COST, SECONDS[card])
        for card, value in zip(hand, values, strict=False):    # the hand's come first
            value = 1.0 - keep * (max(0.0, value) + KEEP_CARD)
            if value > best[0]:
                best = (value, DISCARDS[card])
    # `gain` only where some row's worth beats the best so far: the largest worth
    # bounds every row's value (the same subtractions), so most calls skip the rows
    if not player.gained and player.coins >= GAIN_COST \
            and max(worth) - GAIN_COST - keep * KEEP_GAIN > best[0]:
        counts = player.counts
        for row in range(len(SYMBOLS)):
            value = worth[row] - GAIN_COST - keep * KEEP_GAIN
            if value > best[0] and state.sheet.can_mark_box(counts, row):
                best = (value, GAINS[SYMBOLS[row]])
    return best[1]


_CHEAPEST = min(SLOW_COST, SECOND_CARD_COST, GAIN_COST)     # the cheapest optional action
_CHOOSERS = {LAY: _lay, OPTIONAL: _optional, FINAL: _optional, FREE: _free,
             REFUSE: _refuse}
