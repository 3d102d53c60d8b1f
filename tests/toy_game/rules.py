"""The rules of Track Layers: one game in progress as a `State`.

Two players take turns. A turn plays one piece of the hand:

- `lay N`: put a piece of length N at the end of the shared track and score N. It
  must be at most one longer or shorter than the last piece laid, unless the track's
  end is open (at the start, and after a burn).
- `burn N`: throw a piece of length N away face up; it scores nothing and opens the
  track's end, so the next piece laid may have any length.

Then the player draws the top piece of the deck, if any is left. A player whose hand
is empty is skipped; the game ends when both hands are empty. The most points win.

What is hidden: each hand from the other player, and the deck's order from both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stellwerk.core.chance import Chance
from stellwerk.core.contract import TURN, Action, Decision, Result, State, rank_seats
from stellwerk.core.errors import illegal
from stellwerk.core.snapshot import (
    SNAPSHOT_FORMAT,
    exercise,
    expect,
    header,
    integer,
    ints,
    reading,
)

SEATS = 2
MAX_LENGTH = 9


class ToyState(State):
    def __init__(self, deck: list[int], hand_size: int, seed: int) -> None:
        deck = list(deck)
        Chance(seed).shuffle(deck)
        self.hands: list[list[int]] = [sorted(deck[:hand_size]),
                                       sorted(deck[hand_size:2 * hand_size])]
        self.deck = deck[2 * hand_size:]    # the top is the end of the list
        self.track: list[int] = []
        self.open_end = True
        self.burnt: list[int] = []
        self.scores = [0, 0]
        self.turn = 0
        # (key, seat, length): what happened, for `events` (a draw's length is kept as 0:
        # it is the drawer's secret)
        self.log: list[tuple[str, int, int]] = []
        self.drawn = 0      # pieces drawn from the deck (each shows its drawer a secret)
        self.shown = 0      # pieces laid or burnt from a hand (each shows everyone one)

    # whose decision and what it may be ----------------------------------------------
    def is_over(self) -> bool:
        return not self.hands[0] and not self.hands[1]

    def decision(self) -> Decision | None:
        if self.is_over():
            return None
        return Decision((self.turn,), TURN, "toy.prompt")

    def fits(self, length: int) -> bool:
        return self.open_end or abs(length - self.track[-1]) <= 1

    def legal_actions(self, seat: int) -> list[Action]:
        if self.is_over() or seat != self.turn:
            return []
        lengths = sorted(set(self.hands[seat]))
        return ([("lay", n) for n in lengths if self.fits(n)]
                + [("burn", n) for n in lengths])

    def seat_count(self) -> int:
        return SEATS

    # playing --------------------------------------------------------------------------
    def check(self, seat: int, action: Action) -> None:
        if self.is_over():
            raise illegal("toy.over", "the game is over")
        if seat != self.turn:
            raise illegal("toy.not_your_turn", "it is not your turn")
        shaped = isinstance(action, tuple) and len(action) == 2
        verb, length = action if shaped else (None, None)
        if verb not in ("lay", "burn") or type(length) is not int:
            raise illegal("toy.unknown", "{action!r} is not an action of this game",
                          action=action)
        if length not in self.hands[seat]:
            raise illegal("toy.not_in_hand", "you hold no piece of length {length}",
                          length=length)
        if verb == "lay" and not self.fits(length):
            raise illegal("toy.no_fit", "a piece of length {length} does not fit after "
                          "{last}", length=length, last=self.track[-1])

    def apply(self, seat: int, action: Action) -> None:
        self.check(seat, action)
        verb, length = action
        self.hands[seat].remove(length)
        self.shown += 1
        if verb == "lay":
            self.track.append(length)
            self.scores[seat] += length
            self.open_end = False
        else:
            self.burnt.append(length)
            self.open_end = True
        self.log.append((f"toy.ev.{verb}", seat, length))
        if self.deck:
            piece = self.deck.pop()
            self.hands[seat].append(piece)
            self.hands[seat].sort()
            self.drawn += 1
            self.log.append(("toy.ev.draw", seat, 0))
        other = 1 - seat
        if self.hands[other]:
            self.turn = other

    def default_action(self, seat: int) -> Action | None:
        """A late player burns their shortest piece: always legal, and the least lost."""
        if self.is_over() or seat != self.turn:
            return None
        return ("burn", self.hands[seat][0])

    # what each one knows ----------------------------------------------------------------
    def public_view(self) -> dict[str, Any]:
        return {"seats": SEATS, "track": list(self.track), "open": self.open_end,
                "burnt": list(self.burnt), "deck": len(self.deck),
                "hands": [len(hand) for hand in self.hands], "scores": list(self.scores),
                "turn": None if self.is_over() else self.turn, "hand": None, "seat": None}

    def view(self, seat: int) -> dict[str, Any]:
        return {**self.public_view(), "hand": list(self.hands[seat]), "seat": seat}

    def events(self, seat: int | None) -> list[dict[str, Any]]:
        """The same for every seat and onlooker: a draw names no length (the drawer
        sees the piece in its hand, the view)."""
        return [{"key": key, "seat": actor} if key == "toy.ev.draw"
                else {"key": key, "seat": actor, "length": length}
                for key, actor, length in self.log]

    def reveals(self) -> int:
        return self.drawn + self.shown

    def hotseat_reveals(self) -> int:
        return self.drawn

    def result(self) -> Result:
        keys = [(float(score),) for score in self.scores]
        ranks, winners = rank_seats(keys)
        return Result(tuple(float(s) for s in self.scores), ranks, winners,
                      tuple({"toy.laid": float(s)} for s in self.scores))

    # copies -------------------------------------------------------------------------------
    def clone(self) -> ToyState:
        copy = object.__new__(ToyState)
        copy.__dict__.update(self.__dict__)
        copy.hands = [list(hand) for hand in self.hands]
        copy.deck = list(self.deck)
        copy.track = list(self.track)
        copy.burnt = list(self.burnt)
        copy.scores = list(self.scores)
        copy.log = list(self.log)
        return copy

    def determinized(self, seat: int, chance: Chance) -> ToyState:
        """The other hand and the deck dealt afresh from the pieces `seat` cannot see."""
        copy = self.clone()
        other = 1 - seat
        unseen = sorted(copy.hands[other] + copy.deck)   # nothing of the truth kept
        chance.shuffle(unseen)
        size = len(copy.hands[other])
        copy.hands[other] = sorted(unseen[:size])
        copy.deck = unseen[size:]
        return copy

    # snapshots ----------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {"game": "toy", "format": SNAPSHOT_FORMAT,
                "hands": [list(hand) for hand in self.hands], "deck": list(self.deck),
                "track": list(self.track), "open": self.open_end, "burnt": list(self.burnt),
                "scores": list(self.scores), "turn": self.turn,
                "log": [list(entry) for entry in self.log],
                "drawn": self.drawn, "shown": self.shown}

    @classmethod
    def from_snapshot(cls, data: Mapping[str, Any]) -> ToyState:
        with reading("Track Layers"):
            data = header("toy", data)
            state = object.__new__(cls)
            hands = data["hands"]
            expect(isinstance(hands, list) and len(hands) == SEATS, "hands: two hands")
            state.hands = [sorted(ints(hand, "hand", 1, MAX_LENGTH)) for hand in hands]
            state.deck = ints(data["deck"], "deck", 1, MAX_LENGTH)
            state.track = ints(data["track"], "track", 1, MAX_LENGTH)
            expect(isinstance(data["open"], bool), "open must be true or false")
            state.open_end = data["open"] or not state.track
            state.burnt = ints(data["burnt"], "burnt", 1, MAX_LENGTH)
            state.scores = ints(data["scores"], "scores", 0)
            expect(len(state.scores) == SEATS, "scores: one per seat")
            state.turn = integer(data["turn"], "turn", 0, SEATS - 1)
            expect(isinstance(data["log"], list), "log must be a list")
            state.log = [_entry(entry) for entry in data["log"]]
            state.drawn = integer(data["drawn"], "drawn", 0)
            state.shown = integer(data["shown"], "shown", 0)
            exercise(state, SEATS)
        return state


def _entry(entry: Any) -> tuple[str, int, int]:
    expect(isinstance(entry, list) and len(entry) == 3, "a log entry is [key, seat, length]")
    key, seat, length = entry
    expect(key in ("toy.ev.lay", "toy.ev.burn", "toy.ev.draw"), f"unknown event {key!r}")
    return (key, integer(seat, "seat", 0, SEATS - 1), integer(length, "length", 0, MAX_LENGTH))
