"""An action chosen word by word, each word a fixed number: the research adapters'
stable action ids (`stellwerk.core.encoding`).

Word *k* of a game's vocabulary is action id *k* in every state; id `len(words)` is
"done". At a decision the legal ids are the next words of the candidate actions that
begin with the words chosen so far; once the words chosen fit one candidate only, that
candidate is the action (so "lay", "A07" lays A07 without a "done"). "Done" is legal
only where the words chosen so far are a whole candidate that others continue.
"""

from __future__ import annotations

from collections.abc import Sequence

from stellwerk.core.contract import Action
from stellwerk.core.encoding import Encoding


class Vocabulary:
    """A game's words and their numbers, with "done" after them."""

    def __init__(self, encoding: Encoding) -> None:
        self.encoding = encoding
        self.words = tuple(encoding.words())
        self.number = {word: index for index, word in enumerate(self.words)}
        self.done = len(self.words)
        if len(self.number) != len(self.words):
            raise ValueError(f"{encoding.game.title}: a word is listed twice")

    def __bool__(self) -> bool:
        return bool(self.words)

    @property
    def size(self) -> int:
        return len(self.words) + 1

    def meaning(self, word_id: int) -> str:
        return "done" if word_id == self.done else self.words[word_id]

    def meanings(self) -> list[str]:
        return [*self.words, "done"]

    def ids(self, action: Action) -> tuple[int, ...]:
        """The numbers of an action's words (KeyError for a word not in the list)."""
        return tuple(self.number[word] for word in self.encoding.tokens(action))


class WordChoice:
    """One seat's choice among `candidates`, word by word."""

    __slots__ = ("candidates", "chosen", "done", "spelled")

    def __init__(self, vocabulary: Vocabulary, candidates: Sequence[Action]) -> None:
        self.candidates = tuple(candidates)
        self.spelled = tuple(vocabulary.ids(action) for action in self.candidates)
        self.done = vocabulary.done
        self.chosen: tuple[int, ...] = ()

    def _fitting(self) -> list[int]:
        n = len(self.chosen)
        return [i for i, ids in enumerate(self.spelled) if ids[:n] == self.chosen]

    def legal(self) -> list[int]:
        n = len(self.chosen)
        found: set[int] = set()
        for i in self._fitting():
            ids = self.spelled[i]
            found.add(ids[n] if len(ids) > n else self.done)
        return sorted(found)

    def choose(self, word_id: int) -> Action | None:
        """Take the next word; the action once it is settled, else None. Raise
        ValueError for a word that no candidate has here."""
        if word_id not in self.legal():
            raise ValueError(f"word {word_id} is not legal here")
        if word_id == self.done:
            return self.candidates[next(i for i in self._fitting()
                                        if self.spelled[i] == self.chosen)]
        self.chosen += (word_id,)
        fitting = self._fitting()
        return self.candidates[fitting[0]] if len(fitting) == 1 else None

    def __deepcopy__(self, memo: dict[int, object]) -> WordChoice:
        return self.copy()          # the candidates and their words are never changed

    def copy(self) -> WordChoice:
        twin = WordChoice.__new__(WordChoice)
        twin.candidates, twin.spelled, twin.done = self.candidates, self.spelled, self.done
        twin.chosen = self.chosen
        return twin
