"""What a game supplies to be played by post: the hook the postal judge runs it by.

The judge (`stellwerk judge GAME ...`, `stellwerk.frontends.postal`) keeps a game in a
folder: the record, the players' order files for each round, the public reports and
the private sheets. It knows no game. A game that can be played by post names its
`PostalRules` in `Game.postal_at`; they say what an order file is (reading, checking,
the pre-check of what would fail), what a player who sends none does, and what the
round leaves on paper (the public report and each player's private sheet).

An order file's mistakes are `Mistake`s with their line, in every language; a file with
any is refused whole (`OrderFileError`), so nothing of it is used.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from stellwerk.core.errors import BadNotation
from stellwerk.core.i18n import Catalog
from stellwerk.core.inputs import printable

if TYPE_CHECKING:
    from stellwerk.core.contract import Action, State

# The judge's texts a game words itself, in its `PostalRules.words` (each in English and
# German), because they name the parts of its orders; the judge's catalogue has the rest.
GAME_WORDS = (
    "jd.status.would_fail",   # {file}, {placements}: the order is in, these parts would fail
    "jd.check.would_fail",    # {path}, {name}: heads the list of the parts that would fail
    "jd.resolved.missing",    # {names}: who sent no order, and what that means
)


@dataclass(frozen=True)
class Mistake:
    """One mistake in an order file: its line (0: the file as a whole), the problem in
    each language, and for a part of the order that would fail, that part's number."""

    line: int
    texts: Mapping[str, str]
    placement: int | None = None

    @property
    def text(self) -> str:
        return self.texts["en"]

    def in_language(self, lang: str) -> str:
        return self.texts.get(lang) or self.texts["en"]


class OrderFileError(BadNotation):
    """An order file with mistakes; `str()` lists each as `source:line: problem`, and
    `lines(lang)` the same in another language. `key` is the game's catalogue entry
    that sums the refusal up for a front end that shows one line."""

    multiline = True      # one mistake a line (a game master needs them all), each printable

    def __init__(self, source: str, mistakes: list[Mistake], key: str = "order_file") -> None:
        self.source = source
        self.mistakes = mistakes
        super().__init__(key, self.lines("en"), source=source, count=len(mistakes))

    def lines(self, lang: str) -> str:
        return "\n".join(f"{printable(self.source)}:{m.line}: {printable(m.in_language(lang))}"
                         for m in self.mistakes)


class PostalRules(ABC):
    """A game's postal play, for the judge. `order` below is whatever `read_order`
    returns (the judge only passes it back); `state` is the game rebuilt from the
    folder's record. Every method reads the state and changes nothing."""

    # The texts of GAME_WORDS, in English and German.
    words: ClassVar[Catalog]
    # The endings of the files the judge takes for orders (anything else in a round's
    # folder, e.g. an editor's backup, is not an order).
    order_suffixes: ClassVar[tuple[str, ...]] = (".txt", ".json")

    @abstractmethod
    def round_of(self, state: State) -> int:
        """The round whose orders are due now (1 first)."""

    @abstractmethod
    def round_limit(self, state: State) -> int:
        """The last round the game may reach."""

    @abstractmethod
    def read_order(self, path: Path, state: State, folder: Path) -> Any:
        """The order in the file at `path`, parsed; raise OrderFileError naming every
        mistake. `folder` is the game's: a file that leads outside it must be refused."""

    @abstractmethod
    def check_order(self, order: Any, state: State, seat: int, source: str,
                    player: str) -> Action:
        """The order's action if the rules accept it for `seat` now; else raise
        OrderFileError naming every mistake with its line."""

    def would_fail(self, order: Any, state: State, seat: int) -> list[Mistake]:
        """The parts of an accepted order that would fail on the game as `seat` sees it
        now (the pre-check `check` and `status` report), each with its line and number.
        Default: none."""
        return []

    def no_order(self, state: State, seat: int) -> Action:
        """What `seat` does when it sent no order. Default: the rules' own stand-in
        (`State.default_action`), which a game played by post must have."""
        action = state.default_action(seat)
        if action is None:
            raise NotImplementedError(f"{type(self).__name__}: no stand-in for a missing order")
        return action

    def before_resolving(self, state: State) -> Any:
        """Whatever `round_files` needs of the state as it was before the round was
        resolved (e.g. each hand, to tell what was drawn). Default: nothing."""
        return None

    @abstractmethod
    def round_files(self, state: State, names: Sequence[str], round_number: int, lang: str,
                    missing: Sequence[str] = (), before: Any = None) -> dict[str, str]:
        """The files a round leaves in the folder, by path within it: the public report
        (made from the public view alone; round 0 is the start) and each player's
        private sheet (made from that player's view alone), in `lang`. `missing` names
        the players who sent no order; `before` is what `before_resolving` kept (None
        for round 0)."""
