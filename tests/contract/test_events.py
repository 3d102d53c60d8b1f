"""`State.events(seat)` never shows another seat's secret: a Linie 1 order stays hidden
until its round is resolved. The events every game keeps (JSON, catalogue keys, English
and German) are stellwerk.testing.contract_tests."""

from __future__ import annotations

from stellwerk.testing.contract_tests import played


def test_a_linie1_order_is_secret_until_its_round_is_resolved() -> None:
    _, state = played("linie1", 3, 3 * 4)         # four rounds resolved
    resolved = state.events(None)
    order = next(a for a in state.candidate_actions(0) if len(a) > 1)
    state.apply(0, order)
    now = state.events(1)
    assert now[:len(resolved)] == resolved
    assert now[len(resolved):] == [{"key": "l1.ev.ordered", "round": state.round, "seat": 0}]
    state.apply(1, ("order",))
    state.apply(2, ("order",))                    # the round resolves: the order is shown
    shown = [e for e in state.events(1) if e["key"] == "l1.ev.placement"
             and e["round"] == state.round - 1 and e["seat"] == 0]
    assert [e["square"] for e in shown] == [order[1 + 3 * k] for k in range(len(shown))]
    assert shown
