"""Railways' own figures for `stellwerk study`: which of the chosen
challenges were met, pollution, and what was delivered.

Read from the final public view (docs/games/railways.md#rw-end: only the challenges
chosen at setup count, and pollution costs points).
"""

from __future__ import annotations

from collections.abc import Sequence

from stellwerk.core.companions import Study
from stellwerk.core.contract import Action, State, StudyFigures

CHALLENGES = "Challenges met at the end (share of games; chosen or not)"
END = "At the end of the game"
# the names above and below in a German report (`Study.figure_name`); the challenges
# and score items are the game's catalogue keys and take its words
GERMAN = {
    CHALLENGES: "Herausforderungen am Ende erfüllt (Anteil der Partien; gewählt oder nicht)",
    END: "Am Ende der Partie",
    "chosen challenges met": "gewählte Herausforderungen erfüllt",
    "pollution": "Luftverschmutzung",
    "goods kinds delivered": "gelieferte Warensorten",
    "connections opened": "erschlossene Bahnverbindungen",
    "connections upgraded": "ausgebaute Bahnverbindungen",
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


class RailwaysStudy(Study):
    """Railways's own figures for `stellwerk study`, with their German names."""

    german = GERMAN

    def figures(self, final: State, start: State,
                taken: Sequence[tuple[int, Action]]) -> StudyFigures:
        return study_figures(final, start, taken)
