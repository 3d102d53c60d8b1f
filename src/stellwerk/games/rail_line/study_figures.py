"""Rail Line's own figures for `stellwerk study`: how full each sheet row
got and how often each symbol was gained, per seat.

The sheet counts come from the final state (docs/games/rail-line.md#rl-marking: the
leftmost free box of a row is marked); the symbols gained from the Starting Station and
the event log of a replay of the game's actions on a copy of the start (search clones,
and so `start`, keep no log; a copy given an empty log records every mark, whatever its
outcome).
"""

from __future__ import annotations

from collections.abc import Sequence

from stellwerk.core.companions import Ending, Study
from stellwerk.core.contract import Action, State, StudyFigures
from stellwerk.games.rail_line.rules import RailLineState
from stellwerk.games.rail_line.symbols import SYMBOLS
from stellwerk.games.rail_line.tables import LINE_LENGTH

ROWS = "Sheet rows filled (share of the row's boxes marked)"
SYMBOLS_GAINED = "Symbols gained per seat (marked, past a full row, or lost)"
SHEET = "Sheet per seat"
# the catalogue keys of the names above and below, for a German report
# (`Game.study_name`); the catalogue's English is the name itself
STUDY_KEYS = {
    ROWS: "rl.study.rows",
    SYMBOLS_GAINED: "rl.study.symbols",
    SHEET: "rl.study.sheet",
    "boxes marked": "rl.study.boxes_marked",
    "full rows": "rl.study.full_rows",
    "coins left": "rl.study.coins_left",
    "refusals": "rl.study.refusals",
}


def symbols_gained(start: RailLineState, taken: Sequence[tuple[int, Action]]) -> \
        list[list[int]]:
    """Per seat and symbol row, how often it was gained: the chosen Starting Station's
    symbols (docs/games/rail-line.md#rl-setup: marked when the track is chosen, without an event),
    then every mark event of a replay (marked, past a full row, or lost)."""
    replay = start.clone()
    replay.log = []
    for seat, action in taken:
        replay.apply(seat, action)
    gained = [[0] * len(SYMBOLS) for _ in range(replay.n)]
    for seat, player in enumerate(replay.players):
        for row in replay.stations[0][player.track] or ():
            gained[seat][row] += 1
    for event in replay.events(None):
        if event["key"] == "rl.ev.mark":
            gained[event["seat"]][SYMBOLS.index(event["symbol"])] += 1
    return gained


def study_figures(final: RailLineState, start: RailLineState,
                  taken: Sequence[tuple[int, Action]]) -> StudyFigures:
    seats = range(final.n)
    sizes = final.sheet.sizes
    counts = [final.players[seat].counts for seat in seats]
    rows = {symbol: [counts[seat][row] / sizes[row] for seat in seats]
            for row, symbol in enumerate(SYMBOLS)}
    per_seat = symbols_gained(start, taken)
    gained = {symbol: [float(per_seat[seat][row]) for seat in seats]
              for row, symbol in enumerate(SYMBOLS)}
    sheet = {
        "boxes marked": [float(sum(counts[seat])) for seat in seats],
        "full rows": [float(sum(counts[seat][row] == sizes[row] for row in range(len(sizes))))
                      for seat in seats],
        "coins left": [float(final.players[seat].coins) for seat in seats],
    }
    # docs/games/rail-line.md#rl-marking: refusing exists only with three players
    if final.n == 3:
        sheet["refusals"] = [float(final.players[seat].refusals) for seat in seats]
    return StudyFigures(numbers={ROWS: rows, SYMBOLS_GAINED: gained, SHEET: sheet})


class RailLineStudy(Study):
    """Rail Line's own figures for `stellwerk study`, with their German names."""

    keys = STUDY_KEYS

    def figures(self, final: State, start: State,
                taken: Sequence[tuple[int, Action]]) -> StudyFigures:
        assert isinstance(final, RailLineState) and isinstance(start, RailLineState)
        return study_figures(final, start, taken)

    def ending(self, final: State, names: Sequence[str], lang: str = "en") -> Ending:
        """docs/games/rail-line.md#rl-end: the line is full (24 cards) or the B deck ran
        out into the offer; either way the round was finished and the last optional
        actions taken."""
        assert isinstance(final, RailLineState)
        catalog = self.game.catalog
        if len(final.line) >= LINE_LENGTH:
            return Ending(catalog.text("rl.end.line_full", lang, n=LINE_LENGTH))
        return Ending(catalog.text("rl.end.deck", lang))

    def standing(self, state: State) -> Sequence[float]:
        """Each seat's score as it stands (the sheet's points now)."""
        assert isinstance(state, RailLineState)
        return [float(sum(items.values())) for items in state.scores()]

    def choice(self, action_text: str) -> str:
        """The card a seat laid or took as its second card; else the kind of action."""
        word, _, rest = action_text.partition(" ")
        return rest if word in ("lay", "second") and rest else word
