"""Every Stellwerk game as a PettingZoo AEC environment with action masks.

Install with `pip install 'stellwerk[research]'`. `StellwerkAEC(game_id, seats=…)`:

- agents `seat_0`, `seat_1`, …; `agent_selection` is the first seat that owes a
  decision (several seats ordering at once, as in Linie 1, act one after another, and
  none sees another's pending order: each observes only its own view);
- actions are numbered by the game's words (`stellwerk.research.words`): the action
  space is `Discrete(len(words) + 1)`, number *k* means word *k* in every state
  (`action_meanings()`), and an action is chosen word by word among the seat's
  candidate actions (`State.candidate_actions`) until one fits;
  `observation["action_mask"]` marks the valid next words. With
  `actions="candidates"` (or for a game without a vocabulary) action *i* is the i-th
  candidate now, in `Discrete(max_actions)`;
- `observation["features"]` is a float32 `Box`: the game's numbers for the seat's
  view (`stellwerk.core.encoding.Encoding.features`) and then, per word number, how
  often the seat has chosen it in the action it is choosing;
- `observation["observation"]` is the seat's view (`State.view`, hidden information
  removed) as canonical JSON in UTF-8 bytes, zero padded to `view_bytes`: generic and
  lossless;
- `state()` (for centralised critics) is the public view and every seat's view,
  `{"public": …, "seats": [view of seat 0, …]}`, encoded like an observation (canonical
  JSON in UTF-8 bytes, zero padded to `state_bytes`, by default `view_bytes` per seat
  plus one); `decode_view` reads it back;
- `infos` of the agent to act: the words chosen so far (`"chosen"`), each valid
  number's word (`"action_meanings"`) and the actions the words may still spell
  (`"spelling"`, in the game's notation, `lay A07`); numbering by position,
  `"action_meanings"` names each valid index's action;
- rewards come at the end (`stellwerk.research.returns`, as in the OpenSpiel adapter):
  the share of the other seats a seat finished ahead of minus the share ahead of it, so
  1 for a sole winner, -1 for a sole last, tied seats share evenly and the rewards sum
  to 0; in a solo game the final score.

`stellwerk.research.pettingzoo_parallel.parallel_env` is the same game as a parallel
environment (the seats owing a decision act in one step). The environment speaks only
the core contract, so a new game is covered when it is registered.

`reset(seed=s)` plays the game of engine seed `s` (as `stellwerk play --seed s`) and
seeds the generator of the seeds that later `reset()` calls without a seed draw, so a
run is reproducible from its first seed; without any seed the first `reset()` draws
from fresh entropy. `game_seed` is the seed of the game being played.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from stellwerk.core.companions import encoding
from stellwerk.core.contract import Action, Game, State
from stellwerk.core.encoding import Encoding
from stellwerk.core.errors import BadOption
from stellwerk.games import get_game
from stellwerk.research import terms as _research_terms  # noqa: F401 (its refusals' words)
from stellwerk.research.returns import final_returns
from stellwerk.research.words import Vocabulary, WordChoice

MAX_ACTIONS = 4096
VIEW_BYTES = 1 << 16
WORDS = "words"             # actions: the game's words, each number one fixed meaning
CANDIDATES = "candidates"   # actions: positions in the list of candidate actions now
GAME_SEEDS = 1 << 63       # a drawn game seed is below this
_SEED_MASK = (1 << 64) - 1


def encode_view(view: dict[str, Any], size: int) -> np.ndarray:
    data = json.dumps(view, sort_keys=True, separators=(",", ":")).encode("utf-8")
    if len(data) > size:
        raise BadOption("rs.view_bytes", n=len(data), size=size)
    out = np.zeros(size, dtype=np.uint8)
    out[:len(data)] = np.frombuffer(data, dtype=np.uint8)
    return out


def features_of(coding: Encoding, state: State, seat: int, view: dict[str, Any],
                choice: WordChoice | None, size: int) -> np.ndarray:
    """The numeric observation: the game's encoding of the view, then per word number
    how often the seat has chosen it in the action it is choosing."""
    out = np.zeros(size, dtype=np.float32)
    numbers = coding.features(state, seat, view)
    out[:len(numbers)] = numbers
    if choice is not None:
        for word in choice.chosen:
            out[coding.feature_size + word] += 1.0
    return out


def meanings_of(game: Game, vocabulary: Vocabulary, choice: WordChoice) -> dict[str, Any]:
    """The infos of a seat choosing word by word: the words chosen, each valid word's
    meaning by number, and the actions (notation) the valid words may still spell."""
    chosen = len(choice.chosen)
    return {"chosen": [vocabulary.meaning(w) for w in choice.chosen],
            "action_meanings": {w: vocabulary.meaning(w) for w in choice.legal()},
            "spelling": [game.format_action(action)
                         for action, ids in zip(choice.candidates, choice.spelled, strict=True)
                         if ids[:chosen] == choice.chosen]}


def decode_view(observation: np.ndarray) -> dict[str, Any]:
    data = bytes(observation).rstrip(b"\0")
    view: dict[str, Any] = json.loads(data.decode("utf-8"))
    return view


class StellwerkAEC(AECEnv):
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "stellwerk_v0",
                                          "is_parallelizable": False}

    def __init__(self, game_id: str, seats: int | None = None,
                 options: dict[str, Any] | None = None, max_actions: int = MAX_ACTIONS,
                 view_bytes: int = VIEW_BYTES, state_bytes: int | None = None,
                 render_mode: str | None = None, actions: str = WORDS) -> None:
        super().__init__()
        self.game = get_game(game_id)
        self.seats = seats if seats is not None else self.game.min_seats
        self.options = self.game.parse_options(options or {}, self.seats)
        self.pack = self.game.load_pack()
        if actions not in (WORDS, CANDIDATES):
            raise BadOption("rs.actions_kind", kind=actions, kinds=f"{WORDS}, {CANDIDATES}")
        self.encoding = encoding(self.game, self.pack, self.seats)
        vocabulary = Vocabulary(self.encoding)
        # the game's words with fixed numbers, or None: actions numbered by position
        self.vocabulary = vocabulary if vocabulary and actions == WORDS else None
        if self.vocabulary is not None:
            max_actions = self.vocabulary.size
        self.max_actions = max_actions
        self.feature_size = self.encoding.feature_size + \
            (0 if self.vocabulary is None else self.vocabulary.size)
        self.view_bytes = view_bytes
        self.state_bytes = state_bytes if state_bytes is not None \
            else view_bytes * (self.seats + 1)
        self.state_space = spaces.Box(0, 255, (self.state_bytes,), dtype=np.uint8)
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(self.seats)]
        self._action_spaces = {a: spaces.Discrete(max_actions) for a in self.possible_agents}
        self._observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0, 255, (view_bytes,), dtype=np.uint8),
            "features": spaces.Box(-np.inf, np.inf, (self.feature_size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (max_actions,), dtype=np.int8),
        }) for a in self.possible_agents}
        self.state_: State | None = None
        self._candidates: list[Action] = []
        self._choice: WordChoice | None = None
        self._seeds: np.random.Generator | None = None
        self.game_seed: int | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # -- the AEC loop -------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed & _SEED_MASK)   # any int, as the engine
            self.game_seed = int(seed)
        else:
            if self._seeds is None:
                self._seeds = np.random.default_rng()
            self.game_seed = int(self._seeds.integers(GAME_SEEDS))
        self.state_ = self.game.new_state(self.options, self.game_seed, self.pack, self.seats)
        self._choice = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._next_turn()

    def _seat(self, agent: str) -> int:
        return int(agent.rsplit("_", 1)[1])

    def _next_turn(self) -> None:
        assert self.state_ is not None
        decision = self.state_.decision()
        if decision is None:
            return
        seat = decision.seats[0]
        self.agent_selection = self.possible_agents[seat]
        if self.vocabulary is None:
            self._candidates = self.state_.candidate_actions(seat)[:self.max_actions]
        else:
            self._candidates = self.state_.candidate_actions(seat)
            self._choice = WordChoice(self.vocabulary, self._candidates)
        self._tell_meanings()

    def _tell_meanings(self) -> None:
        """What the agent to act may choose, in the game's notation (a learner's log, a
        human): each valid index's action, or each valid word and the actions the
        words may still spell."""
        if self._choice is None or self.vocabulary is None:
            self.infos[self.agent_selection] = {
                "action_meanings": [self.game.format_action(a) for a in self._candidates]}
            return
        self.infos[self.agent_selection] = meanings_of(self.game, self.vocabulary, self._choice)

    def action_meanings(self) -> list[str]:
        """What each action number means, in every state: the game's words and "done"
        (or, numbering by position, nothing fixed: an empty list)."""
        return [] if self.vocabulary is None else self.vocabulary.meanings()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.state_ is not None
        mask = np.zeros(self.max_actions, dtype=np.int8)
        acting = agent == self.agent_selection and not self.state_.is_over()
        if acting and self._choice is not None:
            mask[self._choice.legal()] = 1
        elif acting:
            mask[:len(self._candidates)] = 1
        seat = self._seat(agent)
        view = self.state_.view(seat)
        return {"observation": encode_view(view, self.view_bytes),
                "features": features_of(self.encoding, self.state_, seat, view,
                                        self._choice if acting else None, self.feature_size),
                "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state_ is not None
        if self._choice is not None:
            legal = self._choice.legal()
            if action is None or int(action) not in legal:
                raise BadOption("rs.action_index", action=action, n=len(legal))
            settled = self._choice.choose(int(action))
        elif action is None or not 0 <= int(action) < len(self._candidates):
            raise BadOption("rs.action_index", action=action, n=len(self._candidates))
        else:
            settled = self._candidates[int(action)]
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if settled is None:                   # more words of the same action to come
            self._tell_meanings()
            self._accumulate_rewards()
            return
        self._choice = None
        self.state_.apply(self._seat(agent), settled)
        if self.state_.is_over():
            result = self.state_.result()
            for name, reward in zip(self.possible_agents, final_returns(result), strict=True):
                self.rewards[name] = reward
                self.terminations[name] = True
            self.infos = {a: {"result": result.to_json()} for a in self.agents}
        else:
            self._next_turn()
        self._accumulate_rewards()

    def state(self) -> np.ndarray:
        assert self.state_ is not None
        whole = {"public": self.state_.public_view(),
                 "seats": [self.state_.view(seat) for seat in range(self.seats)]}
        return encode_view(whole, self.state_bytes)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        return json.dumps(self.state_.public_view(), sort_keys=True)

    def close(self) -> None:
        pass


def env(game_id: str, **kwargs: Any) -> StellwerkAEC:
    return StellwerkAEC(game_id, **kwargs)
