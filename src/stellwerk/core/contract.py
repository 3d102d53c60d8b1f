"""The engine contract every game implements and every bot and front end speaks.

A `Game` describes one title's rules (its options, content pack, notation and
catalogue) and makes new `State`s; how a game is shown and what its bots and studies
know live in its companions (`stellwerk.core.companions`). A `State` answers whose
decision it is, the legal actions of a seat, applies actions, shows a seat's view and
the public view, and gives the result. Actions are plain JSON-serialisable values
(tuples of str and int) with a short text notation that round-trips through
`Game.parse_action` / `Game.format_action`.
"""

from __future__ import annotations

import importlib
import json
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from stellwerk.core.chance import Chance
from stellwerk.core.content import Compiled, ContentPack, PackShelf
from stellwerk.core.errors import BadOption, IllegalAction
from stellwerk.core.i18n import Catalog
from stellwerk.core.meta import GameMeta
from stellwerk.core.options import Option, check_seats, read_options

if TYPE_CHECKING:
    from stellwerk.core.postal import PostalRules

Action = tuple[Any, ...]

# Kinds of decision. A game may use any of them; front ends only need to know that
# "simultaneous" means several seats decide without seeing each other's choice.
TURN = "turn"
INTERRUPT = "interrupt"
SIMULTANEOUS = "simultaneous"
SETUP = "setup"

# The seat kind of a person at a table (every other seat kind names a bot).
HUMAN = "human"

@dataclass(frozen=True)
class Decision:
    """Who must act now. `seats` lists every seat that still owes an action."""

    seats: tuple[int, ...]
    kind: str
    prompt: str  # a catalogue key describing what is asked
    params: Mapping[str, Any] = field(default_factory=dict)

@dataclass(frozen=True)
class Result:
    """The end of a game: scores, ranks (1 = best, ties share), winners and breakdowns.

    A score is None for a seat that has none (e.g. a Linie 1 line never completed); such
    seats rank after every scored seat. `tiebreak` holds, per seat, the values used
    after the score (e.g. coins).
    """

    scores: tuple[float | None, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    breakdown: tuple[Mapping[str, float], ...]
    tiebreak: tuple[tuple[float, ...], ...] = ()
    lower_is_better: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "breakdown": [dict(b) for b in self.breakdown],
            "tiebreak": [list(t) for t in self.tiebreak],
            "lower_is_better": self.lower_is_better,
        }

@dataclass(frozen=True)
class StudyFigures:
    """A game's own figures of one finished game, for `stellwerk study`.

    `numbers`: a group (one plot) -> figure name -> values, one per seat or one for the
    whole game; the study pools them over all games (mean, interval, spread).
    `series`: a title -> one curve per seat, a value per round (e.g. money at the end of
    each round); the study draws each chair's mean over the games with a band.
    Names are English words (the JSON keeps them); the game's study companion gives
    each its German name for a German report (`stellwerk.core.companions.Study`).
    """

    numbers: Mapping[str, Mapping[str, Sequence[float]]] = field(default_factory=dict)
    series: Mapping[str, Sequence[Sequence[float]]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"numbers": {group: {name: [float(v) for v in values]
                                    for name, values in figures.items()}
                            for group, figures in self.numbers.items()},
                "series": {title: [[float(v) for v in curve] for curve in curves]
                           for title, curves in self.series.items()}}

def rank_seats(keys: Sequence[tuple[float, ...]], lower_is_better: bool = False) -> tuple[
        tuple[int, ...], tuple[int, ...]]:
    """Ranks (1 = best, equal keys share a rank) and the winners, from comparable keys:
    a seat's rank is one more than the number of seats with a better key. Counted in
    plain loops, not by a sort: a game has a few seats, and every leaf of a tree search
    (Rail Line's rollouts end in `result()`) ranks them."""
    ranks = []
    for key in keys:
        rank = 1
        if lower_is_better:
            for other in keys:
                if other < key:
                    rank += 1
        else:
            for other in keys:
                if other > key:
                    rank += 1
        ranks.append(rank)
    return tuple(ranks), tuple([seat for seat, rank in enumerate(ranks) if rank == 1])

