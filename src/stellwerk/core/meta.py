"""A game's declared facts, in one place: title, seats, who made it, one line about it.

Each game declares a `GameMeta` in its own package (`Game.meta`); the start page,
`stellwerk games` and the docs read it there. Who designed and published a game is
named only where its rule text or the spec names it (`None` otherwise); `about` is a
key of the game's catalogue for a one-line description in every language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from stellwerk.core.i18n import Catalog

TEXTS = Catalog({
    "meta.designers": {"en": "Designed by", "de": "Autor"},
    "meta.publisher": {"en": "Publisher", "de": "Verlag"},
    "meta.year": {"en": "Year", "de": "Jahr"},
    "meta.players": {"en": "Players", "de": "Personen"},
})


@dataclass(frozen=True)
class GameMeta:
    """What a game is: `title`, `min_seats`-`max_seats` players, the people and the
    publisher its rule text names, the year of the edition it follows, and `about`."""

    title: str
    min_seats: int
    max_seats: int
    about: str
    designers: tuple[str, ...] = ()
    publisher: str | None = None
    year: int | None = None

    def credits(self) -> str:
        """"Martin Doležal, Albi" or "Stefan Dorra, Goldsieber 1995" ('' when unnamed)."""
        maker = ", ".join(part for part in (", ".join(self.designers), self.publisher) if part)
        return f"{maker} {self.year}".strip() if self.year else maker

    def describe(self, catalog: Catalog, lang: str) -> dict[str, Any]:
        """The facts as JSON in `lang` (the start page's data)."""
        return {"title": self.title, "min": self.min_seats, "max": self.max_seats,
                "about": catalog.text(self.about, lang), "credits": self.credits()}
