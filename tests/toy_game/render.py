"""The terminal's picture of a Track Layers view: plain lines of text.

The terminal table shows it at each prompt (it fits 80 columns and a dozen rows, so
the game needs no compact picture of its own); `names` are the seats' names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.core.companions import Terminal
from tests.toy_game.terms import CATALOG


def seat_names(view: Mapping[str, Any], lang: str) -> list[str]:
    names: Sequence[str] | None = view.get("names")
    return list(names) if names else [CATALOG.text("toy.seat", lang, n=s + 1)
                                      for s in range(len(view["hands"]))]


def track_line(track: Sequence[int]) -> str:
    """Each piece as as many '=' as its length, joined by '+': `==+===+==`."""
    return "+".join("=" * length for length in track) or "·"


def render_view(view: Mapping[str, Any], lang: str = "en") -> str:
    t = CATALOG.text
    lines = [f"{t('toy.track', lang)}: {track_line(view['track'])}"]
    if view["open"]:
        lines.append(f"  {t('toy.open', lang)}")
    else:
        last = view["track"][-1]
        lines.append("  " + t("toy.next", lang, low=max(1, last - 1), high=last + 1))
    if view["burnt"]:
        lines.append(f"{t('toy.burnt', lang)}: {' '.join(map(str, view['burnt']))}")
    lines.append(t("toy.deck", lang, n=view["deck"]))
    for name, points, cards in zip(seat_names(view, lang), view["scores"], view["hands"],
                                   strict=True):
        lines.append(t("toy.player", lang, name=name, points=points, cards=cards))
    if view["hand"] is not None:
        lines.append(f"{t('toy.hand', lang)}: {' '.join(map(str, view['hand']))}")
    return "\n".join(lines)


class ToyTerminal(Terminal):
    def render(self, view: Mapping[str, Any], lang: str = "en") -> Any:
        return render_view(view, lang)
