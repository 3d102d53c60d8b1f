"""Turning command-line choices into a game, a pack, options and seats (shared by the
front ends), refusing anything that does not fit with one clear BadOption."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stellwerk.bots import BOTS
from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Game
from stellwerk.core.errors import BadOption
from stellwerk.core.record import GameRecord, Seat
from stellwerk.games import get_game

HUMAN = "human"


@dataclass
class Table:
    game: Game
    pack: ContentPack
    options: dict[str, Any]
    seats: list[str]
    seed: int

    def record(self, names: list[str]) -> GameRecord:
        return GameRecord(
            game=self.game.id, engine_version=self.game.engine_version, options=self.options,
            pack_id=self.pack.id, pack_sha256=self.pack.sha256, seed=self.seed,
            seats=[Seat(name, kind) for name, kind in zip(names, self.seats, strict=True)],
        )


def parse_seats(text: str | None, game: Game, default: list[str],
                humans_allowed: bool = True) -> list[str]:
    if text is None:
        return default
    seats = [s.strip().lower() for s in text.split(",")]
    allowed = [*BOTS, HUMAN] if humans_allowed else list(BOTS)
    for seat in seats:
        if seat == HUMAN and not humans_allowed:
            raise BadOption(f"only bots sit at a simulation, not {HUMAN!r}; bots: "
                            f"{', '.join(BOTS)} (humans play with `stellwerk play`)")
        if seat not in allowed:
            raise BadOption(f"unknown seat {seat!r}; seats may be: {', '.join(allowed)}")
        # a game may name the bots it offers (Linie 1: greedy cannot finish a line)
        offered = getattr(game, "bots", None)
        if offered is not None and seat != HUMAN and seat not in offered:
            raise BadOption(f"{game.title} does not offer the {seat!r} bot; bots: "
                            f"{', '.join(offered)}")
    if not game.min_seats <= len(seats) <= game.max_seats:
        raise BadOption(f"{game.title} is for {game.min_seats}-{game.max_seats} players, "
                        f"--seats names {len(seats)}")
    return seats


def open_table(game_id: str, seats_text: str | None, seed: int | None, pack_path: Path | None,
               raw_options: Mapping[str, str], default_seats: list[str] | None = None,
               humans_allowed: bool = True) -> Table:
    game = get_game(game_id)
    if default_seats is None:
        # play: you against bots in every other chair; simulate: the fewest greedy bots
        # a game may declare its own table (Linie 1: you and three planners)
        declared = list(getattr(game, "default_seats", ()))
        bot = (getattr(game, "bots", None) or ["greedy"])[0]
        default_seats = (declared or [HUMAN] + [bot] * (game.max_seats - 1)
                         if humans_allowed else [bot] * game.min_seats)
    seats = parse_seats(seats_text, game, default_seats, humans_allowed)
    if seed is not None and seed < 0:
        raise BadOption("--seed must be 0 or more")
    options = game.parse_options(raw_options, len(seats))
    pack = game.load_pack(pack_path)
    return Table(game, pack, options, seats,
                 secrets.randbelow(2**31) if seed is None else seed)
