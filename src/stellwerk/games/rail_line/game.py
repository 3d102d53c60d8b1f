"""Rail Line as a `Game`: options, pack, notation and the state factory; its companions
(terminal, picture, knowledge, study_figures) show it and teach its bots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from stellwerk.core.chance import Chance
from stellwerk.core.content import ContentPack, PackShelf
from stellwerk.core.contract import Action, ShelvedGame, State, seat_called
from stellwerk.games.rail_line import notation
from stellwerk.games.rail_line.meta import META, OPTIONS
from stellwerk.games.rail_line.pack_check import check_pack, pack_figures
from stellwerk.games.rail_line.rules import RailLineState
from stellwerk.games.rail_line.tables import Tables, compile_tables
from stellwerk.games.rail_line.terms import CATALOG

PACK_DIR = Path(__file__).parent / "pack"

class RailLine(ShelvedGame[Tables]):
    id = "rail-line"
    meta = META
    options = OPTIONS
    title, min_seats, max_seats = META.title, META.min_seats, META.max_seats
    engine_version = "rail-line/2"   # 2: Sugar factory before Sugar beet
    catalog = CATALOG
    state_memory_kib = 96  # a kept state mid-game with its caches (tracemalloc)
    chance_given = True      # its states draw from the Chance `new_state` is given
    companions: ClassVar[Mapping[str, str]] = {
        "terminal": "stellwerk.games.rail_line.terminal:RailLineTerminal",
        "picture": "stellwerk.games.rail_line.picture:RailLinePicture",
        "knowledge": "stellwerk.games.rail_line.knowledge:RailLineKnowledge",
        "study": "stellwerk.games.rail_line.study_figures:RailLineStudy",
        "encoding": "stellwerk.games.rail_line.encoding:RailLineEncoding",
    }

    def __init__(self) -> None:
        self.packs = PackShelf(self.id, PACK_DIR, "rail-line.toml", check_pack, compile_tables,
                               pack_figures)

    def new_state(self, options: Mapping[str, Any], seed: int | Chance, pack: ContentPack,
                  seats: int, log: bool = True) -> RailLineState:
        checked = self.parse_options(options, seats)
        return RailLineState(self.tables(pack), checked["sheet"], seats, seed, log=log)

    def restore(self, snapshot: Mapping[str, Any], pack: ContentPack) -> RailLineState:
        return RailLineState.from_snapshot(self.tables(pack), snapshot)

    def describe_event(self, event: Mapping[str, Any], lang: str = "en",
                       state: State | None = None,
                       names: Sequence[str] | None = None) -> str:
        """An event of `State.events` as a log line, e.g. "Anna: mark Coal" ("Seat 2:
        mark Coal" without the table's names)."""
        n = int(event.get("seat", 0))
        seat = seat_called(n, names, CATALOG.text("rl.seat", lang, n=n + 1))
        key = str(event.get("key", ""))
        if key == "rl.ev.mark":
            text = CATALOG.text(key, lang, seat=seat,
                                symbol=CATALOG.text(str(event.get("symbol")), lang))
            if event.get("outcome") in ("overflow", "lost"):
                text += CATALOG.text(f"rl.ev.{event['outcome']}", lang)
            return text
        return CATALOG.text(key, lang, seat=seat, arg=event.get("arg", ""))

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def public_notation(self, action: Action, kind: str) -> str:
        """Every Rail Line action is done in the open (rail-line.md): a card laid from a
        hand or the offer, or a discarded A card, lies face up; sides, tracks, moves,
        symbols and refusals are public choices. Only the hands before they are played
        and the B deck are secret, and no action names a card still in a hand."""
        return self.format_action(action)

    def describe_action(self, action: Action, lang: str = "en") -> str:
        """The action in words of `lang`, e.g. "lay A07" or "gain any symbol …: Glassworks"."""
        key = f"rl.do.{action[0]}"
        if key not in CATALOG:
            return self.format_action(action)
        args = [a for a in action[1:] if a is not None]
        symbols = [CATALOG.text(a, lang) for a in args if isinstance(a, str) and a in CATALOG]
        others = [str(a) for a in args if not (isinstance(a, str) and a in CATALOG)]
        text = CATALOG.text(key, lang, arg=others[0] if others else "")
        return text + (f": {', '.join(symbols)}" if symbols else "")
