"""The companions a game registers beside its rules: how it shows itself and what its
bots and studies know.

A `Game` is the rules alone (new states, options, actions, notation). Everything else a
front end, a bot or a study asks of a game lives in a companion, as OpenSpiel keeps its
observers apart from its games and boardgame.io keeps rendering out of the game object:

- `Terminal`: the pictures and prompts of the terminal table;
- `Picture`: the SVG drawing of a view, the web table's preview of a typed action and
  the drawn options a seat points at to decide (`core.pointing`);
- `BotKnowledge`: the heuristic, the rollout policy and search hooks, the search levels,
  the game's own bots and the table set when no seats are named;
- `Study`: the game's own figures of a finished game for `stellwerk study`, the names
  of its score's parts, and why a finished game ended (`Ending`);
- `Encoding` (`stellwerk.core.encoding`): its actions' words with fixed numbers and
  a seat's view as numbers, for the research adapters.

A game names its companions as data, `Game.companions` (kind -> "module:Class"), and
each is imported only when first asked for, so importing a game's rules imports no
terminal library and no drawing code. A companion a game does not name is the base
class below, with its documented defaults (`Terminal` and `BotKnowledge` have one
member every game must give, so a game names those two).

A companion that draws a view is made with the content pack the view was made with
(`terminal(game, pack)`, `picture(game, pack)`): a game object keeps no "current" pack.
`BotKnowledge` and `Study` are made with the game alone; they are handed states, which
carry their own pack.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from stellwerk.core.chance import Chance
from stellwerk.core.content import ContentPack
from stellwerk.core.contract import HUMAN, Action, Game, State, StudyFigures
from stellwerk.core.encoding import Encoding
from stellwerk.core.pointing import Pointing
from stellwerk.core.terms import CATALOG as CORE_TERMS

TERMINAL = "terminal"
PICTURE = "picture"
KNOWLEDGE = "knowledge"
STUDY = "study"
ENCODING = "encoding"
KINDS = (TERMINAL, PICTURE, KNOWLEDGE, STUDY, ENCODING)


class Terminal:
    """How a game shows itself at the terminal table, for views made with `pack`.

    Views passed to the render methods may carry `"names"` (the seat names). The table
    draws a screen at every prompt: it asks for the compact picture, measures it and
    keeps the rest of the screen for the prompt and the choices; the full picture
    (`render`) and the details are shown on request (`show`, `show TOPIC`).
    """

    # rows a compact picture should keep to at 40 rows
    compact_height: ClassVar[int] = 28

    def __init__(self, game: Game, pack: ContentPack) -> None:
        self.game = game
        self.pack = pack

    def render(self, view: Mapping[str, Any], lang: str = "en") -> Any:
        """The full picture of a view (a rich renderable or plain text). Default: the
        view as indented JSON, which every game's view is."""
        return json.dumps(dict(view), indent=1, sort_keys=True, default=str)

    def render_compact(self, view: Mapping[str, Any], lang: str = "en",
                       width: int = 80) -> Any:
        """What a seat needs to decide, fitting `width` columns (80 or 120) and about
        `compact_height` rows, so a 40-row terminal keeps ~10 rows for the choices.
        Default: the full picture (the frame crops it and says so)."""
        return self.render(view, lang)

    def detail_topics(self, view: Mapping[str, Any]) -> Sequence[str]:
        """Names of the details a player may ask for with `show TOPIC` (e.g. "sheet",
        "line"); each is a catalogue key of the game for its title."""
        return ()

    def detail_for(self, view: Mapping[str, Any], word: str) -> str | None:
        """The detail a typed word names that `detail_topics` does not list (Linie 1: a
        square, `show E9`), as the topic `render_detail` is given; None: no such detail
        (the default)."""
        return None

    def explain_action(self, state: State, seat: int, action: Action,
                       lang: str = "en") -> str | None:
        """What `action` would do for `seat`, in words a player decides by (the score
        it changes, the route it advances, the demand it serves), for the terminal's
        hint and suggestions; `state` is what the seat may know (a determinized sample)
        and must not change. Default: None (the hint then gives the heuristic's values)."""
        return None

    def render_detail(self, view: Mapping[str, Any], topic: str, lang: str = "en",
                      width: int = 80) -> Any:
        """One detail of `detail_topics` in full (the frame pages it). Default: the full
        picture."""
        return self.render(view, lang)

    def guided_choice(self, window: Any, console: Any, ask: Callable[[str], str],
                      lang: str = "en") -> Action | None:
        """A terminal prompt that builds an action step by step (showing its cost and
        result before it is confirmed); None means: offer the plain numbered list."""
        return None

    def has_guided_choice(self) -> bool:
        """Whether this game offers a guided prompt (`guided_choice` is its own)."""
        return type(self).guided_choice is not Terminal.guided_choice

    def review_action(self, view: Mapping[str, Any], action: Action,
                      lang: str = "en") -> tuple[list[str], str | None]:
        """A look at an action a person typed, before it is sent, using only `view` (the
        seat's view): lines to show (e.g. which of an order's placements would fail and
        why), and a question to confirm with yes, or None to send without asking. The
        rules have already accepted the action; this warns of what they allow but the
        player probably did not mean. Default: nothing to say."""
        return [], None


