"""Rail Line (Martin Doležal, Albi): 2-3 players, one shared line of railway cards."""

from stellwerk.games.rail_line.game import RailLine

__all__ = ["RailLine"]
