"""`stellwerk pack GAME [FILE]`: validate a content pack, show the figures the game will
use of it, and what in it is confirmed and what reconstructed."""

from __future__ import annotations

from pathlib import Path

from stellwerk.core.content import iter_items
from stellwerk.games import get_game


def show_pack(game_id: str, path: Path | None) -> int:
    game = get_game(game_id)
    pack = game.load_pack(path)
    counts = pack.provenance_counts()
    print(f"{pack.path}: valid {game.title} pack {pack.id!r} version {pack.version}")
    print(f"  {pack.title}")
    print(f"  sha256 {pack.sha256}")
    print(f"  items: {counts['confirmed']} confirmed, {counts['reconstructed']} reconstructed")
    for figure in pack.figures:       # what the game will use of it
        print(f"  {figure}")
    reconstructed = [where for where, kind in iter_items(pack.data) if kind == "reconstructed"]
    if reconstructed:
        print("  reconstructed: " + ", ".join(reconstructed))
    return 0
