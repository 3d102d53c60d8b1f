"""Linie 1 as a `Game`: options, pack, notation and the state factory."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from stellwerk.core.chance import Chance
from stellwerk.core.content import ContentPack, PackShelf
from stellwerk.core.contract import HUMAN, Action, Game, State
from stellwerk.core.errors import BadOption
from stellwerk.core.inputs import ascii_int
from stellwerk.games.linie1 import advice, heuristic, notation, render, rollout
from stellwerk.games.linie1.pack_check import check_pack, pack_figures
from stellwerk.games.linie1.precheck import precheck_lines, precheck_order
from stellwerk.games.linie1.rules import DEFAULT_ROUNDS, Linie1State
from stellwerk.games.linie1.svg import draw_view
from stellwerk.games.linie1.tables import Tables, compile_tables, square_index
from stellwerk.games.linie1.terms import CATALOG

PACK_DIR = Path(__file__).parent / "pack"
MAX_ROUNDS = 200


class Linie1(Game):
    id = "linie1"
    title = "Linie 1"
    engine_version = "linie1/1"
    min_seats = 2
    max_seats = 6
    catalog = CATALOG
    study_figures_at = "stellwerk.games.linie1.study_figures:study_figures"  # for study
    state_memory_kib = 640  # a kept state mid-game with its caches (tracemalloc)
    # Front ends: the legal list is a sample; ask humans to type their order.
    type_actions = True
    # Orders cannot be listed (any 0-5 placements in priority order): legal_actions and
    # candidate_actions give the same representative sample; check judges the rest.
    enumerable = False
    bots: ClassVar[Mapping[str, str]] = {"planner": "stellwerk.games.linie1.planner:PlannerBot"}
    # Greedy is not offered: over 200 games of three greedy bots (seeds 0-199), 473 of
    # 600 lines stayed unfinished.
    withdrawn_bots: ClassVar[frozenset[str]] = frozenset({"greedy"})
    hint_bot = "planner"   # search needs ~5 s of CPU per hint here (docs/bots.md)
    search_levels: ClassVar[Mapping[str, tuple[int, ...]]] = rollout.SEARCH_LEVELS

    def __init__(self) -> None:
        self.packs = PackShelf(self.id, PACK_DIR, "linie1.toml", check_pack, compile_tables,
                               pack_figures)
        self._active: Tables | None = None

    def default_pack_path(self) -> Path:
        return self.packs.default_path()

    def load_pack(self, path: Path | None = None) -> ContentPack:
        pack = self.packs.load(path)
        self.tables(pack)
        return pack

    def parse_options(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        self.check_seats(seats)
        self.check_option_names(raw, ["rounds"])
        rounds = raw.get("rounds", DEFAULT_ROUNDS)
        if isinstance(rounds, str):
            rounds = ascii_int(rounds)      # ASCII digits only, at most 20 of them
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not (
                1 <= rounds <= MAX_ROUNDS):
            raise BadOption(f"rounds must be a whole number from 1 to {MAX_ROUNDS}, "
                            f"not {str(raw.get('rounds'))[:20]!r}")
        return {"rounds": rounds}

    def tables(self, pack: ContentPack) -> Tables:
        self._active = self.packs.compiled(pack)
        return self._active

    def active_tables(self) -> Tables:
        """The tables of the pack loaded last (the one a table or bot is playing with)."""
        return self._active if self._active is not None else self.default_tables()

    def default_tables(self) -> Tables:
        return self.tables(self.load_pack())

    def new_state(self, options: Mapping[str, Any], seed: int, pack: ContentPack,
                  seats: int) -> Linie1State:
        checked = self.parse_options(options, seats)
        return Linie1State(self.tables(pack), seats, seed, checked["rounds"])

    def restore(self, snapshot: Mapping[str, Any], pack: ContentPack) -> Linie1State:
        return Linie1State.from_snapshot(self.tables(pack), snapshot)

    def describe_event(self, event: Mapping[str, Any], lang: str = "en",
                       state: State | None = None) -> str:
        params = {k: v for k, v in event.items() if k != "key"}
        if isinstance(params.get("seat"), int):
            params["seat"] = CATALOG.text("l1.seat", lang, n=params["seat"] + 1)
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

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, Linie1State)
        return heuristic.evaluate(state, seat)

    def rollout_action(self, state: State, seat: int, chance: Chance) -> Action:
        assert isinstance(state, Linie1State)
        return rollout.rollout_action(state, seat, chance)

    # the tree search weighs the planner's orders and values leaves by expected score
    # (rollout.py), not the random sample and the greedy heuristic
    def search_actions(self, state: State, seat: int, listed: list[Action]) -> list[Action]:
        assert isinstance(state, Linie1State)
        return rollout.search_actions(state, seat)

    def search_heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, Linie1State)
        return rollout.search_value(state, seat)

    def render(self, view: Mapping[str, Any], lang: str = "en") -> Any:
        return render.render_view(self.active_tables(), view, lang)

    # The page: the board (41 columns) beside the round, the seat's own results, line,
    # stops and hand (render.py), about 18 rows of 80 columns.
    COMPACT_HEIGHT = 20

    def render_compact(self, view: Mapping[str, Any], lang: str = "en",
                       width: int = 80) -> Any:
        return render.render_compact(view, lang, self.active_tables(), width)

    def detail_topics(self, view: Mapping[str, Any]) -> Sequence[str]:
        return render.DETAIL_TOPICS

    def explain_action(self, state: State, seat: int, action: Action,
                       lang: str = "en") -> str | None:
        return advice.explain(self.active_tables(), state, seat, action, lang)

    def detail_for(self, view: Mapping[str, Any], word: str) -> str | None:
        return word.strip().upper() if square_index(word) is not None else None

    def render_detail(self, view: Mapping[str, Any], topic: str, lang: str = "en",
                      width: int = 80) -> Any:
        return render.render_details(view, lang, topic, self.active_tables())

    def default_seats(self, humans: bool) -> list[str]:
        # `play linie1` without --seats: you and three planners; `simulate`: two planners
        # (greedy bots leave most lines unfinished)
        return [HUMAN, "planner", "planner", "planner"] if humans else ["planner"] * 2

    def review_action(self, view: Mapping[str, Any], action: Action,
                      lang: str = "en") -> tuple[list[str], str | None]:
        """An order checked against the board the seat sees, before it is sent: a line
        per placement, and a question to confirm when any placement would fail."""
        results = precheck_order(self.active_tables(), view, action)
        failing = any(not r["ok"] for r in results)
        return (precheck_lines(results, lang),
                CATALOG.text("l1.pre.send_anyway", lang) if failing else None)

    def svg(self, view: Mapping[str, Any], lang: str = "en",
            names: Sequence[str] | None = None) -> str | None:
        """The board with clickable free squares and the seat's own line, stops and
        hand under it (svg.py); drawn with the tables of the pack in play, as `render`."""
        return draw_view(self.active_tables(), view, lang)
