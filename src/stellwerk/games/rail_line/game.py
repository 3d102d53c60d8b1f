"""Rail Line as a `Game`: options, pack, notation and the state factory."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from stellwerk.core.chance import Chance
from stellwerk.core.content import ContentPack, PackShelf
from stellwerk.core.contract import Action, Game, State
from stellwerk.core.errors import BadOption
from stellwerk.games.rail_line import advice, heuristic, notation, render, rollout
from stellwerk.games.rail_line.pack_check import check_pack, pack_figures
from stellwerk.games.rail_line.render import COMPACT_ROWS
from stellwerk.games.rail_line.rules import RailLineState
from stellwerk.games.rail_line.svg import draw_view
from stellwerk.games.rail_line.tables import Tables, compile_tables
from stellwerk.games.rail_line.terms import CATALOG

PACK_DIR = Path(__file__).parent / "pack"
SHEETS = {"I": "I", "1": "I", "II": "II", "2": "II"}


class RailLine(Game):
    id = "rail-line"
    title = "Rail Line"
    engine_version = "rail-line/2"   # 2: Sugar factory before Sugar beet
    min_seats = 2
    max_seats = 3
    catalog = CATALOG
    study_figures_at = "stellwerk.games.rail_line.study_figures:study_figures"  # for study
    state_memory_kib = 96  # a kept state mid-game with its caches (tracemalloc)
    # ISMCTS budgets and rollout policy: rollout.py, docs/bots.md.
    search_levels: ClassVar[Mapping[str, tuple[int, ...]]] = rollout.SEARCH_LEVELS

    def __init__(self) -> None:
        self.packs = PackShelf(self.id, PACK_DIR, "rail-line.toml", check_pack, compile_tables,
                               pack_figures)

    def default_pack_path(self) -> Path:
        return self.packs.default_path()

    def load_pack(self, path: Path | None = None) -> ContentPack:
        return self.packs.load(path)

    def parse_options(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        self.check_seats(seats)
        self.check_option_names(raw, ["sheet"])
        sheet = SHEETS.get(str(raw.get("sheet", "I")).upper())
        if sheet is None:
            raise BadOption(f"sheet must be I or II, not {raw.get('sheet')!r}")
        return {"sheet": sheet}

    def tables(self, pack: ContentPack) -> Tables:
        return self.packs.compiled(pack)

    def new_state(self, options: Mapping[str, Any], seed: int, pack: ContentPack,
                  seats: int, log: bool = True) -> RailLineState:
        checked = self.parse_options(options, seats)
        return RailLineState(self.tables(pack), checked["sheet"], seats, seed, log=log)

    def restore(self, snapshot: Mapping[str, Any], pack: ContentPack) -> RailLineState:
        return RailLineState.from_snapshot(self.tables(pack), snapshot)

    def explain_action(self, state: State, seat: int, action: Action,
                       lang: str = "en") -> str | None:
        return advice.explain(state, seat, action, lang) if isinstance(state, RailLineState) \
            else None

    def describe_event(self, event: Mapping[str, Any], lang: str = "en",
                       state: State | None = None) -> str:
        """An event of `State.events` as a log line, e.g. "Seat 2: mark Coal"."""
        seat = CATALOG.text("rl.seat", lang, n=int(event.get("seat", 0)) + 1)
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

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, RailLineState)
        return heuristic.evaluate(state, seat)

    # A sensible player: the policy itself, not a method that calls it (one
    # call less on every rollout step); it is handed Rail Line states only.
    rollout_action = staticmethod(rollout.rollout_action)  # type: ignore[assignment]

    def rollout(self, state: State, policy: Callable[[State, int, Chance], Action],
                chance: Chance, depth: int) -> None:
        """ISMCTS's rollout with the policy above in one loop (`rollout.play_out`: the
        same draws and actions, less call overhead); any other policy, e.g. a bench's
        uniform one, the contract's loop."""
        if policy is rollout.rollout_action:
            assert isinstance(state, RailLineState)
            rollout.play_out(state, chance, depth)
        else:
            super().rollout(state, policy, chance, depth)

    def render(self, view: Mapping[str, Any], lang: str = "en") -> Any:
        return render.render_view(view, lang, view.get("names"))

    # The pages of the terminal table (render.py): near end of the line, offer and hand,
    # the seat's sheet and one line per player, made to fit 32 rows whatever wraps; the
    # question and the choices keep the rest of a 40-row terminal.
    COMPACT_HEIGHT = COMPACT_ROWS

    def render_compact(self, view: Mapping[str, Any], lang: str = "en",
                       width: int = 80) -> Any:
        return render.render_compact(view, lang, view.get("names"), width)

    def detail_topics(self, view: Mapping[str, Any]) -> Sequence[str]:
        return render.DETAIL_TOPICS

    def render_detail(self, view: Mapping[str, Any], topic: str, lang: str = "en",
                      width: int = 80) -> Any:
        return render.render_details(view, lang, topic, view.get("names"))

    def svg(self, view: Mapping[str, Any], lang: str = "en",
            names: Sequence[str] | None = None) -> str | None:
        """The line with every locomotive, offer, hand and record sheets (svg.py);
        cards carry `data-card`, stations a slow move can reach `data-slow`."""
        return draw_view(view, names, lang)
