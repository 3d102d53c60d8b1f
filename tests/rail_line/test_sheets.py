"""Record sheets I and II: the seed's worked examples and one test per scoring rule."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.games.rail_line.sheet import (
    LOST,
    MARKED,
    OVERFLOW,
    Player,
    Sheet,
    passenger_majority,
)
from stellwerk.games.rail_line.symbols import BEET, COAL, GLASS, IRON, PASSENGERS, STEEL, SUGAR
from stellwerk.games.rail_line.tables import compile_tables
from tests.rail_line.support import PACK, counts

TABLES = compile_tables(PACK)
ONE = TABLES.sheets["I"]
TWO = TABLES.sheets["II"]


def player(coins: int = 0, **marks: int) -> Player:
    p = Player(11)
    p.counts = counts(**marks)
    p.coins = coins
    return p


def test_sheet_one_worked_example_scores_26() -> None:
    # docs/games/rail-line.md#rl-rules: the seed's Sheet I example, which must score exactly 26.
    me = player(coins=1, passengers=4, mail=3, coal=3, iron=1, steel=0, factory=1, forest=1,
                sawmill=3, beet=5, sugar=2, glass=4)
    rival = player(passengers=5)
    parts = ONE.score([me, rival], 0)
    assert parts == {"passengers": 4, "mail": 2, "coal": 3, "iron": 1, "steel": 0,
                     "factory": 0, "forest": 3, "beet": 0, "sugar": 8, "glass": 4, "coins": 1}
    assert sum(parts.values()) == 26


def test_sheet_two_factory_example_gives_17_for_five_coins() -> None:
    # docs/games/rail-line.md#rl-scoring Sheet II: all 3 Factory boxes marked, 5 coins -> 4 x 4 + 1
    # = 17.
    me = player(coins=5, factory=3)
    assert ONE.name == "I" and TWO.score([me], 0)["coins"] == 17


def test_factory_exchange_only_up_to_its_limit_and_plain_coins_otherwise() -> None:
    assert TWO.coins_after_factory(counts(factory=3), 2) == 8       # 2 coins, both at 4
    assert TWO.coins_after_factory(counts(), 5) == 5                # no box: 1 VP each
    limit, each = TWO.exchange[0]
    assert TWO.coins_after_factory(counts(factory=1), limit + 3) == limit * each + 3


def test_passenger_majority_doubles_only_a_strict_majority() -> None:
    leader, second = player(passengers=5), player(passengers=3)
    assert ONE.score([leader, second], 0)["passengers"] == 10
    assert ONE.score([leader, second], 1)["passengers"] == 3
    tied = player(passengers=5)
    assert ONE.score([leader, tied], 0)["passengers"] == 5


def test_chain_box_counts_only_when_every_box_above_is_marked() -> None:
    # Iron ore 1 stands under Coal 2; Steel under Iron ore; Factory under Steel.
    assert ONE.score([player(coal=1, iron=1)], 0)["iron"] == 0
    assert ONE.score([player(coal=2, iron=1)], 0)["iron"] == 1
    assert ONE.score([player(coal=3, iron=2)], 0)["iron"] == 1      # Iron 2 needs Coal 4
    assert ONE.score([player(coal=4, iron=2, steel=2, factory=2)], 0)["factory"] == 8
    assert ONE.score([player(coal=4, iron=1, steel=2, factory=2)], 0)["factory"] == 3
    # the order of marking does not matter: only what is marked at the end
    late = player(steel=1)
    late.counts[COAL], late.counts[IRON] = 2, 1
    assert ONE.score([late], 0)["steel"] == 2


def test_forest_times_sawmill_and_zero_when_a_row_is_empty() -> None:
    assert ONE.score([player(forest=4, sawmill=5)], 0)["forest"] == 20
    assert ONE.score([player(forest=4)], 0)["forest"] == 0
    assert ONE.score([player(sawmill=2)], 0)["forest"] == 0


def test_sugar_factory_counts_only_under_a_marked_beet() -> None:
    assert ONE.score([player(sugar=2, beet=2)], 0)["sugar"] == 3    # box 2 needs beet 3
    assert ONE.score([player(sugar=2, beet=3)], 0)["sugar"] == 8
    assert ONE.score([player(sugar=1)], 0)["sugar"] == 0
    assert ONE.score([player(beet=5)], 0)["beet"] == 0


def test_mail_and_glass_score_their_rightmost_box() -> None:
    assert ONE.score([player(mail=1)], 0)["mail"] == -2
    assert ONE.score([player(mail=5)], 0)["mail"] == 6
    assert ONE.score([player(glass=3)], 0)["glass"] == 6
    assert ONE.score([player(glass=5)], 0)["glass"] == 2


def test_marks_go_left_to_right_and_a_full_row_pays_its_coins() -> None:
    p = player(iron=1)
    assert ONE.mark(p, IRON, turn=0) == MARKED and p.counts[IRON] == 2
    assert ONE.mark(p, IRON, turn=0) == OVERFLOW
    assert p.counts[IRON] == 2 and p.coins == ONE.overflow[IRON]


def test_sheet_two_passengers_alone_are_negative_and_mail_needs_the_passenger_above() -> None:
    assert TWO.score([player(passengers=3)], 0)["passengers"] == -3
    mail_box, passenger_box = 1, TWO.above[1][0][1]
    assert TWO.score([player(passengers=passenger_box - 1, mail=mail_box)], 0)[
        "passengers"] == -(passenger_box - 1)
    assert TWO.score([player(passengers=passenger_box, mail=mail_box)], 0)["passengers"] == 5
    assert TWO.score([player(passengers=8, mail=5)], 0)["passengers"] == 36
    assert TWO.score([player()], 0)["passengers"] == 0


def test_sheet_two_forest_sawmill_scores_the_end_of_the_unbroken_zigzag() -> None:
    f, s = TWO.values[6], TWO.values[7]
    assert TWO.forest_sawmill_chain(counts(forest=1)) == f[0]
    assert TWO.forest_sawmill_chain(counts(forest=1, sawmill=1)) == s[0]
    assert TWO.forest_sawmill_chain(counts(forest=3, sawmill=1)) == f[1]   # F1 S1 F2 | S2 gap
    assert TWO.forest_sawmill_chain(counts(forest=2, sawmill=5)) == s[1]   # ... F2 S2 | F3 gap
    assert TWO.forest_sawmill_chain(counts(sawmill=4)) == 0                # no Forest 1


def test_sheet_two_column_completion_pays_one_coin_once() -> None:
    p = player(coal=2)
    TWO.mark(p, IRON, turn=0)
    assert p.coins == 0
    TWO.mark(p, STEEL, turn=0)           # Coal 2 / Iron 1 / Steel 1 complete
    assert p.coins == 1
    TWO.mark(p, COAL, turn=0)            # no new column
    assert p.coins == 1
    TWO.mark(p, COAL, turn=0)            # Coal 4: column 2 still lacks Iron 2 / Steel 2
    TWO.mark(p, IRON, turn=0)
    TWO.mark(p, STEEL, turn=0)
    assert p.coins == 2
    # on Sheet I nothing is paid for columns
    q = player(coal=2, iron=1)
    ONE.mark(q, STEEL, turn=0)
    assert q.coins == 0


def test_sheet_two_beet_behind_a_red_line_needs_the_sugar_factory_and_is_lost_otherwise() -> None:
    first_gated = next(i for i, g in enumerate(TWO.gates) if g)       # 0-based box index
    p = player(beet=first_gated)
    assert not TWO.can_mark_box(p.counts, BEET)
    assert TWO.mark(p, BEET, turn=0) == LOST
    assert p.counts[BEET] == first_gated and p.coins == 0
    p.counts[SUGAR] = TWO.gates[first_gated]
    assert TWO.can_mark_box(p.counts, BEET)
    assert TWO.mark(p, BEET, turn=0) == MARKED


def test_sheet_two_glassworks_first_to_complete_scores_eight_others_at_most_four() -> None:
    size = len(TWO.values[GLASS])
    first, same_turn, later, partial = (player(glass=size - 1) for _ in range(4))
    for p, turn in ((first, 5), (same_turn, 5), (later, 9)):
        TWO.mark(p, GLASS, turn=turn)
    players = [first, same_turn, later, partial]
    assert TWO.glassworks(players, 0) == 8
    assert TWO.glassworks(players, 1) == 8
    assert TWO.glassworks(players, 2) == min(TWO.values[GLASS][-1], 4)
    assert TWO.glassworks(players, 3) == min(TWO.values[GLASS][size - 2], 4)


def test_passenger_row_overflow_and_rows_are_independent() -> None:
    p = player(passengers=8)
    ONE.mark(p, PASSENGERS, turn=0)
    assert p.coins == ONE.overflow[PASSENGERS] and p.counts[PASSENGERS] == 8


def _walk_counts(sheet: Sheet, counts: list[int], row: int, box: int) -> bool:
    """The rule itself: a box counts when it is marked and so is every box above it,
    walked up `above` one box at a time."""
    while True:
        if counts[row] < box:
            return False
        up = sheet.above[row][box - 1]
        if up is None:
            return True
        row, box = up


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_a_rows_rightmost_counting_box_is_the_one_box_counts_finds(data: st.DataObject) -> None:
    # box_counts and rightmost_counting read the precomputed column above each box
    # (Sheet.chains); both must find what a walk up `above` finds, box by box
    for sheet in (ONE, TWO):
        marks = [data.draw(st.integers(0, len(values))) for values in sheet.values]
        for row in range(len(marks)):
            counting = [box for box in range(1, len(sheet.values[row]) + 1)
                        if _walk_counts(sheet, marks, row, box)]
            assert [box for box in range(1, len(sheet.values[row]) + 1)
                    if sheet.box_counts(marks, row, box)] == counting, (sheet.name, marks)
            walked = sheet.values[row][counting[-1] - 1] if counting else None
            assert sheet.rightmost_counting(marks, row) == walked, (sheet.name, marks, row)
    # passenger_majority is strict: a tie is no majority
    assert passenger_majority([player(passengers=3), player(passengers=2)], 0)
    assert not passenger_majority([player(passengers=3), player(passengers=3)], 0)
    assert not passenger_majority([player(passengers=3), player(passengers=1),
                                   player(passengers=4)], 0)
