"""`stellwerk pack GAME [FILE]`: validate a content pack, show the figures the game will
use of it, and what in it is confirmed and what reconstructed."""

from __future__ import annotations

from pathlib import Path

from stellwerk.core.content import iter_items
from stellwerk.frontends.report_words import WORDS
from stellwerk.games import get_game


def show_pack(game_id: str, path: Path | None, lang: str = "en") -> int:
    game = get_game(game_id)
    pack = game.load_pack(path)
    counts = pack.provenance_counts()
    print(WORDS.text("pack.valid", lang, path=pack.path, game=game.title, id=pack.id,
                     version=pack.version))
    print(f"  {pack.title}")
    print(f"  sha256 {pack.sha256}")
    print("  " + WORDS.text("pack.items", lang, confirmed=counts["confirmed"],
                            reconstructed=counts["reconstructed"]))
    for figure in pack.figures:       # what the game will use of it
        print(f"  {figure}")
    reconstructed = [where for where, kind in iter_items(pack.data) if kind == "reconstructed"]
    if reconstructed:
        print("  " + WORDS.text("pack.reconstructed", lang, items=", ".join(reconstructed)))
    return 0
