"""`show challenges` says how far each chosen challenge is: the profit against its goal,
the dice still on the board, the region types passengers reached and those missing,
the connections upgraded and those not yet."""

from __future__ import annotations

import pytest

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.companions import terminal
from stellwerk.core.session import Window
from stellwerk.games import get_game


@pytest.mark.parametrize("lang", ["en", "de"])
def test_show_challenges_gives_the_progress_of_each(lang: str) -> None:
    game = get_game("railways")
    state = game.new_state(game.parse_options({"challenges": "1,2,3,4"}, 1), 3,
                           game.load_pack(), 1)
    chance = Chance(3)
    bot = make_bot("greedy", chance, game)
    for _ in range(12):
        state.apply(0, bot.choose(Window(game, state, 0, state.candidate_actions(0), chance)))
    view = state.view(0)
    text = str(terminal(game, game.load_pack()).render_detail(view, "challenges", lang))
    words = {"en": ("profit {p} of {g}", "region dice still on the board: {d}",
                    "passengers reached:", "missing:", "connections upgraded: {u} of {n}"),
             "de": ("Gewinn {p} von {g}", "Gebietswürfel noch auf dem Plan: {d}",
                    "Passagiere erreicht:", "fehlt:", "Verbindungen ausgebaut: {u} von {n}")}
    upgraded = sum(1 for c in view["connections"].values() if c["upgraded"])
    for phrase in words[lang]:
        assert phrase.format(p=view["profit"], g=view["limits"]["profit"],
                             d=len(view["dice"]), u=upgraded,
                             n=len(view["connections"])) in text, (phrase, text)
    missing = [kind for kind in "RLCI" if kind not in view["delivered"]]
    tail = text.split("reached:" if lang == "en" else "erreicht:")[1].splitlines()[0]
    for kind in missing:
        assert game.catalog.text(kind, lang) in tail.split(":")[-1]
