"""Railways rulings (docs/games/railways.md#rw-rules D, A round and Transport): a substitute
pair of targets only when no card in hand carries a fitting target, never a spare symbol,
and the legal list names every way to pay."""

from __future__ import annotations

import itertools

import pytest

from stellwerk.core.chance import Chance
from stellwerk.core.errors import IllegalAction
from stellwerk.games.railways.symbols import RELEVANT
from stellwerk.games.railways.uses import format_uses
from tests.railways.helpers import GAME, PACK, act, snapshot


def test_seed_3_open_with_a_substitute_pair_beside_a_fitting_target_is_refused() -> None:
    # The finding: 3.3b (C) fits B1 (R-C) alone, so 3.3b + 7.2b (I) is a spare symbol.
    state = GAME.new_state({}, 3, PACK, 1)
    state.apply(0, state.legal_actions(0)[0])
    assert state.hand == [3, 7, 4]
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        act(state, "open B1 with 3.2a 3.3b 7.2b")
    assert caught.value.key == "rw.symbols_do_not_fit"
    assert "use exactly that one target" in str(caught.value)
    assert snapshot(state) == before
    legal = {GAME.format_action(a) for a in state.legal_actions(0)}
    assert "open B1 with 3.2a 3.3b 7.2b" not in legal
    assert "open B1 with 3.2a 3.3b" in legal
    act(state, "open B1 with 3.2a 3.3b")
    assert state.hand == [7, 4]                    # no card discarded for free


def _every_payment(state, head):  # type: ignore[no-untyped-def]
    """Brute force: every set of relevant hand symbols the rules accept for `head`."""
    kind = head[0]
    symbols = [(card, f, s) for card in state.hand
               for f, field in enumerate(state.tables.cards[card].fields)
               for s, symbol in enumerate(field) if symbol in RELEVANT[kind]]
    accepted = set()
    for size in range(1, len(symbols) + 1):
        for uses in itertools.combinations(symbols, size):
            if state.is_legal(0, (*head, format_uses(uses))):
                accepted.add(format_uses(uses))
    return accepted


@pytest.mark.parametrize("seed", [1, 5, 9])
def test_the_legal_list_names_every_way_to_pay(seed: int) -> None:
    state = GAME.new_state({"challenges": [3]}, seed, PACK, 1)
    chance = Chance(seed)
    state.apply(0, chance.choice(state.legal_actions(0)))
    for _ in range(6):                             # a few decisions into the game
        legal = state.legal_actions(0)
        listed: dict[tuple, set[str]] = {}
        for action in legal:
            if action[0] != "pass":
                listed.setdefault(action[:-1], set()).add(action[-1])
        assert len(legal) == len(set(legal))      # each action once
        for head in itertools.islice(listed, 0, None, 7):   # a spread of heads
            assert listed[head] == _every_payment(state, head), head
        state.apply(0, chance.choice(legal))
        if state.is_over():
            break


def test_the_new_refusals_read_in_german_too() -> None:
    for key in ("rw.symbols_do_not_fit", "rw.convert_compulsory"):
        assert GAME.catalog.text(key, "de", uses="3.2a") != GAME.catalog.text(key, "en",
                                                                             uses="3.2a")
