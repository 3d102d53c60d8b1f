"""Benelux Rails as a `Game`: options, pack, notation and the state factory; its
companions (terminal, picture, knowledge, study_figures) show it and teach its bots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from stellwerk.core.chance import Chance
from stellwerk.core.content import ContentPack, PackShelf
from stellwerk.core.contract import Action, ShelvedGame, State, seat_called
from stellwerk.games.benelux_rails import notation
from stellwerk.games.benelux_rails.meta import META, OPTIONS
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.games.benelux_rails.snapshots import restore
from stellwerk.games.benelux_rails.tables import Tables, check_pack, compile_pack
from stellwerk.games.benelux_rails.terms import CATALOG
from stellwerk.games.benelux_rails.trains import VARIANTS
from stellwerk.games.benelux_rails.words import city_word, good_word, localise

PACK_DIR = Path(__file__).parent / "pack"
SHIPPED = "benelux-rails.toml"   # the generated map of the Low Countries (mapgen/)
FALLBACK = "tiny.toml"           # a small hand-made map, used where the generated one is absent

class BeneluxRails(ShelvedGame[Tables]):
    id = "benelux-rails"
    meta = META
    options = OPTIONS
    title, min_seats, max_seats = META.title, META.min_seats, META.max_seats
    engine_version = "benelux-rails/2"
    catalog = CATALOG
    state_memory_kib = 1024  # a kept state mid-game with its caches (tracemalloc)
    type_actions = True     # build paths are typed; the numbered list is only a sample
    enumerable = False
    chance_given = True      # its states draw from the Chance `new_state` is given
    companions: ClassVar[Mapping[str, str]] = {
        "terminal": "stellwerk.games.benelux_rails.terminal:BeneluxRailsTerminal",
        "picture": "stellwerk.games.benelux_rails.picture:BeneluxRailsPicture",
        "knowledge": "stellwerk.games.benelux_rails.knowledge:BeneluxRailsKnowledge",
        "study": "stellwerk.games.benelux_rails.study_figures:BeneluxRailsStudy",
        "encoding": "stellwerk.games.benelux_rails.encoding:BeneluxEncoding",
    }

    def __init__(self) -> None:
        file = SHIPPED if (PACK_DIR / SHIPPED).exists() else FALLBACK
        self.packs = PackShelf(self.id, PACK_DIR, file, check_pack, compile_pack)
        self._shipped_pack: ContentPack | None = None

    def new_state(self, options: Mapping[str, Any], seed: int | Chance, pack: ContentPack,
                  seats: int) -> BeneluxState:
        checked = self.parse_options(options, seats)
        assert checked["variant"] in VARIANTS
        return BeneluxState(self.tables(pack), checked["variant"], seats, seed)

    def restore(self, snapshot: Mapping[str, Any], pack: ContentPack) -> State:
        return restore(snapshot, self.tables(pack))

    def generate_pack(self) -> bytes:
        """`stellwerk pack benelux-rails --generate OUT`: the map and cards generated
        afresh (mapgen, reproducible byte for byte)."""
        from stellwerk.games.benelux_rails import mapgen
        return mapgen.pack_bytes()

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def describe_action(self, action: Action, lang: str = "en") -> str:
        """The notation in the reader's language: in German the German verbs and the
        German names of goods and cities (`fahre 2 Brüssel über F12`), which the
        notation reads back."""
        if lang != "de":
            return self.format_action(action)
        tables = self.event_tables()
        return notation.german_form(action, lambda w: good_word(tables, w, lang)
                                    if w in tables.good_index else city_word(tables, w, lang))

    def public_notation(self, action: Action, kind: str) -> str:
        """benelux-rails.md: the demand cards in a hand are secret, so the cards a player
        keeps from the deal show only as `keep ? ? ?` (the rules' private log entry says
        the same: a seat kept its cards). Every other action is done in the open: a
        delivery shows its card, discarding a hand names no card."""
        return notation.public_form(action)

    def describe_event(self, event: Mapping[str, Any], lang: str = "en",
                       state: State | None = None,
                       names: Sequence[str] | None = None) -> str:
        """One event of `State.events` in words: seats by the table's `names` (else as
        "Seat 2"), paths joined, goods and cities named from the pack of `state` (else
        `event_tables`)."""
        params: dict[str, Any] = {k: (" ".join(map(str, v)) if isinstance(v, list) else v)
                                  for k, v in event.items() if k not in ("key", "seat")}
        seat = event.get("seat")
        who = (seat_called(seat, names, CATALOG.text("br.seat", lang, n=seat + 1))
               if isinstance(seat, int) else "")
        if who and isinstance(params.get("train_no"), int):
            who = CATALOG.text("br.seat_train", lang, seat=who, n=params["train_no"])
        to = params.get("to")
        if isinstance(to, int):
            params["to"] = seat_called(to, names, CATALOG.text("br.seat", lang, n=to + 1))
        tables = state.t if isinstance(state, BeneluxState) else self.event_tables()
        localise(params, tables, lang)
        return CATALOG.text(str(event.get("key", "")), lang, seat=who, **params)

    def event_tables(self) -> Tables:
        """For an event described without its state: the one pack compiled in this
        process, else the shipped pack (its ids and German words name goods and cities
        in the text). Callers that have the state pass it to `describe_event`."""
        compiled = self.packs.cached_all()
        if len(compiled) == 1:
            return compiled[0]
        return self.tables(self._shipped())

    def _shipped(self) -> ContentPack:
        if self._shipped_pack is None:
            self._shipped_pack = self.load_pack()
        return self._shipped_pack
