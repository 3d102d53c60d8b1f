"""Player comforts that need no screen: the hint, the rules summary, the log in words.

The hint asks the strongest bot on the player's own window (determinized samples, never
the real state) with its own chance, so asking for hints never changes how the bots at
the table play.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.companions import Terminal, knowledge
from stellwerk.core.contract import Action, Game
from stellwerk.core.errors import IllegalAction
from stellwerk.core.session import Window


def hint_bot(game: Game) -> str:
    """The strongest bot the game offers for hints (`BotKnowledge.hint_bot`; Linie 1
    names its planner: `search` took about 100 s for one hint there,
    scripts/hint_speed.py)."""
    return knowledge(game).hint_bot


def hint(window: Window, chance: Chance,
         bot: str | None = None) -> tuple[Action, float | None, float | None]:
    """The choice of the hint bot (or of `bot`) for this window, with the game's
    heuristic for the seat now and after the action (measured on one sample of what the
    seat cannot see; None when the sample could not take the action)."""
    own = window.with_chance(chance)
    kind = bot or hint_bot(window.game)
    action = make_bot(kind, chance.fork(), window.game).choose(own)
    sample = own.sample(chance)
    heuristic = knowledge(window.game).heuristic
    before = heuristic(sample, window.seat)
    try:
        sample.apply(window.seat, action)
    except IllegalAction:
        return action, None, None
    return action, before, heuristic(sample, window.seat)


def hint_words(terminal: Terminal, window: Window, action: Action, lang: str,
               chance: Chance) -> str | None:
    """The game's words for what the hinted action does (`Terminal.explain_action`), on a
    sample of what the seat knows; None when the game has none."""
    sample = window.with_chance(chance).sample(chance)
    return terminal.explain_action(sample, window.seat, action, lang)


def rules_text(game: Game, lang: str) -> str | None:
    """The game's rules summary (`rules.<lang>.md` in its package), English as fallback."""
    package = type(game).__module__.rpartition(".")[0]
    for code in (lang, "en"):
        try:
            return (resources.files(package) / f"rules.{code}.md").read_text(encoding="utf-8")
        except (FileNotFoundError, OSError, ModuleNotFoundError):
            continue
    return None


def log_lines(window: Window, lang: str, names: Sequence[str] | None = None) -> list[str]:
    """The game so far as this seat may know it, one line per event, the seats by the
    table's `names`."""
    lines = []
    for event in window.events():
        text = window.describe_event(event, lang, names)
        if text:
            lines.append(text)
    return lines
