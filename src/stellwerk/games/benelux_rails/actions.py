"""Check, then carry out: every action is judged in full before anything changes.

An action is a tuple: ("keep", c1, c2, c3), ("start", CITY), ("build", M1, M2, ...),
("move", TARGET, VIA...), ("ferry",), ("load", GOOD), ("unload", GOOD),
("deliver", CARD, GOOD), ("upgrade", TRAIN), ("buy-train", CITY), ("discard",), ("end",).
Places are milepost names, city ids or German city names; the check turns them into
indices, so a malformed value is refused with a message and never reaches the rules.

A player with two trains names the train after the verb (D): ("move", 2, TARGET),
("ferry", 1), ("load", 2, GOOD), ("unload", 1, GOOD), ("deliver", 2, CARD, GOOD),
("upgrade", 1, TRAIN). With one train the number may be left out (every record made
before the second train existed reads so) or given as 1.

Each verb is a class of `notation.py` (`Build`, `Move`, ...); the check of a turn's
action is looked up by its class (by its verb for a plain tuple) in `_IN_TURN`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from stellwerk.core.contract import Action
from stellwerk.core.errors import illegal
from stellwerk.games.benelux_rails import notation, pathfind
from stellwerk.games.benelux_rails.memo import remembered
from stellwerk.games.benelux_rails.notation import ACTIONS, PLAIN_ARGS
from stellwerk.games.benelux_rails.phases import KEEP, START, TURN
from stellwerk.games.benelux_rails.trains import HAND_LIMIT

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState

# What a checked action does: the name of the state's method that carries it out, and
# its arguments (plain values, read only), so a clone can carry out what its original
# checked (BeneluxState.trusted).
Deed = tuple[str, tuple[Any, ...]]


def place(state: BeneluxState, word: Any) -> int:
    """A milepost name or a city id (its centre) -> milepost index."""
    t = state.t
    if isinstance(word, str):
        if word.lower() in t.city_alias:
            return t.cities[t.city_alias[word.lower()]].centre
        if word.upper() in t.index:
            return t.index[word.upper()]
    raise illegal("br.bad.place", f"{word!r} is neither a milepost on the map nor a city",
                  where=str(word))


def good_of(state: BeneluxState, word: Any) -> int:
    if isinstance(word, str) and word.lower() in state.t.good_alias:
        return state.t.good_alias[word.lower()]
    raise illegal("br.bad.good", f"{word!r} is not a good (goods: "
                  f"{', '.join(state.t.goods)})", good=str(word))


def card_of(word: Any) -> int:
    if isinstance(word, int) and not isinstance(word, bool):
        return word
    raise illegal("br.bad.card", f"{word!r} is not a demand card number", card=str(word))


def which_train(state: BeneluxState, seat: int, verb: str, args: tuple[Any, ...]
                ) -> tuple[int, tuple[Any, ...]]:
    """The train an action names (0 or 1) and the rest of its arguments. A leading whole
    number names the train: `move` never has a number as its target, and the other verbs
    take a fixed count of arguments, one more with the train named."""
    count = len(state.players[seat].trains)
    named = bool(args) and isinstance(args[0], int) and not isinstance(args[0], bool) and (
        verb == "move" or len(args) == PLAIN_ARGS[verb] + 1)
    if not named:
        if count > 1:
            raise illegal("br.bad.which_train", f"you have two trains: name which, e.g. "
                          f"{verb} 2 ...", verb=verb)
        return 0, args
    number = args[0]
    if not 1 <= number <= count:
        raise illegal("br.bad.train_number", f"you have no train {number} (your trains: "
                      f"{', '.join(str(n + 1) for n in range(count))})", number=number)
    return number - 1, args[1:]


def _plan(state: BeneluxState, seat: int, action: Action) -> Deed:
    """Check `action` for `seat`; return the deed that carries it out."""
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        raise illegal("br.bad.action", f"{action!r} is not an action")
    # `state.decision()` without making it: None once over, else the active seat alone
    if state.over:
        raise illegal("br.bad.over", "the game is over")
    if seat != state.active:
        raise illegal("br.bad.not_your_turn", "it is not your turn")
    if state.phase == KEEP:
        return _keep(state, seat, action)
    if state.phase == START:
        return _start(state, seat, action)
    assert state.phase == TURN
    check = _IN_TURN.get(type(action)) or _IN_TURN.get(action[0])
    deed = None if check is None else check(state, seat, action[1:])
    if deed is None:
        raise illegal("br.bad.action", f"{tuple(action)!r} is not an action of Benelux Rails")
    return deed


def _keep(state: BeneluxState, seat: int, action: Action) -> Deed:
    if action[0] != notation.Keep.verb:
        raise illegal("br.bad.want_keep", "first keep 3 of your 5 demand cards")
    cards = [card_of(a) for a in action[1:]]
    if len(cards) != HAND_LIMIT or len(set(cards)) != HAND_LIMIT:
        raise illegal("br.bad.keep_three", "keep exactly 3 different cards")
    for c in cards:
        if c not in state.players[seat].hand:
            raise illegal("br.bad.card", f"card {c} is not in your hand", card=c)
    return "keep_cards", (seat, cards)


def _start(state: BeneluxState, seat: int, action: Action) -> Deed:
    t = state.t
    if action[0] != notation.Start.verb or len(action) != 2:
        raise illegal("br.bad.want_start", "choose a major city to start your network")
    city = t.city_alias.get(str(action[1]).lower(), -1)
    if city < 0 or t.cities[city].size != "major":
        raise illegal("br.bad.start_city", f"{action[1]!r} is not a major city (major: "
                      f"{', '.join(t.cities[k].id for k in t.majors)})", where=str(action[1]))
    return "choose_start", (seat, city)


# In a turn each verb's check takes the words after the verb and gives the deed, or None
# when the words do not fit the verb (then the action is no action of the game).

def _end(state: BeneluxState, seat: int, args: tuple[Any, ...]) -> Deed | None:
    return None if args else ("end_turn", (seat,))


def _build(state: BeneluxState, seat: int, args: tuple[Any, ...]) -> Deed | None:
    t = state.t
    path = [place(state, a) for a in args]
    for word, p in zip(args, path, strict=True):
        if str(word).lower() in t.city_alias and len(t.cities[t.city_at[p]].mileposts) > 1:
            raise illegal("br.bad.build_city", "name mileposts in a build path, not a "
                          f"major city ({word})", where=str(word))
    plan = state.check_build(seat, path)
    return "build", (seat, path, plan)


def _buy_train(state: BeneluxState, seat: int, args: tuple[Any, ...]) -> Deed | None:
    if len(args) != 1:
        return None
    city = state.t.city_alias.get(str(args[0]).lower(), -1)
    state.check_buy(seat, city)
    return "buy_train", (seat, city)


def _discard(state: BeneluxState, seat: int, args: tuple[Any, ...]) -> Deed | None:
    if args:
        return None
    me = state.players[seat]
    if state.round == 1:
        raise illegal("br.bad.round1", "round 1 is for building track only")
    if me.moved or me.turn_mode:
        raise illegal("br.bad.discard_late", "discarding all demands replaces the whole "
                      "turn: do it before anything else")
    return "discard_turn", (seat,)


def _setup_over(verb: str) -> Callable[[BeneluxState, int, tuple[Any, ...]], Deed | None]:
    def refuse(state: BeneluxState, seat: int, args: tuple[Any, ...]) -> Deed | None:
        raise illegal("br.bad.setup_over", f"{verb} belongs to the setup, which is over")
    return refuse


def _upgrade(state: BeneluxState, seat: int, args: tuple[Any, ...]) -> Deed | None:
    k, args = which_train(state, seat, notation.Upgrade.verb, args)
    if len(args) != 1:
        return None
    train = str(args[0]).upper()
    return "upgrade", (seat, k, train, state.check_upgrade(seat, k, train))


def _move(state: BeneluxState, seat: int, args: tuple[Any, ...]) -> Deed | None:
    k, args = which_train(state, seat, notation.Move.verb, args)
    if not args:
        return None
    words = list(args)
    via = []
    if len(words) > 2 and str(words[1]).lower() == "via":
        via = [place(state, w) for w in words[2:]]
        words = words[:1]
    if len(words) != 1:
        raise illegal("br.bad.move_args", "move TARGET [via M1 M2 ...]")
    if via or type(words[0]) is not str:
        path, paid = _checked_move(state, seat, k, words[0], via)
    else:     # the search applies the same listed moves again and again
        me, loco = state.players[seat], state.players[seat].trains[k]
        key = ("move", seat, k, words[0], loco.position, me.paid, loco.points, me.money,
               state.move_graph().slow, state.round == 1, me.turn_mode)
        path, paid = remembered(state, key,
                                lambda: _checked_move(state, seat, k, words[0], via))
    return "move", (seat, k, path, paid)


def _ferry(state: BeneluxState, seat: int, args: tuple[Any, ...]) -> Deed | None:
    k, args = which_train(state, seat, notation.Ferry.verb, args)
    if args:
        return None
    ferry, owner = state.check_ferry(seat, k)
    return "ferry", (seat, k, ferry, owner)


def _load(state: BeneluxState, seat: int, args: tuple[Any, ...]) -> Deed | None:
    k, args = which_train(state, seat, notation.Load.verb, args)
    if len(args) != 1:
        return None
    good = good_of(state, args[0])
    return "load", (seat, k, good, state.check_load(seat, k, good))


def _unload(state: BeneluxState, seat: int, args: tuple[Any, ...]) -> Deed | None:
    k, args = which_train(state, seat, notation.Unload.verb, args)
    if len(args) != 1:
        return None
    good = good_of(state, args[0])
    return "unload", (seat, k, good, state.check_unload(seat, k, good))


def _deliver(state: BeneluxState, seat: int, args: tuple[Any, ...]) -> Deed | None:
    k, args = which_train(state, seat, notation.Deliver.verb, args)
    if len(args) != 2:
        return None
    card, good = card_of(args[0]), good_of(state, args[1])
    return "deliver", (seat, k, card, good, state.check_deliver(seat, k, card, good))


_IN_TURN: dict[Any, Callable[[BeneluxState, int, tuple[Any, ...]], Deed | None]] = \
    ACTIONS.table({
        notation.End: _end, notation.Build: _build, notation.BuyTrain: _buy_train,
        notation.Discard: _discard, notation.Upgrade: _upgrade, notation.Move: _move,
        notation.Ferry: _ferry, notation.Load: _load, notation.Unload: _unload,
        notation.Deliver: _deliver, notation.Keep: _setup_over(notation.Keep.verb),
        notation.Start: _setup_over(notation.Start.verb)})


def _checked_move(state: BeneluxState, seat: int, k: int, word: Any, via: list[int]
                  ) -> tuple[list[int], int]:
    """The path and the networks paid of a move to `word` (via `via`), checked; what it
    reads besides the track is in the key `_plan` remembers it under (a refusal raises
    and is never remembered)."""
    return state.check_move(seat, k, _target(state, seat, k, word, via), via)


def _target(state: BeneluxState, seat: int, k: int, word: Any, via: list[int]) -> int:
    """A city named as target means its best milepost (a major city has seven)."""
    t = state.t
    spot = place(state, word)
    city = t.city_at[spot]
    if via or city < 0 or str(word).upper() in t.index:
        return spot
    me = state.players[seat]
    loco = me.trains[k]
    best = pathfind.shortest_moves(t, state.move_graph(), seat, loco.position, me.paid,
                                   loco.points)
    reachable = [(best[p][:2], p) for p in t.cities[city].mileposts if p in best]
    if loco.position in t.cities[city].mileposts:
        raise illegal("br.bad.move_same", "the train is already in that city",
                      where=t.cities[city].id)
    return min(reachable)[1] if reachable else spot


def check_action(state: BeneluxState, seat: int, action: Action) -> Deed:
    return _plan(state, seat, action)


def apply_action(state: BeneluxState, seat: int, action: Action, deed: Deed | None = None
                 ) -> None:
    """Carry out `action`: `deed` is what checking this very action on this very state
    returned (BeneluxState.apply passes it only then), else the action is checked now."""
    name, args = _plan(state, seat, action) if deed is None else deed
    getattr(state, name)(*args)
    if not state.over:
        state.check_end()
