"""What Railways declares about itself: its facts and its options (texts: terms.py)."""

from __future__ import annotations

from stellwerk.core.meta import GameMeta
from stellwerk.core.options import Option, Subset
from stellwerk.games.railways.constants import CHALLENGES

META = GameMeta("Railways", 1, 1, about="rw.about", designers=("Alban Viard",),
                publisher="nano games")

# docs/games/railways.md#rw-rules: challenge 5 (Magnate) is any combination of 1-4, so
# it is chosen by naming those, and "5" gets an explanation of its own
OPTIONS: tuple[Option, ...] = (
    Subset("challenges", default=(), choices=tuple(sorted(CHALLENGES)),
           label="rw.opt.challenges", help="rw.opt.challenges.help",
           value_labels=CHALLENGES,
           explained={"5": "rw.opt.magnate"}),
)
