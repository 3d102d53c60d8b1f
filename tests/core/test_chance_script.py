"""A scripted chance draws what its script says and asks for anything beyond it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stellwerk.core.chance import Chance, chance_from
from stellwerk.core.chance_script import DrawNeeded, ScriptedChance


@given(st.integers(0, 2**64 - 1), st.lists(st.integers(), min_size=0, max_size=30))
def test_a_script_of_a_generators_draws_shuffles_as_the_generator(seed: int,
                                                                   items: list[int]) -> None:
    mine, theirs = list(items), list(items)
    Chance(seed).shuffle(theirs)
    recorder = Chance(seed)
    script = [recorder.below(i + 1) for i in range(len(items) - 1, 0, -1)]
    ScriptedChance(script).shuffle(mine)
    assert mine == theirs


def test_a_draw_beyond_the_script_asks_for_it_and_says_what_is_drawn() -> None:
    chance = ScriptedChance([2])
    assert chance.below(3) == 2
    with pytest.raises(DrawNeeded) as asked:
        chance.below(5)
    assert asked.value.items is None and asked.value.n == 5
    deck = ["a", "b", "c"]
    with pytest.raises(DrawNeeded) as asked:
        chance.shuffle(deck)
    assert asked.value.items == ("a", "b", "c") and deck == ["a", "b", "c"]


def test_a_clone_draws_on_from_where_its_original_stood() -> None:
    chance = ScriptedChance([1, 0, 4])
    chance.below(2)
    twin = chance.clone()
    assert [twin.below(1), twin.below(5)] == [0, 4]
    assert chance.below(1) == 0                     # the original is its own


def test_a_seed_makes_a_generator_and_a_chance_is_taken_as_it_is() -> None:
    assert chance_from(5).next64() == Chance(5).next64()
    given_chance = ScriptedChance(())
    assert chance_from(given_chance) is given_chance
