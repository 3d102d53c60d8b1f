"""Benelux Rails notation: one short line per action, English or German words.

    keep 12 40 77 | start amsterdam | build F12 F13 G13 | move rotterdam
    move G13 via F12 | ferry | load cheese | unload cheese | deliver 40 cheese
    upgrade B12 | buy-train amsterdam | discard | end

A player with two trains names the train after the verb: `move 2 antwerp`, `ferry 1`,
`load 2 cheese`, `unload 1 cheese`, `deliver 2 40 cheese`, `upgrade 1 B12`.

German: `behalte`, `starte`, `baue`, `fahre ... über ...`, `fähre`, `lade`, `ablade`,
`liefere`, `rüste`, `kaufe-zug`, `abwerfen`, `ende`. Milepost names are written in
capitals (F12); cities and goods by their ids or German names (`fahre 2 Brüssel`,
`lade Käse`), read in small letters; `format_action` prints the canonical English form,
and parsing it gives back the same action.

Each verb is a class (`Build`, `Move`, ...): the tuple `(VERB, ARG, ...)` as above,
equal and hash-equal to the plain tuple, whose `str()` is its notation:

>>> build = parse_action("baue f12 F13 G13")
>>> build
Build('F12', 'F13', 'G13')
>>> str(build), parse_action(str(build)) == build == ("build", "F12", "F13", "G13")
('build F12 F13 G13', True)
>>> parse_action("fahre 2 Brüssel über F12")
Move(2, 'brüssel', 'via', 'F12')
>>> [str(parse_action(text)) for text in ("liefere 40 Käse", "kaufe-zug amsterdam", "ende")]
['deliver 40 käse', 'buy-train amsterdam', 'end']
>>> ACTIONS.typed(("keep", 12, 40, 77))
Keep(12, 40, 77)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from stellwerk.core.actions import ActionTypes, TypedAction
from stellwerk.core.contract import Action
from stellwerk.core.errors import BadNotation, bad_notation
from stellwerk.core.i18n import Term
from stellwerk.core.inputs import ascii_natural

VERBS: dict[str, str] = {
    "keep": "keep", "behalte": "keep",
    "start": "start", "starte": "start",
    "build": "build", "baue": "build",
    "move": "move", "fahre": "move",
    "ferry": "ferry", "fähre": "ferry", "faehre": "ferry",
    "load": "load", "lade": "load",
    "unload": "unload", "ablade": "unload", "entlade": "unload",
    "deliver": "deliver", "liefere": "deliver",
    "upgrade": "upgrade", "rüste": "upgrade", "rueste": "upgrade",
    "buy-train": "buy-train", "kaufe-zug": "buy-train", "zug-kaufen": "buy-train",
    "discard": "discard", "abwerfen": "discard", "wirf": "discard",
    "end": "end", "ende": "end",
}


class BeneluxAction(TypedAction):
    """An action of Benelux Rails: its words after the verb, as `actions.py` reads them."""

    __slots__ = ()

    def __str__(self) -> str:
        return format_action(self)


class Keep(BeneluxAction):
    """("keep", CARD, CARD, CARD): the three demand cards kept from the deal."""
    __slots__ = ()
    verb = "keep"


class Start(BeneluxAction):
    """("start", CITY): the major city the network starts from."""
    __slots__ = ()
    verb = "start"


class Build(BeneluxAction):
    """("build", M1, M2, ...): track along a path of mileposts."""
    __slots__ = ()
    verb = "build"


class Move(BeneluxAction):
    """("move", [TRAIN,] TARGET[, "via", M1, ...])."""
    __slots__ = ()
    verb = "move"


class Ferry(BeneluxAction):
    """("ferry", [TRAIN]): across the ferry line at the train's port."""
    __slots__ = ()
    verb = "ferry"


class Load(BeneluxAction):
    """("load", [TRAIN,] GOOD)."""
    __slots__ = ()
    verb = "load"


class Unload(BeneluxAction):
    """("unload", [TRAIN,] GOOD): dropped in the city the train is in."""
    __slots__ = ()
    verb = "unload"


class Deliver(BeneluxAction):
    """("deliver", [TRAIN,] CARD, GOOD)."""
    __slots__ = ()
    verb = "deliver"


class Upgrade(BeneluxAction):
    """("upgrade", [TRAIN,] TYPE)."""
    __slots__ = ()
    verb = "upgrade"


class BuyTrain(BeneluxAction):
    """("buy-train", CITY): the second train, at a major city of the network."""
    __slots__ = ()
    verb = "buy-train"


class Discard(BeneluxAction):
    """("discard",): the whole hand, instead of a turn."""
    __slots__ = ()
    verb = "discard"


class End(BeneluxAction):
    """("end",): the turn ends."""
    __slots__ = ()
    verb = "end"


def for_train(action: Action, number: int) -> Action:
    """`action` with the number of the train that takes it after the verb, of its class.

    >>> for_train(Load("cheese"), 2)
    Load(2, 'cheese')
    """
    return tuple.__new__(type(action), (action[0], number, *action[1:]))


ACTIONS = ActionTypes(Keep, Start, Build, Move, Ferry, Load, Unload, Deliver, Upgrade,
                      BuyTrain, Discard, End)
VIA = ("via", "über", "ueber")
MILEPOST = re.compile(r"[A-Za-z]{1,2}[0-9]{1,3}")
WORD = re.compile(r"[^\W\d_][\w-]{0,39}")   # an id or a German name (brüssel, käse)
NUMBER = re.compile(r"[12]")                    # a train's number
# the words after the verb when no train is named (one more names the train)
PLAIN_ARGS = {"ferry": 0, "load": 1, "unload": 1, "deliver": 2, "upgrade": 1}
TRAIN = re.compile(r"[A-Ca-c][0-9]{0,2}")
MAX_WORDS = 400


