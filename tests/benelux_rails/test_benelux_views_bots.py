"""What each seat sees (no other seat's demand cards anywhere), the terminal drawing, and
the bots: planner against greedy on a few games (the 500-game figures come from
scripts/bench_benelux_rails.py)."""

from __future__ import annotations

import json

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.session import play_out
from tests.rich_text import printed

from .helpers import GAME, new_state, set_up, terminal, tiny_pack


def _played(seed: int) -> object:
    state = new_state(seed, 3)
    chance = Chance(seed)
    play_out(GAME, state, [make_bot("planner", chance, GAME), make_bot("greedy", chance, GAME),
                           make_bot("random", chance, GAME)], chance)
    return state


def test_views_and_events_never_carry_another_seats_cards() -> None:
    state = _played(5)
    for seat in range(3):
        text = json.dumps(state.view(seat)) + json.dumps(state.events(seat))
        view = state.view(seat)
        assert [c["card"] for c in view["hand"]] == state.players[seat].hand
        for other in range(3):
            if other == seat:
                continue
            assert "hand" not in view["players"][other]
        # cards kept and drawn are told to everyone alike, without the cards
        private = [e for e in state.events(seat) if e["key"] in ("br.ev.draw", "br.ev.keep")]
        assert private and all(set(e) == {"key", "seat", "round"} for e in private)
        assert state.events(seat) == state.events(None)
        assert "deck_order" not in text
    public = state.public_view()
    assert public["hand"] == []
    # every event can be put in words, in both languages
    for entry in state.events(0):
        for lang in ("en", "de"):
            text = GAME.describe_event(entry, lang)
            assert text and not text.startswith("br.ev.") and "{" not in text


def test_determinized_keeps_own_hand_and_redraws_the_others() -> None:
    state = set_up(seed=4)
    sample = state.determinized(0, Chance(9))
    assert sample.players[0].hand == state.players[0].hand
    assert len(sample.players[1].hand) == len(state.players[1].hand)
    cards = sample.deck + [c for p in sample.players for c in p.hand] + sample.discards
    assert sorted(map(str, cards)) == sorted(
        map(str, state.deck + [c for p in state.players for c in p.hand] + state.discards))


def test_render_draws_map_players_and_escapes_names() -> None:
    state = _played(6)
    view = state.view(0)
    view["names"] = ["[red]Ann", "Bo", "Cy"]
    text = printed(terminal().render(view, "de"), 120)
    assert "[red]Ann" in text and "Runde" in text
    assert "Benelux Rails" in text and "·" in text


def test_planner_beats_greedy_and_finishes_games() -> None:
    wins = 0
    for seed in range(6):
        state = new_state(seed, 2)
        chance = Chance(seed)
        seats = ["planner", "greedy"] if seed % 2 == 0 else ["greedy", "planner"]
        play_out(GAME, state, [make_bot(k, chance, GAME) for k in seats], chance)
        result = state.result()
        planner = seats.index("planner")
        wins += planner in result.winners
        assert state.is_over() and state.round < 60
    assert wins >= 5


def test_snapshot_is_json_and_restore_replays_on() -> None:
    state = _played(7)
    snap = state.snapshot()
    assert json.loads(json.dumps(snap)) == snap
    assert GAME.restore(snap, tiny_pack()).snapshot() == snap


def test_planner_finishes_a_game_on_the_shipped_map() -> None:
    """The generated map (not the tiny one): two planners play to the real end."""
    pack = GAME.load_pack()
    state = GAME.new_state({}, 0, pack, 2)
    chance = Chance(0)
    planners = [make_bot("planner", chance, GAME) for _ in range(2)]
    play_out(GAME, state, planners, chance)
    assert state.is_over() and state.round < 60
    assert max(p.money for p in state.players) >= 250
