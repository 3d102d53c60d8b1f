"""Rail Line actions: which are legal, why one is not, and carrying one out.

Actions are the typed values of `moves.py` (`Lay("A07")`, `Slow(3, "coal")`, `Pass()`,
...; `notation.py` reads and writes their text form); a plain tuple `("lay", "A07")`
is the same action. `check` raises IllegalAction with the reason and never changes the
state; `carry_out` assumes `check` passed. Both find a verb's handler by the action's
class (a plain tuple's by its verb) in one table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from stellwerk.core.contract import Action
from stellwerk.core.i18n import in_every_language
from stellwerk.games.rail_line.constants import (
    FINAL,
    FREE,
    GAIN_COST,
    LAY,
    OPTIONAL,
    REFUSE,
    SECOND_CARD_COST,
    SIDE,
    SLOW_COST,
    TRACK,
    illegal,
)
from stellwerk.games.rail_line.moves import (
    DECLINE,
    DISCARDS,
    FREES,
    GAINS,
    KEEP,
    KINDS,
    LAYS,
    PASS,
    SECONDS,
    SIDES,
    SLOWS,
    TRACKS,
    Decline,
    Discard,
    Free,
    Gain,
    Keep,
    Lay,
    Pass,
    Refuse,
    Second,
    Side,
    Slow,
    Track,
)
from stellwerk.games.rail_line.moves import REFUSE as REFUSE_ACTION
from stellwerk.games.rail_line.symbols import BEET, ROW, SYMBOLS
from stellwerk.games.rail_line.terms import CATALOG

if TYPE_CHECKING:
    from stellwerk.games.rail_line.rules import RailLineState

OPTIONAL_KINDS = (OPTIONAL, FINAL)


def legal_actions(state: RailLineState, seat: int) -> list[Action]:
    pending = state.pending
    if pending is None or pending[1] != seat:
        return []
    kind = pending[0]
    if kind == LAY:
        lays = LAYS
        return [lays[card] for card in _layable(state, seat)]
    if kind in OPTIONAL_KINDS:
        return _optional_actions(state, seat, kind == OPTIONAL)
    if kind == FREE:
        return [*_slow_moves(state, seat, FREES), DECLINE]
    if kind == REFUSE:
        return [KEEP, REFUSE_ACTION]
    if kind == SIDE:
        return list(SIDES)
    return [TRACKS[t] for t in state.free_tracks()]


def _layable(state: RailLineState, seat: int) -> list[str]:
    if not state.can_lay(seat):
        return []
    return [*state.hands[seat], *state.offer]


def _slow_moves(state: RailLineState, seat: int,
                made: tuple[Mapping[str | None, Action], ...]) -> list[Action]:
    """The moves of the slow locomotive, `made` (moves.SLOWS or FREES) by steps and
    symbol."""
    moves: list[Action] = []
    track = state.players[seat].track
    stations = state.stations
    for steps, position in enumerate(state.stations_ahead(seat), start=1):
        station = stations[position][track]
        if station:
            names = _NAMES.get(station)
            if names is None:
                names = _NAMES[station] = tuple(SYMBOLS[row] for row in dict.fromkeys(station))
            by_name = made[steps]
            for name in names:
                moves.append(by_name[name])
        else:
            moves.append(made[steps][None])
    return moves


# each station's symbols by name, a symbol shown twice named once (a few dozen stations)
_NAMES: dict[tuple[int, ...], tuple[str, ...]] = {}


def _optional_actions(state: RailLineState, seat: int, second_allowed: bool) -> list[Action]:
    player = state.players[seat]
    actions: list[Action] = [PASS]
    if player.coins >= SLOW_COST:
        actions.extend(_slow_moves(state, seat, SLOWS))
    if second_allowed and player.coins >= SECOND_CARD_COST:
        seconds = SECONDS
        actions.extend([seconds[card] for card in _layable(state, seat)])
    discards = DISCARDS
    actions.extend([discards[card] for card in state.hands[seat]])
    if not player.gained and player.coins >= GAIN_COST:
        counts = player.counts
        sheet = state.sheet
        sizes = sheet.sizes
        for row, name in enumerate(SYMBOLS):   # Sheet.can_mark_box, its common case inlined
            if counts[row] < sizes[row] and (row != BEET or sheet.can_mark_box(counts, row)):
                actions.append(GAINS[name])
    return actions


# ---- checking -----------------------------------------------------------------------------
Checker = Callable[["RailLineState", int, Any], None]


def check(state: RailLineState, seat: int, action: Any) -> None:
    """Raise IllegalAction with the reason if `seat` may not take `action` now.

    Search applies tens of thousands of actions a decision, nearly all well formed and
    asked for: those go straight to their verb's checker (the same one `_check` reaches
    after its general tests, which they pass); anything else takes `_check`'s way."""
    pending = state.pending
    shape = type(action)
    if pending is not None and type(seat) is int and pending[1] == seat \
            and shape in _SHAPES and action and type(action[0]) is str:
        # by class, verb and decision: a typed action whose verb is not its class's
        # finds none and is refused by `_check`
        checker = _CHECK_NOW.get((shape, action[0], pending[0]))
        if checker is not None:
            checker(state, seat, action)
            return
    _check(state, seat, action)


