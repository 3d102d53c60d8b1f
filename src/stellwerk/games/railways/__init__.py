"""Railways (solo): build a railway network on a 2x2 plan of double-sided cards."""

from stellwerk.games.railways.game import Railways

__all__ = ["Railways"]
