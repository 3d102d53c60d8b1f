"""scripts/hint_speed.py times a hint for the seat that decides first: in Benelux Rails
(three seats, seed 5) that is not seat 0, and the hint still names a legal action."""

from __future__ import annotations

from tests.script_module import script


def test_the_hint_speed_script_times_the_benelux_planner() -> None:
    seconds, action = script("hint_speed").time_hint("benelux-rails")
    assert seconds < 30
    assert action.startswith("keep ")
