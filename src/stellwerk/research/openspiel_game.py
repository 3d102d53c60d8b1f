"""Every Stellwerk game as an OpenSpiel Python game.

Install with `pip install 'stellwerk[research]'` (OpenSpiel's wheel is 16 MB and brings
scipy, so it is not in `[dev]`). `load(game_id, seats)` loads
`python_stellwerk_<game>_<seats>` (a seat count the game does not have is refused with
`BadOption`):

- chance where it happens: a game that draws from the `Chance` it is given
  (`Game.chance_given`, every shipped game) is dealt and drawn by chance nodes whose
  outcomes are what is drawn (`stellwerk.research.spiel_draws`): the set-up's
  shuffles, one node per place of a shuffled deck or pile, and every draw during play
  (Linie 1's lots, a reshuffled discard pile) where the move that makes it is taken.
  An information state is the seat's view, so two deals alike in all a seat has seen
  give it the same information state. `seeded_outcome` deals a node as the engine's
  generator of a seed would, so the game of engine seed `s` can be played here too.
  A game that does not declare it keeps one chance node at the start that draws the
  seed (uniform over `SEEDS` values), and the engine's generator draws the rest;
- actions are numbered by the game's words (`stellwerk.research.words`; the game's
  `Encoding.words()`): number *k* means word *k* in every state, `num_distinct_actions`
  is the vocabulary and "done", and a seat chooses its action word by word among its
  candidate actions (`State.candidate_actions`, which depend only on what the seat
  knows) until one fits. A game without a vocabulary numbers its candidates by
  position (`MAX_ACTIONS`);
- the information state and observation strings are the seat's view as canonical JSON
  (hidden information removed) with the words it has chosen so far; the tensors are the
  game's numbers for the view (`Encoding.features`) and the words chosen, one shape per
  game and seat count (`ViewObserver`);
- returns at the end (`stellwerk.research.returns`): the share of the other seats a
  seat finished ahead of minus the share ahead of it, so 1 for a sole winner, -1 for a
  sole last, tied seats share evenly and the sum is 0 (the game type says `ZERO_SUM`);
  the score when solo (`GENERAL_SUM`);
- `pyspiel.serialize_game_and_state` and pickling work: the game pickles by its name
  and the position as the engine's `State.snapshot` (with a draw in progress), read
  back through `Game.restore`.
  Importing this module registers every game at every seat count, so
  `pyspiel.load_game("python_stellwerk_linie1_4")` and
  `pyspiel.deserialize_game_and_state` work in a fresh process after the import.

Simultaneous orders (Linie 1) are played one seat after another, each seat seeing only
its own view, as the rest of Stellwerk does.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from stellwerk.core.chance import Chance
from stellwerk.core.chance_script import DrawNeeded, ScriptedChance
from stellwerk.core.companions import encoding
from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Action, Game, State
from stellwerk.games import game_ids, get_game
from stellwerk.research.returns import final_returns
from stellwerk.research.spiel_draws import Draw
from stellwerk.research.words import Vocabulary, WordChoice

MAX_ACTIONS = 4096
SEEDS = 1000
MAX_LENGTH = 100_000     # steps: chance nodes and words included


def _game_type(game: Game, seats: int) -> Any:
    return pyspiel.GameType(
        short_name=f"python_stellwerk_{game.id.replace('-', '_')}_{seats}",
        long_name=f"Stellwerk {game.title} ({seats} seats)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.GENERAL_SUM if seats == 1
                 else pyspiel.GameType.Utility.ZERO_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats, min_num_players=seats,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={})


_PACKS: dict[str, ContentPack] = {}
# (game, seats) -> the draw a new game asks for first (`StellwerkSpielGame.first_draw`)
_FIRST_DRAWS: dict[tuple[str, int], Draw | None] = {}
_VOCABULARIES: dict[tuple[str, int], Vocabulary] = {}


def _pack(game: Game) -> ContentPack:
    """The game's content pack, read once: `pyspiel.load_game` and every deserialized
    state make a new game object, and reading Benelux Rails' pack takes 0.1 s."""
    if game.id not in _PACKS:
        _PACKS[game.id] = game.load_pack()
    return _PACKS[game.id]


