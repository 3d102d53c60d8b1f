"""Linie 1 as a `Game`: options, pack, notation and the state factory; its companions
(terminal, picture, knowledge, study_figures) show it and teach its bots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from stellwerk.core.chance import Chance
from stellwerk.core.content import ContentPack, PackShelf
from stellwerk.core.contract import Action, ShelvedGame, State, seat_called
from stellwerk.games.linie1 import notation
from stellwerk.games.linie1.meta import META, OPTIONS
from stellwerk.games.linie1.pack_check import check_pack, pack_figures
from stellwerk.games.linie1.rules import Linie1State
from stellwerk.games.linie1.tables import Tables, compile_tables
from stellwerk.games.linie1.terms import CATALOG

PACK_DIR = Path(__file__).parent / "pack"


class Linie1(ShelvedGame[Tables]):
    id = "linie1"
    meta = META
    options = OPTIONS
    title, min_seats, max_seats = META.title, META.min_seats, META.max_seats
    engine_version = "linie1/1"
    catalog = CATALOG
    postal_at = "stellwerk.games.linie1.judge.postal:Linie1Postal"  # for `stellwerk judge`
    state_memory_kib = 640  # a kept state mid-game with its caches (tracemalloc)
    # Front ends: the legal list is a sample; ask humans to type their order.
    type_actions = True
    # Orders cannot be listed (any 0-5 placements in priority order): legal_actions and
    # candidate_actions give the same representative sample; check judges the rest.
    enumerable = False
    chance_given = True      # its states draw from the Chance `new_state` is given
    companions: ClassVar[Mapping[str, str]] = {
        "terminal": "stellwerk.games.linie1.terminal:Linie1Terminal",
        "picture": "stellwerk.games.linie1.picture:Linie1Picture",
        "knowledge": "stellwerk.games.linie1.knowledge:Linie1Knowledge",
        "study": "stellwerk.games.linie1.study_figures:Linie1Study",
        "encoding": "stellwerk.games.linie1.encoding:Linie1Encoding",
    }

    def __init__(self) -> None:
        self.packs = PackShelf(self.id, PACK_DIR, "linie1.toml", check_pack, compile_tables,
                               pack_figures)

    def load_pack(self, path: Path | None = None) -> ContentPack:
        pack = self.packs.load(path)
        self.tables(pack)   # a pack that does not compile is refused here
        return pack

    def new_state(self, options: Mapping[str, Any], seed: int | Chance, pack: ContentPack,
                  seats: int) -> Linie1State:
        checked = self.parse_options(options, seats)
        return Linie1State(self.tables(pack), seats, seed, checked["rounds"])

    def restore(self, snapshot: Mapping[str, Any], pack: ContentPack) -> Linie1State:
        return Linie1State.from_snapshot(self.tables(pack), snapshot)

    def describe_event(self, event: Mapping[str, Any], lang: str = "en",
                       state: State | None = None,
                       names: Sequence[str] | None = None) -> str:
        params = {k: v for k, v in event.items() if k != "key"}
        if isinstance(params.get("seat"), int):
            params["seat"] = seat_called(params["seat"], names,
                                         CATALOG.text("l1.seat", lang, n=params["seat"] + 1))
        if "outcome" in params:
            params["outcome"] = CATALOG.text(f"l1.outcome.{params['outcome']}", lang)
        return CATALOG.text(str(event.get("key", "")), lang, **params)

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def describe_action(self, action: Action, lang: str = "en") -> str:
        """The order as a player of `lang` writes it (German tile names in German)."""
        return notation.format_action(action, lang)

    def public_notation(self, action: Action, kind: str) -> None:
        """Every Linie 1 action is a sealed order (linie1.md): its tiles come from a
        secret hand, a placement that fails shows a tile the board never gets, and the
        order of its placements hints at the secret line. So no other seat reads an
        order, not even after its round: the round's events show what was placed."""
        return None