class Picture:
    """How a game draws a view for the web table and `play --svg`, for views made with
    `pack`."""

    def __init__(self, game: Game, pack: ContentPack) -> None:
        self.game = game
        self.pack = pack

    def svg(self, view: Mapping[str, Any], lang: str = "en",
            names: Sequence[str] | None = None) -> str | None:
        """A picture of a view as SVG text (the same drawing the web table shows), or
        None for a game that has none; `play --svg FILE` writes it after each turn.
        `names` are the seats' names (None: "Seat 1", ... in `lang`). The picture's size
        is its viewBox, so a page may scale it; elements a player may point at carry
        `data-*` attributes naming the squares, cards or places (see the game's svg.py)."""
        return None

    def preview(self, state: State, seat: int, text: str,
                lang: str = "en") -> Mapping[str, Any] | None:
        """What the action typed so far (`text`) would do for `seat`, e.g. a build
        path's cost and its reasons before it is built: a JSON-able mapping with `ok`
        (bool) and `text` (words in `lang`), or None when the game offers no preview.
        Callers pass `state.determinized(seat, ...)`, so the answer can only rest on
        what the seat knows. Never raises for bad text and changes nothing."""
        return None

    def choices(self, view: Mapping[str, Any], actions: Sequence[Action],
                lang: str = "en") -> Pointing | None:
        """The seat's legal `actions` as parts to point at (`core.pointing`): on the
        board drawn from `view` (elements carrying `data-part`) or drawn beside it, so
        that every action can be chosen without the list or typed notation. None (the
        default): the page matches the board's `data-pick` notations instead."""
        return None


