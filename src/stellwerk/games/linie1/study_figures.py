"""Linie 1's own figures for `stellwerk study`: how many lines were
completed, in which round, how long they were, and how many rounds a game lasted.

Read from the final state's result and public view (docs/games/linie1.md#l1-round: a line is
complete when it joins its terminals through its stops; unfinished lines have no score).
"""

from __future__ import annotations

from collections.abc import Sequence

from stellwerk.core.companions import Study
from stellwerk.core.contract import Action, State, StudyFigures

LINES = "Lines (per seat)"
FINISHED = "Completed lines (only the seats that completed one)"
GAME = "The game"
# the names above and below in a German report (`Study.figure_name`); the score items
# are the game's catalogue keys and take its words
GERMAN = {
    LINES: "Linien (je Platz)",
    FINISHED: "Fertige Linien (nur die Plätze, die eine fertigstellten)",
    GAME: "Die Partie",
    "line completed": "Linie fertig",
    "round completed": "fertig in Runde",
    "line length": "Länge der Linie",
    "rounds played": "gespielte Runden",
    "lines completed": "fertige Linien",
}


def study_figures(final: State, start: State,
                  taken: Sequence[tuple[int, Action]]) -> StudyFigures:
    breakdown = final.result().breakdown
    done = [b for b in breakdown if b["finished"]]
    return StudyFigures(numbers={
        LINES: {"line completed": [float(b["finished"]) for b in breakdown]},
        FINISHED: {"round completed": [float(b["rounds"]) for b in done],
                   "line length": [float(b["length"]) for b in done]},
        GAME: {"rounds played": [float(final.public_view()["round"])],
               "lines completed": [float(len(done))]},
    })


class Linie1Study(Study):
    """Linie 1's own figures for `stellwerk study`, with their German names."""

    german = GERMAN

    def figures(self, final: State, start: State,
                taken: Sequence[tuple[int, Action]]) -> StudyFigures:
        return study_figures(final, start, taken)
