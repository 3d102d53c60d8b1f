"""An event's goods and cities are named from the pack of the game it came from, also
when a process holds several packs (the server: tables on the shipped pack and on a
pack of a user's own)."""

from __future__ import annotations

from stellwerk.core.chance import Chance
from stellwerk.core.session import Window
from stellwerk.games import get_game
from stellwerk.games.benelux_rails.game import PACK_DIR

GAME = get_game("benelux-rails")
START = {"key": "br.ev.start", "seat": 0, "city": "bergheim"}   # a city of tiny.toml only


def test_the_events_state_names_its_own_packs_city() -> None:
    GAME.tables(GAME.load_pack())                  # the shipped pack compiled too
    tiny = GAME.load_pack(PACK_DIR / "tiny.toml")
    state = GAME.new_state(GAME.parse_options({}, 2), 5, tiny, 2)
    assert len(GAME.packs.cached_all()) >= 2
    assert GAME.describe_event(START, "de", state) == "Platz 1: beginnt in Bergheim"
    # without its state the event can only guess a pack, and the id shows as it is
    assert GAME.describe_event(START, "de") == "Platz 1: beginnt in bergheim"
    window = Window(GAME, state, 0, state.candidate_actions(0), Chance(1))
    assert window.describe_event(START, "de") == "Platz 1: beginnt in Bergheim"
