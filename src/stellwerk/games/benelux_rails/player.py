"""One player's holdings: money, train, loads, demand cards and track."""

from __future__ import annotations

from typing import Any

from stellwerk.games.benelux_rails.trains import START_MONEY


class Player:
    __slots__ = ("announced", "edges", "ferries", "hand", "loads", "major_leaves", "money",
                 "moved", "nodes", "paid", "pending_train", "points", "position", "skip_move",
                 "spent", "start", "train", "turn_mode")

    def __init__(self) -> None:
        self.money = START_MONEY
        self.train = "A"
        self.pending_train: str | None = None   # an upgrade takes effect at the end of turn
        self.position = -1                      # milepost; -1 before the start city is chosen
        self.start = -1                         # start city number
        self.loads: list[int] = []              # good numbers, in the order loaded
        self.hand: list[int] = []               # demand card ids (private)
        self.edges: set[int] = set()
        self.nodes: set[int] = set()            # mileposts touched by own track
        self.ferries: set[int] = set()
        self.announced = False
        self.skip_move = False                  # derailed: loses its next movement
        # this turn
        self.points = 0                         # movement points left
        self.moved = False                      # any movement, loading or delivery done
        self.paid = 0                           # bitmask of networks paid this turn
        self.spent = 0                          # build money spent this turn
        self.turn_mode = ""                     # "", "build" or "upgrade"
        self.major_leaves: dict[int, int] = {}  # city -> builds out of it this turn

    def clone(self) -> Player:
        other = Player.__new__(Player)
        for name in Player.__slots__:
            value = getattr(self, name)
            if isinstance(value, (list, set, dict)):
                value = value.copy()
            setattr(other, name, value)
        return other

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in Player.__slots__:
            value = getattr(self, name)
            if isinstance(value, set):
                value = sorted(value)
            elif isinstance(value, dict):
                value = [[k, v] for k, v in sorted(value.items())]
            data[name] = value
        return data