def _check(state: RailLineState, seat: int, action: Any) -> None:
    pending = state.pending
    if pending is None:
        raise illegal("rl.over", "the game is over")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.n:
        raise illegal("rl.no_seat", "there is no seat {seat}", seat=seat)
    if pending[1] != seat:
        raise illegal("rl.not_your_decision", "it is seat {owner}'s decision, not seat {seat}'s",
                      owner=pending[1] + 1, seat=seat + 1)
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        raise illegal("rl.malformed", "{action!r} is not a Rail Line action", action=action)
    verb = action[0]
    if verb not in _CHECKS:
        raise illegal("rl.unknown_verb", "{verb!r} is not a Rail Line action", verb=verb)
    if type(action) in _SHAPES and type(action) not in (tuple, KINDS.by_verb[verb]):
        raise _malformed(action)
    if pending[0] not in _ALLOWED[verb]:
        raise illegal("rl.wrong_time", "{verb!r} is not possible now: {asked}",
                      verb=verb, asked=_ASKED[pending[0]],
                      asked_texts=in_every_language(CATALOG, f"rl.asked.{pending[0]}"))
    _CHECKS[verb](state, seat, action)


def _malformed(action: tuple[Any, ...]) -> Exception:
    return illegal("rl.malformed", "{action!r} is not a Rail Line action", action=tuple(action))


# Each checker tests its action's shape first (written out: checks run once a search step)


