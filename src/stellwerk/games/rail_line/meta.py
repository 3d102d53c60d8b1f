"""What Rail Line declares about itself: its facts and its options (texts: terms.py)."""

from __future__ import annotations

from stellwerk.core.meta import GameMeta
from stellwerk.core.options import Choice, Option

META = GameMeta("Rail Line", 2, 3, about="rl.about", designers=("Martin Doležal",),
                publisher="Albi")

OPTIONS: tuple[Option, ...] = (
    Choice("sheet", default="I", choices=("I", "II"), aliases={"1": "I", "2": "II"},
           label="rl.opt.sheet", help="rl.opt.sheet.help",
           value_labels={"I": "rl.opt.sheet.I", "II": "rl.opt.sheet.II"}),
)
