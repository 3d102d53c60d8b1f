"""One player's holdings: money, trains (one, or two once a second is bought), loads,
demand cards and track."""

from __future__ import annotations

from typing import Any

from stellwerk.games.benelux_rails.trains import START_MONEY


class Loco:
    """One train on the board: its type, where it stands, what it carries, its movement this turn. A
    player has one, and a second once bought (docs/games/benelux-rails.md#br-rules D)."""

    __slots__ = ("derailed", "kind", "loads", "moved", "pending", "points", "position")

    def __init__(self, kind: str = "A", position: int = -1) -> None:
        self.kind = kind                  # train type: A, B9, B12, C12, C15
        self.pending: str | None = None   # an upgrade takes effect at the end of the turn
        self.position = position          # milepost; -1 before the start city is chosen
        self.loads: list[int] = []        # good numbers, in the order loaded
        self.derailed = False             # loses its next movement
        self.points = 0                   # movement points left this turn
        self.moved = False                # moved, ferried, loaded or delivered this turn

    def clone(self) -> Loco:
        # field by field (a loop over __slots__ cost a search most of its clone time);
        # tests/benelux_rails/test_speed.py checks that every slot is copied
        other = Loco.__new__(Loco)
        other.kind = self.kind
        other.pending = self.pending
        other.position = self.position
        other.loads = self.loads.copy()
        other.derailed = self.derailed
        other.points = self.points
        other.moved = self.moved
        return other

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in Loco.__slots__}


class Player:
    __slots__ = ("announced", "edges", "ferries", "hand", "major_leaves", "money", "nodes",
                 "paid", "spent", "start", "trains", "turn_mode")

    def __init__(self) -> None:
        self.money = START_MONEY
        self.trains = [Loco()]                  # the first train, and a bought second one
        self.start = -1                         # start city number
        self.hand: list[int] = []               # demand card ids (private)
        self.edges: set[int] = set()
        self.nodes: set[int] = set()            # mileposts touched by own track
        self.ferries: set[int] = set()
        self.announced = False
        # this turn
        self.paid = 0                           # bitmask of networks paid this turn (both
        #                                         trains: the fee is per network per turn)
        self.spent = 0                          # build money spent this turn
        self.turn_mode = ""                     # "", "build", "upgrade" or "buy"
        self.major_leaves: dict[int, int] = {}  # city -> builds out of it this turn

    # The first train's fields, for the many places (and tests) where a player has one.
    @property
    def position(self) -> int:
        return self.trains[0].position

    @position.setter
    def position(self, value: int) -> None:
        self.trains[0].position = value

    @property
    def loads(self) -> list[int]:
        return self.trains[0].loads

    @loads.setter
    def loads(self, value: list[int]) -> None:
        self.trains[0].loads = value

    @property
    def train(self) -> str:
        return self.trains[0].kind

    @property
    def points(self) -> int:
        return self.trains[0].points

    @points.setter
    def points(self, value: int) -> None:
        self.trains[0].points = value

    @property
    def moved(self) -> bool:
        """Any train moved, ferried, loaded, unloaded or delivered this turn."""
        return any(loco.moved for loco in self.trains)

    def clone(self) -> Player:
        # field by field, as Loco.clone (tests/benelux_rails/test_speed.py)
        other = Player.__new__(Player)
        other.announced = self.announced
        other.edges = self.edges.copy()
        other.ferries = self.ferries.copy()
        other.hand = self.hand.copy()
        other.major_leaves = self.major_leaves.copy()
        other.money = self.money
        other.nodes = self.nodes.copy()
        other.paid = self.paid
        other.spent = self.spent
        other.start = self.start
        other.trains = [loco.clone() for loco in self.trains]
        other.turn_mode = self.turn_mode
        return other

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in Player.__slots__:
            value = getattr(self, name)
            if isinstance(value, set):
                value = sorted(value)
            elif isinstance(value, dict):
                value = [[k, v] for k, v in sorted(value.items())]
            elif name == "trains":
                value = [loco.to_json() for loco in value]
            data[name] = value
        return data
