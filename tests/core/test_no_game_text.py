"""The command line's refusal catalogue (core/refusals.py) and the web pages' catalogue
(web/terms.py) name no game: no game's id, title, option, option value or credits. A
game's words live in its own catalogue, which its declarations point into."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from stellwerk.core.options import Choice, Subset
from stellwerk.games import game_ids, get_game

SRC = Path(__file__).resolve().parents[2] / "src" / "stellwerk"
SHARED = ["core/refusals.py", "web/terms.py"]


def game_words() -> dict[str, str]:
    """Each word that would name a game, with the game it names."""
    found: dict[str, str] = {}
    for game_id in game_ids():
        game = get_game(game_id)
        words = [game_id, game.title]
        for option in game.options:
            words.append(option.name)
            if isinstance(option, Choice):
                words += [*option.choices, *option.aliases]
            if isinstance(option, Subset):
                words += [game.catalog.text(key, "en") for key in option.value_labels.values()]
        if game.meta is not None:
            words += [*game.meta.designers, game.meta.publisher or ""]
        # a word of one or two letters ("I", "II") is no name
        found.update({word: game_id for word in words if len(word) > 2})
    return found


def named_games(text: str) -> list[str]:
    return sorted(f"{word} ({game})" for word, game in game_words().items()
                  if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.IGNORECASE))


@pytest.mark.parametrize("where", SHARED)
def test_the_shared_catalogues_name_no_game(where: str) -> None:
    assert named_games((SRC / where).read_text(encoding="utf-8")) == []


def test_the_scan_would_see_a_game_named() -> None:
    assert named_games('"x": ("sheet must be I or II", "…")') == ["sheet (rail-line)"]
    assert named_games("Linie 1: rounds=N · Railways") == [
        "Linie 1 (linie1)", "Railways (railways)", "railways (railways)", "rounds (linie1)"]
    assert named_games("challenger, roundsman, sheets-of") == []
