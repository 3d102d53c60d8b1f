"""scripts/hint_speed.py times a hint for the seat that decides first: in Benelux Rails
(three seats, seed 5) that is not seat 0, and the hint still names a legal action."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "scripts" / "hint_speed.py"


def test_the_hint_speed_script_times_the_benelux_planner() -> None:
    spec = importlib.util.spec_from_file_location("hint_speed", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    seconds, action = module.time_hint("benelux-rails")
    assert seconds < 30
    assert action.startswith("keep ")
