"""What another seat reads of a Benelux Rails action: the cards kept from the deal never
(`keep ? ? ?`), everything else as written; the keeper itself reads its own cards."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from stellwerk.core.contract import SETUP, TURN
from stellwerk.games import get_game

GAME = get_game("benelux-rails")
cards = st.integers(min_value=0, max_value=999)
seats = st.integers(min_value=0, max_value=5)


@given(cards, cards, cards, seats, st.one_of(st.none(), seats))
def test_kept_cards_read_as_question_marks_to_everyone_else(
        a: int, b: int, c: int, actor: int, viewer: int | None) -> None:
    keep = GAME.parse_action(f"keep {a} {b} {c}")
    shown = GAME.shown_action(keep, actor, viewer, SETUP)
    if viewer == actor:
        assert shown == f"keep {a} {b} {c}"
    else:
        assert shown == "keep ? ? ?"
    assert GAME.shown_action(keep, actor, viewer, SETUP, over=True) == f"keep {a} {b} {c}"


@given(st.sampled_from(["start amsterdam", "build F12 F13 G13", "move rotterdam",
                        "move G13 via F12", "ferry", "load cheese", "unload cheese",
                        "deliver 40 cheese", "deliver 2 40 cheese", "upgrade B12",
                        "buy-train amsterdam", "discard", "end"]),
       seats, st.one_of(st.none(), seats))
def test_every_other_action_reads_as_written(text: str, actor: int,
                                             viewer: int | None) -> None:
    action = GAME.parse_action(text)
    assert GAME.shown_action(action, actor, viewer, TURN) == GAME.format_action(action)