class StellwerkSpielGame(pyspiel.Game):
    game_id = ""            # set by `load` in the class it registers per game and seats
    seat_count = 0

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game, seats = get_game(self.game_id), self.seat_count
        solo = seats == 1
        pack = _pack(game)
        key = (game.id, seats)
        if key not in _VOCABULARIES:        # a new game object per deserialized state
            _VOCABULARIES[key] = Vocabulary(encoding(game, pack, seats))
        self.vocabulary = _VOCABULARIES[key]
        self.encoding = self.vocabulary.encoding
        info = pyspiel.GameInfo(
            num_distinct_actions=self.vocabulary.size if self.vocabulary else MAX_ACTIONS,
            # a bound on every chance node: SEEDS seeds, or the items of a shuffled list
            # (the longest, Linie 1's pile of 126 tiles, is far below it)
            max_chance_outcomes=SEEDS, num_players=seats,
            min_utility=-1000.0 if solo else -1.0, max_utility=1000.0 if solo else 1.0,
            utility_sum=None if solo else 0.0, max_game_length=MAX_LENGTH)
        super().__init__(_game_type(game, seats), info, params or {})
        self.stellwerk = game
        self.seats = seats
        self.pack = pack
        self.options = game.parse_options({}, seats)

    def __deepcopy__(self, memo: dict[int, Any]) -> StellwerkSpielGame:
        return self         # immutable here; the pack's tables hold a lock

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        # pickled by name: the class is made per game and seats by `load`, which
        # unpickling calls again (in a fresh process too)
        return load, (self.game_id, self.seat_count)

    def new_initial_state(self) -> StellwerkSpielState:
        return StellwerkSpielState(self)

    def first_draw(self) -> Draw | None:
        """The draw a new game asks for first (None: a set-up that draws nothing), found
        once: every initial state starts with it, and OpenSpiel makes an initial state
        for each state it deserializes."""
        key = (self.game_id, self.seat_count)
        if key not in _FIRST_DRAWS:
            try:
                self.stellwerk.new_state(self.options, ScriptedChance(()), self.pack,
                                         self.seats)
            except DrawNeeded as needed:
                _FIRST_DRAWS[key] = Draw(needed)
            else:
                _FIRST_DRAWS[key] = None
        return _FIRST_DRAWS[key]

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        # the view holds all the seat has seen, so the information state and the
        # observation are both made from it
        return ViewObserver(self)


