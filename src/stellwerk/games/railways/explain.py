"""Why an action changes pollution by what it does (a transport cost
+2 one time and -1 another with no visible reason).

docs/games/railways.md#rw-rules: an action costs +1 pollution per extra action field used on one
card; a transport's destination adds C +1, I +1 or R -1; "reduce pollution" gives -1; the track
never leaves 1..max. Each reason is a catalogue key with its parameters.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stellwerk.core.contract import Action
from stellwerk.games.railways.uses import Use, split_uses

# docs/games/railways.md#rw-rules: the destination bonus of a transport, as a pollution change
DESTINATION_POLLUTION = {"C": 1, "I": 1, "R": -1, "L": 0}


def pollution_reasons(action: Action) -> list[dict[str, Any]]:
    """The parts of an action's pollution change, before the track's limits."""
    if len(action) < 2 or action[0] in ("dice", "pass"):
        return []
    uses: Sequence[Use] = split_uses(str(action[-1])) or ()
    reasons: list[dict[str, Any]] = []
    fields: dict[int, set[int]] = {}
    for card, field, _ in uses:
        fields.setdefault(card, set()).add(field)
    for card, used in sorted(fields.items()):
        if len(used) > 1:
            reasons.append({"key": "rw.why.fields", "n": len(used) - 1, "card": card,
                            "fields": len(used)})
    if action[0] == "transport":
        change = DESTINATION_POLLUTION.get(str(action[2]), 0)
        if change:
            reasons.append({"key": f"rw.why.to_{action[2]}", "n": change})
    if action[0] == "clean":
        reasons.append({"key": "rw.why.clean", "n": -1})
    return reasons


def explain_pollution(action: Action, before: int, after: int) -> list[dict[str, Any]]:
    """The reasons, and a note when the track's floor or ceiling cut the sum."""
    reasons = pollution_reasons(action)
    total = sum(r["n"] for r in reasons)
    if reasons and before + total != after:
        reasons.append({"key": "rw.why.limit", "n": after - before - total})
    return reasons
