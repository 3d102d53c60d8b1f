"""Linie 1's own figures for `stellwerk study`: how many lines were
completed, in which round, how long they were, and how many rounds a game lasted.

Read from the final state's result and public view (docs/games/linie1.md#l1-round: a line is
complete when it joins its terminals through its stops; unfinished lines have no score).
"""

from __future__ import annotations

from collections.abc import Sequence

from stellwerk.core.companions import Ending, Study
from stellwerk.core.contract import Action, State, StudyFigures
from stellwerk.games.linie1.rules import Linie1State

LINES = "Lines (per seat)"
FINISHED = "Completed lines (only the seats that completed one)"
GAME = "The game"
# the catalogue keys of the names above and below, for a German report
# (`Game.study_name`); the catalogue's English is the name itself
STUDY_KEYS = {
    LINES: "l1.study.lines",
    FINISHED: "l1.study.finished",
    GAME: "l1.study.game",
    "line completed": "l1.study.line_completed",
    "round completed": "l1.study.round_completed",
    "line length": "l1.study.line_length",
    "rounds played": "l1.study.rounds_played",
    "lines completed": "l1.study.lines_completed",
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

    keys = STUDY_KEYS

    def figures(self, final: State, start: State,
                taken: Sequence[tuple[int, Action]]) -> StudyFigures:
        return study_figures(final, start, taken)

    def ending(self, final: State, names: Sequence[str], lang: str = "en") -> Ending:
        """docs/games/linie1.md#l1-rules: the game ends when every line is complete, or
        at the round limit (D) with the lines still open."""
        assert isinstance(final, Linie1State)
        catalog = self.game.catalog
        if all(final.finished):
            return Ending(catalog.text("l1.end.all_done", lang, round=final.round))
        open_lines = ", ".join(names[s] for s in range(final.n) if not final.finished[s])
        return Ending(catalog.text("l1.end.limit", lang, limit=final.limit, names=open_lines))