class BotKnowledge:
    """What the bots know of a game: how good a position looks, how to play a rollout,
    which actions a search weighs, its levels and its own bots."""

    # The bot whose choice the terminal's `hint` shows: the strongest that answers quickly.
    hint_bot: ClassVar[str] = "search"
    # Bots of this game only, kind -> "module:Class" (imported when asked for); merged
    # with the generic bots by `stellwerk.bots.bots_for`.
    bots: ClassVar[Mapping[str, str]] = {}
    # Search budgets of the ISMCTS levels for this game, level -> (iterations, rollout
    # depth[, rollout width]); a level not named here uses
    # `stellwerk.bots.levels.DEFAULT_LEVELS` (see `stellwerk.bots.levels.Budget`).
    search_levels: ClassVar[Mapping[str, tuple[int, ...]]] = {}
    # Generic bots this game does not offer (at the table, in simulations), because they
    # play it too badly to be worth a seat (Linie 1: greedy leaves most lines unfinished).
    withdrawn_bots: ClassVar[frozenset[str]] = frozenset()
    # Other names by which game records and server tables may name one of this game's
    # bots, name -> the bot's kind; such a name is not offered, only understood.
    bot_aliases: ClassVar[Mapping[str, str]] = {}

    def __init__(self, game: Game) -> None:
        self.game = game

    def heuristic(self, state: State, seat: int) -> float:
        """How good `state` looks for `seat` (higher is better); used by greedy bots.
        Every game gives its own; the base knows none and says so."""
        raise NotImplementedError(f"{self.game.title} names no bot knowledge")

    def rollout_action(self, state: State, seat: int, chance: Chance) -> Action:
        """The action a search bot's rollout takes for `seat` (it must be legal). The
        default is a uniformly random candidate; a game overrides it where listing the
        candidates is slow or a cheap policy plays much better. The ISMCTS bot
        may ask for several proposals at one step and keep the one `heuristic` likes
        best (the level's rollout width), so a varied policy serves it better than a
        fixed one."""
        legal = state.candidate_actions(seat)
        return legal[chance.below(len(legal))]

    def rollout(self, state: State, policy: Callable[[State, int, Chance], Action],
                chance: Chance, depth: int) -> None:
        """Play `state` on for at most `depth` decisions, each seat taking the action
        `policy` gives (ISMCTS passes `rollout_action`: its rollouts of width 1). The
        default is that loop itself. A game may run it in a loop of its own (a
        rollout is most of a search, and the per-step calls and checks add up) when
        `policy` is its own policy, but must then take exactly the actions, and draw
        exactly the numbers from `chance`, that this loop would; any other policy (a
        caller's own) it must play by this loop."""
        for _ in range(depth):
            decision = state.decision()
            if decision is None:
                break
            actor = decision.seats[0]
            state.apply(actor, policy(state, actor, chance))

    def search_actions(self, state: State, seat: int, listed: list[Action]) -> list[Action]:
        """The actions a tree-searching bot considers for `seat` at `state`, in the order
        it should try them; `listed` is `state.candidate_actions(seat)`. Like that list it
        may depend only on what `seat` knows (its information set), and every action must
        be legal. The default is `listed` itself; a game whose list is only a sample
        (Linie 1's orders) may put the moves of its own planning first."""
        return listed

    def search_heuristic(self, state: State, seat: int) -> float:
        """How a tree-searching bot values a position it cuts short, for `seat` (higher is
        better; it also orders the search's first choices). The default is `heuristic`;
        a game may give the search a dearer, better estimate and keep `heuristic` cheap
        for the bots that call it at every step (greedy, search)."""
        return self.heuristic(state, seat)

    def default_seats(self, humans: bool) -> list[str]:
        """The table set when no seats are named: for `play` (`humans`), you against
        greedy bots in every other chair; for `simulate`, the fewest greedy bots. A game
        whose bots differ (Linie 1: you and three planners) says so here; every kind must
        be one `stellwerk.bots.bots_for` offers."""
        if humans:
            return [HUMAN] + ["greedy"] * (self.game.max_seats - 1)
        return ["greedy"] * self.game.min_seats


@dataclass(frozen=True)
class Ending:
    """How a finished game explains its end to the players, in their language: why it
    ended (the line is full, the deck ran out, a player reached the money, the round
    limit) and, for a solo game, the score against the game's yardstick (one sentence
    a line)."""

    reason: str
    yardstick: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "yardstick": list(self.yardstick)}


