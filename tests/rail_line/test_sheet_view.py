"""The sheet in the view carries its structure, the points now and what the
next box adds; decisions carry their facts (Starting Station sides, keep/refuse)."""

from __future__ import annotations

import random

from rich.console import Console

from stellwerk.games.rail_line.render import decision_facts, render_compact, render_details
from stellwerk.games.rail_line.rules import RailLineState
from stellwerk.games.rail_line.symbols import ROW
from stellwerk.testing.states import deciding_seats
from tests.rail_line.support import GAME, PACK, counts, pending, play
from tests.rich_text import printed


def own_rows(state: RailLineState, seat: int) -> dict[str, dict]:
    return {row["symbol"]: row for row in state.view(seat)["seats"][seat]["sheet"]}


def random_states(sheet: str, players: int, seed: int, steps: int) -> list[RailLineState]:
    state = GAME.new_state({"sheet": sheet}, seed, PACK, players)
    chooser = random.Random(seed)
    seen = []
    for seat in deciding_seats(state, steps):
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
        seen.append(state.clone())
    return seen


def test_a_chain_box_under_an_empty_box_is_shown_as_not_counting(new_game):
    # Sheet I: Iron ore box 1 stands under Coal box 2 (docs/games/rail-line.md#rl-rules). One Coal
    # and one Iron ore: the Iron ore is marked but scores nothing, and marking Coal next adds the
    # Coal step (1 -> 2) and lets Iron ore count (+1): the "13 to 20" riddle of finding 1.
    state = new_game(players=2)
    state.players[0].counts = counts(coal=1, iron=1)
    rows = own_rows(state, 0)
    iron = rows["iron"]
    assert iron["under"] == {"row": "coal", "boxes": [2, 4]}
    assert iron["marked"] == 1 and iron["counting"] == [False, False]
    assert iron["value_now"] is None
    assert iron["notes"][0] == {"key": "rl.note.needs_above", "row": "coal", "box": 4}
    assert rows["coal"]["next_adds"] == 2
    assert {"key": "rl.note.feeds", "row": "iron", "box": 1} in rows["coal"]["notes"]


def test_a_mark_that_lowers_the_score_is_shown_before_it_is_made(new_game):
    # Sheet I Mail is printed -2 4 2 8 6 13: the third box scores less than the second,
    # so marking Mail now costs 2 points; Passengers gain a strict majority (x2).
    state = new_game(players=2)
    state.players[0].counts = counts(mail=2, passengers=1)
    state.players[1].counts = counts(passengers=1)
    rows = own_rows(state, 0)
    assert rows["mail"]["value_now"] == 4 and rows["mail"]["next_adds"] == -2
    assert rows["passengers"]["next_adds"] == 3      # 1 -> 2 and now a strict majority x2
    mail = next(line for line in printed(render_compact(state.view(0), "en")).splitlines()
                if line.strip().startswith("Mail"))
    assert mail.split()[-2:] == ["4", "-2"]          # now 4, next -2


def test_next_adds_is_exactly_what_the_engine_then_scores():
    # every row of every seat, in random games of both sheets: marking that row changes
    # the engine's score by exactly the number the view promised
    for sheet, players, seed in (("I", 2, 3), ("I", 3, 4), ("II", 3, 5), ("II", 2, 6)):
        for state in random_states(sheet, players, seed, 120)[::7]:
            view = state.view(0)
            for seat in view["seats"]:
                before = sum(state.sheet.score(state.players, seat["seat"]).values())
                assert seat["breakdown"]["total"] == seat["score_now"] == before
                for row in seat["sheet"]:
                    twin = state.clone()
                    twin.sheet.mark(twin.players[seat["seat"]], ROW[row["symbol"]], twin.turn)
                    after = sum(twin.sheet.score(twin.players, seat["seat"]).values())
                    assert after - before == row["next_adds"], (sheet, row["symbol"])


def test_sheet_two_red_line_and_forest_sawmill_chain_in_the_view(new_game):
    state = new_game(players=2, sheet="II")
    state.players[0].counts = counts(beet=2, forest=3, sawmill=1)
    rows = own_rows(state, 0)
    beet = rows["beet"]
    assert beet["red_lines"] == [0, 0, 1, 1, 2, 2]
    assert {"key": "rl.note.red_line", "row": "sugar", "box": 1} in beet["notes"]
    assert beet["next_adds"] == 0
    assert {"key": "rl.note.opens", "row": "beet", "box": 3} in rows["sugar"]["notes"]
    # chain Forest 1 -> Sawmill 1 -> Forest 2: the third Forest box does not count
    assert rows["forest"]["counting"][:3] == [True, True, False]
    assert rows["sawmill"]["counting"][:1] == [True]