class StellwerkSpielState(pyspiel.State):
    def __init__(self, game: StellwerkSpielGame) -> None:
        super().__init__(game)
        self.spiel_game = game
        self._box = _Box(game.game_id, game.seat_count, game.stellwerk.chance_given)
        self._candidates: list[Action] = []
        self._choice: WordChoice | None = None    # the words chosen, with fixed numbers
        self._views = _Views()
        self._seat = -1
        if self._box.scripted:
            first = game.first_draw()
            if first is None:
                self._carry_on()
            else:
                self._box.draw = first.copy()
            self._refresh()

    @property
    def inner(self) -> State | None:
        """The engine's state; None before the deal (and while it is being drawn).
        While a move waits for a draw, the state before that move."""
        return self._box.state

    def _carry_on(self) -> None:
        """Make the deal, or the waiting move, with the draws made for it so far; a draw
        beyond them becomes the chance node and leaves the state as it was."""
        game, box = self.spiel_game, self._box
        chance = ScriptedChance(box.draws)
        try:
            if box.state is None:
                trial = game.stellwerk.new_state(game.options, chance, game.pack, game.seats)
            else:
                assert box.move is not None
                trial = box.state.clone()
                trial.chance = chance            # type: ignore[attr-defined]
                trial.apply(*box.move)
        except DrawNeeded as needed:
            box.draw = Draw(needed)
            return
        box.state, box.move, box.draws, box.draw = trial, None, (), None

    def view(self, player: int) -> dict[str, Any]:
        """The engine's view of `player`, made once per position (the observer asks for
        it as a string and as a tensor)."""
        view = self._views.get(player)
        if view is None:
            assert self.inner is not None
            view = self._views[player] = self.inner.view(player)
        return view

    def _refresh(self) -> None:
        self._views = _Views()
        inner, self._choice = self.inner, None
        if inner is None or self._box.draw is not None:
            self._seat, self._candidates = pyspiel.PlayerId.CHANCE, []
            return
        decision = inner.decision()
        if decision is None:
            self._seat, self._candidates = pyspiel.PlayerId.TERMINAL, []
            return
        self._seat = decision.seats[0]
        vocabulary = self.spiel_game.vocabulary
        if vocabulary:
            self._candidates = inner.candidate_actions(self._seat)
            self._choice = WordChoice(vocabulary, self._candidates)
        else:
            self._candidates = inner.candidate_actions(self._seat)[:MAX_ACTIONS]

    def current_player(self) -> int:
        if self.inner is None:
            return int(pyspiel.PlayerId.CHANCE)
        return int(self._seat)

    def _legal_actions(self, player: int) -> list[int]:
        if player != self._seat:
            return []
        if self._choice is not None:
            return self._choice.legal()
        return list(range(len(self._candidates)))

    def chosen_words(self) -> list[str]:
        """The words the seat to act has chosen of its action so far."""
        if self._choice is None:
            return []
        return [self.spiel_game.vocabulary.meaning(w) for w in self._choice.chosen]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._box.draw is not None:
            return self._box.draw.outcomes()
        return [(seed, 1.0 / SEEDS) for seed in range(SEEDS)]

    def seeded_outcome(self, chance: Chance) -> int:
        """The chance outcome the engine's generator `chance` draws here. Dealing every
        chance node by it, with one `Chance(s)` kept from node to node, plays the game of
        engine seed `s`, the game `stellwerk play --seed s` and the PettingZoo
        environment's `reset(seed=s)` play. A game with one seed node takes the seed,
        `s` below `SEEDS`."""
        if not self.is_chance_node():
            raise ValueError("not a chance node")
        draw = self._box.draw
        return chance.state if draw is None else draw.seeded(chance)

    def _apply_action(self, action: int) -> None:
        game, box = self.spiel_game, self._box
        if box.draw is not None:
            drawn = box.draw.take(int(action))
            if drawn is not None:
                box.draws += drawn
                self._carry_on()
        elif self.inner is None:
            box.state = game.stellwerk.new_state(game.options, int(action), game.pack,
                                                 game.seats)
        else:
            if self._choice is None:
                move = self._candidates[int(action)]
            else:
                settled = self._choice.choose(int(action))
                if settled is None:
                    return                   # more words to come from the same seat
                move = settled
            if box.scripted:
                box.move = (self._seat, move)
                self._carry_on()
            else:
                self.inner.apply(self._seat, move)
        self._refresh()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            draw = self._box.draw
            return f"seed {action}" if draw is None else draw.name(action)
        vocabulary = self.spiel_game.vocabulary
        if vocabulary:
            return vocabulary.meaning(action) if 0 <= action < vocabulary.size \
                else f"word {action}"
        if player == self._seat and 0 <= action < len(self._candidates):
            return str(self.spiel_game.stellwerk.format_action(self._candidates[action]))
        return f"candidate {action}"

    def is_terminal(self) -> bool:
        return self.inner is not None and self._box.draw is None and self.inner.is_over()

    def returns(self) -> list[float]:
        seats = self.spiel_game.seats
        if not self.is_terminal():
            return [0.0] * seats
        assert self.inner is not None
        return final_returns(self.inner.result())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) \
            -> StellwerkSpielState:
        """A state `player_id` cannot tell from this one: what it has not seen (other
        hands, deck orders, sealed orders) redrawn by the engine's `determinized`, with
        the seed drawn from `probability_sampler` (a callable giving a number in [0, 1),
        as OpenSpiel's ISMCTSBot passes). The redrawn state draws what is still to come
        from its own generator (no further chance nodes). Before the deal, during a
        draw and at the end the state is itself."""
        twin = self.clone()
        if self.inner is None or self._box.draw is not None or self.is_terminal():
            return twin
        seed = int(float(probability_sampler()) * 2**62)
        twin._box = _Box(self._box.game_id, self._box.seats, False)
        twin._box.state = self.inner.determinized(int(player_id), Chance(seed))
        twin._refresh()
        if twin._choice is not None and self._choice is not None:
            twin._choice.chosen = self._choice.chosen    # its candidates are the same
        return twin

    def __str__(self) -> str:
        box = self._box
        drawing = "" if box.draw is None else \
            f" (drawing: {len(box.draws) + len(box.draw.picked)} draws made)"
        if self.inner is None:
            return "(seed to be drawn)" if box.draw is None else f"(dealing){drawing}"
        # the whole public view: OpenSpiel demands that a clone prints like its original,
        # and `State.clone` is faithful (tests/contract/test_faithful_clones.py)
        chosen = self.chosen_words()
        return json.dumps(self.inner.public_view(), sort_keys=True) + drawing + \
            (f" (seat {self._seat} chose: {' '.join(chosen)})" if chosen else "")


