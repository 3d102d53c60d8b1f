"""Shared set-ups for the Benelux Rails tests, on the small hand-made map `tiny.toml`.

The tiny map (12 rows x 14 columns): major cities noordstad (centre C4), oosterburg (C11),
zuidhaven (J4), bergheim (J11); medium middelrijk (F7), rivierdam (G13); small zeepoort
(F2, ferry port), eiland (H1, ferry port), heuvel (L8, in the mountains), kleindorp (H8),
noordkaap (A7). The Waal river runs between columns 8 and 9 in rows A-G, a lake edge
lies east of column 12 in rows H-L, the Zeeveer ferry joins F2 and H1 (6 M).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path

from stellwerk.core import companions
from stellwerk.core.chance import Chance
from stellwerk.core.companions import Picture, Terminal
from stellwerk.core.content import ContentPack
from stellwerk.games import get_game
from stellwerk.games.benelux_rails.game import PACK_DIR, BeneluxRails
from stellwerk.games.benelux_rails.rules import BeneluxState

GAME = get_game("benelux-rails")
assert isinstance(GAME, BeneluxRails)
TINY = PACK_DIR / "tiny.toml"
_PACK: list[ContentPack] = []


def tiny_pack() -> ContentPack:
    if not _PACK:
        _PACK.append(GAME.load_pack(TINY))
    return _PACK[0]


def terminal(pack: ContentPack | None = None) -> Terminal:
    """The terminal companion for views of `pack` (the tiny map unless named)."""
    return companions.terminal(GAME, pack or tiny_pack())


def picture(pack: ContentPack | None = None) -> Picture:
    """The picture companion for views of `pack` (the tiny map unless named)."""
    return companions.picture(GAME, pack or tiny_pack())


def new_state(seed: int = 1, seats: int = 2, variant: str = "standard") -> BeneluxState:
    state = GAME.new_state({"variant": variant}, seed, tiny_pack(), seats)
    assert isinstance(state, BeneluxState)
    return state


def set_up(seed: int = 1, starts: Sequence[str] = ("noordstad", "zuidhaven"),
           variant: str = "standard", round_two: bool = True) -> BeneluxState:
    """Setup done: each keeps its first three cards; the starting player (drawn by lot,
    `state.first`) starts in starts[0], the next clockwise in starts[1], ... With
    `round_two`, round 1 passes without building, so the starting player is to move."""
    state = new_state(seed, len(starts), variant)
    while state.phase != "turn":
        seat = state.active
        state.apply(seat, ("keep", *state.players[seat].hand[:3]))
        state.apply(seat, ("start", starts[(seat - state.first) % len(starts)]))
    if round_two:
        for _ in range(len(starts)):
            state.apply(state.active, ("end",))
    return state


def give_track(state: BeneluxState, seat: int, *names: str) -> None:
    """Lay track along a path for `seat` directly (a test shortcut past the costs)."""
    t = state.t
    posts = [t.index[n] for n in names]
    me = state.players[seat]
    for a, b in pairwise(posts):
        e = t.edge(a, b)
        assert b in t.adjacent[a], (t.names[a], t.names[b])
        if t.same_major(a, b):
            continue
        state.owner[e] = seat
        me.edges.add(e)
        me.nodes.update((a, b))


def put_train(state: BeneluxState, seat: int, name: str) -> None:
    state.players[seat].position = state.t.index[name]


def fingerprint(state: BeneluxState) -> object:
    """Everything in a state, to prove a refused action changed nothing."""
    return state.snapshot()


def root() -> Path:
    return Path(__file__).resolve().parents[2]


def random_play(state: BeneluxState, seed: int, steps: int) -> list[BeneluxState]:
    """A clone of the state after each of up to `steps` random legal actions."""
    chance = Chance(seed)
    out = []
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.active
        listed = state.legal_actions(seat)
        state.apply(seat, listed[chance.below(len(listed))])
        out.append(state.clone())
    return out
