"""Railways as a `Game`: options (challenges), pack, notation and the state factory;
its companions (terminal, picture, knowledge, study_figures) show it and teach its bots."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from stellwerk.core.chance import Chance
from stellwerk.core.content import ContentPack, PackShelf
from stellwerk.core.contract import Action, ShelvedGame
from stellwerk.games.railways import notation
from stellwerk.games.railways.meta import META, OPTIONS
from stellwerk.games.railways.pack_check import check_pack, pack_figures
from stellwerk.games.railways.rules import RailwaysState
from stellwerk.games.railways.tables import Tables, compile_tables
from stellwerk.games.railways.terms import CATALOG

PACK_DIR = Path(__file__).parent / "pack"


class Railways(ShelvedGame[Tables]):
    id = "railways"
    meta = META
    options = OPTIONS
    title, min_seats, max_seats = META.title, META.min_seats, META.max_seats
    engine_version = "railways/2"   # 2: target substitution and Leisure rulings
    catalog = CATALOG
    state_memory_kib = 384  # a kept state mid-game with its caches (tracemalloc)
    chance_given = True      # its states draw from the Chance `new_state` is given
    companions: ClassVar[Mapping[str, str]] = {
        "terminal": "stellwerk.games.railways.terminal:RailwaysTerminal",
        "picture": "stellwerk.games.railways.picture:RailwaysPicture",
        "knowledge": "stellwerk.games.railways.knowledge:RailwaysKnowledge",
        "study": "stellwerk.games.railways.study_figures:RailwaysStudy",
        "encoding": "stellwerk.games.railways.encoding:RailwaysEncoding",
    }

    def __init__(self) -> None:
        self.packs = PackShelf(self.id, PACK_DIR, "railways.toml", check_pack, compile_tables,
                               pack_figures)

    def new_state(self, options: Mapping[str, Any], seed: int | Chance, pack: ContentPack,
                  seats: int) -> RailwaysState:
        checked = self.parse_options(options, seats)
        return RailwaysState(self.tables(pack), seed, tuple(checked["challenges"]))

    def restore(self, snapshot: Mapping[str, Any], pack: ContentPack) -> RailwaysState:
        return RailwaysState.from_snapshot(self.tables(pack), snapshot)

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def public_notation(self, action: Action, kind: str) -> str:
        """Railways is played alone and in the open (railways.md): the only secret is the
        order of the draw pile, which no action names, so an onlooker reads every
        action."""
        return self.format_action(action)

    def describe_action(self, action: Action, lang: str = "en") -> str:
        key = f"rw.do.{action[0]}"
        return CATALOG.text(key, lang) if key in CATALOG else self.format_action(action)
