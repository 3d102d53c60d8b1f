"""Every Stellwerk game as a PettingZoo parallel environment: the seats that owe a
decision act together in one `step`, as Linie 1's players write their orders at once.

`parallel_env(game_id, seats=…)` takes the options of the AEC environment
(`stellwerk.research.pettingzoo_env`) and observes and numbers actions exactly as it
does: each agent's observation is its own view (canonical JSON bytes and numeric
features) with an action mask over the next words of its candidate actions; an agent
that owes nothing now has an empty mask and its action is ignored. In a turn-based
game that is one agent a step; in a simultaneous decision every seat that still owes
an order spells it a word a step, and the actions its words settle are applied in seat
order (none sees another's pending order, as the engine keeps them sealed until all
are in). `infos[agent]` names the words chosen, the valid words and the actions they
may still spell, in the game's notation.
Rewards come at the end, zero-sum rank returns as in both other adapters.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from stellwerk.core.contract import Action
from stellwerk.core.errors import BadOption
from stellwerk.research.pettingzoo_env import StellwerkAEC, encode_view, features_of, meanings_of
from stellwerk.research.returns import final_returns
from stellwerk.research.words import WordChoice


class StellwerkParallel(ParallelEnv):
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"],
                                          "name": "stellwerk_parallel_v0"}

    def __init__(self, game_id: str, **kwargs: Any) -> None:
        # the AEC environment holds the game, pack, options, spaces and seed stream
        self.aec = StellwerkAEC(game_id, **kwargs)
        self.possible_agents = self.aec.possible_agents
        self.render_mode = self.aec.render_mode
        self.agents: list[str] = []
        self._owed: dict[str, list[Action]] = {}
        # per agent that owes a decision, its words so far (actions numbered by word)
        self._choices: dict[str, WordChoice] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    @property
    def game_seed(self) -> int | None:
        return self.aec.game_seed

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) \
            -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.aec.reset(seed=seed, options=options)
        self.agents = self.possible_agents[:]
        self._choices = {}
        self._list_owed()
        return self._observations(), self._infos()

    def _list_owed(self) -> None:
        state = self.aec.state_
        assert state is not None
        decision = state.decision()
        seats = decision.seats if decision is not None else ()
        vocabulary = self.aec.vocabulary
        if vocabulary is None:
            self._owed = {self.possible_agents[seat]:
                          state.candidate_actions(seat)[:self.aec.max_actions] for seat in seats}
            return
        self._owed = {self.possible_agents[seat]: state.candidate_actions(seat)
                      for seat in seats}
        choices = {}
        for agent, candidates in self._owed.items():
            # a seat that is still spelling its action goes on where its candidates stand
            begun = self._choices.get(agent)
            choices[agent] = begun if begun is not None and \
                begun.candidates == tuple(candidates) else WordChoice(vocabulary, candidates)
        self._choices = choices

    def _valid(self, agent: str) -> list[int]:
        choice = self._choices.get(agent)
        if choice is not None:
            return choice.legal()
        return list(range(len(self._owed.get(agent, ()))))

    def _observations(self) -> dict[str, Any]:
        state = self.aec.state_
        assert state is not None
        out = {}
        for agent in self.agents:
            mask = np.zeros(self.aec.max_actions, dtype=np.int8)
            mask[self._valid(agent)] = 1
            seat = self._seat(agent)
            view = state.view(seat)
            out[agent] = {"observation": encode_view(view, self.aec.view_bytes),
                          "features": features_of(self.aec.encoding, state, seat, view,
                                                  self._choices.get(agent),
                                                  self.aec.feature_size),
                          "action_mask": mask}
        return out

    def _infos(self) -> dict[str, dict[str, Any]]:
        game, vocabulary = self.aec.game, self.aec.vocabulary
        if vocabulary is not None:
            return {agent: meanings_of(game, vocabulary, self._choices[agent])
                    if agent in self._choices else {} for agent in self.agents}
        return {agent: {"action_meanings": [game.format_action(a)
                                            for a in self._owed.get(agent, ())]}
                for agent in self.agents}

    @staticmethod
    def _seat(agent: str) -> int:
        return int(agent.rsplit("_", 1)[1])

    def step(self, actions: dict[str, Any]) -> tuple[
            dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        state = self.aec.state_
        assert state is not None
        for agent in self._owed:                        # every number is checked first
            index, valid = actions.get(agent), self._valid(agent)
            if index is None or int(index) not in valid:
                raise BadOption("rs.agent_action_index", agent=agent, action=index,
                                n=len(valid))
        chosen = []
        for agent, candidates in self._owed.items():
            choice = self._choices.get(agent)
            settled = candidates[int(actions[agent])] if choice is None \
                else choice.choose(int(actions[agent]))
            if settled is not None:
                self._choices.pop(agent, None)
                chosen.append((self._seat(agent), settled))
        for seat, action in sorted(chosen):
            state.apply(seat, action)
        rewards = dict.fromkeys(self.agents, 0.0)
        over = state.is_over()
        if over:
            result = state.result()
            rewards = dict(zip(self.possible_agents, final_returns(result), strict=True))
            self._owed, self._choices = {}, {}
        else:
            self._list_owed()
        observations, infos = self._observations(), self._infos()
        if over:
            for agent in self.agents:
                infos[agent]["result"] = state.result().to_json()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def state(self) -> np.ndarray:
        return self.aec.state()

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        pass


def parallel_env(game_id: str, **kwargs: Any) -> StellwerkParallel:
    return StellwerkParallel(game_id, **kwargs)