def _check_side(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    if len(action) != 2:
        raise _malformed(action)
    if action[1] not in (1, 2) or isinstance(action[1], bool):
        raise illegal("rl.bad_side", "the Starting Station has sides 1 and 2")


def _check_track(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    if len(action) != 2:
        raise _malformed(action)
    track = action[1]
    if not isinstance(track, int) or isinstance(track, bool) or not 1 <= track <= 3:
        raise illegal("rl.bad_track", "tracks are numbered 1 to 3")
    if track - 1 not in state.free_tracks():
        raise illegal("rl.track_taken", "track {track} is already taken", track=track)


def _check_lay(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    if len(action) != 2 or not isinstance(action[1], str):
        raise _malformed(action)
    _check_placeable(state, seat, action[1])


def _check_second(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    if len(action) != 2 or not isinstance(action[1], str):
        raise _malformed(action)
    card = action[1]
    if state.players[seat].coins < SECOND_CARD_COST:
        raise illegal("rl.no_coin", "a second card costs {cost} coin; you have {coins}",
                      cost=SECOND_CARD_COST, coins=state.players[seat].coins)
    _check_placeable(state, seat, card)


def _check_placeable(state: RailLineState, seat: int, card: str) -> None:
    if not state.can_lay(seat):
        raise illegal("rl.line_full", "no card can be laid: the line is complete")
    if card not in state.hands[seat] and card not in state.offer:
        raise illegal("rl.card_unavailable", "card {card} is neither in your hand nor in the "
                      "offer", card=card)


def _check_discard(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    if len(action) != 2:
        raise _malformed(action)
    if action[1] not in state.hands[seat]:
        raise illegal("rl.not_in_hand", "card {card} is not in your hand", card=action[1])


def _check_slow(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    if len(action) != 3:
        raise _malformed(action)
    if state.players[seat].coins < SLOW_COST:
        raise illegal("rl.no_coin_slow", "moving the slow locomotive costs {cost} coin; you "
                      "have none", cost=SLOW_COST)
    _check_move(state, seat, action)


def _check_free(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    if len(action) != 3:
        raise _malformed(action)
    _check_move(state, seat, action)


def _check_move(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    """A slow or free move's steps and symbol."""
    _, steps, symbol = action
    ahead = state.stations_ahead(seat)
    if not isinstance(steps, int) or isinstance(steps, bool) or not 1 <= steps <= 5:
        raise illegal("rl.bad_steps", "the slow locomotive moves 1 to 5 stations")
    if steps > len(ahead):
        raise illegal("rl.too_far", n=len(ahead))
    station = state.stations[ahead[steps - 1]][state.players[seat].track] or ()
    names = [SYMBOLS[r] for r in station]
    if station and symbol not in names:
        raise illegal("rl.bad_symbol", "that station shows {names}; name one of them",
                      names=" and ".join(names))
    if not station and symbol is not None:
        raise illegal("rl.no_symbol", "that station has no symbol to mark")


def _check_gain(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    if len(action) != 2:
        raise _malformed(action)
    player = state.players[seat]
    if player.gained:
        raise illegal("rl.gain_used", "'gain any symbol' may be used only once per game")
    if player.coins < GAIN_COST:
        raise illegal("rl.no_coins_gain", "'gain any symbol' costs {cost} coins; you have "
                      "{coins}", cost=GAIN_COST, coins=player.coins)
    row = ROW.get(action[1]) if isinstance(action[1], str) else None
    if row is None:
        raise illegal("rl.bad_symbol_name", "{symbol!r} is not a symbol", symbol=action[1])
    if not state.sheet.can_mark_box(player.counts, row):
        raise illegal("rl.row_closed", "the {symbol} row has no box you may mark",
                      symbol=action[1])


def _check_plain(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    if len(action) != 1:
        raise _malformed(action)


# each verb's checker and the decisions it answers, by class and by verb (KINDS.table)
_CHECKS: dict[Any, Checker] = KINDS.table({
    Side: _check_side, Track: _check_track, Lay: _check_lay, Second: _check_second,
    Discard: _check_discard, Slow: _check_slow, Free: _check_free, Gain: _check_gain,
    Pass: _check_plain, Decline: _check_plain, Keep: _check_plain, Refuse: _check_plain,
})
_ALLOWED: dict[Any, tuple[str, ...]] = KINDS.table({
    Side: (SIDE,), Track: (TRACK,), Lay: (LAY,), Second: (OPTIONAL,),
    Discard: OPTIONAL_KINDS, Slow: OPTIONAL_KINDS, Gain: OPTIONAL_KINDS,
    Pass: OPTIONAL_KINDS, Free: (FREE,), Decline: (FREE,), Keep: (REFUSE,),
    Refuse: (REFUSE,),
})
# the checker of each verb at each decision where it is allowed, by the action's class
# and verb (`check`'s fast way; a plain tuple's class is `tuple`)
_SHAPES = frozenset((tuple, *KINDS.by_verb.values()))
_CHECK_NOW = {(shape, verb, kind): _CHECKS[verb]
              for verb, kinds in _ALLOWED.items() if isinstance(verb, str)
              for shape in (tuple, KINDS.by_verb[verb]) for kind in kinds}
# what is asked instead, for the English message; in every language: rl.asked.* (terms.py)
_ASKED = {
    SIDE: "the starting player chooses the Starting Station side",
    TRACK: "a track must be chosen", LAY: "a railway card must be laid",
    OPTIONAL: "choose an optional action or pass", FINAL: "choose a final optional action or pass",
    FREE: "take or decline the free move", REFUSE: "keep the symbol or refuse it for a coin",
}


# ---- carrying out -------------------------------------------------------------------------
Pending = tuple[str, int, Any]
Doer = Callable[["RailLineState", int, Any, Pending], None]


def carry_out(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    """Carry out a checked action: its verb's doer, found by class (a plain tuple's by
    its verb), with the decision it answers."""
    pending: Pending = state.pending  # type: ignore[assignment]
    state.pending = None
    doer = DOERS.get(type(action))
    if doer is None:
        doer = DOERS[action[0]]
    doer(state, seat, action, pending)


def _then(pending: Pending, seat: int) -> tuple[Any, ...]:
    """The step after an optional action: the next final action, or the end of the turn."""
    return ("final_done", seat) if pending[0] == FINAL else _END_TURN


_END_TURN = ("end_turn",)


def _do_lay(state: RailLineState, seat: int, action: Any, pending: Pending) -> None:
    state.lay_card(seat, action[1], second=False)


def _do_pass(state: RailLineState, seat: int, action: Any, pending: Pending) -> None:
    state.stack.append(_then(pending, seat))      # push([then]): one step, no list


def _do_slow(state: RailLineState, seat: int, action: Any, pending: Pending) -> None:
    state.players[seat].coins -= SLOW_COST
    state.move_slow(seat, action[1], _row(action[2]), _then(pending, seat))


def _do_free(state: RailLineState, seat: int, action: Any, pending: Pending) -> None:
    state.move_slow(seat, action[1], _row(action[2]), None)


def _do_decline(state: RailLineState, seat: int, action: Any, pending: Pending) -> None:
    state.note("decline", seat)


def _do_keep(state: RailLineState, seat: int, action: Any, pending: Pending) -> None:
    state.mark(seat, pending[2])


def _do_refuse(state: RailLineState, seat: int, action: Any, pending: Pending) -> None:
    state.refuse(seat)


def _do_second(state: RailLineState, seat: int, action: Any, pending: Pending) -> None:
    state.players[seat].coins -= SECOND_CARD_COST
    state.lay_card(seat, action[1], second=True)


def _do_discard(state: RailLineState, seat: int, action: Any, pending: Pending) -> None:
    card = action[1]
    state.hands[seat].remove(card)
    state.discards.append(card)
    state.players[seat].coins += 1
    state.note("discard", seat, card)
    state.stack.append(_then(pending, seat))      # push([then]): one step, no list


def _do_gain(state: RailLineState, seat: int, action: Any, pending: Pending) -> None:
    player = state.players[seat]
    player.coins -= GAIN_COST
    player.gained = True
    state.mark(seat, ROW[action[1]])
    state.stack.append(_then(pending, seat))      # push([then]): one step, no list


def _do_side(state: RailLineState, seat: int, action: Any, pending: Pending) -> None:
    state.choose_side(action[1])


def _do_track(state: RailLineState, seat: int, action: Any, pending: Pending) -> None:
    state.choose_track(seat, action[1] - 1)


def _row(symbol: str | None) -> int | None:
    return None if symbol is None else ROW[symbol]


# each verb's doer, by class and by verb (`carry_out`; `rollout.play_out` looks up its own)
DOERS: dict[Any, Doer] = KINDS.table({
    Lay: _do_lay, Pass: _do_pass, Slow: _do_slow, Free: _do_free, Decline: _do_decline,
    Keep: _do_keep, Refuse: _do_refuse, Second: _do_second, Discard: _do_discard,
    Gain: _do_gain, Side: _do_side, Track: _do_track,
})
