"""Per game: what is hidden from a seat, as named parts (the one thing the hidden-
information tests must be told). A part is listed only when a redraw can change it.

A game without an entry here fails `test_every_game_has_an_adapter`: a new title
(Benelux Rails) is covered by the whole family once it names its hidden parts.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

Parts = dict[str, Hashable]


def rail_line(state: Any, seat: int) -> Parts:
    # docs/games/rail-line.md#rl-rules: the other hands, the A cards out of the game, the B deck's
    # order
    parts: Parts = {}
    others = [s for s in range(state.n) if s != seat]
    pool = [c for s in others for c in state.hands[s]] + state.removed
    for other in others:
        if state.hands[other] and len(pool) > len(state.hands[other]):
            parts[f"hand of seat {other}"] = tuple(sorted(state.hands[other]))
    if state.removed and len(pool) > len(state.removed):
        parts["A cards out of the game"] = tuple(sorted(state.removed))
    if len(state.deck) > 1:
        parts["B deck order"] = tuple(state.deck)
    return parts


def linie1(state: Any, seat: int) -> Parts:
    # docs/games/linie1.md#l1-rules: every other line, route card and hand; the pile's order
    parts: Parts = {}
    for other in range(state.n):
        if other == seat:
            continue
        parts[f"line of seat {other}"] = state.lines[other]
        parts[f"route card of seat {other}"] = state.cards[other]
        if state.hand_size(other) and state.pile:
            parts[f"hand of seat {other}"] = tuple(state.hands[other])
    if len(set(state.pile)) > 1:
        parts["pile order"] = tuple(state.pile)
    parts["future lots"] = future(state)
    return parts


def railways(state: Any, seat: int) -> Parts:
    # docs/games/railways.md#rw-rules: only the order of the draw pile, and so of every reshuffle to
    # come
    parts: Parts = {"future draws": future(state)}
    if len(set(state.pile)) > 1:
        parts["pile order"] = tuple(state.pile)
    if len(state.discards) > 1:
        reshuffled = list(state.discards)
        state.chance.clone().shuffle(reshuffled)
        parts["next reshuffle"] = tuple(reshuffled)
    return parts


def benelux_rails(state: Any, seat: int) -> Parts:
    # docs/games/benelux-rails.md#br-rules: every other player's demand cards and the deck's order
    # (events included), and so the chance still to come (reshuffles of the discards)
    parts: Parts = {"future draws": future(state)}
    others = [s for s in range(state.n) if s != seat]
    pool = [c for s in others for c in state.players[s].hand]
    pool += [c for c in state.deck if isinstance(c, int)]
    for other in others:
        hand = state.players[other].hand
        if hand and len(pool) > len(hand):
            parts[f"hand of seat {other}"] = tuple(sorted(hand))
    if len(set(state.deck)) > 1:
        parts["deck order"] = tuple(str(card) for card in state.deck)
    return parts


def future(state: Any) -> int:
    """The game's next random number: the lots and shuffles still to come are secret."""
    return int(state.chance.clone().next64())


HIDDEN: dict[str, Callable[[Any, int], Parts]] = {
    "rail-line": rail_line,
    "linie1": linie1,
    "railways": railways,
    "benelux-rails": benelux_rails,
}


# The games whose actions may hold a secret of their own (a choice from a hidden hand,
# a sealed order): the twin-game tests must find two such choices one viewer cannot tell
# apart. Rail Line's and Railways' actions are all done in the open.
SECRET_CHOICES: dict[str, str] = {
    "benelux-rails": "demand cards kept from the deal",
    "linie1": "sealed orders",
}


def secret_tokens(game_id: str, state: Any, seat: int | None) -> set[str]:
    """JSON tokens that only another seat (or nobody) may know: they must appear in no
    view, event or public record meant for `seat`. Card names are unique, so a name in
    another hand or in the deck shows up nowhere public."""
    if game_id != "rail-line":
        return set()
    hidden = [c for s in range(state.n) if s != seat for c in state.hands[s]]
    return {f'"{card}"' for card in [*hidden, *state.removed, *state.deck]}