class State(ABC):
    """One game in progress. Mutated only by `apply`; `clone` gives an independent copy."""

    @abstractmethod
    def decision(self) -> Decision | None:
        """Who must act, or None when the game is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now (empty when it owes no decision).

        Complete only when `Game.enumerable` is True. A game that cannot list its actions
        (Linie 1's orders: thousands of placements in any priority order) returns the
        same representative sample as `candidate_actions`; whatever is not in it may
        still be legal, and only `check`/`is_legal` say so. Bots, `session.Window` and
        front ends therefore use `candidate_actions`, and tests of completeness use
        `legal_actions` only where `enumerable` holds.
        """

    @abstractmethod
    def apply(self, seat: int, action: Action) -> None:
        """Carry out `action` for `seat`, or raise IllegalAction and change nothing."""

    @abstractmethod
    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may know, JSON-serialisable; hidden information removed."""

    @abstractmethod
    def public_view(self) -> dict[str, Any]:
        """What every onlooker may know."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result:
        """Only valid when `is_over()`."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy that is faithful: every seat's view, the public view, the
        events, each seat's `info_key`, the decision, the legal actions and the result
        equal the original's, and stay equal when both take the same actions (search
        bots, OpenSpiel and the server's look-ahead all stand on it;
        tests/contract/test_faithful_clones.py). History a view shows (an event log) is
        part of the state and is copied with it."""

    @abstractmethod
    def determinized(self, seat: int, chance: Chance) -> State:
        """A copy in which everything hidden from `seat` is redrawn at random.

        Bots that look ahead simulate on this, so they never see the real hidden state.
        """

    # Promises beyond the basic loop. The defaults are correct for every game
    # but slow; a game overrides them where speed or its own knowledge matters.

    def seat_count(self) -> int:
        """How many seats play. The default reads the public view's `seats` (a list of
        seats or their number; a solo game may name none); a game may answer directly."""
        seats = self.public_view().get("seats")
        if isinstance(seats, bool):
            return 1
        if isinstance(seats, int):
            return max(seats, 1)
        return len(seats) if isinstance(seats, list) and seats else 1

    def candidate_actions(self, seat: int) -> list[Action]:
        """The actions a bot or a numbered list chooses among.

        Equal to `legal_actions` when the game can enumerate its actions
        (`Game.enumerable`); otherwise a representative sample of legal actions, and
        `check` is the judge of anything else a person types.
        """
        return self.legal_actions(seat)

    def default_action(self, seat: int) -> Action | None:
        """The action the rules prescribe when `seat` misses a deadline on its current
        decision (a postal game's "no order received"), or None when the rules give none.

        A server applies it for a late human seat; with None it applies nothing, says so
        and leaves the table waiting for its admin (who may seat a bot). It must be legal
        whenever it is not None. The default: None (no game is forced to have one)."""
        return None

    def check(self, seat: int, action: Action) -> None:
        """Raise IllegalAction (with the reason) if `seat` may not take `action` now.

        Never changes the state. The default tries the action on a clone.
        """
        self.clone().apply(seat, action)

    def is_legal(self, seat: int, action: Action) -> bool:
        try:
            self.check(seat, action)
        except IllegalAction:
            return False
        return True

    def info_key(self, seat: int) -> Hashable:
        """A hashable key equal for two states exactly when `seat` cannot tell them
        apart (its information set); search trees index their nodes by it.

        The default is the JSON of `view(seat)` (correct, slow). The games build a tuple
        instead and leave out pure history (event logs, last round's report) that
        changes nothing of what may happen; `determinized(seat, …)` keeps the key."""
        return json.dumps(self.view(seat), sort_keys=True, separators=(",", ":"))

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-serialisable data, secrets and chance included, so a
        server can load a long game without replaying it; `Game.restore` reads it back,
        and snapshot + the remaining actions must equal a full replay. Never shown to a
        seat: it holds everything hidden (show `core.public_record.record_for_seat`)."""
        raise NotImplementedError(f"{type(self).__name__} has no snapshot yet")

    def reveals(self) -> int | None:
        """How often so far chance was drawn or hidden information shown to anyone
        (a card drawn, a hand card laid, sealed orders opened), or None when the game
        does not say. A front end lets a seat take back its own last actions only while
        this count has not moved since them (no one learnt anything from them), and not
        at all when it is None: the safe default."""
        return None

    def hotseat_reveals(self) -> int | None:
        """The reveals that bar undo at a terminal (hotseat) table, where nobody watches
        a move as it happens: only what even the acting player did not know before (a
        card drawn from a hidden deck), not what their own move showed (a card laid from
        their own hand). The network table keeps `reveals()`. Default: `reveals()`."""
        return self.reveals()

    def events(self, seat: int | None) -> list[dict[str, Any]]:
        """The game so far as events `seat` may know (None: an onlooker), oldest first.

        Each event is JSON data with a catalogue key (`"key"`) and its parameters, so a
        front end can put it in words with `Game.describe_event`. An event that would
        reveal a secret of another seat is left out or shown without the secret.
        """
        return []

def seat_called(seat: int, names: Sequence[str] | None, otherwise: str) -> str:
    """The table's name of `seat` where the caller has the names, else `otherwise` (the
    game's own words for a seat by number, "Seat 2")."""
    return names[seat] if names is not None and 0 <= seat < len(names) else otherwise


