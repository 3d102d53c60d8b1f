"""The words a player types for a game's details (`show TOPIC`): each topic's own name
in any language, and its word in the player's language where the game's catalogue
gives one under `topic.GAME.NAME` (`zeige blatt` for Rail Line's sheet)."""

from __future__ import annotations

from collections.abc import Sequence

from stellwerk.core.contract import Game


def topic_key(game: Game, topic: str) -> str:
    """The catalogue key of a topic's word: `topic.<game>.<topic>` (unique across games)."""
    return f"topic.{game.id.replace('-', '_')}.{topic}"


def topic_word(game: Game, topic: str, lang: str) -> str:
    """The word shown for `topic` to a reader of `lang`."""
    key = topic_key(game, topic)
    return game.catalog.text(key, lang) if key in game.catalog else topic


def find_topic(game: Game, topics: Sequence[str], typed: str, lang: str) -> str | None:
    """The topic `typed` names (its name, or its word in `lang`), or None."""
    wanted = typed.strip().lower()
    for topic in topics:
        if wanted in (topic.lower(), topic_word(game, topic, lang).lower()):
            return topic
    return None
