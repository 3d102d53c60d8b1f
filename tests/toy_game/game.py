"""Track Layers as a `Game`: what the registry loads, and what every front end and bot
asks of the title (its options, content pack, notation, words and pictures).

The rules live in rules.py; this class only wires the title together. The hooks for
the terminal (render.py), the web table (svg.py) and the bots (bots.py) each sit in
their own module, so each front end's knowledge of the game can be read, and moved,
on its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from stellwerk.core.content import ContentPack, PackShelf
from stellwerk.core.contract import Action, ShelvedGame, State, seat_called
from stellwerk.core.errors import BadPack
from stellwerk.core.meta import GameMeta
from stellwerk.core.options import Number, Option
from tests.toy_game import notation
from tests.toy_game.rules import SEATS, ToyState
from tests.toy_game.terms import CATALOG

PACK_DIR = Path(__file__).parent / "pack"
HAND_SIZES = (2, 3, 4)


def check_pack(data: Mapping[str, Any]) -> None:
    """Beyond the schema: each length once, and enough pieces to deal the biggest hands."""
    lengths = [piece["length"] for piece in data["pieces"]]
    if len(set(lengths)) != len(lengths):
        raise BadPack("pieces: a length is listed twice")
    if sum(piece["count"] for piece in data["pieces"]) < SEATS * max(HAND_SIZES):
        raise BadPack(f"pieces: fewer than {SEATS * max(HAND_SIZES)} in all")


def compile_pack(pack: ContentPack) -> tuple[int, ...]:
    """The deck the pack describes, one entry per piece (its length)."""
    return tuple(piece["length"] for piece in pack.data["pieces"]
                 for _ in range(piece["count"]))


def pack_figures(data: Mapping[str, Any]) -> list[str]:
    return [f"{sum(piece['count'] for piece in data['pieces'])} pieces in the deck"]


class ToyGame(ShelvedGame[tuple[int, ...]]):
    id = "toy"
    title = "Track Layers"
    engine_version = "toy/1"
    min_seats = SEATS
    max_seats = SEATS
    catalog = CATALOG
    # the companions: what shows the game and what its bots know, each in its own
    # module and imported only when a front end or a bot asks (core/companions.py)
    companions: ClassVar[Mapping[str, str]] = {
        "terminal": "tests.toy_game.render:ToyTerminal",
        "picture": "tests.toy_game.svg:ToyPicture",
        "knowledge": "tests.toy_game.bots:ToyKnowledge",
    }
    state_memory_kib = 8
    # the options as data: the core reads and refuses them (in both languages), and the
    # start page, `--help` and the guide's table show them
    meta = GameMeta("Track Layers", 2, 2, about="toy.about")
    options: tuple[Option, ...] = (
        Number("hand", default=3, low=min(HAND_SIZES), high=max(HAND_SIZES),
               label="toy.opt.hand", help="toy.opt.hand.help"),
    )

    def __init__(self) -> None:
        # the shelf gives the shipped pack, a player's own, and their compiled tables
        self.packs = PackShelf(self.id, PACK_DIR, "toy.toml", check_pack, compile_pack,
                               pack_figures)

    # options and pack -------------------------------------------------------------------
    def new_state(self, options: Mapping[str, Any], seed: int, pack: ContentPack,
                  seats: int) -> ToyState:
        checked = self.parse_options(options, seats)
        return ToyState(list(self.tables(pack)), checked["hand"], seed)

    def restore(self, snapshot: Mapping[str, Any], pack: ContentPack) -> ToyState:
        return ToyState.from_snapshot(snapshot)

    # notation and words -------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def public_notation(self, action: Action, kind: str) -> str:
        """Both verbs put the piece face up (on the track or the burnt pile): an action
        gives away nothing its own turn does not show everyone."""
        return self.format_action(action)

    def describe_action(self, action: Action, lang: str = "en") -> str:
        return CATALOG.text(f"toy.do.{action[0]}", lang, length=action[1])

    def describe_event(self, event: Mapping[str, Any], lang: str = "en",
                       state: State | None = None,
                       names: Sequence[str] | None = None) -> str:
        n = int(event.get("seat", 0))
        seat = seat_called(n, names, CATALOG.text("toy.seat", lang, n=n + 1))
        return CATALOG.text(str(event.get("key", "")), lang, seat=seat,
                            length=event.get("length", ""))
