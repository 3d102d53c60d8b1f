"""Every Stellwerk game as an OpenSpiel Python game.

Install with `pip install 'stellwerk[research]'` (OpenSpiel's wheel is 16 MB and brings
scipy, so it is not in `[dev]`). `load(game_id, seats)` registers and loads
`python_stellwerk_<game>_<seats>`:

- one chance node at the start draws the seed (uniform over `SEEDS` values); after it
  every chance event comes from the engine's own seeded `Chance`, as in every
  Stellwerk game (OpenSpiel: explicit stochastic start, then deterministic steps);
- action *i* is the i-th of the current seat's candidate actions
  (`State.candidate_actions`), so `num_distinct_actions` is `MAX_ACTIONS` and the legal
  actions are `0 .. len(candidates) - 1`; they depend only on what the seat knows;
- the information state and observation strings are the seat's view as canonical JSON
  (hidden information removed); no tensors;
- returns at the end: `(seats - rank) / (seats - 1) * 2 - 1`, or the score when solo.

Simultaneous orders (Linie 1) are played one seat after another, each seat seeing only
its own view, as the rest of Stellwerk does.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from stellwerk.core.contract import Action, Game, State
from stellwerk.games import get_game

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
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats, min_num_players=seats,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification={})


class StellwerkSpielGame(pyspiel.Game):
    game_id = ""            # set by `load` in the class it registers per game and seats
    seat_count = 0

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game, seats = get_game(self.game_id), self.seat_count
        solo = seats == 1
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_ACTIONS, max_chance_outcomes=SEEDS, num_players=seats,
            min_utility=-1000.0 if solo else -1.0, max_utility=1000.0 if solo else 1.0,
            utility_sum=None, max_game_length=MAX_LENGTH)
        super().__init__(_game_type(game, seats), info, params or {})
        self.stellwerk = game
        self.seats = seats
        self.pack = game.load_pack()
        self.options = game.parse_options({}, seats)

    def __deepcopy__(self, memo: dict[int, Any]) -> StellwerkSpielGame:
        return self         # immutable here; the pack's tables hold a lock

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
        self._box = _Box(state)

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
        result = self.inner.result()
        if seats == 1:
            return [float(result.scores[0] or 0.0)]
        return [(seats - rank) / (seats - 1) * 2 - 1 for rank in result.ranks]

    def __str__(self) -> str:
        if self.inner is None:
            return "(seed to be drawn)"
        # the whole public view: OpenSpiel demands that a clone prints like its original,
        # and `State.clone` is faithful (tests/contract/test_faithful_clones.py)
        return json.dumps(self.inner.public_view(), sort_keys=True)


class _Box:
    """Holds the engine state. OpenSpiel clones a Python state by deep-copying its
    attributes; this box answers with the engine's own fast `clone` (a deepcopy would
    also copy the shared pack tables, which hold a lock)."""

    __slots__ = ("state",)

    def __init__(self, state: State | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(None if self.state is None else self.state.clone())


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


_REGISTERED: dict[tuple[str, int], StellwerkSpielGame] = {}


def load(game_id: str, seats: int | None = None) -> StellwerkSpielGame:
    """The OpenSpiel game for a Stellwerk game (registered with pyspiel once)."""
    game = get_game(game_id)
    n = seats if seats is not None else game.min_seats
    key = (game.id, n)
    if key not in _REGISTERED:
        # registered as a class (as OpenSpiel's own Python games are): a registered
        # closure makes the interpreter abort at exit
        factory = type(f"Spiel_{game.id.replace('-', '_')}_{n}", (StellwerkSpielGame,),
                       {"game_id": game.id, "seat_count": n})
        pyspiel.register_game(_game_type(game, n), factory)
        _REGISTERED[key] = factory()
    return _REGISTERED[key]
