"""The yardstick for a Railways score: the bots' measured means and how often each
challenge is met (data: `yardstick.toml`, with where the figures come from)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

FILE = Path(__file__).with_name("yardstick.toml")


@cache
def yardstick() -> dict[str, Any]:
    with FILE.open("rb") as handle:
        return tomllib.load(handle)


def compare(score: float) -> dict[str, Any]:
    """The score placed among the bots: each bot's mean and whether the score beat it."""
    data = yardstick()
    return {
        "score": score,
        "bots": [{"bot": name, "mean": figures["mean"], "beaten": score > figures["mean"]}
                 for name, figures in data["bots"].items()],
        "challenge_rates": data["challenges"],
        "games": data["games"],
    }
