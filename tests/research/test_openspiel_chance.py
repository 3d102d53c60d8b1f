"""The OpenSpiel game draws where the game draws: deals and draws are chance nodes whose
outcomes are what is drawn, so an information state holds only what its seat has seen.
Skipped loudly when OpenSpiel is not installed."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (`python3 dev.py test` installs it wherever the "
    "platform has a wheel; or pip install 'stellwerk[research]')")

from stellwerk.core.chance import Chance  # noqa: E402
from stellwerk.games import game_ids, get_game  # noqa: E402
from stellwerk.research.openspiel_game import StellwerkSpielState, load  # noqa: E402


def dealt(game_id: str, seats: int, outcomes: list[int]) -> StellwerkSpielState | None:
    """The state after these chance outcomes from the start, or None when one of them
    cannot come out where it is played."""
    state = load(game_id, seats).new_initial_state()
    for outcome in outcomes:
        if not state.is_chance_node() or outcome not in dict(state.chance_outcomes()):
            return None
        state.apply_action(outcome)
    return state if not state.is_chance_node() else None


def the_deal(game_id: str, seats: int, seed: int) -> list[int]:
    """The chance outcomes of the deal of engine seed `seed`, up to the first decision."""
    state, draws, outcomes = load(game_id, seats).new_initial_state(), Chance(seed), []
    while state.is_chance_node():
        outcomes.append(state.seeded_outcome(draws))
        state.apply_action(outcomes[-1])
    return outcomes


def every_game() -> list[tuple[str, int]]:
    return [(game_id, seats) for game_id in game_ids()
            for seats in sorted({get_game(game_id).min_seats, get_game(game_id).max_seats})]


@pytest.mark.parametrize(("game_id", "seats"), every_game())
def test_deals_alike_in_what_a_seat_has_seen_give_it_the_same_information_state(
        game_id: str, seats: int) -> None:
    outcomes = the_deal(game_id, seats, seed=7)
    base = dealt(game_id, seats, outcomes)
    assert base is not None and base.inner is not None
    chance = Chance(1)
    hidden_from: dict[int, bool] = dict.fromkeys(range(seats), False)
    seen_by: dict[int, bool] = dict.fromkeys(range(seats), False)
    for _ in range(150):
        # the same items dealt to two other places: another deal, just as likely
        i, j = chance.below(len(outcomes)), chance.below(len(outcomes))
        if outcomes[i] == outcomes[j]:
            continue
        swapped = list(outcomes)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        other = dealt(game_id, seats, swapped)
        if other is None or other.inner is None or \
                other.inner.snapshot() == base.inner.snapshot():    # places nobody uses
            continue
        for seat in range(seats):
            same = other.information_state_string(seat) == base.information_state_string(seat)
            others_differ = seats == 1 or any(
                other.information_state_string(s) != base.information_state_string(s)
                for s in range(seats) if s != seat)
            hidden_from[seat] |= same and others_differ
            seen_by[seat] |= not same
    # every seat is dealt something another deal changes, and cannot tell apart deals
    # that differ only in what it has not seen (another's hand, a line and route card);
    # Railways' solo deal leaves nothing unseen (eight cards: plan, hand and the pile's
    # one card, which is the card not shown)
    assert all(seen_by.values()), seen_by
    if seats > 1:
        assert all(hidden_from.values()), hidden_from


def test_a_shuffle_is_one_chance_node_per_place_whose_outcomes_are_the_items_left() -> None:
    state = load("rail-line", 2).new_initial_state()
    first = state.chance_outcomes()
    assert len(first) > 2
    assert sum(p for _, p in first) == pytest.approx(1.0)
    assert len({p for _, p in first}) == 1                     # every card equally likely
    names = [state.action_to_string(pyspiel.PlayerId.CHANCE, o) for o, _ in first]
    assert all(name.startswith("draw ") for name in names)     # the card, by name
    state.apply_action(first[0][0])
    assert state.is_chance_node()
    assert first[0][0] not in dict(state.chance_outcomes())     # a card is dealt once
    assert len(state.chance_outcomes()) == len(first) - 1


def test_equal_tiles_are_one_outcome_with_their_share() -> None:
    # Linie 1's pile holds several copies of a tile: one outcome each, weighted
    state = load("linie1", 2).new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        if any(p != outcomes[0][1] for _, p in outcomes):
            break
        state.apply_action(outcomes[0][0])
    assert state.is_chance_node()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert len({p for _, p in outcomes}) > 1


def test_draws_during_play_are_chance_nodes_where_the_move_is_taken() -> None:
    # Linie 1 draws lots among orders of equal priority when a round is resolved
    state = load("linie1", 3).new_initial_state()
    draws, moves = Chance(0), Chance(5)
    dealing = True
    found = False
    while not state.is_terminal() and not found:
        if state.is_chance_node():
            if not dealing:
                assert state.inner is not None and not state.inner.is_over()
                before = state.inner.public_view()
                found = True
                assert str(state).endswith("draws made)")
                assert state.inner.public_view() == before
            state.apply_action(state.seeded_outcome(draws))
            continue
        dealing = False
        legal = state.legal_actions()
        state.apply_action(legal[moves.below(len(legal))])
    assert found