class Game(ABC):
    """One title's rules: its options, content pack, notation, catalogue and state
    factory. What front ends, bots and studies need beyond the rules comes from the
    companions the game names (`companions`; see `stellwerk.core.companions`)."""

    id: ClassVar[str]
    title: ClassVar[str]
    engine_version: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    catalog: ClassVar[Catalog]
    # The options this game takes and its declared facts (core/options.py, core/meta.py).
    options: ClassVar[Sequence[Option]] = ()
    meta: ClassVar[GameMeta | None] = None
    # True when a human should type actions rather than pick from a numbered list,
    # because the legal-action list is only a sample (e.g. Linie 1's orders).
    type_actions: ClassVar[bool] = False
    # False when `State.legal_actions` cannot list every legal action (Linie 1's orders,
    # Benelux Rails' build paths): then `candidate_actions` is a sample and `check`
    # judges any other action.
    enumerable: ClassVar[bool] = True
    # True when `new_state` takes a `Chance` for its seed, the state keeps it as its
    # attribute `chance` (its clones a clone of it; a restored state takes another one
    # there) and draws from it only through `below` and `shuffle`: the research
    # adapters then make each draw a chance node whose outcomes are what is drawn.
    # False: one chance node at the start draws the seed, and the engine's own
    # generator draws the rest.
    chance_given: ClassVar[bool] = False
    # Where this game's postal rules are, "module:Class" (a `core.postal.PostalRules`,
    # imported only by the postal judge); None: the game is not played by post.
    postal_at: ClassVar[str | None] = None
    # About how much memory one table's state takes while a server keeps it, with the
    # caches its engine fills as it is played (KiB, rounded up from measurements): the
    # server's state cache (`stellwerk serve --state-cache-mb`) budgets by it.
    state_memory_kib: ClassVar[int] = 1024
    # The companions of this game, kind -> "module:Class", each imported when first
    # asked for (`stellwerk.core.companions`): "terminal" (the terminal table's
    # pictures and prompts), "picture" (the SVG drawing and the web preview),
    # "knowledge" (what the bots know) and "study" (the study's own figures). A kind
    # not named is the companion's base class with its defaults.
    companions: ClassVar[Mapping[str, str]] = {}

    @abstractmethod
    def default_pack_path(self) -> Path: ...

    @abstractmethod
    def load_pack(self, path: Path | None = None) -> ContentPack:
        """Load and validate a pack (the shipped one when `path` is None)."""

    def parse_options(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        """Options (from a command line, a record or a web form) read against `options`,
        then the game's own `check_options`; an OptionError (a BadOption) for a seat count
        or an option that does not fit."""
        self.check_seats(seats)
        return self.check_options(read_options(self.options, raw, self.title, self.catalog),
                                  seats)

    def check_options(self, values: dict[str, Any], seats: int) -> dict[str, Any]:
        """A game's own check across its read options (raise OptionError with a key of its
        catalogue); default: `values` as they are."""
        return values

    @abstractmethod
    def new_state(self, options: Mapping[str, Any], seed: int | Chance, pack: ContentPack,
                  seats: int) -> State:
        """A new game. Every random event of it (the deal, each draw, each reshuffle)
        draws from one `Chance` the state holds: the generator of `seed`, or the
        `Chance` given as `seed` itself (`core.chance.chance_from`): the research
        adapters give a `core.chance_script.ScriptedChance`, which asks for each draw
        and so turns every one into a chance node. A game draws from it only through
        `below` and `shuffle`."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Notation to action; raise BadNotation for text that is not an action."""

    @abstractmethod
    def format_action(self, action: Action) -> str: ...

    # the seat count, for a game that checks it outside `parse_options` ---------------------
    def check_seats(self, seats: int) -> None:
        check_seats(self.title, self.min_seats, self.max_seats, seats)

    def describe_action(self, action: Action, lang: str = "en") -> str:
        """A longer human description; defaults to the notation."""
        return self.format_action(action)

    def public_notation(self, action: Action, kind: str) -> str | None:
        """What every seat but the actor, and every onlooker, may read of `action`
        (taken in a decision of `kind`) while the game runs: its notation when it gives
        nothing secret away, a public form with the secret left out (Benelux Rails'
        `keep ? ? ?`), or None: only that the seat acted.

        The default, None for every action, is the safe one: a game that has not said
        what its actions give away shows no other seat any of them, and its events
        (`State.events`, written with the game's own knowledge of what is private) still
        tell the story. A game overrides it from its rules' list of secrets (the spec),
        never from the state: the answer must not depend on anything hidden."""
        return None

    def shown_action(self, action: Action, actor: int, viewer: int | None, kind: str,
                     over: bool = False) -> str | None:
        """What `viewer` (None: an onlooker) may read of `actor`'s `action`, taken in a
        decision of `kind`: the notation, a public form, or None (nothing but that the
        seat acted). The one answer wherever an action is shown to someone (the server's
        log, the web table, a front end's history); games answer through
        `public_notation`. The actor reads its own action, and so does everyone once the
        game is over (`over`: the whole record is public then)."""
        if over or viewer == actor:
            return self.format_action(action)
        return self.public_notation(action, kind)

    def generate_pack(self) -> bytes:
        """The game's content pack generated afresh (the bytes of a pack file), for a
        game whose content is made by a program rather than typed in (Benelux Rails' map
        and cards); `stellwerk pack GAME --generate` writes and checks it. Default: the
        game has no generator (its pack is written by hand), and says so in one line."""
        raise BadOption("pk.no_generator_bare", title=self.title)

    def restore(self, snapshot: Mapping[str, Any], pack: ContentPack) -> State:
        """The state a `State.snapshot()` was taken of (same pack); raise BadRecord when
        the snapshot does not fit."""
        raise NotImplementedError(f"{self.title} cannot restore snapshots yet")

    def postal(self) -> PostalRules | None:
        """The rules the postal judge (`stellwerk judge`) runs this game by: its order
        files, their checks, the stand-in for a missing order, the reports and sheets
        (`core.postal.PostalRules`); None for a game not played by post."""
        if self.postal_at is None:
            return None
        module, _, name = self.postal_at.partition(":")
        rules: PostalRules = getattr(importlib.import_module(module), name)()
        return rules

    def describe_event(self, event: Mapping[str, Any], lang: str = "en",
                       state: State | None = None,
                       names: Sequence[str] | None = None) -> str:
        """One event of `State.events` in words of `lang`. `state` is the game the event
        came from, where the caller has it: a game whose words come from its content
        pack (Benelux Rails' cities and goods) takes them from that state's pack.
        `names` are the table's names of the seats, by seat; without them a game names
        a seat by its number ("Seat 2")."""
        params = {k: v for k, v in event.items() if k != "key"}
        return self.catalog.text(str(event.get("key", "")), lang, **params)


class ShelvedGame(Game, Generic[Compiled]):
    """A game whose content packs a `PackShelf` keeps: its `__init__` sets `self.packs`,
    and the shipped pack, loading a pack and the compiled tables come from it."""

    packs: PackShelf[Compiled]

    def default_pack_path(self) -> Path:
        return self.packs.default_path()

    def load_pack(self, path: Path | None = None) -> ContentPack:
        return self.packs.load(path)

    def tables(self, pack: ContentPack) -> Compiled:
        """The compiled tables of `pack` (kept for the packs used last)."""
        return self.packs.compiled(pack)
