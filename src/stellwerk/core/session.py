"""Driving seats through a game: the loop shared by play, simulate and the benchmarks.

An `Agent` (bot or human front end) is asked for an action whenever its seat owes a
decision. It is handed a `Window` on the game: its seat's view, its candidate actions
(`State.candidate_actions`: every legal action where the game can list them, a
representative sample where it cannot, e.g. Linie 1's orders), and
*determinized* samples (hidden information redrawn) to look ahead on. It never sees
the real state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action, Game, State


class Window:
    """What one seat may see of a game at one decision; `legal` holds the seat's
    candidate actions (complete when `game.enumerable`)."""

    __slots__ = ("_chance", "_state", "game", "legal", "seat")

    def __init__(self, game: Game, state: State, seat: int, legal: list[Action],
                 chance: Chance) -> None:
        self.game = game
        self.seat = seat
        self.legal = legal
        self._state = state
        self._chance = chance

    def view(self) -> dict[str, Any]:
        return self._state.view(self.seat)

    def events(self) -> list[dict[str, Any]]:
        """The game so far as this seat may know it (`State.events`)."""
        return self._state.events(self.seat)

    def describe_event(self, event: Mapping[str, Any], lang: str = "en",
                       names: Sequence[str] | None = None) -> str:
        """An event of `events()` in words, with the table's own pack's words and, given
        `names`, the table's names of the seats."""
        return self.game.describe_event(event, lang, self._state, names)

    def with_chance(self, chance: Chance) -> Window:
        """The same window drawing its samples from `chance` (a hint asks a bot on its
        own chance, so the bots at the table play as if no hint was asked)."""
        return Window(self.game, self._state, self.seat, self.legal, chance)

    def sample(self, chance: Chance | None = None) -> State:
        """A state consistent with this seat's view, hidden information redrawn.

        It draws from the agents' chance unless given another; a front end that samples
        for its own purposes passes its own, so the bots' choices do not depend on it.
        """
        return self._state.determinized(self.seat, (chance or self._chance).fork())


class Agent(Protocol):
    kind: str

    def choose(self, window: Window) -> Action: ...


Step = Callable[[int, Action, State], None]


def play_out(game: Game, state: State, agents: Sequence[Agent], chance: Chance,
             on_step: Step | None = None, max_steps: int = 1_000_000) -> list[tuple[int, Action]]:
    """Ask agents for actions until the game ends; returns (seat, action) in order.

    `chance` feeds the agents' own randomness (never the game's), so a simulation is
    reproducible from its seed. For several seats deciding at once, they are asked in
    seat order; each sees only its own window.
    """
    taken: list[tuple[int, Action]] = []
    for _ in range(max_steps):
        decision = state.decision()
        if decision is None:
            return taken
        seat = decision.seats[0]
        window = Window(game, state, seat, state.candidate_actions(seat), chance)
        action = agents[seat].choose(window)
        state.apply(seat, action)
        taken.append((seat, action))
        if on_step is not None:
            on_step(seat, action, state)
    raise RuntimeError(f"{game.id}: no end after {max_steps} steps")
