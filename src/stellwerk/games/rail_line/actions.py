"""Rail Line actions: which are legal, why one is not, and carrying one out.

Actions are tuples (see `notation.py` for their text form):
  ("side", 1|2)            starting player chooses the Starting Station side
  ("track", 1-3)           choose a free track
  ("lay", card)            lay a railway card from hand or offer
  ("pass",)                no optional action
  ("slow", k, symbol|None) move the slow locomotive k stations, mark symbol (1 coin)
  ("second", card)         lay a second railway card (1 coin)
  ("discard", card)        discard an A card from hand, gain 1 coin
  ("gain", symbol)         mark the next box of any row (2 coins, once per game)
  ("free", k, symbol|None) a free slow move (curve / free-move station)
  ("decline",)             decline a free move
  ("keep",) / ("refuse",)  three players: keep a symbol or take 1 coin instead
`check` raises IllegalAction with the reason and never changes the state;
`carry_out` assumes `check` passed.
"""

from __future__ import annotations

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
        return [("lay", card) for card in _layable(state, seat)]
    if kind in OPTIONAL_KINDS:
        return _optional_actions(state, seat, kind == OPTIONAL)
    if kind == FREE:
        return [*_slow_moves(state, seat, "free"), ("decline",)]
    if kind == REFUSE:
        return [("keep",), ("refuse",)]
    if kind == SIDE:
        return [("side", 1), ("side", 2)]
    return [("track", t + 1) for t in state.free_tracks()]


def _layable(state: RailLineState, seat: int) -> list[str]:
    if not state.can_lay(seat):
        return []
    return [*state.hands[seat], *state.offer]


def _slow_moves(state: RailLineState, seat: int, verb: str) -> list[Action]:
    moves: list[Action] = []
    track = state.players[seat].track
    stations = state.stations
    for steps, position in enumerate(state.stations_ahead(seat), start=1):
        station = stations[position][track]
        if station:
            names = _NAMES.get(station)
            if names is None:
                names = _NAMES[station] = tuple(SYMBOLS[row] for row in dict.fromkeys(station))
            for name in names:
                moves.append((verb, steps, name))
        else:
            moves.append((verb, steps, None))
    return moves


# each station's symbols by name, a symbol shown twice named once (a few dozen stations)
_NAMES: dict[tuple[int, ...], tuple[str, ...]] = {}


def _optional_actions(state: RailLineState, seat: int, second_allowed: bool) -> list[Action]:
    player = state.players[seat]
    actions: list[Action] = [("pass",)]
    if player.coins >= SLOW_COST:
        actions.extend(_slow_moves(state, seat, "slow"))
    if second_allowed and player.coins >= SECOND_CARD_COST:
        actions.extend(("second", card) for card in _layable(state, seat))
    actions.extend(("discard", card) for card in state.hands[seat])
    if not player.gained and player.coins >= GAIN_COST:
        counts = player.counts
        sheet = state.sheet
        sizes = sheet.sizes
        for row, name in enumerate(SYMBOLS):   # Sheet.can_mark_box, its common case inlined
            if counts[row] < sizes[row] and (row != BEET or sheet.can_mark_box(counts, row)):
                actions.append(("gain", name))
    return actions


# ---- checking -----------------------------------------------------------------------------
def check(state: RailLineState, seat: int, action: Any) -> None:
    """Raise IllegalAction with the reason if `seat` may not take `action` now.

    Search applies tens of thousands of actions a decision, nearly all well formed and
    asked for: those go straight to their verb's checker (the same one `_check` reaches
    after its general tests, which they pass); anything else takes `_check`'s way."""
    pending = state.pending
    if pending is not None and type(seat) is int and pending[1] == seat \
            and type(action) is tuple and action and type(action[0]) is str:
        checker = _CHECK_NOW.get((action[0], pending[0]))
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
    checker = _CHECKS.get(verb)
    if checker is None:
        raise illegal("rl.unknown_verb", "{verb!r} is not a Rail Line action", verb=verb)
    allowed = _ALLOWED[verb]
    if pending[0] not in allowed:
        raise illegal("rl.wrong_time", "{verb!r} is not possible now: {asked}",
                      verb=verb, asked=_ASKED[pending[0]],
                      asked_texts=in_every_language(CATALOG, f"rl.asked.{pending[0]}"))
    checker(state, seat, action)


def _arity(action: tuple[Any, ...], n: int) -> None:
    if len(action) != n:
        raise illegal("rl.malformed", "{action!r} is not a Rail Line action", action=action)


