"""Railways as a `Game`: options (challenges), pack, notation and the state factory."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from stellwerk.core.chance import Chance
from stellwerk.core.content import ContentPack, PackShelf
from stellwerk.core.contract import Action, Game, State
from stellwerk.core.errors import BadOption
from stellwerk.core.inputs import ascii_int
from stellwerk.core.session import Window
from stellwerk.games.railways import advice, guided, heuristic, notation, render, rollout
from stellwerk.games.railways.constants import CHALLENGES
from stellwerk.games.railways.pack_check import check_pack, pack_figures
from stellwerk.games.railways.rules import RailwaysState
from stellwerk.games.railways.svg import draw_view
from stellwerk.games.railways.tables import Tables, compile_tables
from stellwerk.games.railways.terms import CATALOG

PACK_DIR = Path(__file__).parent / "pack"


def parse_challenges(raw: Any) -> tuple[int, ...]:
    """`challenges=1,3` -> (1, 3). docs/games/railways.md#rw-rules: 5 Magnate is any combination of
    1-4."""
    if raw is None or raw == "" or raw == []:
        return ()
    words = raw if isinstance(raw, list) else str(raw).replace(" ", "").split(",")
    chosen: set[int] = set()
    for word in words:
        text = str(word)
        if text == "5":
            raise BadOption("challenge 5 (Magnate) is a combination: name two or more of "
                            "1-4, e.g. challenges=1,3")
        if ascii_int(text, max_digits=1) not in CHALLENGES:
            raise BadOption(f"challenges are numbers 1-4 (1 Economist, 2 Mayor, 3 Train "
                            f"driver, 4 Engineer), not {text[:20]!r}")
        chosen.add(int(text))
    return tuple(sorted(chosen))


class Railways(Game):
    id = "railways"
    title = "Railways"
    engine_version = "railways/2"   # 2: target substitution and Leisure rulings
    min_seats = 1
    max_seats = 1
    catalog = CATALOG
    study_figures_at = "stellwerk.games.railways.study_figures:study_figures"  # for study
    state_memory_kib = 384  # a kept state mid-game with its caches (tracemalloc)
    # ISMCTS budgets and rollout policy: rollout.py, docs/bots.md.
    search_levels: ClassVar[Mapping[str, tuple[int, ...]]] = rollout.SEARCH_LEVELS

    def __init__(self) -> None:
        self.packs = PackShelf(self.id, PACK_DIR, "railways.toml", check_pack, compile_tables,
                               pack_figures)

    def default_pack_path(self) -> Path:
        return self.packs.default_path()

    def load_pack(self, path: Path | None = None) -> ContentPack:
        return self.packs.load(path)

    def parse_options(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        if seats != 1:
            raise BadOption(f"Railways is a solo game: one seat, not {seats}")
        self.check_option_names(raw, ["challenges"])
        return {"challenges": list(parse_challenges(raw.get("challenges")))}

    def tables(self, pack: ContentPack) -> Tables:
        return self.packs.compiled(pack)

    def new_state(self, options: Mapping[str, Any], seed: int, pack: ContentPack,
                  seats: int) -> RailwaysState:
        checked = self.parse_options(options, seats)
        return RailwaysState(self.tables(pack), seed, tuple(checked["challenges"]))

    def restore(self, snapshot: Mapping[str, Any], pack: ContentPack) -> RailwaysState:
        return RailwaysState.from_snapshot(self.tables(pack), snapshot)

    def explain_action(self, state: State, seat: int, action: Action,
                       lang: str = "en") -> str | None:
        return advice.explain(state, seat, action, lang) if isinstance(state, RailwaysState) \
            else None

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

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, RailwaysState)
        return heuristic.evaluate(state)

    def rollout_action(self, state: State, seat: int, chance: Chance) -> Action:
        assert isinstance(state, RailwaysState)
        return rollout.rollout_action(state, seat, chance)     # one draw, no listing

    def render(self, view: Mapping[str, Any], lang: str = "en") -> Any:
        return render.render_view(view, lang)

    # The page: plan, progress, hand, challenges (render.py), about 22 rows, so the
    # guided prompt below keeps its room.
    COMPACT_HEIGHT = 24

    def render_compact(self, view: Mapping[str, Any], lang: str = "en",
                       width: int = 80) -> Any:
        return render.render_compact(view, lang)

    def detail_topics(self, view: Mapping[str, Any]) -> Sequence[str]:
        return render.DETAIL_TOPICS

    def render_detail(self, view: Mapping[str, Any], topic: str, lang: str = "en",
                      width: int = 80) -> Any:
        return render.render_details(view, lang, topic)

    def guided_choice(self, window: Window, console: Any, ask: Callable[[str], str],
                      lang: str = "en") -> Action | None:
        """The terminal's step-by-step prompt (see guided.py); None = numbered list."""
        return guided.guided_choice(self, window, console, ask, lang)

    def svg(self, view: Mapping[str, Any], lang: str = "en",
            names: Sequence[str] | None = None) -> str | None:
        """The 2x2 plan with tracks, regions, dice and passengers, and the player's
        panel (svg.py); one player, so `names` is not drawn."""
        return draw_view(view, lang=lang)