def test_the_breakdown_shows_sawmill_apart_from_forest_on_sheet_one(new_game):
    state = new_game(players=2)
    state.players[0].counts = counts(forest=3, sawmill=2)
    info = state.view(1)["seats"][0]["breakdown"]
    assert (info["forest_factor"], info["sawmill_factor"]) == (3, 2)
    assert info["parts"]["forest"] == 6
    assert "Forest 3 x Sawmill 2 = 6" in printed(render_details(state.view(0), "en", "sheet"))


def test_the_starting_station_sides_say_what_they_carry():
    state = GAME.new_state({}, 1, PACK, 2)
    view = state.view(0)
    assert view["decision"]["prompt"] == "rl.ask.side"
    assert view["start_sides"][0] == [["passengers"], ["coal"], ["forest"]]
    for lang, words in (("en", ["Side 1", "Passengers", "Side 2", "Glassworks"]),
                        ("de", ["Seite 1", "Reisende", "Seite 2", "Glasfabrik"])):
        text = printed(render_compact(view, lang))
        assert all(word in text for word in words), (lang, text)


def test_refusing_the_sugar_factory_warns_of_the_beet_to_come(new_game, with_cards):
    # Sheet II, three players: seat 2 gains Sugar factory and Sugar beet from one station
    # in seat 0's turn. Asked about the factory first (spec ruling), the view names the
    # beet to come and what refusing does: the gated beet would be lost.
    state = with_cards(new_game(players=3, sheet="II"), A01=(["coal"], None, ["sugar", "beet"]))
    state.players[2].counts = counts(beet=2)
    state.hands[0][0] = "A01"
    play(state, (0, "lay A01"))
    assert pending(state) == ("refuse", 2)
    refusal = state.view(2)["refusal"]
    assert refusal["symbol"] == "sugar" and refusal["coming"] == ["beet"]
    assert refusal["refuse_loses"] == ["beet"] and not refusal["own_free_move"]
    text = printed(render_compact(state.view(2), "en"))
    assert "also gives you Sugar beet" in text and "would then be lost" in text
    assert "[n] counts (n) not yet" in text           # the legend is text, not markup
    # the other seats do not get seat 2's refusal lines
    assert "would then be lost" not in printed(render_compact(state.view(0), "en"))


def test_compact_fits_80_columns_and_leaves_room_for_choices():
    for sheet, players, seed in (("I", 3, 11), ("II", 3, 12), ("II", 2, 13), ("II", 3, 15)):
        for state in random_states(sheet, players, seed, 300)[::10]:
            decision = state.decision()
            seat = decision.seats[0] if decision else 0
            for lang in ("en", "de"):
                view = state.view(seat)
                lines = printed(render_compact(view, lang)).splitlines()
                assert max(len(line) for line in lines) <= 80
                # the table itself in 30 lines; the decision's facts (keep/refuse,
                # Starting Station sides) belong to the choices below it
                facts = Console(record=True, width=80)
                for fact in decision_facts(view, lang):
                    facts.print(fact)
                table = len(lines) - len(facts.export_text().splitlines())
                assert table <= 30, (lang, table)


def test_every_detail_topic_renders_in_both_languages():
    state = random_states("II", 3, 21, 60)[-1]
    from stellwerk.games.rail_line.render import DETAIL_TOPICS

    for topic in DETAIL_TOPICS:
        for lang in ("en", "de"):
            assert printed(render_details(state.view(0), lang, topic)).strip()


def test_a_refusal_after_the_seats_own_free_move_says_it_was_its_choice(new_game):
    from tests.rail_line.support import advance

    state = new_game(players=3)
    advance(state, lambda s: s.pending is not None and s.pending[0] == "free"
            and s.pending[1] != s.active
            and any(a[0] == "free" and a[2] for a in s.legal_actions(s.pending[1])))
    seat = state.pending[1]
    move = next(a for a in state.legal_actions(seat) if a[0] == "free" and a[2])
    state.apply(seat, move)
    assert pending(state) == ("refuse", seat)
    refusal = state.view(seat)["refusal"]
    assert refusal["own_free_move"] and refusal["symbol"] == move[2]
    assert "You chose" in printed(render_compact(state.view(seat), "en"))


def test_the_compact_line_shows_the_slow_locomotive_its_next_stations_and_the_head(new_game):
    from tests.rail_line.support import advance

    state = new_game(players=2)
    advance(state, lambda s: len(s.line) >= 12)
    state.players[0].slow = 2
    lines = printed(render_compact(state.view(0), "en")).splitlines()
    shown = [int(line.split()[0]) for line in lines[1:8] if line.split()[0].isdigit()]
    track = state.players[0].track
    from stellwerk.games.rail_line.render import COMPACT_LINE_ROWS

    ahead = [p for p in range(3, state.head + 1)
             if state.stations[p][track] is not None][:COMPACT_LINE_ROWS - 2]
    assert shown == sorted({2, state.head, *ahead})
