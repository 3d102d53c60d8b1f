"""Rail Line fixtures live in `support.py` so tests can import its helpers too."""

from tests.rail_line.support import act, game, new_game, pack, with_cards

__all__ = ["act", "game", "new_game", "pack", "with_cards"]
