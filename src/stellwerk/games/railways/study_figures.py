"""Railways' own figures for `stellwerk study`: which of the chosen
challenges were met, pollution, and what was delivered.

Read from the final public view (docs/games/railways.md#rw-end: only the challenges
chosen at setup count, and pollution costs points).
"""

from __future__ import annotations

from collections.abc import Sequence

from stellwerk.core.companions import Ending, Study
from stellwerk.core.contract import Action, State, StudyFigures
from stellwerk.games.railways.constants import CHALLENGES as CHALLENGE_KEYS
from stellwerk.games.railways.constants import ROUNDS
from stellwerk.games.railways.rules import RailwaysState
from stellwerk.games.railways.uses import split_uses
from stellwerk.games.railways.yardstick import compare

CHALLENGES = "Challenges met at the end (share of games; chosen or not)"
END = "At the end of the game"
CARD = "card"      # a played card's name in the figures by choice: `card 3`
# the catalogue keys of the names above and below, for a German report
# (`Game.study_name`); the catalogue's English is the name itself
STUDY_KEYS = {
    CHALLENGES: "rw.study.challenges",
    END: "rw.study.end",
    "chosen challenges met": "rw.study.chosen_met",
    "pollution": "rw.study.pollution",
    "goods kinds delivered": "rw.study.goods_kinds",
    "connections opened": "rw.study.opened",
    "connections upgraded": "rw.study.upgraded",
}


def study_figures(final: State, start: State,
                  taken: Sequence[tuple[int, Action]]) -> StudyFigures:
    view = final.public_view()
    met = view["challenge_results"]
    chosen = view["challenges"]
    connections = view["connections"].values()
    # all four, so a designer sees how hard each is even when the game did not choose it
    challenges = {name: [1.0 if done else 0.0] for name, done in met.items()}
    end = {
        "chosen challenges met": [float(sum(bool(met[name]) for name in chosen))],
        "pollution": [float(view["pollution"])],
        "goods kinds delivered": [float(len(view["delivered"]))],
        "connections opened": [float(sum(c["opened"] for c in connections))],
        "connections upgraded": [float(sum(c["upgraded"] for c in connections))],
    }
    return StudyFigures(numbers={CHALLENGES: challenges, END: end})


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


class RailwaysStudy(Study):
    """Railways's own figures for `stellwerk study`, with their German names."""

    keys = STUDY_KEYS

    def figures(self, final: State, start: State,
                taken: Sequence[tuple[int, Action]]) -> StudyFigures:
        return study_figures(final, start, taken)

    def chosen(self, action_text: str) -> tuple[str, ...]:
        """The kind of action and each hand card it played (`card 3`): Railways is solo,
        so the study gives the final score by what was played (`research/study.py`,
        `by_choice_score`)."""
        kind = action_text.split(" ", 1)[0]
        _, _, paid = action_text.partition(" with ")
        uses = split_uses(paid) if paid else None
        cards = sorted({use[0] for use in uses or ()})
        return (kind, *(f"{CARD} {card}" for card in cards))

    def figure_name(self, name: str, lang: str = "en") -> str:
        """A played card (`card 3`) in the catalogue's word; the rest as every game."""
        word, _, number = name.partition(" ")
        if word == CARD and number.isdigit():
            return f"{self.game.catalog.text('rw.card', lang)} {number}"
        return super().figure_name(name, lang)

    def ending(self, final: State, names: Sequence[str], lang: str = "en") -> Ending:
        """docs/games/railways.md#rw-end: the game ends after twelve rounds (120 years);
        a solo score means something against the yardstick (`yardstick.toml`: the bots'
        measured means) and the challenges chosen at setup."""
        assert isinstance(final, RailwaysState)
        catalog = self.game.catalog
        measure = compare(final.score())
        beaten = [b["bot"] for b in measure["bots"] if b["beaten"]]
        verdict = (catalog.text("rw.beat", lang, bots=", ".join(beaten)) if beaten
                   else catalog.text("rw.beat_none", lang))
        bots = ", ".join(catalog.text("rw.bot_mean", lang, bot=b["bot"], mean=f"{b['mean']:g}")
                         for b in measure["bots"])
        lines = [f"{catalog.text('rw.final_score', lang, score=measure['score'])}: {verdict}",
                 _sentence(catalog.text("rw.yardstick", lang, bots=bots,
                                        games=measure["games"]))]
        results = final.challenge_results()
        for challenge in final.challenges:
            key = CHALLENGE_KEYS[challenge]
            met = "rw.end.met" if results[key] else "rw.end.missed"
            lines.append(catalog.text(met, lang, challenge=catalog.text(key, lang)))
        return Ending(catalog.text("rw.end.rounds", lang, rounds=ROUNDS, years=ROUNDS * 10),
                      tuple(lines))
