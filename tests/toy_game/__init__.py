"""Track Layers, a toy game for two: the worked example of docs/adding-a-game.md.

Each player holds a hidden hand of rail pieces and lays them on one shared track, a
piece at most one length longer or shorter than the last; a burnt piece opens the
track's end for any length. The longest rails laid win.
"""

from tests.toy_game.game import ToyGame

__all__ = ["ToyGame"]