def _check_side(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    _arity(action, 2)
    if action[1] not in (1, 2) or isinstance(action[1], bool):
        raise illegal("rl.bad_side", "the Starting Station has sides 1 and 2")


def _check_track(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    _arity(action, 2)
    track = action[1]
    if not isinstance(track, int) or isinstance(track, bool) or not 1 <= track <= 3:
        raise illegal("rl.bad_track", "tracks are numbered 1 to 3")
    if track - 1 not in state.free_tracks():
        raise illegal("rl.track_taken", "track {track} is already taken", track=track)


def _check_card(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    _arity(action, 2)
    card = action[1]
    if not isinstance(card, str):
        raise illegal("rl.malformed", "{action!r} is not a Rail Line action", action=action)
    if action[0] == "second" and state.players[seat].coins < SECOND_CARD_COST:
        raise illegal("rl.no_coin", "a second card costs {cost} coin; you have {coins}",
                      cost=SECOND_CARD_COST, coins=state.players[seat].coins)
    if not state.can_lay(seat):
        raise illegal("rl.line_full", "no card can be laid: the line is complete")
    if card not in state.hands[seat] and card not in state.offer:
        raise illegal("rl.card_unavailable", "card {card} is neither in your hand nor in the "
                      "offer", card=card)


def _check_discard(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    _arity(action, 2)
    if action[1] not in state.hands[seat]:
        raise illegal("rl.not_in_hand", "card {card} is not in your hand", card=action[1])


def _check_slow(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    _arity(action, 3)
    verb, steps, symbol = action
    if verb == "slow" and state.players[seat].coins < SLOW_COST:
        raise illegal("rl.no_coin_slow", "moving the slow locomotive costs {cost} coin; you "
                      "have none", cost=SLOW_COST)
    ahead = state.stations_ahead(seat)
    if not isinstance(steps, int) or isinstance(steps, bool) or not 1 <= steps <= 5:
        raise illegal("rl.bad_steps", "the slow locomotive moves 1 to 5 stations")
    if steps > len(ahead):
        raise illegal("rl.too_far", "only {n} station(s) lie ahead of your slow locomotive",
                      n=len(ahead))
    station = state.stations[ahead[steps - 1]][state.players[seat].track] or ()
    names = [SYMBOLS[r] for r in station]
    if station and symbol not in names:
        raise illegal("rl.bad_symbol", "that station shows {names}; name one of them",
                      names=" and ".join(names))
    if not station and symbol is not None:
        raise illegal("rl.no_symbol", "that station has no symbol to mark")


def _check_gain(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    _arity(action, 2)
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
    _arity(action, 1)


_CHECKS = {
    "side": _check_side, "track": _check_track, "lay": _check_card, "second": _check_card,
    "discard": _check_discard, "slow": _check_slow, "free": _check_slow, "gain": _check_gain,
    "pass": _check_plain, "decline": _check_plain, "keep": _check_plain,
    "refuse": _check_plain,
}
_ALLOWED = {
    "side": (SIDE,), "track": (TRACK,), "lay": (LAY,), "second": (OPTIONAL,),
    "discard": OPTIONAL_KINDS, "slow": OPTIONAL_KINDS, "gain": OPTIONAL_KINDS,
    "pass": OPTIONAL_KINDS, "free": (FREE,), "decline": (FREE,), "keep": (REFUSE,),
    "refuse": (REFUSE,),
}
# the checker of each verb at each decision where it is allowed (`check`'s fast way)
_CHECK_NOW = {(verb, kind): _CHECKS[verb] for verb, kinds in _ALLOWED.items()
              for kind in kinds}
# what is asked instead, for the English message; in every language: rl.asked.* (terms.py)
_ASKED = {
    SIDE: "the starting player chooses the Starting Station side",
    TRACK: "a track must be chosen", LAY: "a railway card must be laid",
    OPTIONAL: "choose an optional action or pass", FINAL: "choose a final optional action or pass",
    FREE: "take or decline the free move", REFUSE: "keep the symbol or refuse it for a coin",
}


# ---- carrying out -------------------------------------------------------------------------
def carry_out(state: RailLineState, seat: int, action: tuple[Any, ...]) -> None:
    verb = action[0]
    kind, _, info = state.pending  # type: ignore[misc]
    state.pending = None
    player = state.players[seat]
    then = ("final_done", seat) if kind == FINAL else ("end_turn",)
    if verb == "lay":
        state.lay_card(seat, action[1], second=False)
    elif verb == "pass":
        state.stack.append(then)      # push([then]): one step, no list
    elif verb == "slow":
        player.coins -= SLOW_COST
        state.move_slow(seat, action[1], _row(action[2]), then)
    elif verb == "free":
        state.move_slow(seat, action[1], _row(action[2]), None)
    elif verb == "decline":
        state.note("decline", seat)
    elif verb == "keep":
        state.mark(seat, info)
    elif verb == "refuse":
        state.refuse(seat)
    elif verb == "second":
        player.coins -= SECOND_CARD_COST
        state.lay_card(seat, action[1], second=True)
    elif verb == "discard":
        state.hands[seat].remove(action[1])
        state.discards.append(action[1])
        player.coins += 1
        state.note("discard", seat, action[1])
        state.stack.append(then)      # push([then]): one step, no list
    elif verb == "gain":
        player.coins -= GAIN_COST
        player.gained = True
        state.mark(seat, ROW[action[1]])
        state.stack.append(then)      # push([then]): one step, no list
    elif verb == "side":
        state.choose_side(action[1])
    elif verb == "track":
        state.choose_track(seat, action[1] - 1)


def _row(symbol: str | None) -> int | None:
    return None if symbol is None else ROW[symbol]
