"""The postal judge's papers tell no secret: the public report and its picture are the
same whatever the hidden parts (every line, route card, hand and the pile's order) are,
and a player's private sheet is the same whatever that player may not know.

Each check resolves the same orders on the true position and on redraws of what is
hidden, keeping what the public knows (the board, hand sizes, the lots' chance, and the
tiles a seat was seen to lay); a redraw under which the public outcome of the round
differs is a different public history and is set aside.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.contract import Action
from stellwerk.core.errors import IllegalAction
from stellwerk.frontends.postal import commands as judge
from stellwerk.games.linie1.judge.postal import Linie1Postal
from stellwerk.games.linie1.rules import Linie1State
from stellwerk.games.linie1.tables import EMPTY, square_name

from .helpers import GAME, PACK

POSTAL = Linie1Postal()

NAMES = ["Anna", "Bert", "Cora", "Dirk"]
REDRAWS = 60


def start(seed: int) -> Linie1State:
    return GAME.new_state(GAME.parse_options({}, len(NAMES)), seed, PACK, len(NAMES))


def resolved(state: Linie1State, orders: Sequence[Action]) -> tuple[Linie1State, dict[str, str]]:
    """The position after the round and the files the judge writes for it."""
    after = state.clone()
    hands = [dict(after.view(s)["me"]["hand"]) for s in range(after.n)]
    for seat, order in enumerate(orders):
        after.apply(seat, order)
    return after, POSTAL.round_files(after, NAMES, state.round, "en", [], hands)


def public_outcome(after: Linie1State) -> tuple[Any, ...]:
    """What every player sees happen: each placement's fate, the lots, lines completed,
    the board and the hand sizes."""
    report = after.last_report
    assert report is not None
    fates = tuple((e["seat"], e["priority"], e["square"], e["tile"], e["rotation"],
                   e["outcome"], e["replaced"], tuple(e["stops"])) for e in report["placements"])
    return (fates, str(report["lots"]), str(report["completed"]), tuple(after.board),
            tuple(after.hand_size(s) for s in range(after.n)))


def seen_laid(state: Linie1State, after: Linie1State, seat: int) -> list[int]:
    """Of each tile, how many `seat` was seen to lay (and so held)."""
    assert after.last_report is not None
    laid = [0] * len(state.tables.tile_ids)
    for entry in after.last_report["placements"]:
        if entry["seat"] == seat and entry["outcome"] in ("placed", "exchanged", "undone"):
            laid[state.tables.tile_index[entry["tile"]]] += 1
    return [min(n, held) for n, held in zip(laid, state.hands[seat], strict=True)]


def drawn_positions(state: Linie1State, after: Linie1State, seat: int) -> set[int]:
    """The places in the pile of the tiles `seat` draws at the round's end (the pile is
    drawn from its end, seat by seat)."""
    assert after.last_report is not None
    top = len(state.pile)
    for s in range(state.n):
        placed = sum(1 for e in after.last_report["placements"]
                     if e["seat"] == s and e["outcome"] == "placed")
        draws = after.hand_size(s) - state.hand_size(s) + placed
        if s == seat:
            return set(range(top - draws, top))
        top -= draws
    raise AssertionError(seat)


def redraw(state: Linie1State, after: Linie1State, rng: random.Random,
           keep: int | None = None) -> Linie1State:
    """`state` with everything `keep` (None: the public) does not know drawn anew: the
    other seats' lines, route cards and hands (but the tiles seen laid), and the pile
    (but the tiles `keep` drew from it)."""
    twin = state.clone()
    twin.table = state.table.without_lists()
    tables = state.tables
    others = [s for s in range(state.n) if s != keep]
    lines = [x for x in range(len(tables.line_numbers))
             if keep is None or x != state.lines[keep]]
    cards = [x for x in range(len(tables.cards)) if keep is None or x != state.cards[keep]]
    rng.shuffle(lines)
    rng.shuffle(cards)
    kept_pile = set() if keep is None else drawn_positions(state, after, keep)
    free = [i for i in range(len(state.pile)) if i not in kept_pile]
    pool = [state.pile[i] for i in free]
    fixed = {}
    for s in others:
        twin.lines[s], twin.cards[s] = lines.pop(), cards.pop()
        fixed[s] = seen_laid(state, after, s)
        pool += [t for t, n in enumerate(state.hands[s]) for _ in range(n - fixed[s][t])]
    rng.shuffle(pool)
    for s in others:
        hand = fixed[s][:]
        for _ in range(state.hand_size(s) - sum(hand)):
            hand[pool.pop()] += 1
        twin.hands[s] = hand
    for i in free:
        twin.pile[i] = pool.pop()
    return twin


def assert_no_secret_in_papers(state: Linie1State, orders: Sequence[Action],
                               require_redraws: bool = True, redraws: int = REDRAWS) -> int:
    """Compare the papers under redraws; the number of public redraws that changed why
    a placement failed. `require_redraws`: every reader's papers must have been compared
    under some redraw that kept the public outcome (else the check proved nothing)."""
    after, files = resolved(state, orders)
    outcome = public_outcome(after)
    rng = random.Random(7)
    hidden_differed = {None: 0, **{seat: 0 for seat in range(state.n)}}
    reasons_differed = 0
    for keep in hidden_differed:
        for _ in range(redraws):
            twin = redraw(state, after, rng, keep)
            try:
                twin_after, twin_files = resolved(twin, orders)
            except IllegalAction:
                continue        # the judge would refuse an order file: no papers at all
            if public_outcome(twin_after) != outcome:
                continue        # another public history
            if twin_after.last_report != after.last_report or twin.hands != state.hands:
                hidden_differed[keep] += 1
            reasons_differed += keep is None and twin_after.last_report != after.last_report
            papers = (sorted(k for k in files if k.startswith("public/")) if keep is None
                      else [k for k in files if k.startswith(f"private/{NAMES[keep]}/")])
            for name in papers:
                assert twin_files[name] == files[name], (keep, name)
    # the papers were compared under redraws that changed what was hidden
    assert all(hidden_differed.values()) or not require_redraws, hidden_differed
    return reasons_differed


def test_the_public_report_tells_not_why_a_placement_failed() -> None:
    state = start(42)
    bert = NAMES.index("Bert")
    assert state.hands[bert][state.tables.tile_index["curve"]] == 0
    orders: list[Action] = [("order",)] * len(NAMES)
    orders[bert] = ("order", "F1", "straight", 0, "A1", "curve", 0)
    _, files = resolved(state, orders)
    public = files["public/round-01.txt"]
    assert "A1 curve 0: failed\n" in public
    assert "hand" not in public.split("Placements:")[1].split("Board after")[0]
    own = files["private/Bert/sheet-01.txt"]
    assert "A1 curve 0: failed: curve is not in the hand now" in own
    assert "not in the hand" not in files["private/Anna/sheet-01.txt"]
    # with a curve in Bert's redrawn hand it fails for running off the board instead
    assert assert_no_secret_in_papers(state, orders) > 0


def random_orders(state: Linie1State, rng: random.Random) -> list[Action]:
    """An order file for each seat that the judge accepts: a few placements on free
    squares, some with tiles from the hand, some with any tile."""
    tables = state.tables
    free = [s for s in range(len(state.board))
            if state.board[s] == EMPTY and tables.building_at[s] < 0]
    orders: list[Action] = []
    for seat in range(state.n):
        while True:
            held = [tables.tile_ids[t] for t, n in enumerate(state.hands[seat]) if n]
            order: list[object] = ["order"]
            for _ in range(rng.randint(0, 3)):
                tile = rng.choice(held if rng.random() < 0.6 else tables.tile_ids)
                order += [square_name(rng.choice(free)), tile, rng.choice((0, 90, 180, 270))]
            try:
                state.check_order(seat, tuple(order))
            except IllegalAction:
                continue
            orders.append(tuple(order))
            break
    return orders


def played(seed: int, rounds: int, rng: random.Random) -> Linie1State:
    """A game some rounds in, so the board has tiles to meet and exchange."""
    state = start(seed)
    for _ in range(rounds):
        state, _ = resolved(state, random_orders(state, rng))
    return state


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_no_paper_of_a_round_depends_on_what_its_reader_may_not_know(seed: int) -> None:
    rng = random.Random(seed)
    state = played(seed, 3, rng)
    assert_no_secret_in_papers(state, random_orders(state, rng))


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**16), rounds=st.integers(0, 4))
def test_no_paper_depends_on_what_its_reader_may_not_know_on_random_positions(
        seed: int, rounds: int) -> None:
    rng = random.Random(seed)
    state = played(seed, rounds, rng)
    assert_no_secret_in_papers(state, random_orders(state, rng), require_redraws=False,
                               redraws=REDRAWS // 2)


def test_round_files_are_what_the_judge_writes(tmp_path: Path) -> None:
    folder = tmp_path / "g"
    judge.new_game("linie1", folder, NAMES, 42, {}, "en")
    _, record, state = judge.load(folder)
    names = [seat.name for seat in record.seats]
    for relative, text in POSTAL.round_files(state, names, 0, "en").items():
        assert (folder / relative).read_text(encoding="utf-8") == text


def test_a_view_gives_the_reasons_of_its_own_seat_only() -> None:
    state = start(42)
    bert = NAMES.index("Bert")
    orders: list[Action] = [("order",)] * len(NAMES)
    orders[bert] = ("order", "F1", "straight", 0, "A1", "curve", 0)
    after, _ = resolved(state, orders)
    for seat in (None, *range(after.n)):
        view = after.public_view() if seat is None else after.view(seat)
        failed = [e for e in view["last_report"]["placements"] if e["outcome"] == "failed"]
        assert len(failed) == 1
        expected = "l1.fail.not_in_hand" if seat == bert else None
        assert (failed[0]["reason_key"], failed[0]["reason"] is None) == (
            expected, seat != bert)
