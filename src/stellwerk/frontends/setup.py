"""Turning command-line choices into a game, a pack, options and seats (shared by the
front ends), refusing anything that does not fit with one clear BadOption."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stellwerk.bots import bots_for
from stellwerk.core.companions import knowledge
from stellwerk.core.content import ContentPack
from stellwerk.core.contract import HUMAN, Game
from stellwerk.core.errors import BadOption
from stellwerk.core.record import GameRecord, Seat
from stellwerk.games import get_game


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
    bots = list(bots_for(game))     # a game's own bot (Linie 1's planner) plays only it
    withdrawn = knowledge(game).withdrawn_bots
    allowed = [*bots, HUMAN] if humans_allowed else bots
    for seat in seats:
        if seat == HUMAN and not humans_allowed:
            raise BadOption(f"only bots sit at a simulation, not {HUMAN!r}; bots: "
                            f"{', '.join(bots)} (humans play with `stellwerk play`)")
        if seat in withdrawn:     # e.g. greedy cannot finish a Linie 1 line
            raise BadOption(f"{game.title} does not offer the {seat!r} bot; seats may be: "
                            f"{', '.join(allowed)}")
        if seat not in allowed:
            raise BadOption(f"unknown seat {seat!r} for {game.title}; seats may be: "
                            f"{', '.join(allowed)}")
    if not game.min_seats <= len(seats) <= game.max_seats:
        raise BadOption(f"{game.title} is for {game.min_seats}-{game.max_seats} players, "
                        f"--seats names {len(seats)}")
    return seats


def open_table(game_id: str, seats_text: str | None, seed: int | None, pack_path: Path | None,
               raw_options: Mapping[str, str], default_seats: list[str] | None = None,
               humans_allowed: bool = True) -> Table:
    game = get_game(game_id)
    if default_seats is None:   # the game's own table (Linie 1: you and three planners)
        default_seats = knowledge(game).default_seats(humans_allowed)
    seats = parse_seats(seats_text, game, default_seats, humans_allowed)
    if seed is not None and seed < 0:
        raise BadOption("--seed must be 0 or more")
    options = game.parse_options(raw_options, len(seats))
    pack = game.load_pack(pack_path)
    return Table(game, pack, options, seats,
                 secrets.randbelow(2**31) if seed is None else seed)
