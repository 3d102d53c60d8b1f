"""What Benelux Rails declares about itself: its facts and its options (texts: terms.py)."""

from __future__ import annotations

from stellwerk.core.meta import GameMeta
from stellwerk.core.options import Choice, Option

META = GameMeta("Benelux Rails", 2, 3, about="br.about", designers=("Michael Mette",),
                publisher="MM's Kleine Spielgalerie", year=1995)

OPTIONS: tuple[Option, ...] = (
    Choice("variant", default="standard", choices=("standard", "fast"),
           aliases={"i": "fast", "1": "fast"}, label="br.opt.variant",
           help="br.opt.variant.help",
           value_labels={"standard": "br.opt.variant.standard", "fast": "br.opt.variant.fast"}),
)
