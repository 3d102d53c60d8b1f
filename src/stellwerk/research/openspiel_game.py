"""Every Stellwerk game as an OpenSpiel Python game.

Install with `pip install 'stellwerk[research]'` (OpenSpiel's wheel is 16 MB and brings
scipy, so it is not in `[dev]`). `load(game_id, seats)` loads
`python_stellwerk_<game>_<seats>` (a seat count the game does not have is refused with
`BadOption`):

- one chance node at the start draws the seed (uniform over `SEEDS` values); after it
  every chance event comes from the engine's own seeded `Chance`, as in every
  Stellwerk game (OpenSpiel: explicit stochastic start, then deterministic steps);
- action *i* is the i-th of the current seat's candidate actions
  (`State.candidate_actions`), so `num_distinct_actions` is `MAX_ACTIONS` and the legal
  actions are `0 .. len(candidates) - 1`; they depend only on what the seat knows;
- the information state and observation strings are the seat's view as canonical JSON
  (hidden information removed); no tensors;
- returns at the end (`stellwerk.research.returns`): the share of the other seats a
  seat finished ahead of minus the share ahead of it, so 1 for a sole winner, -1 for a
  sole last, tied seats share evenly and the sum is 0 (the game type says `ZERO_SUM`);
  the score when solo (`GENERAL_SUM`);
- `pyspiel.serialize_game_and_state` and pickling work: the game pickles by its name
  and the position as the engine's `State.snapshot`, read back through `Game.restore`.
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
from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Action, Game, State
from stellwerk.games import game_ids, get_game
from stellwerk.research.returns import final_returns

MAX_ACTIONS = 4096
SEEDS = 1000
MAX_LENGTH = 10_000


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
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification={})


_PACKS: dict[str, ContentPack] = {}


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
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_ACTIONS, max_chance_outcomes=SEEDS, num_players=seats,
            min_utility=-1000.0 if solo else -1.0, max_utility=1000.0 if solo else 1.0,
            utility_sum=None if solo else 0.0, max_game_length=MAX_LENGTH)
        super().__init__(_game_type(game, seats), info, params or {})
        self.stellwerk = game
        self.seats = seats
        self.pack = _pack(game)
        self.options = game.parse_options({}, seats)

    def __deepcopy__(self, memo: dict[int, Any]) -> StellwerkSpielGame:
        return self         # immutable here; the pack's tables hold a lock

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        # pickled by name: the class is made per game and seats by `load`, which
        # unpickling calls again (in a fresh process too)
        return load, (self.game_id, self.seat_count)

    def new_initial_state(self) -> StellwerkSpielState:
        return StellwerkSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver()


class StellwerkSpielState(pyspiel.State):
    def __init__(self, game: StellwerkSpielGame) -> None:
        super().__init__(game)
        self.spiel_game = game
        self.inner: State | None = None
        self._candidates: list[Action] = []
        self._seat = -1

    @property
    def inner(self) -> State | None:
        return self._box.state

    @inner.setter
    def inner(self, state: State | None) -> None:
        self._box = _Box(state, self.spiel_game.game_id, self.spiel_game.seat_count)

    def _refresh(self) -> None:
        assert self.inner is not None
        decision = self.inner.decision()
        if decision is None:
            self._seat, self._candidates = pyspiel.PlayerId.TERMINAL, []
        else:
            self._seat = decision.seats[0]
            self._candidates = self.inner.candidate_actions(self._seat)[:MAX_ACTIONS]

    def current_player(self) -> int:
        if self.inner is None:
            return int(pyspiel.PlayerId.CHANCE)
        return int(self._seat)

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self._candidates))) if player == self._seat else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(seed, 1.0 / SEEDS) for seed in range(SEEDS)]

    def _apply_action(self, action: int) -> None:
        game = self.spiel_game
        if self.inner is None:
            self.inner = game.stellwerk.new_state(game.options, int(action), game.pack,
                                                  game.seats)
        else:
            self.inner.apply(self._seat, self._candidates[int(action)])
        self._refresh()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self.inner is None:
            return f"seed {action}"
        if player == self._seat and 0 <= action < len(self._candidates):
            return str(self.spiel_game.stellwerk.format_action(self._candidates[action]))
        return f"candidate {action}"

    def is_terminal(self) -> bool:
        return self.inner is not None and self.inner.is_over()

    def returns(self) -> list[float]:
        seats = self.spiel_game.seats
        if self.inner is None or not self.inner.is_over():
            return [0.0] * seats
        return final_returns(self.inner.result())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) \
            -> StellwerkSpielState:
        """A state `player_id` cannot tell from this one: what it has not seen (other
        hands, deck orders, sealed orders) redrawn by the engine's `determinized`, with
        the seed drawn from `probability_sampler` (a callable giving a number in [0, 1),
        as OpenSpiel's ISMCTSBot passes). Before the deal nothing is known, so the state
        is itself."""
        twin = self.clone()
        if self.inner is None or self.inner.is_over():
            return twin
        seed = int(float(probability_sampler()) * 2**62)
        twin.inner = self.inner.determinized(int(player_id), Chance(seed))
        twin._refresh()
        return twin

    def __str__(self) -> str:
        if self.inner is None:
            return "(seed to be drawn)"
        # the whole public view: OpenSpiel demands that a clone prints like its original,
        # and `State.clone` is faithful (tests/contract/test_faithful_clones.py)
        return json.dumps(self.inner.public_view(), sort_keys=True)


class _Box:
    """Holds the engine state. OpenSpiel clones a Python state by deep-copying its
    attributes; this box answers with the engine's own fast `clone` (a deepcopy would
    also copy the shared pack tables, which hold a lock). OpenSpiel serializes a Python
    state by pickling its attributes; this box pickles as the engine's `snapshot` and
    comes back through `Game.restore` with the pack of the loaded game, so the text
    holds the position only, not the pack."""

    __slots__ = ("game_id", "seats", "state")

    def __init__(self, state: State | None, game_id: str, seats: int) -> None:
        self.state = state
        self.game_id = game_id
        self.seats = seats

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(None if self.state is None else self.state.clone(), self.game_id,
                    self.seats)

    def __reduce__(self) -> tuple[Any, tuple[str, int, dict[str, Any] | None]]:
        return _unbox, (self.game_id, self.seats,
                        None if self.state is None else self.state.snapshot())


def _unbox(game_id: str, seats: int, snapshot: dict[str, Any] | None) -> _Box:
    game = load(game_id, seats)
    state = None if snapshot is None else game.stellwerk.restore(snapshot, game.pack)
    return _Box(state, game_id, seats)


class ViewObserver:
    """The seat's view as a string; no tensor (Stellwerk views are not fixed-size)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: StellwerkSpielState, player: int) -> None:
        pass

    def string_from(self, state: StellwerkSpielState, player: int) -> str:
        if state.inner is None:
            return ""
        return json.dumps(state.inner.view(player), sort_keys=True, separators=(",", ":"))


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