def _bad(text: str, key: str, **params: Any) -> BadNotation:
    return bad_notation("br.bad_notation", text, Term(key, **params))


def _place(text: str, word: str) -> str:
    if MILEPOST.fullmatch(word):
        return word.upper()
    if WORD.fullmatch(word.lower()):
        return word.lower()
    raise _bad(text, "br.nt.not_place", word=word)


def _number(text: str, word: str) -> int:
    number = ascii_natural(word, max_digits=4)
    if number is None:
        raise _bad(text, "br.nt.not_card", word=word)
    return number


def parse_action(text: str) -> Action:
    if not isinstance(text, str):
        raise _bad(repr(text), "br.nt.not_text")
    words = text.strip().split()
    if not words:
        raise _bad(text, "br.nt.empty")
    if len(words) > MAX_WORDS:
        raise _bad(text[:40] + "…", "br.nt.too_long", n=MAX_WORDS)
    verb = VERBS.get(words[0].lower())
    if verb is None:
        known = ", ".join(dict.fromkeys(VERBS.values()))
        raise _bad(text, "br.nt.unknown", word=words[0], known=known)
    args = words[1:]
    train: tuple[int, ...] = ()
    if args and NUMBER.fullmatch(args[0]) and (
            verb == "move" or len(args) == PLAIN_ARGS.get(verb, -9) + 1):
        train, args = (int(args[0]),), args[1:]    # the train named: move 2 antwerp
    return ACTIONS.by_verb[verb].of((verb, *train, *READERS[verb](text, verb, args)))


# Each verb's reader takes the words after the verb (and the train's number) and gives
# the action's arguments, or BadNotation saying what the verb takes.
Reader = Callable[[str, str, list[str]], tuple[Any, ...]]


def _nothing(text: str, verb: str, args: list[str]) -> tuple[Any, ...]:
    if args:
        raise _bad(text, "br.nt.nothing_after", verb=verb)
    return ()


def _keep(text: str, verb: str, args: list[str]) -> tuple[Any, ...]:
    if len(args) != 3:
        raise _bad(text, "br.nt.keep")
    return tuple(_number(text, a) for a in args)


def _city(text: str, verb: str, args: list[str]) -> tuple[Any, ...]:
    if len(args) != 1 or not WORD.fullmatch(args[0].lower()):
        raise _bad(text, "br.nt.major", verb=verb)
    return (args[0].lower(),)


def _path(text: str, verb: str, args: list[str]) -> tuple[Any, ...]:
    if len(args) < 2:
        raise _bad(text, "br.nt.build")
    return tuple(_place(text, a) for a in args)


def _target(text: str, verb: str, args: list[str]) -> tuple[Any, ...]:
    if not args:
        raise _bad(text, "br.nt.move")
    target = _place(text, args[0])
    if len(args) == 1:
        return (target,)
    if args[1].lower() not in VIA or len(args) < 3:
        raise _bad(text, "br.nt.move_via")
    return (target, "via", *(_place(text, a) for a in args[2:]))


def _good(text: str, verb: str, args: list[str]) -> tuple[Any, ...]:
    if len(args) != 1 or not WORD.fullmatch(args[0].lower()):
        raise _bad(text, "br.nt.good", verb=verb)
    return (args[0].lower(),)


def _demand(text: str, verb: str, args: list[str]) -> tuple[Any, ...]:
    if len(args) != 2 or not WORD.fullmatch(args[1].lower()):
        raise _bad(text, "br.nt.deliver")
    return (_number(text, args[0]), args[1].lower())


def _train_type(text: str, verb: str, args: list[str]) -> tuple[Any, ...]:
    if len(args) != 1 or not TRAIN.fullmatch(args[0]):
        raise _bad(text, "br.nt.upgrade")
    return (args[0].upper(),)


READERS: dict[Any, Reader] = ACTIONS.table({
    Keep: _keep, Start: _city, Build: _path, Move: _target, Ferry: _nothing, Load: _good,
    Unload: _good, Deliver: _demand, Upgrade: _train_type, BuyTrain: _city,
    Discard: _nothing, End: _nothing})


def format_action(action: Action) -> str:
    return " ".join(str(part) for part in action)


# the German word of each verb, among the words `parse_action` reads
GERMAN_VERBS = {"keep": "behalte", "start": "starte", "build": "baue", "move": "fahre",
                "ferry": "fähre", "load": "lade", "unload": "entlade", "deliver": "liefere",
                "upgrade": "rüste", "buy-train": "kaufe-zug", "discard": "abwerfen",
                "end": "ende"}


def german_form(action: Action, word: Callable[[str], str]) -> str:
    """The action as a German reader reads and may type it back: German verbs, "über"
    for "via", and each good and city as `word` names it (mileposts and numbers stay)."""
    parts = [GERMAN_VERBS.get(str(action[0]), str(action[0]))]
    for part in action[1:]:
        if part == "via":
            parts.append("über")
        elif isinstance(part, str) and not MILEPOST.fullmatch(part):
            parts.append(word(part))
        else:
            parts.append(str(part))
    return " ".join(parts)


PRIVATE = ("keep",)   # verbs whose card numbers name cards still in a hand


def public_form(action: Action) -> str:
    """The action as another seat may read it: the card numbers of a private choice
    (the demand cards kept from the deal) each written `?`."""
    if action and action[0] in PRIVATE:
        return " ".join([str(action[0]), *("?" for _ in action[1:])])
    return format_action(action)
