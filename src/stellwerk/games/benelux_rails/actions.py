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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stellwerk.core.contract import Action
from stellwerk.core.errors import illegal
from stellwerk.games.benelux_rails import pathfind
from stellwerk.games.benelux_rails.memo import remembered
from stellwerk.games.benelux_rails.phases import KEEP, START, TURN
from stellwerk.games.benelux_rails.trains import HAND_LIMIT

TRAIN_VERBS = {"move", "ferry", "load", "unload", "deliver", "upgrade"}
PLAIN_ARGS = {"ferry": 0, "load": 1, "unload": 1, "deliver": 2, "upgrade": 1}

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
    verb, args = action[0], action[1:]
    me = state.players[seat]
    t = state.t
    if state.phase == KEEP:
        if verb != "keep":
            raise illegal("br.bad.want_keep", "first keep 3 of your 5 demand cards")
        cards = [card_of(a) for a in args]
        if len(cards) != HAND_LIMIT or len(set(cards)) != HAND_LIMIT:
            raise illegal("br.bad.keep_three", "keep exactly 3 different cards")
        for c in cards:
            if c not in me.hand:
                raise illegal("br.bad.card", f"card {c} is not in your hand", card=c)
        return "keep_cards", (seat, cards)
    if state.phase == START:
        if verb != "start" or len(args) != 1:
            raise illegal("br.bad.want_start", "choose a major city to start your network")
        city = t.city_alias.get(str(args[0]).lower(), -1)
        if city < 0 or t.cities[city].size != "major":
            raise illegal("br.bad.start_city", f"{args[0]!r} is not a major city (major: "
                          f"{', '.join(t.cities[k].id for k in t.majors)})", where=str(args[0]))
        return "choose_start", (seat, city)
    assert state.phase == TURN
    if verb == "end" and not args:
        return "end_turn", (seat,)
    if verb == "build":
        path = [place(state, a) for a in args]
        for word, p in zip(args, path, strict=True):
            if str(word).lower() in t.city_alias and len(t.cities[t.city_at[p]].mileposts) > 1:
                raise illegal("br.bad.build_city", "name mileposts in a build path, not a "
                              f"major city ({word})", where=str(word))
        plan = state.check_build(seat, path)
        return "build", (seat, path, plan)
    if verb == "buy-train" and len(args) == 1:
        city = t.city_alias.get(str(args[0]).lower(), -1)
        state.check_buy(seat, city)
        return "buy_train", (seat, city)
    k = 0
    if verb in TRAIN_VERBS:
        k, args = which_train(state, seat, verb, args)
    if verb == "upgrade" and len(args) == 1:
        train = str(args[0]).upper()
        cost = state.check_upgrade(seat, k, train)
        return "upgrade", (seat, k, train, cost)
    if verb == "discard" and not args:
        if state.round == 1:
            raise illegal("br.bad.round1", "round 1 is for building track only")
        if me.moved or me.turn_mode:
            raise illegal("br.bad.discard_late", "discarding all demands replaces the whole "
                          "turn: do it before anything else")
        return "discard_turn", (seat,)
    if verb == "move" and args:
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
    if verb == "ferry" and not args:
        ferry, owner = state.check_ferry(seat, k)
        return "ferry", (seat, k, ferry, owner)
    if verb == "load" and len(args) == 1:
        good = good_of(state, args[0])
        drop = state.check_load(seat, k, good)
        return "load", (seat, k, good, drop)
    if verb == "unload" and len(args) == 1:
        good = good_of(state, args[0])
        city = state.check_unload(seat, k, good)
        return "unload", (seat, k, good, city)
    if verb == "deliver" and len(args) == 2:
        card, good = card_of(args[0]), good_of(state, args[1])
        payout = state.check_deliver(seat, k, card, good)
        return "deliver", (seat, k, card, good, payout)
    if verb in ("keep", "start"):
        raise illegal("br.bad.setup_over", f"{verb} belongs to the setup, which is over")
    raise illegal("br.bad.action", f"{action!r} is not an action of Benelux Rails")


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
