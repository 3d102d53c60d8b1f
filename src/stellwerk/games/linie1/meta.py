"""What Linie 1 declares about itself: its facts and its options (texts: terms.py)."""

from __future__ import annotations

from stellwerk.core.meta import GameMeta
from stellwerk.core.options import Number, Option
from stellwerk.games.linie1.rules import DEFAULT_ROUNDS

MAX_ROUNDS = 200    # far beyond any game's end (a line is finished long before)

META = GameMeta("Linie 1", 2, 6, about="l1.about", designers=("Stefan Dorra",),
                publisher="Goldsieber", year=1995)

OPTIONS: tuple[Option, ...] = (
    Number("rounds", default=DEFAULT_ROUNDS, low=1, high=MAX_ROUNDS,
           label="l1.opt.rounds", help="l1.opt.rounds.help"),
)
