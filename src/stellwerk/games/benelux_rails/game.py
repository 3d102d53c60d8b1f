"""Benelux Rails as a `Game`: options, pack, notation and the state factory."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from stellwerk.core.cache import BoundedCache
from stellwerk.core.chance import Chance
from stellwerk.core.content import COMPILED_PACKS, ContentPack, PackShelf
from stellwerk.core.contract import Action, Game, State
from stellwerk.core.errors import BadOption
from stellwerk.games.benelux_rails import (
    advice,
    compact,
    heuristic,
    notation,
    prompt,
    rollout,
    search_value,
    web,
)
from stellwerk.games.benelux_rails.render import SECOND_TRAIN, good_word, localise, render_view
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.games.benelux_rails.snapshots import restore
from stellwerk.games.benelux_rails.svg import Overlay
from stellwerk.games.benelux_rails.tables import Tables, check_pack, compile_pack
from stellwerk.games.benelux_rails.terms import CATALOG
from stellwerk.games.benelux_rails.trains import VARIANTS

PACK_DIR = Path(__file__).parent / "pack"
SHIPPED = "benelux-rails.toml"   # the generated map (branch h8-map)
FALLBACK = "tiny.toml"           # the small hand-made test map, until the real one exists
VARIANT_WORDS = {"standard": "standard", "fast": "fast", "i": "fast", "1": "fast"}


class BeneluxRails(Game):
    id = "benelux-rails"
    title = "Benelux Rails"
    engine_version = "benelux-rails/2"
    min_seats = 2
    max_seats = 3
    catalog = CATALOG
    study_figures_at = "stellwerk.games.benelux_rails.study_figures:study_figures"  # for study
    state_memory_kib = 1024  # a kept state mid-game with its caches (tracemalloc)
    type_actions = True     # build paths are typed; the numbered list is only a sample
    enumerable = False
    bots: ClassVar[Mapping[str, str]] = {
        "planner": "stellwerk.games.benelux_rails.planner:PlannerBot",
        # `normal` and `hard` search their own choices with a rival valued by public
        # money (plan_search.py); `easy` is the generic search over the game's hooks
        "ismcts-normal": "stellwerk.games.benelux_rails.plan_search:BeneluxNormalISMCTS",
        "ismcts-hard": "stellwerk.games.benelux_rails.plan_search:BeneluxHardISMCTS"}
    hint_bot = "planner"   # the game's strongest bot that answers in well under a second
    # ISMCTS budgets and rollout policy: rollout.py, docs/bots.md.
    search_levels: ClassVar[Mapping[str, tuple[int, ...]]] = rollout.SEARCH_LEVELS

    def __init__(self) -> None:
        file = SHIPPED if (PACK_DIR / SHIPPED).exists() else FALLBACK
        self.packs = PackShelf(self.id, PACK_DIR, file, check_pack, compile_pack)
        # pack hash -> pack data, for drawing a view (which names its pack by hash);
        # bounded like the compiled packs
        self._pack_data = BoundedCache(COMPILED_PACKS)
        self._shipped_pack: ContentPack | None = None

    def default_pack_path(self) -> Path:
        return self.packs.default_path()

    def load_pack(self, path: Path | None = None) -> ContentPack:
        return self.packs.load(path)

    def tables(self, pack: ContentPack) -> Tables:
        return self.packs.compiled(pack)

    def parse_options(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        self.check_seats(seats)
        self.check_option_names(raw, ["variant"])
        variant = VARIANT_WORDS.get(str(raw.get("variant", "standard")).lower())
        if variant is None:
            raise BadOption(f"variant must be standard or fast, not {raw.get('variant')!r}")
        return {"variant": variant}

    def new_state(self, options: Mapping[str, Any], seed: int, pack: ContentPack,
                  seats: int) -> BeneluxState:
        checked = self.parse_options(options, seats)
        assert checked["variant"] in VARIANTS
        self._pack_data[pack.sha256] = pack.data
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

    def public_notation(self, action: Action, kind: str) -> str:
        """benelux-rails.md: the demand cards in a hand are secret, so the cards a player
        keeps from the deal show only as `keep ? ? ?` (the rules' private log entry says
        the same: a seat kept its cards). Every other action is done in the open: a
        delivery shows its card, discarding a hand names no card."""
        return notation.public_form(action)

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, BeneluxState)
        return heuristic.evaluate(state, seat)

    def search_heuristic(self, state: State, seat: int) -> float:
        """ISMCTS's leaf value: money plus the best delivery plans (search_value.py)."""
        assert isinstance(state, BeneluxState)
        return search_value.evaluate(state, seat)

    def search_actions(self, state: State, seat: int, listed: list[Action]) -> list[Action]:
        """The planner's decision first, and no build path but its (search_value.py)."""
        assert isinstance(state, BeneluxState)
        return search_value.search_actions(state, seat, listed)

    def rollout_action(self, state: State, seat: int, chance: Chance) -> Action:
        assert isinstance(state, BeneluxState)
        return rollout.rollout_action(state, seat, chance)

    def describe_event(self, event: Mapping[str, Any], lang: str = "en",
                       state: State | None = None) -> str:
        """One event of `State.events` in words: seats as "Seat 2", paths joined, goods
        and cities named from the pack of `state` (else `event_tables`)."""
        params: dict[str, Any] = {k: (" ".join(map(str, v)) if isinstance(v, list) else v)
                                  for k, v in event.items() if k not in ("key", "seat")}
        seat = event.get("seat")
        who = CATALOG.text("br.seat", lang, n=seat + 1) if isinstance(seat, int) else ""
        if who and isinstance(params.get("train_no"), int):
            who = CATALOG.text("br.seat_train", lang, seat=who, n=params["train_no"])
        to = params.get("to")
        if isinstance(to, int):
            params["to"] = CATALOG.text("br.seat", lang, n=to + 1)
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

    def tables_for(self, view: Mapping[str, Any]) -> Tables | None:
        """The compiled pack a view was made with (views name it by SHA-256)."""
        return self.packs.cached(str(view.get("pack")))

    def render(self, view: Mapping[str, Any], lang: str = "en") -> Any:
        return render_view(view, lang, self.tables_for(view), view.get("names"))

    def render_compact(self, view: Mapping[str, Any], lang: str = "en",
                       width: int = 80) -> Any:
        """The page at each prompt: a map window around the seat's train, the players,
        its demands and the public demands (compact.py)."""
        return compact.render_compact(dict(view), lang, self.tables_for(view), width)

    def detail_topics(self, view: Mapping[str, Any]) -> Sequence[str]:
        return compact.TOPICS

    def render_detail(self, view: Mapping[str, Any], topic: str, lang: str = "en",
                      width: int = 80) -> Any:
        return compact.render_detail(view, topic, lang, self.tables_for(view), width)

    def explain_action(self, state: State, seat: int, action: Action,
                       lang: str = "en") -> str | None:
        return advice.explain(state, seat, action, lang) if isinstance(state, BeneluxState) \
            else None

    def guided_choice(self, window: Any, console: Any, ask: Callable[[str], str],
                      lang: str = "en") -> Action | None:
        """The prompt that also prices a build path (`cost F12 F13 G13`)."""
        return prompt.guided_choice(self, window, console, ask, lang)

    def svg(self, view: Mapping[str, Any], lang: str = "en",
            names: Sequence[str] | None = None) -> str | None:
        """The map with each player's track and train, pointable mileposts and a panel
        of money, trains, loads and demands under it (svg.py, web.py)."""
        data = self._pack_data.get(str(view.get("pack")))
        if data is None:   # a restored state: the shipped pack, if the view names it
            pack = self.load_pack()
            data = pack.data if pack.sha256 == view.get("pack") else None
        if data is None:
            return None
        overlay = Overlay(
            tracks=[(s, a, b) for s, p in enumerate(view["players"]) for a, b in p["track"]],
            trains=[(s, train["position"], str(s + 1) if k == 0 else SECOND_TRAIN[s % 3])
                    for s, p in enumerate(view["players"])
                    for k, train in enumerate(p.get("trains") or [p])
                    if train["position"] is not None],
            dropped=self._dropped(view, lang))
        return web.table_svg(data, overlay, view, names, lang, self.tables_for(view))

    def preview(self, state: State, seat: int, text: str,
                lang: str = "en") -> Mapping[str, Any] | None:
        """A build path's cost and reasons (the terminal's `cost` query), for the web."""
        assert isinstance(state, BeneluxState)
        return web.preview(state, seat, text, lang)

    def _dropped(self, view: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
        tables = self.tables_for(view)
        if tables is None:
            return []
        return [(tables.names[tables.cities[tables.city_index[d["city"]]].centre],
                 good_word(tables, d["good"], lang)) for d in view["drops"]]
