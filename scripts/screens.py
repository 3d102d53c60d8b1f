"""Text captures of each game's table as a player sees it at 80x40 and 120x40, in
English and German, written to docs/screens/. Run again whenever a game's compact
picture changes:

    .venv/bin/python scripts/screens.py            # all games, both sizes and languages
    .venv/bin/python scripts/screens.py --check    # exit 1 if a capture is out of date

Each capture is the page drawn at a human seat's prompt, mid-game: the position is
reached by greedy bots from a fixed seed, so the captures are reproducible. A game's
detail named in DETAILS (`show board`) is captured too, from the same position, as
GAME-TOPIC-LANG-WxH.txt.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import sys
from pathlib import Path

from rich.console import Console

from stellwerk.bots import make_bot
from stellwerk.core import companions
from stellwerk.core.chance import Chance
from stellwerk.core.session import Window
from stellwerk.frontends.table.human import HumanAgent
from stellwerk.games import game_ids, get_game

OUT = Path(__file__).resolve().parents[1] / "docs" / "screens"
# game: (seats, steps played by bots before the capture)
POSITIONS = {"rail-line": (3, 25), "linie1": (3, 9), "railways": (1, 7),
             "benelux-rails": (2, 58)}   # Benelux: after both players bought a second train
SIZES = ((80, 40), (120, 40))
SEED = 7
# game: the details (`show TOPIC`) captured beside the page
DETAILS = {"linie1": ("board",)}


class Captured(Exception):
    """The page is drawn; the capture stops before any answer."""


def capture(game_id: str, lang: str, width: int, height: int, topic: str = "") -> str:
    """The page at the position, or with `topic` the detail `show TOPIC` draws there."""
    game = get_game(game_id)
    seats, steps = POSITIONS[game_id]
    pack = game.load_pack()
    state = game.new_state(game.parse_options({}, seats), SEED, pack, seats)
    chance = Chance(SEED)
    # Benelux Rails' greedy bot hardly builds and Linie 1 offers no greedy bot: their
    # planners reach positions worth showing
    bot = make_bot("planner" if game_id in ("benelux-rails", "linie1") else "greedy", chance,
                   game)
    for _ in range(steps):
        decision = state.decision()
        assert decision is not None
        seat = decision.seats[0]
        state.apply(seat, bot.choose(Window(game, state, seat,
                                            state.candidate_actions(seat), chance)))
    decision = state.decision()
    assert decision is not None
    seat = decision.seats[0]
    console = Console(width=width, height=height, record=True, force_terminal=True,
                      color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    names = [("Anna", "Bert", "Cora")[s] if s < 3 else f"P{s + 1}" for s in range(seats)]
    terminal = companions.terminal(game, pack)
    human = HumanAgent(terminal, console, names, lang)
    window = Window(game, state, seat, state.candidate_actions(seat), chance)
    guided = terminal.has_guided_choice()
    if topic:
        console.print(terminal.render_detail(human.view_of(window), topic, lang, width))
    elif guided:  # the game's own step-by-step prompt: show its first question
        human.draw_page(window, with_choices=False)

        def first_question(prompt: str) -> str:
            console.print(prompt)
            raise Captured

        with contextlib.suppress(Captured):
            terminal.guided_choice(window, console, first_question, lang)
    else:
        human.draw_page(window)
        console.print("> ")
    text = console.export_text(styles=False)
    console.file.close()
    lines = [line.rstrip() for line in text.splitlines()]
    return "\n".join(lines) + "\n"


def capture_name(game_id: str, lang: str, width: int, height: int, topic: str = "") -> str:
    return f"{game_id}{'-' + topic if topic else ''}-{lang}-{width}x{height}.txt"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args()
    stale = []
    OUT.mkdir(parents=True, exist_ok=True)
    for game_id in game_ids():
        if game_id not in POSITIONS:   # a game without a chosen position has no capture yet
            print(f"{game_id}: no position in POSITIONS, no capture", file=sys.stderr)
            continue
        for lang in ("en", "de"):
            for (width, height), topic in itertools.product(SIZES, ("", *DETAILS.get(game_id,
                                                                                    ()))):
                path = OUT / capture_name(game_id, lang, width, height, topic)
                text = capture(game_id, lang, width, height, topic)
                if args.check:
                    if not path.exists() or path.read_text(encoding="utf-8") != text:
                        stale.append(path.name)
                else:
                    path.write_text(text, encoding="utf-8")
                    print(f"{path.relative_to(OUT.parents[1])}: {len(text.splitlines())} rows")
    if stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