class _Views(dict[int, dict[str, Any]]):
    """The views made of one position, by seat: a copy or a pickle starts empty (they
    are made again when asked for)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Views:
        return _Views()

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        return _Views, ()


class _Box:
    """Holds the engine state and the draw in progress. OpenSpiel clones a Python state
    by deep-copying its attributes; this box answers with the engine's own fast `clone`
    (a deepcopy would also copy the shared pack tables, which hold a lock). OpenSpiel
    serializes a Python state by pickling its attributes; this box pickles as the
    engine's `snapshot` and the draw in progress, and comes back through `Game.restore`
    with the pack of the loaded game, so the text holds the position only, not the pack.

    `scripted`: the engine state draws from a `ScriptedChance` (`Game.chance_given`),
    so each draw is a chance node; False for a state with its own generator (a seeded
    start, a resampled state)."""

    __slots__ = ("draw", "draws", "game_id", "move", "scripted", "seats", "state")

    def __init__(self, game_id: str, seats: int, scripted: bool) -> None:
        self.game_id = game_id
        self.seats = seats
        self.scripted = scripted
        self.state: State | None = None
        self.move: tuple[int, Action] | None = None   # the move waiting for its draws
        self.draws: tuple[int, ...] = ()               # the draws made for it (or the deal)
        self.draw: Draw | None = None                  # the draw in progress

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        twin = _Box(self.game_id, self.seats, self.scripted)
        twin.state = None if self.state is None else self.state.clone()
        twin.move, twin.draws = self.move, self.draws
        twin.draw = None if self.draw is None else self.draw.copy()
        return twin

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _unbox, (self.game_id, self.seats, self.scripted,
                        None if self.state is None else self.state.snapshot(), self.move,
                        list(self.draws), None if self.draw is None else self.draw.to_json())


def _unbox(game_id: str, seats: int, scripted: bool, snapshot: dict[str, Any] | None,
           move: tuple[int, Action] | None, draws: list[int],
           draw: dict[str, Any] | None) -> _Box:
    game = load(game_id, seats)
    box = _Box(game_id, seats, scripted)
    if snapshot is not None:
        box.state = game.stellwerk.restore(snapshot, game.pack)
        if scripted:
            box.state.chance = ScriptedChance(())    # type: ignore[attr-defined]
    box.move, box.draws = move, tuple(draws)
    box.draw = None if draw is None else Draw.from_json(draw)
    return box


class ViewObserver:
    """A seat's view: as a string, its canonical JSON (with the words the seat has
    chosen of its action so far); as a tensor, the game's encoding of the view
    (`Encoding.features`, `feature_size` numbers) and then, per word id, how often the
    seat has chosen it in the action it is choosing. Both hold only what the seat may
    know, so the same observer gives the observation and the information state."""

    def __init__(self, game: StellwerkSpielGame) -> None:
        self.encoding = game.encoding
        self.features = game.encoding.feature_size
        words = game.vocabulary.size if game.vocabulary else 0
        self.tensor = np.zeros(self.features + words, np.float32)
        self.dict: dict[str, Any] = {"view": self.tensor[:self.features],
                                     "chosen": self.tensor[self.features:]}

    def set_from(self, state: StellwerkSpielState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.inner is None:
            return
        self.tensor[:self.features] = self.encoding.features(state.inner, player,
                                                             state.view(player))
        choice = state._choice
        if choice is not None and player == state._seat:
            for word in choice.chosen:
                self.tensor[self.features + word] += 1.0

    def string_from(self, state: StellwerkSpielState, player: int) -> str:
        if state.inner is None:
            return ""
        text = json.dumps(state.view(player), sort_keys=True, separators=(",", ":"))
        chosen = state.chosen_words() if player == state._seat else []
        return text + (f" chosen: {' '.join(chosen)}" if chosen else "")


_CLASSES: dict[tuple[str, int], type[StellwerkSpielGame]] = {}
_LOADED: dict[tuple[str, int], StellwerkSpielGame] = {}


def _register(game: Game, seats: int) -> type[StellwerkSpielGame]:
    """The game's class for `seats`, registered with pyspiel once."""
    key = (game.id, seats)
    if key not in _CLASSES:
        # registered as a class (as OpenSpiel's own Python games are): a registered
        # closure makes the interpreter abort at exit
        factory = type(f"Spiel_{game.id.replace('-', '_')}_{seats}", (StellwerkSpielGame,),
                       {"game_id": game.id, "seat_count": seats})
        pyspiel.register_game(_game_type(game, seats), factory)
        _CLASSES[key] = factory
    return _CLASSES[key]


def register_all() -> None:
    """Register every game at every seat count with pyspiel (done on import)."""
    for game_id in game_ids():
        game = get_game(game_id)
        for seats in range(game.min_seats, game.max_seats + 1):
            _register(game, seats)


def load(game_id: str, seats: int | None = None) -> StellwerkSpielGame:
    """The OpenSpiel game for a Stellwerk game (one instance per game and seats)."""
    game = get_game(game_id)
    n = seats if seats is not None else game.min_seats
    game.check_seats(n)
    key = (game.id, n)
    if key not in _LOADED:
        _LOADED[key] = _register(game, n)()
    return _LOADED[key]


register_all()