class Study:
    """A game's own figures of finished games, for `stellwerk study`, and how a finished
    game explains its end (`ending`)."""

    # A figure's catalogue key by its English name (the catalogue's English is the name
    # itself), for a report in another language.
    keys: ClassVar[Mapping[str, str]] = {}

    def __init__(self, game: Game) -> None:
        self.game = game

    def figures(self, final: State, start: State,
                taken: Sequence[tuple[int, Action]]) -> StudyFigures | None:
        """The game's own figures of one finished game (`StudyFigures`): `final` is the
        state at the end, `start` a clone of it before the first action and `taken` the
        (seat, action) pairs played, so a figure that needs the course of the game (money
        per round) can replay `taken` on `start`. Default: none."""
        return None

    def standing(self, state: State) -> Sequence[float] | None:
        """Each seat's standing during a game, higher meaning ahead (a running score,
        money), from which the study counts lead changes; None where the game keeps
        no running standing. Default: none."""
        return None

    def choice(self, action_text: str) -> str:
        """What an action (in the game's notation) chose, for the win share by choice:
        a card, a demand, or the kind of action. Default: the kind (the notation's
        first word)."""
        return action_text.split(" ", 1)[0]

    def chosen(self, action_text: str) -> tuple[str, ...]:
        """Every choice one action made, for the figures by choice: an action may play
        several cards at once (Railways). Default: its one `choice`."""
        return (self.choice(action_text),)

    def figure_name(self, name: str, lang: str = "en") -> str:
        """A study figure's name (or a score item's) in `lang`. The figures are named in
        English (the study's JSON keeps those names); `keys` names each one's catalogue
        entry. A score item that is a catalogue key (e.g. `br.money`) is the catalogue's
        text; any other name stays as it is."""
        catalog = self.game.catalog
        if name in self.keys:
            return catalog.text(self.keys[name], lang)
        return catalog.text(name, lang) if name in catalog else name

    def ending(self, final: State, names: Sequence[str], lang: str = "en") -> Ending:
        """Why `final`, a finished game, ended and, for a solo game, its score against
        the game's yardstick, in `lang`; `names` are the seats' names. Default: that the
        game is over, and no yardstick."""
        return Ending(CORE_TERMS.text("end.over", lang))


_BASES: dict[str, type] = {TERMINAL: Terminal, PICTURE: Picture, KNOWLEDGE: BotKnowledge,
                           STUDY: Study, ENCODING: Encoding}
_CLASSES: dict[str, type] = {}   # "module:Class" -> the class, imported once


def companion_class(game: Game, kind: str) -> type:
    """The class `game` names for a companion of `kind` (imported when first asked
    for), or the base class with its defaults when it names none."""
    target = game.companions.get(kind)
    if target is None:
        return _BASES[kind]
    found = _CLASSES.get(target)
    if found is None:
        module_name, _, class_name = target.partition(":")
        found = _CLASSES[target] = getattr(importlib.import_module(module_name), class_name)
    return found


def terminal(game: Game, pack: ContentPack) -> Terminal:
    """The game's terminal companion for views made with `pack`."""
    made: Terminal = companion_class(game, TERMINAL)(game, pack)
    return made


def picture(game: Game, pack: ContentPack) -> Picture:
    """The game's picture companion for views made with `pack`."""
    made: Picture = companion_class(game, PICTURE)(game, pack)
    return made


def knowledge_class(game: Game) -> type[BotKnowledge]:
    """The class of the game's bot knowledge, for what it declares as data (its own
    bots, withdrawn bots, levels) without making one."""
    found: type[BotKnowledge] = companion_class(game, KNOWLEDGE)
    return found


def knowledge(game: Game) -> BotKnowledge:
    """What the game's bots know (heuristic, rollout policy, levels, own bots)."""
    made: BotKnowledge = companion_class(game, KNOWLEDGE)(game)
    return made


def study(game: Game) -> Study:
    """The game's own study figures."""
    made: Study = companion_class(game, STUDY)(game)
    return made


def encoding(game: Game, pack: ContentPack, seats: int) -> Encoding:
    """The game's research encoding for `pack` and `seats`."""
    made: Encoding = companion_class(game, ENCODING)(game, pack, seats)
    return made
